package io.partita.server;

import io.partita.embedded.oracle.VectorSearchOracleTest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's vector search against its model, with Partita reached over HTTP through the Java SDK:
 * vector indexes, vectors written and SearchVectors' hits and scores all cross the wire codec.
 */
class HttpVectorSearchOracleTest extends VectorSearchOracleTest {
  private HttpSubject http;
  private DynamoDbClient client;

  @Override
  protected DynamoDbClient subject() {
    http = HttpSubject.start();
    client = http.client();
    return client;
  }

  @Override
  protected void closeSubject() throws Exception {
    if (client != null) {
      client.close();
    }
    if (http != null) {
      http.close();
    }
  }
}
