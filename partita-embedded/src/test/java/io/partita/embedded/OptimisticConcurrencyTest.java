package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * 8 threads each make 10,000 optimistic increments of one item (read, update under a version
 * condition, retry on ConditionalCheckFailedException): no increment may be lost or doubled.
 */
class OptimisticConcurrencyTest {
  private static final int THREADS = 8;
  private static final int INCREMENTS = 10_000;

  @Test
  void optimisticIncrementsAreNeverLost() throws Exception {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Fixtures.createTable(dynamo, "counters", null);
      Map<String, AttributeValue> key = Map.of("pk", s("c"));
      dynamo.putItem(b -> b.tableName("counters").item(Map.of("pk", s("c"), "count", n("0"), "version", n("0"))));
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      List<Future<Integer>> conflicts = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        conflicts.add(pool.submit(() -> {
          int retries = 0;
          for (int i = 0; i < INCREMENTS; i++) {
            while (true) {
              Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName("counters").key(key).consistentRead(true)).item();
              String version = item.get("version").n();
              try {
                dynamo.updateItem(b -> b.tableName("counters").key(key)
                    .updateExpression("SET #c = #c + :one, version = :next")
                    .conditionExpression("version = :seen")
                    .expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":one", n("1"), ":seen", n(version),
                        ":next", n(Long.toString(Long.parseLong(version) + 1)))));
                break;
              } catch (ConditionalCheckFailedException e) {
                retries++;
              }
            }
          }
          return retries;
        }));
      }
      for (Future<Integer> f : conflicts) {
        f.get();
      }
      pool.shutdown();
      Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName("counters").key(key).consistentRead(true)).item();
      assertEquals(Integer.toString(THREADS * INCREMENTS), item.get("count").n());
      assertEquals(Integer.toString(THREADS * INCREMENTS), item.get("version").n());
    }
  }
}
