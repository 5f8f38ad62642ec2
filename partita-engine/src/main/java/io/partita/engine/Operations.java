package io.partita.engine;

import io.partita.engine.answer.Answer;
import io.partita.engine.internal.ops.batch.BatchGetItem;
import io.partita.engine.internal.ops.batch.BatchWriteItem;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.GetItem;
import io.partita.engine.internal.ops.read.Query;
import io.partita.engine.internal.ops.read.Scan;
import io.partita.engine.internal.ops.recovery.ContinuousBackups;
import io.partita.engine.internal.ops.recovery.OnDemandBackups;
import io.partita.engine.internal.ops.recovery.Restores;
import io.partita.engine.internal.ops.schema.ContributorInsights;
import io.partita.engine.internal.ops.schema.CreateTable;
import io.partita.engine.internal.ops.schema.DeleteTable;
import io.partita.engine.internal.ops.schema.DescribeTable;
import io.partita.engine.internal.ops.schema.GlobalTables;
import io.partita.engine.internal.ops.schema.KinesisDestinations;
import io.partita.engine.internal.ops.schema.ListTables;
import io.partita.engine.internal.ops.schema.ReplicaAutoScaling;
import io.partita.engine.internal.ops.schema.ResourcePolicies;
import io.partita.engine.internal.ops.schema.ServiceInfo;
import io.partita.engine.internal.ops.schema.Tagging;
import io.partita.engine.internal.ops.schema.UpdateTable;
import io.partita.engine.internal.ops.schema.VectorSearch;
import io.partita.engine.internal.ops.streams.StreamReads;
import io.partita.engine.internal.ops.transact.TransactGetItems;
import io.partita.engine.internal.ops.transact.TransactWriteItems;
import io.partita.engine.internal.ops.ttl.DescribeTimeToLive;
import io.partita.engine.internal.ops.ttl.UpdateTimeToLive;
import io.partita.engine.internal.ops.write.DeleteItem;
import io.partita.engine.internal.ops.write.PutItem;
import io.partita.engine.internal.ops.write.UpdateItem;
import io.partita.engine.internal.partiql.PartiQl;
import io.partita.engine.internal.transfer.Exports;
import io.partita.engine.internal.transfer.Imports;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The one table of operations the engine serves, by name: DynamoDB's and DynamoDB Streams' (their
 * names do not overlap). The embedded clients and the server all dispatch through it, so an
 * operation added here is served everywhere at once.
 *
 * <p>The table is names and one switch, not a map of method references: each reference is a class
 * spun at start-up, and sixty of them cost a cold embedded open some 100 ms before its first answer.
 * The SDK names each operation's request type after it ({@code GetItem}: {@code GetItemRequest}),
 * so a type is looked up from its name when first asked for, and only the types used are loaded.
 */
final class Operations {
  private static final String MODEL_PACKAGE = DynamoDbRequest.class.getPackageName() + ".";

  /** DynamoDB's operations served, in the order of the API reference's groups. */
  private static final Set<String> DYNAMODB = names(
      "CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable", "PutItem", "GetItem", "UpdateItem",
      "DeleteItem", "Query", "Scan", "TransactWriteItems", "TransactGetItems", "BatchGetItem", "BatchWriteItem",
      "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource",
      "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction", "CreateBackup", "DescribeBackup",
      "ListBackups", "DeleteBackup", "RestoreTableFromBackup", "UpdateContinuousBackups",
      "DescribeContinuousBackups", "RestoreTableToPointInTime", "DescribeEndpoints", "DescribeLimits",
      "PutResourcePolicy", "GetResourcePolicy", "DeleteResourcePolicy", "DescribeTableReplicaAutoScaling",
      "UpdateTableReplicaAutoScaling", "DescribeKinesisStreamingDestination", "EnableKinesisStreamingDestination",
      "DisableKinesisStreamingDestination", "UpdateKinesisStreamingDestination", "ListGlobalTables",
      "DescribeGlobalTable", "DescribeGlobalTableSettings", "CreateGlobalTable", "UpdateGlobalTable",
      "UpdateGlobalTableSettings", "DescribeContributorInsights", "ListContributorInsights",
      "UpdateContributorInsights", "SearchVectors", "ImportTable", "DescribeImport", "ListImports",
      "ExportTableToPointInTime", "DescribeExport", "ListExports");

  /** DynamoDB Streams' operations, all served. */
  private static final Set<String> STREAMS = names(
      "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords");

  /** A served request type's operation name, or null: worked out once per class. */
  private static final ClassValue<String> NAME_OF = new ClassValue<>() {
    @Override
    protected String computeValue(Class<?> type) {
      String simple = type.getSimpleName();
      if (!type.getName().equals(MODEL_PACKAGE + simple) || !simple.endsWith("Request")) {
        return null;
      }
      String name = simple.substring(0, simple.length() - "Request".length());
      return DYNAMODB.contains(name) || STREAMS.contains(name) ? name : null;
    }
  };

