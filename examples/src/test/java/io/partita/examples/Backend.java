package io.partita.examples;

import java.util.concurrent.atomic.AtomicInteger;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.server.SdkOverHttp;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The databases every example test runs against: Partita in-process, and Partita's server reached through the AWS SDK
 * over real HTTP (the path an application takes to Amazon DynamoDB).
 */
public enum Backend {
  PARTITA, PARTITA_OVER_HTTP;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private DynamoDbClient client;

  public synchronized DynamoDbClient client() {
    if (client == null) {
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : SdkOverHttp.inMemoryServer();
    }
    return client;
  }

  public static String freshTable(String base) {
    return base + "_" + TABLES.incrementAndGet();
  }
}
