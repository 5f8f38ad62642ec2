package io.partita.server;

import io.partita.engine.Partita;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The AWS SDK for Java v2, over real HTTP, pointed at an endpoint as any application would be.
 * Shared with the other modules' tests through this module's test jar (partita-model and the
 * examples run every test against Partita embedded and Partita over HTTP).
 */
public final class SdkOverHttp {
  private SdkOverHttp() {}

  public static DynamoDbClient client(URI endpoint, String accessKey, String secretKey) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
        .httpClient(UrlConnectionHttpClient.create())
        .build();
  }

  /**
   * The SDK's DynamoDB Streams client pointed at the same endpoint: Partita serves both APIs on one
   * port, and the Streams client signs for the service {@code dynamodb} as DynamoDB's does.
   */
  public static DynamoDbStreamsClient streamsClient(URI endpoint, String accessKey, String secretKey) {
    return DynamoDbStreamsClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
        .httpClient(UrlConnectionHttpClient.create())
        .build();
  }

  public static DynamoDbClient client(URI endpoint) {
    return client(endpoint, "partita", "partita-secret");
  }

  /**
   * A client of an in-memory Partita behind a server on a free port, both left running for the rest
   * of the JVM (a test run's shared backend; the JVM's exit ends them).
   */
  public static DynamoDbClient inMemoryServer() {
    try {
      return client(PartitaServer.start(Partita.inMemory(), ServerConfig.defaults().withPort(0)).endpoint());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
