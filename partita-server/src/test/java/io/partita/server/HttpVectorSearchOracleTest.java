package io.partita.server;

import io.partita.embedded.oracle.VectorSearchOracleTest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The embedded module's vector search against its model, with Partita reached over HTTP through the Java SDK:
 * vector indexes, vectors written and SearchVectors' hits and scores all cross the wire codec.
 */
class HttpVectorSearchOracleTest extends VectorSearchOracleTest {
  private HttpSubject http;

  @Override
  protected DynamoDbClient subject() {
    http = HttpSubject.start();
    return http.client();
  }

  @Override
  protected void closeSubject() throws Exception {
    http.close();
  }
}
