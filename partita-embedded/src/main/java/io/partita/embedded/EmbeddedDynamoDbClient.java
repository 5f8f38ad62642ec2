package io.partita.embedded;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.*;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * The embedded {@link DynamoDbClient}: every operation that takes a request object goes to the
 * engine through {@link #call}; the interface's convenience forms (a {@code Consumer} of a builder,
 * no arguments, paginators) are its own default methods, which build the request and land here.
 * An operation the engine does not serve yet fails in the engine with DynamoDB's {@code
 * UnknownOperationException}, never with a stub answer.
 *
 * <p>Why a written-out class rather than a {@code java.lang.reflect.Proxy} (which served every
 * method with one handler): defining a proxy class resolves the parameter and return types of all
 * the interface's methods, which loaded about 950 of the SDK's model classes and cost 0.7 s of a
 * cold open. Here a model class is loaded when a request uses it. The methods only pass their
 * argument on as an {@code Object}, so the verifier loads none of their types either.
 * {@code EmbeddedDynamoDbClientTest} fails when an SDK upgrade adds an operation this class does
 * not override (it would otherwise fall to the interface's default, which throws {@code
 * UnsupportedOperationException}).
 */
final class EmbeddedDynamoDbClient implements DynamoDbClient {
  private final Partita partita;
  private final boolean owned;

  EmbeddedDynamoDbClient(Partita partita, boolean owned) {
    this.partita = partita;
    this.owned = owned;
  }

  @SuppressWarnings("unchecked")
  private <R> R call(Object request) {
    try {
      return (R) partita.execute((DynamoDbRequest) request);
    } catch (PartitaException e) {
      throw SdkErrors.toSdk(e);
    }
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
    return DynamoDbServiceClientConfiguration.builder().region(Region.US_EAST_1).build();
  }

  @Override
  public DynamoDbWaiter waiter() {
    return DynamoDbWaiter.builder().client(this).build();
  }

  /** Closes the database too when this client opened it ({@link PartitaDynamoDb#inMemory}, {@link PartitaDynamoDb#open}). */
  @Override
  public void close() {
    if (owned) {
      partita.close();
    }
  }

  @Override
  public String toString() {
    return "PartitaDynamoDb[" + partita + "]";
  }

  // ---- operations: one per request type of DynamoDbClient, in name order ----

  @Override
  public BatchExecuteStatementResponse batchExecuteStatement(BatchExecuteStatementRequest request) {
    return call(request);
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
    return call(request);
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
    return call(request);
  }

  @Override
  public CreateBackupResponse createBackup(CreateBackupRequest request) {
    return call(request);
  }

  @Override
  public CreateGlobalTableResponse createGlobalTable(CreateGlobalTableRequest request) {
    return call(request);
  }

  @Override
  public CreateTableResponse createTable(CreateTableRequest request) {
    return call(request);
  }

  @Override
  public DeleteBackupResponse deleteBackup(DeleteBackupRequest request) {
    return call(request);
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest request) {
    return call(request);
  }

  @Override
  public DeleteResourcePolicyResponse deleteResourcePolicy(DeleteResourcePolicyRequest request) {
    return call(request);
  }

  @Override
  public DeleteTableResponse deleteTable(DeleteTableRequest request) {
    return call(request);
  }

  @Override
  public DescribeBackupResponse describeBackup(DescribeBackupRequest request) {
    return call(request);
  }

  @Override
  public DescribeContinuousBackupsResponse describeContinuousBackups(DescribeContinuousBackupsRequest request) {
    return call(request);
  }

  @Override
  public DescribeContributorInsightsResponse describeContributorInsights(DescribeContributorInsightsRequest request) {
    return call(request);
  }

  @Override
  public DescribeEndpointsResponse describeEndpoints(DescribeEndpointsRequest request) {
    return call(request);
  }

  @Override
  public DescribeExportResponse describeExport(DescribeExportRequest request) {
    return call(request);
  }

  @Override
  public DescribeGlobalTableResponse describeGlobalTable(DescribeGlobalTableRequest request) {
    return call(request);
  }

  @Override
  public DescribeGlobalTableSettingsResponse describeGlobalTableSettings(DescribeGlobalTableSettingsRequest request) {
    return call(request);
  }

  @Override
  public DescribeImportResponse describeImport(DescribeImportRequest request) {
    return call(request);
  }

  @Override
  public DescribeKinesisStreamingDestinationResponse describeKinesisStreamingDestination(DescribeKinesisStreamingDestinationRequest request) {
    return call(request);
  }

