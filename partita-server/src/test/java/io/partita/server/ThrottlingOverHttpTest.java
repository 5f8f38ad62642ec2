package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.MovableClock;
import io.partita.engine.Partita;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Throttling over the wire (issue 17): the AWS SDK reads the refusal as its own
 * ProvisionedThroughputExceededException with DynamoDB's ThrottlingReasons, and its standard retry
 * strategy rides it out. Time is the test's: the SDK's backoff moves the database's clock instead of
 * sleeping, so a retry finds exactly the units that its wait refilled.
 */
class ThrottlingOverHttpTest {
  private static DynamoDbClient client(PartitaServer server, int attempts, BackoffStrategy backoff) {
    return DynamoDbClient.builder().endpointOverride(server.endpoint())
        .region(software.amazon.awssdk.regions.Region.US_EAST_1)
        .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
            software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("partita", "partita")))
        .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
            .maxAttempts(attempts).backoffStrategy(backoff).throttlingBackoffStrategy(backoff)
            .circuitBreakerEnabled(false).build()))
        .build();
  }

  @Test
  void theSdkSeesDynamoDbsThrottlingAndItsRetriesRideItOut() throws Exception {
    MovableClock clock = new MovableClock();
    AtomicInteger waits = new AtomicInteger();
    // each backoff stands for 500 ms of the client's waiting: half a write unit refilled
    BackoffStrategy waitOnTheClock = attempt -> {
      waits.incrementAndGet();
      clock.advanceMillis(500);
      return Duration.ZERO;
    };
    try (Partita partita = Partita.with().clock(clock).throttling(true).inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
        DynamoDbClient retrying = client(server, 5, waitOnTheClock);
        DynamoDbClient once = client(server, 1, BackoffStrategy.retryImmediately())) {
      once.createTable(b -> b.tableName("slow").billingMode("PROVISIONED")
          .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(1L))
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
      once.putItem(b -> b.tableName("slow").item(Map.of("pk", AttributeValue.fromS("first"))));

      ProvisionedThroughputExceededException e = assertThrows(ProvisionedThroughputExceededException.class,
          () -> once.putItem(b -> b.tableName("slow").item(Map.of("pk", AttributeValue.fromS("second")))));
      assertEquals(400, e.statusCode());
      assertEquals("The level of configured provisioned throughput for the table was exceeded. Consider increasing"
          + " your provisioning level with the UpdateTable API.", e.awsErrorDetails().errorMessage());
      assertEquals(List.of(ThrottlingReason.builder().reason("TableWriteProvisionedThroughputExceeded")
          .resource("arn:aws:dynamodb:us-east-1:000000000000:table/slow").build()), e.throttlingReasons());

      // ten writes at one unit a second, let in while any part of a unit is left: the first waits one
      // backoff of 500 ms (half a unit, then half a unit owed), the others two each; every one lands once
      for (int i = 0; i < 10; i++) {
        String pk = "k" + i;
        retrying.updateItem(b -> b.tableName("slow").key(Map.of("pk", AttributeValue.fromS(pk)))
            .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
      }
      assertEquals(19, waits.get());
      for (int i = 0; i < 10; i++) {
        String pk = "k" + i;
        assertEquals("1", retrying.getItem(b -> b.tableName("slow").key(Map.of("pk", AttributeValue.fromS(pk)))
            .consistentRead(true)).item().get("n").n());
      }

      // switched off at run time: no write is refused any more
      HttpResponse<String> off = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          server.endpoint().resolve("/partita/throttling")).POST(HttpRequest.BodyPublishers.ofString("off")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, off.statusCode(), off.body());
      for (int i = 0; i < 20; i++) {
        String pk = "free" + i;
        once.putItem(b -> b.tableName("slow").item(Map.of("pk", AttributeValue.fromS(pk))));
      }
      assertTrue(!partita.throttles());
    }
  }
}
