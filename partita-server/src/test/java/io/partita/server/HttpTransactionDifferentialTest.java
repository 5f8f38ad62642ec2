package io.partita.server;

import io.partita.embedded.oracle.TransactionDifferentialTest;
import io.partita.engine.Partita;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's transaction differential test (random TransactWriteItems and
 * TransactGetItems, answers compared with DynamoDB Local's) with Partita reached over HTTP through the
 * Java SDK: every request and answer, cancellation reasons and their items included, crosses the
 * wire codec, so a codec fault shows as a mismatch with the oracle.
 */
class HttpTransactionDifferentialTest extends TransactionDifferentialTest {
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
