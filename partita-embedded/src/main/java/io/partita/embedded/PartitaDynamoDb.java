package io.partita.embedded;

import io.partita.engine.Partita;
import java.nio.file.Path;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Entry point of the embedded client: a {@link DynamoDbClient} that runs Partita in this process,
 * with no network, so code written against DynamoDB runs unchanged.
 *
 * <pre>{@code
 * try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
 *   dynamo.createTable(...);
 * }
 * }</pre>
 *
 * <p>Every operation of the interface is dispatched to the engine; one the engine does not serve
 * yet fails with DynamoDB's {@code UnknownOperationException}, never with a stub answer.
 * Refusals are the SDK's own exception types ({@code ConditionalCheckFailedException}, {@code
 * ResourceNotFoundException}, ...) with DynamoDB's error code in {@code awsErrorDetails()}.
 */
public final class PartitaDynamoDb {
  private PartitaDynamoDb() {}

  /** A client over a new in-memory database; closing the client discards it. */
  public static DynamoDbClient inMemory() {
    return client(Partita.inMemory(), true);
  }

  /** A client over the database in {@code directory} (created if needed); closing the client closes it. */
  public static DynamoDbClient open(Path directory) {
    return client(Partita.open(directory), true);
  }

  /**
   * A client over a database the caller keeps open and closes itself; several clients may share
   * one database.
   */
  public static DynamoDbClient over(Partita partita) {
    return client(partita, false);
  }

  private static DynamoDbClient client(Partita partita, boolean owned) {
    return new EmbeddedDynamoDbClient(partita, owned);
  }
}
