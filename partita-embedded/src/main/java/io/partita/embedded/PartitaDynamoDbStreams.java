package io.partita.embedded;

import io.partita.engine.Partita;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Entry point of the embedded DynamoDB Streams client: a {@link DynamoDbStreamsClient} reading the
 * streams of a Partita database in this process, with no network, beside the {@link
 * PartitaDynamoDb} client that writes to its tables.
 *
 * <pre>{@code
 * Partita db = Partita.inMemory();
 * DynamoDbClient dynamo = PartitaDynamoDb.over(db);
 * DynamoDbStreamsClient streams = PartitaDynamoDbStreams.over(db);
 * }</pre>
 *
 * <p>Refusals are the SDK's own exception types ({@code ExpiredIteratorException}, {@code
 * TrimmedDataAccessException}, {@code ResourceNotFoundException}, ...) with the service's error
 * code in {@code awsErrorDetails()}.
 */
public final class PartitaDynamoDbStreams {
  private PartitaDynamoDbStreams() {}

  /**
   * A client over a database the caller keeps open and closes itself (closing the client leaves it
   * open): a stream has something to read only once a DynamoDB client has written to its table.
   */
  public static DynamoDbStreamsClient over(Partita partita) {
    return new EmbeddedDynamoDbStreamsClient(partita);
  }
}
