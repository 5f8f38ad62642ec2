package io.partita.server;

import io.partita.embedded.oracle.DifferentialTest;
import io.partita.engine.Partita;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's differential test (random item requests, answers compared with DynamoDB
 * Local's) with Partita reached over HTTP through the Java SDK: every request and answer, errors
 * included, crosses the wire codec, so a codec fault shows as a mismatch with the oracle.
 */
class HttpDifferentialTest extends DifferentialTest {
  private Partita partita;
  private PartitaServer server;

  @Override
  protected DynamoDbClient newSubject() {
    partita = Partita.inMemory();
    try {
      server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return SdkOverHttp.client(server.endpoint());
  }

  @AfterAll
  void stopServer() throws InterruptedException {
    if (server != null) {
      server.close();
    }
    if (partita != null) {
      partita.close();
    }
  }
}
