package io.partita.examples;

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
 * The databases every example test runs against: Partita in-process, and Partita's server reached through the AWS SDK
 * over real HTTP (the path an application takes to Amazon DynamoDB).
 */
public enum Backend {
  PARTITA, PARTITA_OVER_HTTP;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private DynamoDbClient client;

  public synchronized DynamoDbClient client() {
    if (client == null) {
      client = this == PARTITA ? PartitaDynamoDb.inMemory() : overHttp();
    }
    return client;
  }

  /** An in-memory Partita behind a server on a free port, for the rest of the test run (the JVM's exit ends it). */
  private static DynamoDbClient overHttp() {
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

  public static String freshTable(String base) {
    return base + "_" + TABLES.incrementAndGet();
  }
}
