package io.partita.server;

import io.partita.embedded.oracle.BatchDifferentialTest;
import io.partita.engine.Partita;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's batch differential test (random BatchGetItem and BatchWriteItem requests,
 * answers compared with DynamoDB Local's) with Partita reached over HTTP through the Java SDK, so
 * the nested maps and lists of the batch shapes cross the wire codec both ways.
 */
class HttpBatchDifferentialTest extends BatchDifferentialTest {
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
