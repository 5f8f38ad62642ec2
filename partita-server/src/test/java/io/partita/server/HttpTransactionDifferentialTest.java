package io.partita.server;

import io.partita.embedded.oracle.TransactionDifferentialTest;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's transaction differential test (random TransactWriteItems and
 * TransactGetItems, answers compared with the embedded engine's) with Partita reached over HTTP through the
 * Java SDK: every request and answer, cancellation reasons and their items included, crosses the
 * wire codec, so a codec fault shows as a mismatch with the embedded engine's answer.
 */
class HttpTransactionDifferentialTest extends TransactionDifferentialTest {
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
