package io.partita.server;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.embedded.oracle.BatchDifferentialTest;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's batch differential test (random BatchGetItem and BatchWriteItem requests,
 * answers compared with the embedded engine's) with Partita reached over HTTP through the Java SDK, so
 * the nested maps and lists of the batch shapes cross the wire codec both ways.
 */
class HttpBatchDifferentialTest extends BatchDifferentialTest {
  private HttpSubject http;

  @Override
  protected DynamoDbClient newSubject() {
    http = HttpSubject.start();
    return http.client();
  }

  /** The embedded engine: over HTTP, every answer must be the one the engine gives in-process. */
  @Override
  protected DynamoDbClient newOracle() {
    return PartitaDynamoDb.inMemory();
  }

  /** The same engine on both sides: every answer, error messages included, must be identical. */
  @Override
  protected boolean compareMessages() {
    return true;
  }

  @AfterAll
  void stopServer() throws InterruptedException {
    if (http != null) {
      http.close();
    }
  }
}
