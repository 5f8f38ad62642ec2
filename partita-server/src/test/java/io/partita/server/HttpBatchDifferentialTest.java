package io.partita.server;

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
  protected DynamoDbClient engineOverTheWire() {
    http = HttpSubject.start();
    return http.client();
  }

  @AfterAll
  void stopServer() throws InterruptedException {
    if (http != null) {
      http.close();
    }
  }
}
