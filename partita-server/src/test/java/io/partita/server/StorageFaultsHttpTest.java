package io.partita.server;

import static io.partita.server.RawHttp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.engine.StorageFaults;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Issue 13, finding 4, over HTTP: while the storage cannot write (a full disk, injected below the
 * engine), writes are answered 503 ServiceUnavailable, which DynamoDB documents as "currently
 * unavailable (This should be a temporary state.)", OK to retry, and which the AWS SDKs retry with
 * backoff (the Java SDK v2's retryable statuses are 500, 502, 503 and 504; botocore's standard
 * retries the same); the message names no local path; reads are served; {@code GET /} answers 503
 * with why; and once the disk has room the same server takes writes and answers healthy again.
 */
class StorageFaultsHttpTest {
  private static final String TABLE = "{\"TableName\":\"disk\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
      + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
      + "\"BillingMode\":\"PAY_PER_REQUEST\"}";
  private static final String PUT = "{\"TableName\":\"disk\",\"Item\":{\"pk\":{\"S\":\"a\"},\"v\":{\"N\":\"1\"}}}";

  @Test
  void aFullDiskIsAnsweredRetryably_readsAndHealthTellTheTruth_andWritesComeBackWithoutARestart(@TempDir Path dir)
      throws Exception {
    StorageFaults faults = new StorageFaults();
    try (Partita partita = Partita.with().storageFaults(faults).open(dir)) {
      PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
      try {
        RawHttp raw = new RawHttp(server.endpoint());
        assertEquals(200, raw.post("CreateTable", TABLE).statusCode());
        assertEquals(200, raw.post("PutItem", PUT).statusCode());

        faults.failWrites(StorageFaults.Kind.NO_SPACE);
        HttpResponse<byte[]> refused = raw.post("PutItem", PUT);
        assertEquals(503, refused.statusCode(), text(refused));
        String body = text(refused);
        assertTrue(body.startsWith("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ServiceUnavailable\","), body);
        assertTrue(body.contains("no space left on the storage device"), body);
        assertFalse(body.contains(dir.toString()) || body.contains(".log"), "a local path in the answer: " + body);

        HttpResponse<byte[]> read = raw.post("GetItem", "{\"TableName\":\"disk\",\"Key\":{\"pk\":{\"S\":\"a\"}}}");
        assertEquals(200, read.statusCode(), "reads are served: " + text(read));
        assertTrue(text(read).contains("\"v\":{\"N\":\"1\"}"), text(read));

        HttpResponse<byte[]> health = raw.send(HttpRequest.newBuilder(server.endpoint()).GET().build());
        assertEquals(503, health.statusCode());
        assertTrue(text(health).startsWith("unhealthy: dynamodb.us-east-1.amazonaws.com writes failing since "),
            text(health));
        assertTrue(text(health).endsWith(": no space left on the storage device; reads served"), text(health));
        assertFalse(text(health).contains(dir.toString()), text(health));

        // the AWS SDK for Java v2 takes the 503 as retryable: it tries again (no waiting between
        // tries here, so the test does not sleep), and gives up with the service's code
        long attempts = faults.writeAttempts();
        try (DynamoDbClient sdk = DynamoDbClient.builder().endpointOverride(server.endpoint())
            .region(software.amazon.awssdk.regions.Region.US_EAST_1)
            .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("partita", "partita-secret")))
            .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
            .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                .maxAttempts(3).backoffStrategy(BackoffStrategy.retryImmediately()).build()))
            .build()) {
          DynamoDbException e = assertThrows(DynamoDbException.class, () -> sdk.putItem(b -> b.tableName("disk")
              .item(Map.of("pk", AttributeValue.fromS("b")))));
          assertEquals(503, e.statusCode());
          assertEquals("ServiceUnavailable", e.awsErrorDetails().errorCode());
          assertEquals(3, faults.writeAttempts() - attempts, "the SDK's tries that reached the storage");

          faults.clear();
          sdk.putItem(b -> b.tableName("disk").item(Map.of("pk", AttributeValue.fromS("b"))));
          assertEquals("b", sdk.getItem(b -> b.tableName("disk").key(Map.of("pk", AttributeValue.fromS("b"))))
              .item().get("pk").s());
        }
        HttpResponse<byte[]> healthy = raw.send(HttpRequest.newBuilder(server.endpoint()).GET().build());
        assertEquals(200, healthy.statusCode());
        assertEquals("healthy: dynamodb.us-east-1.amazonaws.com ", text(healthy));
      } finally {
        server.close();
      }
    }
  }
}
