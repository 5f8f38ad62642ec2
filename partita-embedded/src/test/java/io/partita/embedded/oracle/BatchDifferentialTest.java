package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.opentest4j.AssertionFailedError;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Differential test of BatchGetItem and BatchWriteItem: a seeded random sequence of valid and invalid batches goes to
 * Partita ({@link Subjects#partita()}) and to the reference model ({@link Subjects#oracle()}) over the same three tables
 * (composite key, hash key only, and one with a GSI and an LSI), and every answer must match.
 *
 * <p>Requests mix item sizes (a few bytes to 100 KB), present and missing items, projections with and without
 * attribute names, and consistency, with injected faults: duplicate keys, more than 100 keys or 25 writes, empty
 * requests and lists, keys of the wrong type or incomplete, unknown tables, invalid values, items over 400 KB, index
 * keys of the wrong type, and bad or unused projections.
 *
 * <p>Compared: for a failure, the error code, HTTP status and exception class, and the message if
 * {@link #compareMessages()}; for BatchGetItem, Responses per table as a multiset (order is unspecified) and
 * UnprocessedKeys; for BatchWriteItem, UnprocessedItems and ItemCollectionMetrics; for both, ConsumedCapacity per table
 * (as a set: DynamoDB does not define the order of the entries) where asked; no difference is tolerated. Every 25 steps and at the end of a seed, every table (a consistent Scan to the end) and both
 * indexes of the indexed table must hold the same items.
 *
 * <p>Properties: {@code -Dpartita.seed=N} (only seed N), {@code -Dpartita.batchSeeds=K} (seeds 1..K, default 4),
 * {@code -Dpartita.batchSteps=S} (steps per seed, default 250), {@code -Dpartita.verbose=true}.
 */
public class BatchDifferentialTest extends OracleHarness {
  static final int STEPS = Integer.getInteger("partita.batchSteps", 250);
  static final int SEEDS = Integer.getInteger("partita.batchSeeds", 4);
  static final boolean VERBOSE = Boolean.getBoolean("partita.verbose");
  private static final Canon CANON = new Canon(false);

  static final String[] PKS = {"a", "b", "c", "d"};
  static final int SKS = 6;
  static final String[] HPKS = {"a", "b", "c", "d", "e", "f", "g", "h"};

  @TestFactory
  Stream<DynamicTest> randomBatches() {
    return perSeed(SEEDS, this::run);
  }

  // ------------------------------------------------------------------ one seed

  /** The tables of one seed (seed-specific names, so that seeds never share a table). */
  record Tables(String composite, String hash, String indexed, String missing) {
    List<String> all() {
      return List.of(composite, hash, indexed);
    }
  }

  private void run(long seed) {
    String sfx = Long.toString(seed).replace('-', 'm');
    Tables t = new Tables("bd_c_" + sfx, "bd_h_" + sfx, "bd_i_" + sfx, "bd_missing_" + sfx);
    for (DynamoDbClient c : List.of(subject, oracle)) createTables(c, t);
    Gen gen = new Gen(new Random(seed * 31 + 7), t);
    Map<String, Integer> stats = new TreeMap<>();
    try {
      for (int step = 1; step <= STEPS; step++) {
        Object req = gen.next();
        Outcome s = execute(subject, req);
        Outcome o = execute(oracle, req);
        String op = req instanceof BatchGetItemRequest ? "BatchGetItem" : "BatchWriteItem";
        stats.merge(op + " " + (o.ok ? "ok" : o.code), 1, Integer::sum);
        if (VERBOSE) System.out.printf("seed %d step %d: %s%n  subject: %s%n  oracle:  %s%n", seed, step, req, s, o);
        // no difference is tolerated (BatchGetItem keys that find no item were, until the engine charged them the
        // GetItem minimum the model charges, as dynalite's batchGetItem tests written against the service record)
        if (!s.matches(o, compareMessages())) throw mismatch(seed, step, req.toString(), s, o);
        if (step % 25 == 0 || step == STEPS) compareContents(seed, step, t);
      }
    } finally {
      for (DynamoDbClient c : List.of(subject, oracle)) {
        for (String table : t.all()) {
          try {
            c.deleteTable(b -> b.tableName(table));
          } catch (RuntimeException ignored) {
            // best effort
          }
        }
      }
    }
    System.out.println("BatchDifferentialTest seed " + seed + ": " + STEPS + " steps, outcomes " + stats);
  }

  private static void createTables(DynamoDbClient c, Tables t) {
    c.createTable(b -> b.tableName(t.composite()).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(ks("pk", KeyType.HASH), ks("sk", KeyType.RANGE)).attributeDefinitions(def("pk", "S"), def("sk", "N")));
    c.createTable(b -> b.tableName(t.hash()).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(ks("pk", KeyType.HASH)).attributeDefinitions(def("pk", "S")));
    c.createTable(b -> b.tableName(t.indexed()).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(ks("pk", KeyType.HASH), ks("sk", KeyType.RANGE))
        .attributeDefinitions(def("pk", "S"), def("sk", "N"), def("g", "S"), def("l", "S"))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(ks("g", KeyType.HASH))
            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL")
            .keySchema(ks("pk", KeyType.HASH), ks("l", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("a")).build()));
  }

  static KeySchemaElement ks(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  static AttributeDefinition def(String name, String type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private void compareContents(long seed, int step, Tables t) {
    for (String table : t.all()) {
      compareScan(seed, step, table, null);
    }
    compareScan(seed, step, t.indexed(), "byG");
    compareScan(seed, step, t.indexed(), "byL");
  }

  private void compareScan(long seed, int step, String table, String index) {
    List<String> s = scanAll(subject, table, index);
    List<String> o = scanAll(oracle, table, index);
    if (!s.equals(o)) {
      throw mismatch(seed, step, "(Scan of " + table + (index == null ? "" : " index " + index) + " after step " + step
          + ", as a multiset)", Outcome.ok(String.join("\n    ", s)), Outcome.ok(String.join("\n    ", o)));
    }
  }

  private static List<String> scanAll(DynamoDbClient c, String table, String index) {
    List<String> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder b = ScanRequest.builder().tableName(table).consistentRead(index == null);
      if (index != null) b.indexName(index);
      if (start != null) b.exclusiveStartKey(start);
      ScanResponse r = c.scan(b.build());
      r.items().forEach(i -> items.add(CANON.item(i)));
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    items.sort(null);
    return items;
  }

  private static AssertionFailedError mismatch(long seed, int step, String request, Outcome s, Outcome o) {
    String msg = "Batch differential mismatch at seed " + seed + ", step " + step + "\n  request: " + request
        + "\n  subject: " + s + "\n  oracle:  " + o
        + "\n  replay:  mvn -q -pl partita-engine,partita-embedded test -Dtest=BatchDifferentialTest"
        + " -Dsurefire.failIfNoSpecifiedTests=false -Dpartita.seed=" + seed + " -Dpartita.batchSteps=" + step
        + " -Dpartita.verbose=true";
    System.out.println(msg);
    return new AssertionFailedError(msg, o.toString(), s.toString());
  }

  // ------------------------------------------------------------------ outcomes

  /** What one client answered: the body (items, unprocessed, capacity per table) or the error. */
  record Outcome(boolean ok, String body, Map<String, Double> capacity, String code, int status, String message,
      String exceptionClass) {
    static Outcome ok(String body) {
      return new Outcome(true, body, Map.of(), null, 200, null, null);
    }

    /** Whether two answers agree: body and capacity, and for failures code, status and class, and the message if asked. */
    boolean matches(Outcome o, boolean messages) {
      return ok == o.ok && body.equals(o.body) && capacity.equals(o.capacity) && Objects.equals(code, o.code)
          && status == o.status && Objects.equals(exceptionClass, o.exceptionClass)
          && (!messages || Objects.equals(message, o.message));
    }

    @Override
    public String toString() {
      return ok ? body + (capacity.isEmpty() ? "" : " ConsumedCapacity=" + capacity)
          : exceptionClass + " " + code + " (" + status + "): " + message;
    }
  }

  static Outcome execute(DynamoDbClient c, Object req) {
    try {
      if (req instanceof BatchGetItemRequest g) {
        BatchGetItemResponse r = c.batchGetItem(g);
        Map<String, List<String>> responses = new TreeMap<>();
        if (r.hasResponses()) {
          r.responses().forEach((table, items) -> responses.put(table, items.stream().map(CANON::item).sorted().toList()));
        }
        Map<String, String> unprocessed = new TreeMap<>();
        if (r.hasUnprocessedKeys()) r.unprocessedKeys().forEach((table, k) -> unprocessed.put(table, k.toString()));
        return new Outcome(true, "Responses=" + responses + " UnprocessedKeys=" + (r.hasUnprocessedKeys() ? unprocessed : "absent"),
            capacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null), null, 200, null, null);
      }
      BatchWriteItemRequest w = (BatchWriteItemRequest) req;
      BatchWriteItemResponse r = c.batchWriteItem(w);
      return new Outcome(true, "UnprocessedItems=" + (r.hasUnprocessedItems() ? r.unprocessedItems() : "absent")
          + " ItemCollectionMetrics=" + metrics(r.hasItemCollectionMetrics() ? r.itemCollectionMetrics() : null),
          capacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null), null, 200, null, null);
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
      String message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      return new Outcome(false, "", Map.of(), code, e.statusCode(), message, e.getClass().getSimpleName());
    } catch (RuntimeException e) {
      return new Outcome(false, "", Map.of(), "(client-side " + e.getClass().getName() + ")", -1,
          String.valueOf(e.getMessage()), e.getClass().getSimpleName());
    }
  }

  /** ItemCollectionMetrics per table: each collection key and size range, as a multiset. */
  static String metrics(Map<String, List<software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics>> m) {
    if (m == null) return "absent";
    Map<String, List<String>> out = new TreeMap<>();
    m.forEach((table, list) -> out.put(table, list.stream()
        .map(x -> CANON.item(x.itemCollectionKey()) + " " + x.sizeEstimateRangeGB()).sorted().toList()));
    return out.toString();
  }

  /** Capacity units per table, an entry appearing twice marked as such; an absent list as no entries. */
  private static Map<String, Double> capacity(List<ConsumedCapacity> list) {
    Map<String, Double> out = new TreeMap<>();
    if (list == null) return out;
    for (ConsumedCapacity c : list) {
      if (out.put(c.tableName(), c.capacityUnits()) != null) out.put(c.tableName() + " (twice!)", -1.0);
    }
    return out;
  }

  // ------------------------------------------------------------------ the generator

  /** Seeded generator of batches, valid and invalid. */
  static final class Gen {
    private final Random r;
    private final Tables t;

    Gen(Random r, Tables t) {
      this.r = r;
      this.t = t;
    }

    boolean chance(double p) {
      return r.nextDouble() < p;
    }

    Object next() {
      return chance(0.55) ? write() : get();
    }

    private String table() {
      int i = r.nextInt(3);
      return i == 0 ? t.composite() : i == 1 ? t.hash() : t.indexed();
    }

    /** A valid key of the table; the sort key in 0..maxSk-1. */
    private Map<String, AttributeValue> key(String table, int maxSk) {
      if (table.equals(t.hash())) return item("pk", s(HPKS[r.nextInt(HPKS.length)] + (maxSk >= 40 ? r.nextInt(maxSk) : "")));
      return item("pk", s(PKS[r.nextInt(PKS.length)]), "sk", n(Integer.toString(r.nextInt(maxSk))));
    }

    /** A key made invalid for its table in one of a few ways. */
    private Map<String, AttributeValue> badKey(String table, Map<String, AttributeValue> key) {
      Map<String, AttributeValue> k = new LinkedHashMap<>(key);
      switch (r.nextInt(4)) {
        case 0 -> k.put("pk", n("1"));
        case 1 -> {
          if (k.containsKey("sk")) k.remove("sk");
          else k.put("sk", n("1"));
        }
        case 2 -> k.put("x", s("extra"));
        default -> k.put("pk", s(""));
      }
      return k;
    }

    private AttributeValue sized() {
      int size = switch (r.nextInt(10)) {
        case 0, 1, 2, 3 -> r.nextInt(20);
        case 4, 5, 6 -> 500 + r.nextInt(3000);
        case 7, 8 -> 4000 + r.nextInt(9000);
        default -> 30_000 + r.nextInt(70_000);
      };
      return s("v".repeat(size));
    }

    private Map<String, AttributeValue> itemFor(String table, Map<String, AttributeValue> key) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(key);
      if (chance(0.7)) item.put("a", sized());
      if (chance(0.4)) item.put("b", n(Integer.toString(r.nextInt(1000) - 500)));
      if (chance(0.3)) item.put("m", m("x", s("mx" + r.nextInt(5)), "y", n("1.5")));
      if (chance(0.2)) item.put("lst", l(s("l0"), n("1")));
      if (table.equals(t.indexed())) {
        if (chance(0.6)) item.put("g", s("g" + r.nextInt(3)));
        if (chance(0.6)) item.put("l", s("l" + r.nextInt(4) + "_" + item.get("sk").n()));
      }
      return item;
    }

    /**
     * The one table of a request that may carry faults, or null for a valid request. DynamoDB does not document in
     * which order it visits the tables of a request, so with faults in two tables two implementations could each
     * rightly report a different one; with faults in one table only, the answer does not depend on that order.
     */
    private String faultTable() {
      if (!chance(0.3)) return null;
      return chance(0.15) ? t.missing() : table();
    }

    BatchWriteItemRequest write() {
      BatchWriteItemRequest.Builder b = BatchWriteItemRequest.builder();
      capacityMode(b::returnConsumedCapacity);
      if (chance(0.2)) b.returnItemCollectionMetrics(chance(0.5) ? ReturnItemCollectionMetrics.SIZE : ReturnItemCollectionMetrics.NONE);
      if (chance(0.01)) return b.requestItems(Map.of()).build();
      String fault = faultTable();
      int count = chance(0.04) ? 26 + r.nextInt(5) : chance(0.15) ? 10 + r.nextInt(16) : 1 + r.nextInt(6);
      Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
      Map<String, Set<Map<String, AttributeValue>>> used = new TreeMap<>();
      if (fault != null) items.put(fault, new ArrayList<>());
      for (int i = 0; i < count; i++) {
        String table = fault != null && (items.get(fault).isEmpty() || chance(0.3)) ? fault : table();
        boolean faulty = table.equals(fault);
        String schema = table.equals(t.missing()) ? t.composite() : table;
        Set<Map<String, AttributeValue>> seen = used.computeIfAbsent(table, k -> new HashSet<>());
        Map<String, AttributeValue> key;
        if (faulty && chance(0.15) && !seen.isEmpty()) {
          key = seen.iterator().next(); // a duplicate
        } else {
          key = key(schema, SKS);
          for (int tries = 0; seen.contains(key) && tries < 20; tries++) key = key(schema, SKS);
          if (seen.contains(key)) continue;
        }
        seen.add(key);
        WriteRequest w;
        if (chance(0.7)) {
          Map<String, AttributeValue> item = itemFor(table, key);
          double f = faulty ? r.nextDouble() : 1;
          if (f < 0.1) item = badKey(table, item);
          else if (f < 0.15) item.put("e", AttributeValue.builder().ss(List.of()).build());
          else if (f < 0.17) item.put("big", s("x".repeat(400 * 1024)));
          else if (f < 0.25 && table.equals(t.indexed())) item.put(chance(0.5) ? "g" : "l", n("7"));
          else if (f < 0.28) item.put("z", AttributeValue.builder().build());
          w = WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
        } else {
          Map<String, AttributeValue> k = faulty && chance(0.15) ? badKey(table, key) : key;
          w = WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(k).build()).build();
        }
        if (faulty && chance(0.02)) w = WriteRequest.builder().build();
        items.computeIfAbsent(table, k -> new ArrayList<>()).add(w);
      }
      if (fault != null && chance(0.03)) items.put(fault, List.of());
      items.values().removeIf(l -> l.isEmpty() && !(fault != null && items.get(fault) == l));
      if (items.isEmpty()) items.put(t.hash(), List.of(WriteRequest.builder().putRequest(PutRequest.builder()
          .item(item("pk", s("a"))).build()).build()));
      return b.requestItems(items).build();
    }

    BatchGetItemRequest get() {
      BatchGetItemRequest.Builder b = BatchGetItemRequest.builder();
      capacityMode(b::returnConsumedCapacity);
      if (chance(0.01)) return b.requestItems(Map.of()).build();
      String fault = faultTable();
      int count = chance(0.03) ? 101 + r.nextInt(10) : chance(0.1) ? 20 + r.nextInt(81) : 1 + r.nextInt(12);
      // past the written key space too, so that many keys find nothing and over-limit counts can be distinct
      int maxSk = count > 40 ? 40 : SKS + 2;
      Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
      Map<String, Set<Map<String, AttributeValue>>> used = new TreeMap<>();
      if (fault != null) keys.put(fault, new ArrayList<>());
      for (int i = 0; i < count; i++) {
        String table = fault != null && (keys.get(fault).isEmpty() || chance(0.3)) ? fault : table();
        boolean faulty = table.equals(fault);
        String schema = table.equals(t.missing()) ? t.composite() : table;
        Set<Map<String, AttributeValue>> seen = used.computeIfAbsent(table, k -> new HashSet<>());
        Map<String, AttributeValue> key;
        if (faulty && chance(0.1) && !seen.isEmpty()) {
          key = seen.iterator().next();
        } else {
          key = key(schema, maxSk);
          for (int tries = 0; seen.contains(key) && tries < 50; tries++) key = key(schema, maxSk);
          if (seen.contains(key)) continue;
          seen.add(key);
          if (faulty && chance(0.1)) key = badKey(table, key);
        }
        keys.computeIfAbsent(table, k -> new ArrayList<>()).add(key);
      }
      Map<String, KeysAndAttributes> items = new LinkedHashMap<>();
      keys.forEach((table, list) -> {
        KeysAndAttributes.Builder k = KeysAndAttributes.builder().keys(list);
        if (chance(0.5)) k.consistentRead(chance(0.7));
        if (table.equals(fault) ? chance(0.5) : chance(0.35)) projection(k, table.equals(fault));
        items.put(table, k.build());
      });
      if (fault != null && chance(0.03)) items.put(fault, KeysAndAttributes.builder().keys(List.of()).build());
      return b.requestItems(items).build();
    }

    private void projection(KeysAndAttributes.Builder k, boolean faulty) {
      // the legacy AttributesToGet (literal top-level names) 1 in 4; on a faulty table also a name twice, or beside
      // a ProjectionExpression (the mixing error)
      if (chance(0.25)) {
        k.attributesToGet(r.nextBoolean() ? List.of("a", "pk") : List.of("m", "lst", "sk", "nothing"));
        if (faulty && r.nextBoolean()) {
          if (r.nextBoolean()) k.attributesToGet("a", "b", "a");
          else k.projectionExpression("a");
        }
        return;
      }
      switch (r.nextInt(faulty ? 9 : 5)) {
        case 0 -> k.projectionExpression("a");
        case 1 -> k.projectionExpression("pk, b, m.x");
        case 2 -> k.projectionExpression("#a, lst[0], g").expressionAttributeNames(Map.of("#a", "a"));
        case 3 -> k.projectionExpression("#p, #m.y").expressionAttributeNames(Map.of("#p", "pk", "#m", "m"));
        case 4 -> k.projectionExpression("l, sk, nothing");
        case 5 -> k.projectionExpression("a,,b");                                          // syntax error
        case 6 -> k.projectionExpression("a").expressionAttributeNames(Map.of("#u", "b"));  // unused name
        case 7 -> k.projectionExpression("name");                                          // reserved word
        default -> k.expressionAttributeNames(Map.of("#a", "a"));                           // names without projection
      }
    }

    private void capacityMode(java.util.function.Consumer<ReturnConsumedCapacity> set) {
      int i = r.nextInt(5);
      if (i == 1) set.accept(ReturnConsumedCapacity.NONE);
      else if (i == 2 || i == 3) set.accept(ReturnConsumedCapacity.TOTAL);
      else if (i == 4) set.accept(ReturnConsumedCapacity.INDEXES);
    }
  }
}
