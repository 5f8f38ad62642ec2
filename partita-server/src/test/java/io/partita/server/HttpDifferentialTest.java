package io.partita.server;

import io.partita.embedded.oracle.DifferentialTest;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's differential test (random item requests) with Partita reached over HTTP
 * through the Java SDK and compared with the embedded engine: every request and answer, errors
 * included, crosses the wire codec, so a codec fault shows as a mismatch with the embedded engine's answer.
 */
class HttpDifferentialTest extends DifferentialTest {
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
