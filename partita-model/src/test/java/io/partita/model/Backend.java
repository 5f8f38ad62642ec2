package io.partita.model;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
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
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : overHttp();
    }
    return client;
  }

  /** An in-memory Partita behind a server on a free port, for the rest of the test run (the JVM's exit ends it). */
  static DynamoDbClient overHttp() {
    try {
      URI endpoint = PartitaServer.start(Partita.inMemory(), ServerConfig.defaults().withPort(0)).endpoint();
      return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("partita", "partita")))
          .httpClient(UrlConnectionHttpClient.create()).build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
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
