package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * Time to Live (issue 15): UpdateTimeToLive and DescribeTimeToLive with the service's states and
 * refusals, and expiry that deletes through the one write path, found through the expiry index. The
 * clock and the sweep are driven by hand (the schedule is off). Facts: docs/ttl-streams.md.
 */
class TimeToLiveTest {
  private final MutableClock clock = new MutableClock();
  private Partita partita;
  private DynamoDbClient dynamo;

  private void open(Partita.Options options, Path directory) {
    Partita.Options o = options.clock(clock).timeToLiveInterval(Duration.ZERO);
    partita = directory == null ? o.inMemory() : o.open(directory);
    dynamo = PartitaDynamoDb.over(partita);
  }

  private void openInMemory() {
    open(Partita.with(), null);
  }

  @AfterEach
  void close() {
    if (partita != null) {
      partita.close();
    }
  }

  private void createTable() {
    dynamo.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.S),
            def("gpk", ScalarAttributeType.S))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(key("gpk", KeyType.HASH))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
  }

  private UpdateTimeToLiveResponse ttl(boolean enabled, String attribute) {
    return dynamo.updateTimeToLive(b -> b.tableName("app")
        .timeToLiveSpecification(TimeToLiveSpecification.builder().enabled(enabled).attributeName(attribute).build()));
  }

  private void put(String sk, AttributeValue expires) {
    Map<String, AttributeValue> item = new HashMap<>(Map.of("pk", s("p"), "sk", s(sk), "gpk", s("g")));
    if (expires != null) {
      item.put("expires", expires);
    }
    dynamo.putItem(b -> b.tableName("app").item(item));
  }

  private Set<String> sortKeys() {
    Set<String> out = new TreeSet<>();
    dynamo.query(b -> b.tableName("app").keyConditionExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", s("p")))).items().forEach(i -> out.add(i.get("sk").s()));
    return out;
  }

  private Set<String> indexed() {
    Set<String> out = new TreeSet<>();
    dynamo.query(b -> b.tableName("app").indexName("byG").keyConditionExpression("gpk = :g")
        .expressionAttributeValues(Map.of(":g", s("g")))).items().forEach(i -> out.add(i.get("sk").s()));
    return out;
  }

  private long itemCount() {
    return dynamo.describeTable(b -> b.tableName("app")).table().itemCount();
  }

  private AttributeValue secondsFromNow(long seconds) {
    return n(Long.toString(clock.epochSecond() + seconds));
  }

  @Test
  void enableDescribeAndTheServicesRefusalsInItsOrder() {
    openInMemory();
    createTable();
    DescribeTimeToLiveResponse never = dynamo.describeTimeToLive(b -> b.tableName("app"));
    assertEquals(TimeToLiveStatus.DISABLED, never.timeToLiveDescription().timeToLiveStatus());
    assertNull(never.timeToLiveDescription().attributeName());
    UpdateTimeToLiveResponse on = ttl(true, "expires");
    assertEquals(TimeToLiveSpecification.builder().enabled(true).attributeName("expires").build(),
        on.timeToLiveSpecification());
    DescribeTimeToLiveResponse enabled = dynamo.describeTimeToLive(b -> b.tableName("app"));
    assertEquals(TimeToLiveStatus.ENABLED, enabled.timeToLiveDescription().timeToLiveStatus());
    assertEquals("expires", enabled.timeToLiveDescription().attributeName());
    // the state checks come before the cooldown (docs/ttl-streams.md section 1.2)
    refused("TimeToLive is already enabled", () -> ttl(true, "expires"));
    refused("TimeToLive is active on a different AttributeName: current AttributeName is expires",
        () -> ttl(true, "other"));
    refused("TimeToLive is active on a different AttributeName: current AttributeName is expires",
        () -> ttl(false, "other"));
    refused("Time to live has been modified multiple times within a fixed interval", () -> ttl(false, "expires"));
    clock.advance(Duration.ofMinutes(29));
    refused("Time to live has been modified multiple times within a fixed interval", () -> ttl(false, "expires"));
    clock.advance(Duration.ofMinutes(1));
    ttl(false, "expires");
    DescribeTimeToLiveResponse off = dynamo.describeTimeToLive(b -> b.tableName("app"));
    assertEquals(TimeToLiveStatus.DISABLED, off.timeToLiveDescription().timeToLiveStatus());
    assertNull(off.timeToLiveDescription().attributeName(), "a disabled setting does not show its attribute");
    refused("TimeToLive is already disabled", () -> ttl(false, "expires"));
    refused("Requested resource not found: Table: nope not found",
        () -> dynamo.describeTimeToLive(b -> b.tableName("nope")));
    refused("Requested resource not found: Table: nope not found", () -> dynamo.updateTimeToLive(b -> b.tableName("nope")
        .timeToLiveSpecification(TimeToLiveSpecification.builder().enabled(true).attributeName("x").build())));
    refused("1 validation error detected: Value null at 'timeToLiveSpecification.enabled' failed to satisfy "
        + "constraint: Member must not be null", () -> dynamo.updateTimeToLive(b -> b.tableName("app")
            .timeToLiveSpecification(TimeToLiveSpecification.builder().attributeName("x").build())));
  }

  /**
   * Only a Number of epoch seconds in the past, and not more than five years in it, expires; the
   * item stays readable until the sweep, and leaves with its index entry and from the counters.
   */
  @Test
  void dueItemsAreDeletedWithTheirIndexEntriesAndNothingElseIs() {
    openInMemory();
    createTable();
    ttl(true, "expires");
    put("past", secondsFromNow(-10));
    put("fraction", n((clock.epochSecond() - 3) + ".75"));
    put("exponent", n(Long.toString((clock.epochSecond() - 100) / 10) + "e1"));
    put("future", secondsFromNow(3600));
    put("string", s(Long.toString(clock.epochSecond() - 10)));
    put("set", AttributeValue.fromNs(List.of(Long.toString(clock.epochSecond() - 10))));
    put("missing", null);
    put("ancient", secondsFromNow(-6L * 366 * 24 * 3600));
    put("negative", n("-5"));
    put("huge", n("9.9e125"));
    assertEquals(10, itemCount());
    // expired but not yet swept: still there
    assertTrue(sortKeys().contains("past"));
    assertEquals(3, partita.expireNow());
    Set<String> kept = new TreeSet<>(List.of("future", "string", "set", "missing", "ancient", "negative", "huge"));
    assertEquals(kept, sortKeys());
    assertEquals(kept, indexed(), "the index entries left with their items");
    assertEquals(7, itemCount());
    assertEquals(0, partita.expireNow(), "nothing is deleted twice");
    clock.advance(Duration.ofHours(2));
    assertEquals(1, partita.expireNow());
    assertFalse(sortKeys().contains("future"));
  }

  /** An item's due time is what it holds when the sweep comes: later, removed, or another type. */
  @Test
  void anItemRewrittenBeforeTheSweepIsJudgedByWhatItHoldsThen() {
    openInMemory();
    createTable();
    ttl(true, "expires");
    put("later", secondsFromNow(-5));
    put("removed", secondsFromNow(-5));
    put("retyped", secondsFromNow(-5));
    put("deleted", secondsFromNow(-5));
    dynamo.updateItem(b -> b.tableName("app").key(Map.of("pk", s("p"), "sk", s("later")))
        .updateExpression("SET expires = :e").expressionAttributeValues(Map.of(":e", secondsFromNow(600))));
    dynamo.updateItem(b -> b.tableName("app").key(Map.of("pk", s("p"), "sk", s("removed")))
        .updateExpression("REMOVE expires"));
    dynamo.updateItem(b -> b.tableName("app").key(Map.of("pk", s("p"), "sk", s("retyped")))
        .updateExpression("SET expires = :e").expressionAttributeValues(Map.of(":e", s("soon"))));
    dynamo.deleteItem(b -> b.tableName("app").key(Map.of("pk", s("p"), "sk", s("deleted"))));
    assertEquals(0, partita.expireNow());
    assertEquals(Set.of("later", "removed", "retyped"), sortKeys());
    clock.advance(Duration.ofMinutes(11));
    assertEquals(1, partita.expireNow());
    assertEquals(Set.of("removed", "retyped"), sortKeys());
  }

  /**
   * Items written before Time to Live is turned on expire too, once the background indexing has
   * reached them (driven by hand); turning it off stops expiry at once.
   */
  @Test
  void itemsFromBeforeAreIndexedInTheBackgroundAndOffStopsExpiry() {
    Queue<Runnable> background = new ArrayDeque<>();
    open(Partita.with().backgroundExecutor(background::add), null);
    createTable();
    for (int i = 0; i < 600; i++) {
      put(String.format("old%03d", i), secondsFromNow(i % 2 == 0 ? -1 : 1000));
    }
    ttl(true, "expires");
    assertEquals(TimeToLiveStatus.ENABLED,
        dynamo.describeTimeToLive(b -> b.tableName("app")).timeToLiveDescription().timeToLiveStatus());
    put("new", secondsFromNow(-1)); // written after: indexed by its own write
    assertEquals(1, partita.expireNow(), "only the item written since is indexed yet");
    int chunks = 0;
    while (!background.isEmpty()) {
      background.poll().run();
      chunks++;
    }
    assertEquals(3, chunks, "600 items in chunks of 256");
    assertEquals(300, partita.expireNow());
    assertEquals(300, itemCount());
    clock.advance(Duration.ofMinutes(30));
    ttl(false, "expires");
    clock.advance(Duration.ofHours(1));
    assertEquals(0, partita.expireNow(), "off: nothing expires");
    assertEquals(300, itemCount());
  }

  /** The expiry index is durable with the items: after a restart nothing is missed and nothing expires twice. */
  @Test
  void survivesARestart(@TempDir Path dir) {
    open(Partita.with(), dir);
    createTable();
    ttl(true, "expires");
    put("soon", secondsFromNow(60));
    put("later", secondsFromNow(600));
    put("never", null);
    clock.advance(Duration.ofMinutes(2));
    assertEquals(1, partita.expireNow());
    partita.close();
    partita = null;
    open(Partita.with(), dir);
    assertEquals(0, partita.expireNow(), "nothing expires twice");
    assertEquals(TimeToLiveStatus.ENABLED,
        dynamo.describeTimeToLive(b -> b.tableName("app")).timeToLiveDescription().timeToLiveStatus());
    clock.advance(Duration.ofMinutes(10));
    assertEquals(1, partita.expireNow(), "nothing is missed");
    assertEquals(Set.of("never"), sortKeys());
    assertEquals(1, itemCount());
  }

  /** Indexing cut short by a close goes on at the next open, from the first item. */
  @Test
  void indexingLeftUnfinishedResumesAfterARestart(@TempDir Path dir) {
    Queue<Runnable> background = new ArrayDeque<>();
    open(Partita.with().backgroundExecutor(background::add), dir);
    createTable();
    for (int i = 0; i < 300; i++) {
      put(String.format("old%03d", i), secondsFromNow(-1));
    }
    ttl(true, "expires");
    background.poll().run(); // the first chunk of 256 only
    partita.close();
    background.clear();
    open(Partita.with().backgroundExecutor(background::add), dir);
    assertFalse(background.isEmpty(), "the indexing was resumed");
    while (!background.isEmpty()) {
      background.poll().run();
    }
    assertEquals(300, partita.expireNow());
    assertEquals(0, itemCount());
  }

  private static void refused(String message, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
