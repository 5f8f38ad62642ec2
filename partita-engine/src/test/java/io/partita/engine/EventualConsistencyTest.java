package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Eventual consistency (issue 17, opt-in): with a lag, eventually consistent reads and GSI queries
 * see the data as it was that long ago, by a clock moved by hand; strongly consistent reads and
 * conditions see the present, and with no lag every read does.
 */
class EventualConsistencyTest {
  private final MovableClock clock = new MovableClock();

  private static void table(Partita p) {
    p.execute(CreateTableRequest.builder().tableName("users").billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"),
            a -> a.attributeName("email").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .globalSecondaryIndexes(i -> i.indexName("byEmail").keySchema(k -> k.attributeName("email").keyType("HASH"))
            .projection(x -> x.projectionType("ALL")))
        .build());
  }

  private static PutItemRequest user(String pk, String email) {
    return PutItemRequest.builder().tableName("users")
        .item(Map.of("pk", AttributeValue.fromS(pk), "email", AttributeValue.fromS(email))).build();
  }

  private static QueryRequest byEmail(String email) {
    return QueryRequest.builder().tableName("users").indexName("byEmail").keyConditionExpression("email = :e")
        .expressionAttributeValues(Map.of(":e", AttributeValue.fromS(email))).build();
  }

  private static GetItemRequest get(String pk, boolean consistent) {
    return GetItemRequest.builder().tableName("users").key(Map.of("pk", AttributeValue.fromS(pk)))
        .consistentRead(consistent).build();
  }

  private static boolean found(GetItemResponse r) {
    return r.hasItem() && !r.item().isEmpty();
  }

  @Test
  void aGsiQueryRightAfterAWriteSeesTheOldStateWithTheLagAndTheNewOneWithout() {
    try (Partita p = Partita.with().clock(clock).consistencyLag(Duration.ofSeconds(1)).inMemory()) {
      table(p);
      p.execute(user("alice", "alice@old.example"));
      clock.advanceMillis(5_000);
      assertEquals(1, p.<QueryResponse>execute(byEmail("alice@old.example")).count(), "older than the lag: seen");

      p.execute(user("alice", "alice@new.example")); // the change of address
      assertEquals(0, p.<QueryResponse>execute(byEmail("alice@new.example")).count(), "read its own write from a GSI");
      assertEquals(1, p.<QueryResponse>execute(byEmail("alice@old.example")).count());
      assertEquals("alice@old.example", p.<GetItemResponse>execute(get("alice", false)).item().get("email").s());
      assertEquals("alice@new.example", p.<GetItemResponse>execute(get("alice", true)).item().get("email").s());

      clock.advanceMillis(999);
      assertEquals(0, p.<QueryResponse>execute(byEmail("alice@new.example")).count(), "still within the lag");
      clock.advanceMillis(1);
      assertEquals(1, p.<QueryResponse>execute(byEmail("alice@new.example")).count(), "a lag later: seen");
      assertEquals(0, p.<QueryResponse>execute(byEmail("alice@old.example")).count());

      // switched off while open: every read sees the present at once
      p.execute(user("bob", "bob@example"));
      p.consistencyLag(Duration.ZERO);
      assertEquals(1, p.<QueryResponse>execute(byEmail("bob@example")).count());
    }
    try (Partita p = Partita.with().clock(clock).inMemory()) {
      table(p);
      p.execute(user("alice", "alice@new.example"));
      assertEquals(1, p.<QueryResponse>execute(byEmail("alice@new.example")).count(), "no lag: the present");
      assertEquals(Duration.ZERO, p.consistencyLag());
    }
  }

  @Test
  void everyEventuallyConsistentReadLagsAndConditionsSeeThePresent() {
    try (Partita p = Partita.with().clock(clock).consistencyLag(Duration.ofMillis(500)).inMemory()) {
      table(p);
      p.execute(user("carol", "carol@example"));
      assertEquals(false, found(p.execute(get("carol", false))));
      assertEquals(0, p.<ScanResponse>execute(ScanRequest.builder().tableName("users").build()).count());
      assertEquals(1, p.<ScanResponse>execute(ScanRequest.builder().tableName("users").consistentRead(true).build())
          .count());
      KeysAndAttributes keys = KeysAndAttributes.builder().keys(Map.of("pk", AttributeValue.fromS("carol"))).build();
      assertEquals(List.of(), p.<BatchGetItemResponse>execute(BatchGetItemRequest.builder()
          .requestItems(Map.of("users", keys)).build()).responses().get("users"));
      assertEquals(1, p.<BatchGetItemResponse>execute(BatchGetItemRequest.builder()
          .requestItems(Map.of("users", keys.toBuilder().consistentRead(true).build())).build())
          .responses().get("users").size());
      // a condition reads the present: the item is there
      PartitaException e = assertThrows(PartitaException.class, () -> p.execute(user("carol", "x@example")
          .toBuilder().conditionExpression("attribute_not_exists(pk)").build()));
      assertEquals(ErrorCode.ConditionalCheckFailedException, e.code());
      p.execute(UpdateItemRequest.builder().tableName("users").key(Map.of("pk", AttributeValue.fromS("carol")))
          .updateExpression("SET n = :n").expressionAttributeValues(Map.of(":n", AttributeValue.fromN("1"))).build());
      clock.advanceMillis(500);
      assertEquals("1", p.<GetItemResponse>execute(get("carol", false)).item().get("n").n());
    }
  }

  @Test
  void switchingTheLagWhileReadsAndWritesRunLosesNothingAndCrashesNothing() throws Exception {
    // the snapshots are native: a release at the wrong moment would crash the JVM, not fail a test
    try (Partita p = Partita.inMemory()) {
      table(p);
      java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
      java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
      List<Thread> workers = new java.util.ArrayList<>();
      for (int t = 0; t < 2; t++) {
        int id = t;
        workers.add(new Thread(() -> {
          try {
            for (int i = 0; i < 1500; i++) {
              p.execute(user("w" + id + "-" + (i % 50), "e" + i));
              p.execute(get("w" + id + "-" + (i % 50), false));
              p.execute(byEmail("e" + i));
            }
          } catch (Throwable e) {
            failure.set(e);
          }
        }));
      }
      workers.forEach(Thread::start);
      for (int i = 0; !done.get(); i++) {
        p.consistencyLag(i % 3 == 0 ? Duration.ZERO : Duration.ofMillis(1 + i % 7));
        done.set(workers.stream().noneMatch(Thread::isAlive));
      }
      for (Thread w : workers) {
        w.join();
      }
      assertEquals(null, failure.get());
      p.consistencyLag(Duration.ZERO);
      assertEquals(100, p.<ScanResponse>execute(ScanRequest.builder().tableName("users").build()).count());
    }
  }

  @Test
  void aNegativeLagIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Partita.with().consistencyLag(Duration.ofSeconds(-1)));
  }
}
