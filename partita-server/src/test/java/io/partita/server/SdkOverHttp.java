package io.partita.server;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The AWS SDK for Java v2, over real HTTP, pointed at an endpoint as any application would be. */
final class SdkOverHttp {
  private SdkOverHttp() {}

  static DynamoDbClient client(URI endpoint, String accessKey, String secretKey) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
        .httpClient(UrlConnectionHttpClient.create())
        .build();
  }

  static DynamoDbClient client(URI endpoint) {
    return client(endpoint, "partita", "partita-secret");
  }
}
