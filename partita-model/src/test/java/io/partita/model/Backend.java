package io.partita.model;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.server.SdkOverHttp;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The databases every runtime test runs against: Partita in-process, and Partita's server reached through the AWS
 * SDK over real HTTP, as an application that moves to Amazon DynamoDB would reach it (the SDK's own marshalling, the
 * wire protocol, the SDK's error unmarshalling). One client per backend for the whole test run; each test makes its
 * own table.
 */
enum Backend {
  PARTITA, PARTITA_OVER_HTTP;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private DynamoDbClient client;

  synchronized DynamoDbClient client() {
    if (client == null) {
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : SdkOverHttp.inMemoryServer();
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
