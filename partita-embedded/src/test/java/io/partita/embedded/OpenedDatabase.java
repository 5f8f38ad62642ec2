package io.partita.embedded;

import io.partita.engine.Partita;
import org.junit.jupiter.api.AfterEach;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * For tests that open their database themselves, with the options they need, and reopen it (a
 * restart on disk): the database and its client, closed after each test.
 */
abstract class OpenedDatabase {
  protected Partita partita;
  protected DynamoDbClient dynamo;

  /** Makes {@code p} the test's database (closing none: a test closes the one it reopens). */
  protected void open(Partita p) {
    partita = p;
    dynamo = PartitaDynamoDb.over(partita);
  }

  @AfterEach
  void closeDatabase() {
    if (partita != null) {
      partita.close();
    }
  }
}
