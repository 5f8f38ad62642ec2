package io.partita.server;

import io.partita.engine.Partita;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An in-memory Partita behind a server on a free port, and a Java SDK client that reaches it over
 * HTTP: the subject of the differential tests run over the wire.
 */
final class HttpSubject implements AutoCloseable {
  private final Partita partita;
  private final PartitaServer server;

  private HttpSubject(Partita partita, PartitaServer server) {
    this.partita = partita;
    this.server = server;
  }

  static HttpSubject start() {
    Partita partita = Partita.inMemory();
    try {
      return new HttpSubject(partita, PartitaServer.start(partita, ServerConfig.defaults().withPort(0)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      partita.close();
      throw new IllegalStateException(e);
    }
  }

  DynamoDbClient client() {
    return SdkOverHttp.client(server.endpoint());
  }

  @Override
  public void close() throws InterruptedException {
    server.close();
    partita.close();
  }
}
