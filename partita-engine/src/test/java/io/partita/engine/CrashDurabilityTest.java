package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A write is durable when it is acknowledged: a child JVM writes in a loop, is killed with
 * SIGKILL, and every write it acknowledged must be there after reopening, with no write half
 * applied, the table's item count agreeing with its items, and its global index holding exactly
 * one current entry per item.
 */
class CrashDurabilityTest {
  private static final int ACKS_BEFORE_KILL = 1500;

  @Test
  void acknowledgedWritesSurviveSigkill(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CrashWriter.class.getName(), data.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    // last acknowledged write per key: the value a and b must have (or a later one, in flight)
    Map<String, Long> acknowledged = new HashMap<>();
    long lastAck = -1;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("ACK ")) {
          lastAck = Long.parseLong(line.substring(4));
          acknowledged.put("k" + (lastAck % 500), lastAck);
          if (lastAck + 1 >= ACKS_BEFORE_KILL) {
            break;
          }
        }
      }
      child.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no clean close
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }
    assertEquals(ACKS_BEFORE_KILL - 1, lastAck, "child stopped early");

    try (Partita db = Partita.open(data)) {
      for (Map.Entry<String, Long> e : acknowledged.entrySet()) {
        GetItemResponse r = db.execute(GetItemRequest.builder().tableName("crash")
            .key(Map.of("pk", AttributeValue.fromS(e.getKey()))).build());
        assertNotNull(r.item(), "acknowledged item lost: " + e.getKey());
        long a = Long.parseLong(r.item().get("a").n());
        long b = Long.parseLong(r.item().get("b").n());
        assertEquals(a, b, "half-applied write on " + e.getKey());
        assertTrue(a >= e.getValue(), "acknowledged value lost on " + e.getKey() + ": " + a + " < " + e.getValue());
        // the index entry moved in the same batch: exactly the item's current (bucket, a) finds it
        QueryResponse q = db.execute(QueryRequest.builder().tableName("crash").indexName("ByBucket")
            .keyConditionExpression("#b = :b AND a = :a").expressionAttributeNames(Map.of("#b", "bucket"))
            .expressionAttributeValues(Map.of(":b", AttributeValue.fromS(CrashWriter.bucket(a)),
                ":a", AttributeValue.fromN(Long.toString(a)))).build());
        assertEquals(List.of(e.getKey()), q.items().stream().map(i -> i.get("pk").s()).toList(),
            "index entry of " + e.getKey());
      }
      long indexed = 0;
      Map<String, AttributeValue> start = null;
      do {
        ScanResponse page = db.execute(ScanRequest.builder().tableName("crash").indexName("ByBucket")
            .exclusiveStartKey(start).build());
        indexed += page.count();
        start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
      } while (start != null);
      assertEquals(500, indexed, "one index entry per item, no stale ones");
      DescribeTableResponse d = db.execute(DescribeTableRequest.builder().tableName("crash").build());
      assertEquals(500L, d.table().itemCount(), "item count counter agrees with the items");
      assertEquals(500L, d.table().globalSecondaryIndexes().get(0).itemCount(), "index count agrees too");
    }
  }
}
