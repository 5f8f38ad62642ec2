package io.partita.embedded;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsServiceClientConfiguration;

/**
 * The embedded {@link DynamoDbStreamsClient}: each operation that takes a request object goes to the
 * engine; the interface's convenience forms (a {@code Consumer} of a builder, no arguments) are its
 * default methods, which build the request and land here. Written out rather than a {@code
 * java.lang.reflect.Proxy} for the reason {@link EmbeddedDynamoDbClient} gives (a proxy class loads
 * every model type of the interface up front); {@code EmbeddedDynamoDbStreamsClientTest} fails when
 * an SDK upgrade adds an operation this class does not override.
 */
final class EmbeddedDynamoDbStreamsClient implements DynamoDbStreamsClient {
  private final Partita partita;

  EmbeddedDynamoDbStreamsClient(Partita partita) {
    this.partita = partita;
  }

  @SuppressWarnings("unchecked")
  private <R> R call(Object request) {
    try {
      return (R) partita.execute((AwsRequest) request);
    } catch (PartitaException e) {
      throw SdkErrors.toSdk(e, SdkErrors.DYNAMODB_STREAMS);
    }
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public DynamoDbStreamsServiceClientConfiguration serviceClientConfiguration() {
    return DynamoDbStreamsServiceClientConfiguration.builder().region(Region.US_EAST_1).build();
  }

  /** Leaves the database open: its owner closes it ({@link PartitaDynamoDbStreams#over}). */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "PartitaDynamoDbStreams[" + partita + "]";
  }

  // ---- operations: one per request type of DynamoDbStreamsClient, in name order ----

  @Override
  public DescribeStreamResponse describeStream(DescribeStreamRequest request) {
    return call(request);
  }

  @Override
  public GetRecordsResponse getRecords(GetRecordsRequest request) {
    return call(request);
  }

  @Override
  public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
    return call(request);
  }

  @Override
  public ListStreamsResponse listStreams(ListStreamsRequest request) {
    return call(request);
  }
}