  private Operations() {}

  /** The operation a request of {@code type} asks for, or {@code null} when it is not served. */
  static String nameOf(Class<?> type) {
    return NAME_OF.get(type);
  }

  /** The names of DynamoDB's served operations (not DynamoDB Streams'). */
  static Set<String> dynamoDbNames() {
    return DYNAMODB;
  }

  /** The names of DynamoDB Streams' operations. */
  static Set<String> streamsNames() {
    return STREAMS;
  }

  /**
   * The request type of a served operation of DynamoDB ({@code streams} false) or DynamoDB Streams
   * ({@code streams} true), or {@code null}.
   */
  static Class<? extends AwsRequest> requestType(String name, boolean streams) {
    if (name == null || !(streams ? STREAMS : DYNAMODB).contains(name)) {
      return null;
    }
    // the server asks once a request: looked up once a name
    return TYPES.computeIfAbsent(name, Operations::loadRequestType);
  }

  private static final Map<String, Class<? extends AwsRequest>> TYPES = new ConcurrentHashMap<>();

  private static Class<? extends AwsRequest> loadRequestType(String name) {
    try {
      return Class.forName(MODEL_PACKAGE + name + "Request", false, Operations.class.getClassLoader())
          .asSubclass(AwsRequest.class);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("the SDK has no request type for the served operation " + name, e);
    }
  }