  @Override
  public DescribeLimitsResponse describeLimits(DescribeLimitsRequest request) {
    return call(request);
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest request) {
    return call(request);
  }

  @Override
  public DescribeTableReplicaAutoScalingResponse describeTableReplicaAutoScaling(DescribeTableReplicaAutoScalingRequest request) {
    return call(request);
  }

  @Override
  public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
    return call(request);
  }

  @Override
  public DisableKinesisStreamingDestinationResponse disableKinesisStreamingDestination(DisableKinesisStreamingDestinationRequest request) {
    return call(request);
  }

  @Override
  public EnableKinesisStreamingDestinationResponse enableKinesisStreamingDestination(EnableKinesisStreamingDestinationRequest request) {
    return call(request);
  }

  @Override
  public ExecuteStatementResponse executeStatement(ExecuteStatementRequest request) {
    return call(request);
  }

  @Override
  public ExecuteTransactionResponse executeTransaction(ExecuteTransactionRequest request) {
    return call(request);
  }

  @Override
  public ExportTableToPointInTimeResponse exportTableToPointInTime(ExportTableToPointInTimeRequest request) {
    return call(request);
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    return call(request);
  }

  @Override
  public GetResourcePolicyResponse getResourcePolicy(GetResourcePolicyRequest request) {
    return call(request);
  }

  @Override
  public ImportTableResponse importTable(ImportTableRequest request) {
    return call(request);
  }

  @Override
  public ListBackupsResponse listBackups(ListBackupsRequest request) {
    return call(request);
  }

  @Override
  public ListContributorInsightsResponse listContributorInsights(ListContributorInsightsRequest request) {
    return call(request);
  }

  @Override
  public ListExportsResponse listExports(ListExportsRequest request) {
    return call(request);
  }

  @Override
  public ListGlobalTablesResponse listGlobalTables(ListGlobalTablesRequest request) {
    return call(request);
  }

  @Override
  public ListImportsResponse listImports(ListImportsRequest request) {
    return call(request);
  }

  @Override
  public ListTablesResponse listTables(ListTablesRequest request) {
    return call(request);
  }

  @Override
  public ListTagsOfResourceResponse listTagsOfResource(ListTagsOfResourceRequest request) {
    return call(request);
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    return call(request);
  }

  @Override
  public PutResourcePolicyResponse putResourcePolicy(PutResourcePolicyRequest request) {
    return call(request);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return call(request);
  }

  @Override
  public RestoreTableFromBackupResponse restoreTableFromBackup(RestoreTableFromBackupRequest request) {
    return call(request);
  }

  @Override
  public RestoreTableToPointInTimeResponse restoreTableToPointInTime(RestoreTableToPointInTimeRequest request) {
    return call(request);
  }

  @Override
  public ScanResponse scan(ScanRequest request) {
    return call(request);
  }

  @Override
  public SearchVectorsResponse searchVectors(SearchVectorsRequest request) {
    return call(request);
  }

  @Override
  public TagResourceResponse tagResource(TagResourceRequest request) {
    return call(request);
  }

  @Override
  public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
    return call(request);
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    return call(request);
  }

  @Override
  public UntagResourceResponse untagResource(UntagResourceRequest request) {
    return call(request);
  }

  @Override
  public UpdateContinuousBackupsResponse updateContinuousBackups(UpdateContinuousBackupsRequest request) {
    return call(request);
  }

  @Override
  public UpdateContributorInsightsResponse updateContributorInsights(UpdateContributorInsightsRequest request) {
    return call(request);
  }

  @Override
  public UpdateGlobalTableResponse updateGlobalTable(UpdateGlobalTableRequest request) {
    return call(request);
  }

  @Override
  public UpdateGlobalTableSettingsResponse updateGlobalTableSettings(UpdateGlobalTableSettingsRequest request) {
    return call(request);
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    return call(request);
  }

  @Override
  public UpdateKinesisStreamingDestinationResponse updateKinesisStreamingDestination(UpdateKinesisStreamingDestinationRequest request) {
    return call(request);
  }

  @Override
  public UpdateTableResponse updateTable(UpdateTableRequest request) {
    return call(request);
  }

  @Override
  public UpdateTableReplicaAutoScalingResponse updateTableReplicaAutoScaling(UpdateTableReplicaAutoScalingRequest request) {
    return call(request);
  }

  @Override
  public UpdateTimeToLiveResponse updateTimeToLive(UpdateTimeToLiveRequest request) {
    return call(request);
  }
}
