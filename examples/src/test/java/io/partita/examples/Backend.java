package io.partita.examples;

import java.util.concurrent.atomic.AtomicInteger;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;

import io.partita.embedded.PartitaDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The databases every example test runs against: Partita in-process, and DynamoDB Local in-process. */
public enum Backend {
  PARTITA, DYNAMODB_LOCAL;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private DynamoDbClient client;

  public synchronized DynamoDbClient client() {
    if (client == null) {
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : DynamoDBEmbedded.create().dynamoDbClient();
    }
    return client;
  }

  public static String freshTable(String base) {
    return base + "_" + TABLES.incrementAndGet();
  }
}
