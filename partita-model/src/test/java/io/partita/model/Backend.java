package io.partita.model;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;

import io.partita.embedded.PartitaDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The databases every runtime test runs against: Partita in-process, and Amazon's DynamoDB Local in-process as the
 * reference. One client per backend for the whole test run; each test makes its own table.
 */
enum Backend {
  PARTITA, DYNAMODB_LOCAL;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private DynamoDbClient client;

  synchronized DynamoDbClient client() {
    if (client == null) {
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : DynamoDBEmbedded.create().dynamoDbClient();
    }
    return client;
  }

  /** A table name no other test uses. */
  static String freshTable(String base) {
    return base + "_" + TABLES.incrementAndGet();
  }

  /** {@code client} with a count of the Query requests made through it. */
  static DynamoDbClient countingQueries(DynamoDbClient client, AtomicInteger queries) {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("query")) {
            queries.incrementAndGet();
          }
          try {
            return method.invoke(client, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
