package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.ErrorCode;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Injected faults (issue 17, "behaving like the real service under pressure"): with a fraction of
 * PutItem, UpdateItem and GetItem requests failing as a busy DynamoDB fails them, the AWS SDK's standard retry
 * strategy retries and every write lands exactly once; without retries the failures show, each
 * with one of the retryable errors, and nothing of a failed request was applied.
 */
class InjectedFaultsTest {
  private static DynamoDbClient client(PartitaServer server, int attempts) {
    return DynamoDbClient.builder()
        .endpointOverride(server.endpoint())
        .region(software.amazon.awssdk.regions.Region.US_EAST_1)
        .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
            software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("partita", "partita")))
        .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
        // the SDK's own standard strategy, with no waiting between attempts and no retry quota, so the
        // test's outcome is the seeded faults' alone
        .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
            .maxAttempts(attempts).backoffStrategy(BackoffStrategy.retryImmediately())
            .throttlingBackoffStrategy(BackoffStrategy.retryImmediately()).circuitBreakerEnabled(false).build()))
        .build();
  }

  @Test
  void theSdksRetriesRideOutInjectedFaultsAndNoWriteLandsTwice() throws Exception {
    Faults faults = new Faults(0.3, List.of(ErrorCode.InternalServerError, ErrorCode.ServiceUnavailable,
        ErrorCode.ThrottlingException), Set.of("PutItem", "GetItem", "UpdateItem"), Set.of(), 17);
    try (Partita partita = Partita.with().faults(faults).inMemory();
        PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
        DynamoDbClient retrying = client(server, 10);
        DynamoDbClient once = client(server, 1)) {
      retrying.createTable(b -> b.tableName("counts").billingMode("PAY_PER_REQUEST")
          .keySchema(k -> k.attributeName("pk").keyType("HASH"))
          .attributeDefinitions(d -> d.attributeName("pk").attributeType("S")));
      for (int i = 0; i < 40; i++) {
        String pk = "k" + i;
        // a counter: were a failed attempt applied before its retry, the count would be 2
        retrying.updateItem(b -> b.tableName("counts").key(Map.of("pk", AttributeValue.fromS(pk)))
            .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
        retrying.putItem(b -> b.tableName("counts").item(Map.of("pk", AttributeValue.fromS(pk + "-put"))));
        assertEquals(pk + "-put", retrying.getItem(b -> b.tableName("counts")
            .key(Map.of("pk", AttributeValue.fromS(pk + "-put")))).item().get("pk").s());
      }
      long injected = partita.injectedFaults();
      assertTrue(injected > 10, "faults injected: " + injected);
      // Scan is not among the faulted operations
      for (Map<String, AttributeValue> item : once.scan(b -> b.tableName("counts")).items()) {
        if (item.containsKey("n")) {
          assertEquals("1", item.get("n").n(), item.toString());
        }
      }
      assertEquals(80, once.scan(b -> b.tableName("counts")).count());

      List<String> seen = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        String pk = "once" + i;
        try {
          once.putItem(b -> b.tableName("counts").item(Map.of("pk", AttributeValue.fromS(pk))));
        } catch (DynamoDbException e) {
          seen.add(e.awsErrorDetails().errorCode());
          assertTrue(e.awsErrorDetails().errorMessage().contains("injected by Partita"), e.getMessage());
          // a failed request was not applied
          partita.injectFaults(Faults.NONE);
          assertTrue(!once.getItem(b -> b.tableName("counts").key(Map.of("pk", AttributeValue.fromS(pk)))).hasItem(),
              pk);
          partita.injectFaults(faults);
        }
      }
      assertTrue(!seen.isEmpty(), "no fault in 30 requests at a rate of 0.3");
      assertTrue(Set.of("InternalServerError", "ServiceUnavailable", "ThrottlingException").containsAll(seen), seen.toString());
    }
  }
}