  /** Runs the served operation {@code name} on {@code r}, a request of its type. */
  static Answer run(String name, EngineContext ctx, AwsRequest r) {
    return switch (name) {
      case "CreateTable" -> Answer.of(CreateTable.execute(ctx, (CreateTableRequest) r));
      case "DescribeTable" -> Answer.of(DescribeTable.execute(ctx, (DescribeTableRequest) r));
      case "ListTables" -> Answer.of(ListTables.execute(ctx, (ListTablesRequest) r));
      case "UpdateTable" -> Answer.of(UpdateTable.execute(ctx, (UpdateTableRequest) r));
      case "DeleteTable" -> Answer.of(DeleteTable.execute(ctx, (DeleteTableRequest) r));
      case "PutItem" -> Answer.of(PutItem.execute(ctx, (PutItemRequest) r));
      case "GetItem" -> GetItem.execute(ctx, (GetItemRequest) r);
      case "UpdateItem" -> Answer.of(UpdateItem.execute(ctx, (UpdateItemRequest) r));
      case "DeleteItem" -> Answer.of(DeleteItem.execute(ctx, (DeleteItemRequest) r));
      case "Query" -> Query.execute(ctx, (QueryRequest) r);
      case "Scan" -> Scan.execute(ctx, (ScanRequest) r);
      case "TransactWriteItems" -> Answer.of(TransactWriteItems.execute(ctx, (TransactWriteItemsRequest) r));
      case "TransactGetItems" -> TransactGetItems.execute(ctx, (TransactGetItemsRequest) r);
      case "BatchGetItem" -> BatchGetItem.execute(ctx, (BatchGetItemRequest) r);
      case "BatchWriteItem" -> Answer.of(BatchWriteItem.execute(ctx, (BatchWriteItemRequest) r));
      case "UpdateTimeToLive" -> Answer.of(UpdateTimeToLive.execute(ctx, (UpdateTimeToLiveRequest) r));
      case "DescribeTimeToLive" -> Answer.of(DescribeTimeToLive.execute(ctx, (DescribeTimeToLiveRequest) r));
      case "TagResource" -> Answer.of(Tagging.tagResource(ctx, (TagResourceRequest) r));
      case "UntagResource" -> Answer.of(Tagging.untagResource(ctx, (UntagResourceRequest) r));
      case "ListTagsOfResource" -> Answer.of(Tagging.listTagsOfResource(ctx, (ListTagsOfResourceRequest) r));
      case "ExecuteStatement" -> Answer.of(PartiQl.executeStatement(ctx, (ExecuteStatementRequest) r));
      case "BatchExecuteStatement" -> Answer.of(PartiQl.batchExecuteStatement(ctx, (BatchExecuteStatementRequest) r));
      case "ExecuteTransaction" -> Answer.of(PartiQl.executeTransaction(ctx, (ExecuteTransactionRequest) r));
      case "CreateBackup" -> Answer.of(OnDemandBackups.create(ctx, (CreateBackupRequest) r));
      case "DescribeBackup" -> Answer.of(OnDemandBackups.describe(ctx, (DescribeBackupRequest) r));
      case "ListBackups" -> Answer.of(OnDemandBackups.list(ctx, (ListBackupsRequest) r));
      case "DeleteBackup" -> Answer.of(OnDemandBackups.delete(ctx, (DeleteBackupRequest) r));
      case "RestoreTableFromBackup" -> Answer.of(Restores.fromBackup(ctx, (RestoreTableFromBackupRequest) r));
      case "UpdateContinuousBackups" -> Answer.of(ContinuousBackups.update(ctx, (UpdateContinuousBackupsRequest) r));
      case "DescribeContinuousBackups" ->
          Answer.of(ContinuousBackups.describe(ctx, (DescribeContinuousBackupsRequest) r));
      case "RestoreTableToPointInTime" -> Answer.of(Restores.toPointInTime(ctx, (RestoreTableToPointInTimeRequest) r));
      case "DescribeEndpoints" -> Answer.of(ServiceInfo.describeEndpoints(ctx, (DescribeEndpointsRequest) r));
      case "DescribeLimits" -> Answer.of(ServiceInfo.describeLimits(ctx, (DescribeLimitsRequest) r));
      case "PutResourcePolicy" -> Answer.of(ResourcePolicies.put(ctx, (PutResourcePolicyRequest) r));
      case "GetResourcePolicy" -> Answer.of(ResourcePolicies.get(ctx, (GetResourcePolicyRequest) r));
      case "DeleteResourcePolicy" -> Answer.of(ResourcePolicies.delete(ctx, (DeleteResourcePolicyRequest) r));
      case "DescribeTableReplicaAutoScaling" ->
          Answer.of(ReplicaAutoScaling.describe(ctx, (DescribeTableReplicaAutoScalingRequest) r));
      case "UpdateTableReplicaAutoScaling" ->
          Answer.of(ReplicaAutoScaling.update(ctx, (UpdateTableReplicaAutoScalingRequest) r));
      case "DescribeKinesisStreamingDestination" ->
          Answer.of(KinesisDestinations.describe(ctx, (DescribeKinesisStreamingDestinationRequest) r));
      case "EnableKinesisStreamingDestination" ->
          Answer.of(KinesisDestinations.enable(ctx, (EnableKinesisStreamingDestinationRequest) r));
      case "DisableKinesisStreamingDestination" ->
          Answer.of(KinesisDestinations.disable(ctx, (DisableKinesisStreamingDestinationRequest) r));
      case "UpdateKinesisStreamingDestination" ->
          Answer.of(KinesisDestinations.update(ctx, (UpdateKinesisStreamingDestinationRequest) r));
      case "ListGlobalTables" -> Answer.of(GlobalTables.list(ctx, (ListGlobalTablesRequest) r));
      case "DescribeGlobalTable" -> Answer.of(GlobalTables.describe(ctx, (DescribeGlobalTableRequest) r));
      case "DescribeGlobalTableSettings" ->
          Answer.of(GlobalTables.describeSettings(ctx, (DescribeGlobalTableSettingsRequest) r));
      case "CreateGlobalTable" -> Answer.of(GlobalTables.create(ctx, (CreateGlobalTableRequest) r));
      case "UpdateGlobalTable" -> Answer.of(GlobalTables.update(ctx, (UpdateGlobalTableRequest) r));
      case "UpdateGlobalTableSettings" ->
          Answer.of(GlobalTables.updateSettings(ctx, (UpdateGlobalTableSettingsRequest) r));
      case "DescribeContributorInsights" ->
          Answer.of(ContributorInsights.describe(ctx, (DescribeContributorInsightsRequest) r));
      case "ListContributorInsights" -> Answer.of(ContributorInsights.list(ctx, (ListContributorInsightsRequest) r));
      case "UpdateContributorInsights" ->
          Answer.of(ContributorInsights.update(ctx, (UpdateContributorInsightsRequest) r));
      case "SearchVectors" -> Answer.of(VectorSearch.search(ctx, (SearchVectorsRequest) r));
      case "ImportTable" -> Answer.of(Imports.importTable(ctx, (ImportTableRequest) r));
      case "DescribeImport" -> Answer.of(Imports.describeImport(ctx, (DescribeImportRequest) r));
      case "ListImports" -> Answer.of(Imports.listImports(ctx, (ListImportsRequest) r));
      case "ExportTableToPointInTime" -> Answer.of(Exports.exportTable(ctx, (ExportTableToPointInTimeRequest) r));
      case "DescribeExport" -> Answer.of(Exports.describeExport(ctx, (DescribeExportRequest) r));
      case "ListExports" -> Answer.of(Exports.listExports(ctx, (ListExportsRequest) r));
      case "ListStreams" -> Answer.of(StreamReads.listStreams(ctx, (ListStreamsRequest) r));
      case "DescribeStream" -> Answer.of(StreamReads.describeStream(ctx, (DescribeStreamRequest) r));
      case "GetShardIterator" -> Answer.of(StreamReads.getShardIterator(ctx, (GetShardIteratorRequest) r));
      case "GetRecords" -> Answer.of(StreamReads.getRecords(ctx, (GetRecordsRequest) r));
      default -> throw new IllegalStateException("no handler for the operation " + name);
    };
  }

  private static Set<String> names(String... names) {
    return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(names)));
  }
}
