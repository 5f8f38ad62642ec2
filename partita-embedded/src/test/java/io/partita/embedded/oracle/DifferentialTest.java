package io.partita.embedded.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Differential test: the same seeded random sequence of item requests goes to the subject ({@link Subjects#partita()})
 * and to the oracle (the reference model of Amazon DynamoDB, {@link Subjects#oracle()}); every answer must match.
 *
 * <p>Compared: returned items/attributes (canonical form, see {@link Canon}: map keys and set elements order-insensitive,
 * numbers by value unless {@code -Dpartita.strictNumbers=true}), ConsumedCapacity, the presence or absence of Item /
 * Attributes, and for failures the error code and HTTP status (plus the message with
 * {@code -Dpartita.compareMessages=true}, see {@link #compareMessages()}) and the item a ConditionalCheckFailedException
 * carries. Differences whose cause is known (engine bugs found against the model) are listed in {@link #tolerated}. Every 50 steps and at
 * the end of a seed, both tables are read whole with GetItems and compared; each side's Scan, paged through with a small
 * Limit, must return those items exactly once; and each partition, read by paged Queries forward and backward, must
 * come back the same (items, order and page boundaries) from both. Query answers are compared in order (Items, Count,
 * ScannedCount, LastEvaluatedKey, ConsumedCapacity); Scan answers as far as the order allows ({@link #scanBody}).
 *
 * <p>A third table, {@code diff_i_*}, has two GSIs and an LSI ({@link #createIndexedTable}); its requests come from
 * {@link IndexOpGenerator}, and every 50 steps its items, each index's contents and Partita's index ItemCounts are
 * compared ({@link #compareIndexedTable}).
 *
 * <p>Properties:
 * <ul>
 *   <li>{@code -Dpartita.seed=N}: run only seed N (replay a failure)</li>
 *   <li>{@code -Dpartita.seeds=K}: run seeds 1..K (default 6)</li>
 *   <li>{@code -Dpartita.steps=S}: steps per seed (default 300)</li>
 *   <li>{@code -Dpartita.compareMessages=true}: also compare error messages</li>
 *   <li>{@code -Dpartita.strictNumbers=true}: compare numbers by exact spelling</li>
 *   <li>{@code -Dpartita.verbose=true}: print every step</li>
 *   <li>{@code -Dpartita.keepGoing=true}: print every mismatching step and fail the seed at its end (a survey, e.g. of
 *       messages; after a mismatch of state, later steps may differ as a consequence)</li>
 *   <li>{@code -Dpartita.ops=PutItem,GetItem}: only run these operations (others are generated and skipped, so a seed
 *       stays reproducible for a given filter)</li>
 * </ul>
 * Run: {@code mvn -q -pl partita-embedded -am test -Dtest=DifferentialTest -Dsurefire.failIfNoSpecifiedTests=false}
 */
public class DifferentialTest extends OracleHarness {

  static final boolean STRICT_NUMBERS = Boolean.getBoolean("partita.strictNumbers");
  static final boolean VERBOSE = Boolean.getBoolean("partita.verbose");
  static final int STEPS = Integer.getInteger("partita.steps", 300);
  static final int SEEDS = Integer.getInteger("partita.seeds", 6);
  static final boolean KEEP_GOING = Boolean.getBoolean("partita.keepGoing");
  static final java.util.Set<String> OPS = System.getProperty("partita.ops", "").isBlank() ? java.util.Set.of()
      : java.util.Set.of(System.getProperty("partita.ops").replace(" ", "").split(","));

  private static final Canon CANON = new Canon(STRICT_NUMBERS);

  @TestFactory
  Stream<DynamicTest> randomSequences() {
    return perSeed(SEEDS, this::run);
  }

  // ------------------------------------------------------------------ one seed

  private void run(long seed) {
    // seed-specific names, so that seeds never share a table
    String suffix = Long.toString(seed).replace('-', 'm');
    String composite = "diff_c_" + suffix;
    String hashOnly = "diff_h_" + suffix;
    String indexed = "diff_i_" + suffix;
    for (DynamoDbClient c : List.of(subject, oracle)) {
      createTables(c, composite, hashOnly);
      createIndexedTable(c, indexed);
    }
    OpGenerator gen = new OpGenerator(seed, composite, hashOnly);
    // the indexed table's requests come from their own generator, interleaved by their own Random: OpGenerator's
    // sequence of requests is the same as before the indexed table was added (only at other step numbers)
    IndexOpGenerator igen = new IndexOpGenerator(seed, indexed);
    java.util.Random mix = new java.util.Random(seed ^ 0x1dL);
    Map<String, Integer> stats = new TreeMap<>();
    AssertionFailedError firstMismatch = null;
    try {
      for (int step = 1; step <= STEPS; step++) {
        Object req = mix.nextInt(3) == 0 ? igen.next() : gen.next();
        while (!OPS.isEmpty() && !OPS.contains(opName(req))) req = mix.nextInt(3) == 0 ? igen.next() : gen.next();
        Outcome s = execute(subject, req);
        Outcome o = execute(oracle, req);
        stats.merge(opName(req) + (legacy(req) ? "(legacy)" : "") + " " + (o.ok ? "ok" : o.code), 1, Integer::sum);
        if (VERBOSE) System.out.printf("seed %d step %d: %s%n  -> %s%n", seed, step, req, o);
        boolean messages = compareMessages();
        String tolerated = s.matches(o, messages) ? null : tolerated(req, s, o, messages);
        if (tolerated != null) {
          stats.merge(opName(req) + " tolerated (" + tolerated + ")", 1, Integer::sum);
        } else if (!s.matches(o, messages)) {
          AssertionFailedError e = mismatch(seed, step, req.toString(), s, o);
          if (!KEEP_GOING) throw e;
          if (firstMismatch == null) firstMismatch = e;
        }
        if (step % 50 == 0 || step == STEPS) {
          compareTables(seed, step, composite);
          compareTables(seed, step, hashOnly);
          compareIndexedTable(seed, step, indexed);
        }
      }
    } finally {
      for (DynamoDbClient c : List.of(subject, oracle)) {
        try {
          c.deleteTable(b -> b.tableName(composite));
          c.deleteTable(b -> b.tableName(hashOnly));
          c.deleteTable(b -> b.tableName(indexed));
        } catch (RuntimeException ignored) {
          // best effort
        }
      }
    }
    System.out.println("DifferentialTest seed " + seed + ": " + STEPS + " steps, outcomes " + stats);
    if (firstMismatch != null) throw firstMismatch;
  }

  private static void createTables(DynamoDbClient c, String composite, String hashOnly) {
    c.createTable(b -> b.tableName(composite)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("sk").attributeType("N").build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
    c.createTable(b -> b.tableName(hashOnly)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
  }

  private void compareTables(long seed, int step, String table) {
    List<String> s = scanAll(subject, table);
    List<String> o = scanAll(oracle, table);
    if (!s.equals(o)) {
      throw mismatch(seed, step, "(consistent GetItem of every key of table " + table + " after step " + step + ")",
          Outcome.ok(String.join("\n    ", s)), Outcome.ok(String.join("\n    ", o)));
    }
    // a Scan paged through with small pages must visit every item once, on each side (in its own order)
    int pageSize = 1 + (int) ((seed + step) % 3);
    List<String> ss = scanPaged(subject, table, pageSize);
    List<String> os = scanPaged(oracle, table, pageSize);
    if (!ss.equals(o) || !os.equals(o)) {
      throw mismatch(seed, step, "(Scan of table " + table + " with Limit " + pageSize + ", paged to the end, after step "
          + step + "; expected every item of the GetItems once)",
          Outcome.ok(String.join("\n    ", ss)), Outcome.ok(String.join("\n    ", os)));
    }
    // a Query of each partition (whole, or the sort keys up to 2, or from 1 to 2) paged through, forward and backward,
    // must give the same items in the same order, with the same page ends
    List<String> sortConditions = table.startsWith("diff_c_")
        ? java.util.Arrays.asList(null, "sk <= :hi", "sk BETWEEN :lo AND :hi") : java.util.Collections.singletonList(null);
    for (String pk : List.of("a", "b", "c")) {
      for (String sort : sortConditions) {
        for (boolean forward : new boolean[] {true, false}) {
          List<String> sq = queryPaged(subject, table, pk, sort, pageSize, forward);
          List<String> oq = queryPaged(oracle, table, pk, sort, pageSize, forward);
          if (!sq.equals(oq)) {
            throw mismatch(seed, step, "(Query of partition " + pk + (sort == null ? "" : " and " + sort + " (:lo 1, :hi 2)")
                + " of table " + table + " with Limit " + pageSize + ", ScanIndexForward " + forward
                + ", paged to the end, after step " + step + ")",
                Outcome.ok(String.join("\n    ", sq)), Outcome.ok(String.join("\n    ", oq)));
          }
        }
      }
    }
  }

  /** Every item a Scan with the given Limit returns, page after page, in canonical form and sorted. */
  private static List<String> scanPaged(DynamoDbClient c, String table, int limit) {
    List<String> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    int pages = 0;
    do {
      ScanRequest.Builder b = ScanRequest.builder().tableName(table).limit(limit).consistentRead(true);
      if (start != null) b.exclusiveStartKey(start);
      ScanResponse r = c.scan(b.build());
      r.items().forEach(i -> items.add(CANON.item(i)));
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      if (++pages > 100) throw new AssertionFailedError("Scan of " + table + " does not end: " + items);
    } while (start != null);
    items.sort(null);
    return items;
  }

  /**
   * Every item of one partition (and sort key condition, with :lo 1 and :hi 2) a Query with the given Limit returns,
   * page after page, in the order returned, with each page's LastEvaluatedKey.
   */
  private static List<String> queryPaged(DynamoDbClient c, String table, String pk, String sort, int limit,
      boolean forward) {
    List<String> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    Map<String, AttributeValue> values = new java.util.HashMap<>();
    values.put(":p", AttributeValue.fromS(pk));
    if (sort != null && sort.contains(":lo")) values.put(":lo", AttributeValue.fromN("1"));
    if (sort != null) values.put(":hi", AttributeValue.fromN("2"));
    int pages = 0;
    do {
      QueryRequest.Builder b = QueryRequest.builder().tableName(table)
          .keyConditionExpression("pk = :p" + (sort == null ? "" : " AND " + sort)).expressionAttributeValues(values)
          .limit(limit).scanIndexForward(forward).consistentRead(true);
      if (start != null) b.exclusiveStartKey(start);
      QueryResponse r = c.query(b.build());
      r.items().forEach(i -> items.add(CANON.item(i)));
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      items.add("(page end; LastEvaluatedKey " + (start == null ? "absent" : CANON.item(start)) + ")");
      if (++pages > 100) throw new AssertionFailedError("Query of " + table + " does not end: " + items);
    } while (start != null);
    return items;
  }

  /**
   * All items of a table in canonical form, read with consistent GetItems over the generator's whole key space
   * (Scan is a later issue of Partita's; this also checks that every key the generator could write reads back).
   */
  private static List<String> scanAll(DynamoDbClient c, String table) {
    List<String> items = new ArrayList<>();
    boolean composite = table.startsWith("diff_c_");
    for (Map<String, AttributeValue> key : OpGenerator.allKeys(composite)) {
      GetItemResponse r = c.getItem(b -> b.tableName(table).key(key).consistentRead(true));
      if (r.hasItem()) {
        items.add(CANON.item(r.item()));
      }
    }
    items.sort(null);
    return items;
  }

  private static AssertionFailedError mismatch(long seed, int step, String request, Outcome subjectOutcome, Outcome oracleOutcome) {
    String msg = "Differential mismatch at seed " + seed + ", step " + step + "\n"
        + "  request: " + request + "\n"
        + "  subject: " + subjectOutcome + "\n"
        + "  oracle:  " + oracleOutcome + "\n"
        + "  replay:  mvn -q -pl partita-embedded -am test -Dtest=DifferentialTest -Dsurefire.failIfNoSpecifiedTests=false"
        + " -Dpartita.seed=" + seed + " -Dpartita.steps=" + step + " -Dpartita.verbose=true";
    System.out.println(msg);
    return new AssertionFailedError(msg, oracleOutcome.toString(), subjectOutcome.toString());
  }

  // ------------------------------------------------------------------ the table with secondary indexes

  /** The indexes of {@code diff_i_*} (see {@link IndexOpGenerator}). */
  static final List<String> INDEXES = List.of("idx_G1", "idx_G2", "idx_L1");

  static void createIndexedTable(DynamoDbClient c, String table) {
    c.createTable(b -> b.tableName(table)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("pk").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("sk").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("g1pk").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("g1sk").attributeType("N").build(),
            AttributeDefinition.builder().attributeName("g2").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("lsk").attributeType("S").build())
        .globalSecondaryIndexes(
            g -> g.indexName("idx_G1")
                .keySchema(KeySchemaElement.builder().attributeName("g1pk").keyType(KeyType.HASH).build(),
                    KeySchemaElement.builder().attributeName("g1sk").keyType(KeyType.RANGE).build())
                .projection(p -> p.projectionType(ProjectionType.ALL)),
            g -> g.indexName("idx_G2")
                .keySchema(KeySchemaElement.builder().attributeName("g2").keyType(KeyType.HASH).build())
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
        .localSecondaryIndexes(l -> l.indexName("idx_L1")
            .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("lsk").keyType(KeyType.RANGE).build())
            .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("a")))
        .billingMode(BillingMode.PAY_PER_REQUEST));
  }

  /**
   * The indexed table: its items (consistent GetItem of every key), then each index's whole contents (a Scan with
   * IndexName paged with a small Limit, as a multiset), Partita's DescribeTable index ItemCount against the number of
   * entries its Scan saw, and the paged Queries of each partition of G1 and L1 (no ties there: in order, page by page).
   */
  private void compareIndexedTable(long seed, int step, String table) {
    List<String> s = getAll(subject, table, IndexOpGenerator.allKeys());
    List<String> o = getAll(oracle, table, IndexOpGenerator.allKeys());
    if (!s.equals(o)) {
      throw mismatch(seed, step, "(consistent GetItem of every key of table " + table + " after step " + step + ")",
          Outcome.ok(String.join("\n    ", s)), Outcome.ok(String.join("\n    ", o)));
    }
    int pageSize = 1 + (int) ((seed + step) % 3);
    java.util.Map<String, Long> counts = new java.util.HashMap<>();
    subject.describeTable(b -> b.tableName(table)).table().globalSecondaryIndexes()
        .forEach(g -> counts.put(g.indexName(), g.itemCount()));
    subject.describeTable(b -> b.tableName(table)).table().localSecondaryIndexes()
        .forEach(l -> counts.put(l.indexName(), l.itemCount()));
    for (String index : INDEXES) {
      List<String> si = scanIndexPaged(subject, table, index, pageSize);
      List<String> oi = scanIndexPaged(oracle, table, index, pageSize);
      if (!si.equals(oi)) {
        throw mismatch(seed, step, "(Scan of index " + index + " of " + table + " with Limit " + pageSize
            + ", paged to the end, as a multiset, after step " + step + ")",
            Outcome.ok(String.join("\n    ", si)), Outcome.ok(String.join("\n    ", oi)));
      }
      if (counts.get(index) == null || counts.get(index) != si.size()) {
        throw mismatch(seed, step, "(Partita's DescribeTable ItemCount of index " + index + " of " + table
            + " against the entries its Scan returns, after step " + step + ")",
            Outcome.ok("ItemCount=" + counts.get(index)), Outcome.ok("ItemCount=" + si.size()));
      }
    }
    for (String index : List.of("idx_G1", "idx_L1")) {
      for (String p : index.equals("idx_G1") ? IndexOpGenerator.G1PKS : IndexOpGenerator.PKS) {
        for (boolean forward : new boolean[] {true, false}) {
          QueryRequest q = QueryRequest.builder().tableName(table).indexName(index)
              .keyConditionExpression((index.equals("idx_G1") ? "g1pk" : "pk") + " = :p")
              .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(p)))
              .limit(pageSize).scanIndexForward(forward).build();
          Outcome sq = pagedQuery(subject, q);
          Outcome oq = pagedQuery(oracle, q);
          if (!sq.matches(oq, compareMessages()) && tolerated(q, sq, oq, compareMessages()) == null) {
            throw mismatch(seed, step, "(Query of index " + index + " partition " + p + " with Limit " + pageSize
                + ", ScanIndexForward " + forward + ", paged to the end, after step " + step + ")", sq, oq);
          }
        }
      }
    }
  }

  private static List<String> getAll(DynamoDbClient c, String table, List<Map<String, AttributeValue>> keys) {
    List<String> items = new ArrayList<>();
    for (Map<String, AttributeValue> key : keys) {
      GetItemResponse r = c.getItem(b -> b.tableName(table).key(key).consistentRead(true));
      if (r.hasItem()) items.add(CANON.item(r.item()));
    }
    items.sort(null);
    return items;
  }

  private static List<String> scanIndexPaged(DynamoDbClient c, String table, String index, int limit) {
    List<String> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    int pages = 0;
    do {
      ScanRequest.Builder b = ScanRequest.builder().tableName(table).indexName(index).limit(limit);
      if (start != null) b.exclusiveStartKey(start);
      ScanResponse r = c.scan(b.build());
      r.items().forEach(i -> items.add(CANON.item(i)));
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      if (++pages > 100) throw new AssertionFailedError("Scan of " + table + "." + index + " does not end: " + items);
    } while (start != null);
    items.sort(null);
    return items;
  }

  /**
   * A Query that the test pages through to the end, each side continuing from its own LastEvaluatedKey (the
   * ExclusiveStartKey of a previous page). On G2 (no index sort key: ties ordered differently, see
   * {@link IndexOpGenerator}) the items of all pages are compared as a multiset with the number of pages and the total
   * Count and ScannedCount; otherwise every page as a single Query is.
   */
  record PagedQuery(QueryRequest first) {
    @Override
    public String toString() {
      return "PagedQuery[" + first + "]";
    }
  }

  static Outcome pagedQuery(DynamoDbClient c, QueryRequest first) {
    boolean multiset = "idx_G2".equals(first.indexName());
    List<String> pages = new ArrayList<>();
    List<String> items = new ArrayList<>();
    int count = 0, scanned = 0;
    QueryRequest q = first;
    for (int page = 1; ; page++) {
      if (page > 50) return Outcome.ok("BROKEN: does not end after 50 pages " + pages);
      Outcome one;
      QueryResponse r;
      try {
        r = c.query(q);
      } catch (DynamoDbException e) {
        one = execute(c, q); // the same failure, rendered as usual
        pages.add("page " + page + ": " + one);
        return one.ok ? Outcome.ok(String.join("\n    ", pages)) : new Outcome(false,
            "failed on page " + page, one.code, one.status, one.message, one.exceptionClass);
      }
      count += r.count();
      scanned += r.scannedCount();
      r.items().forEach(i -> items.add(CANON.item(i)));
      pages.add("page " + page + ": Items=" + (r.hasItems() ? r.items().stream().map(CANON::item).toList() : "absent")
          + " Count=" + r.count() + " ScannedCount=" + r.scannedCount()
          + " LastEvaluatedKey=" + (r.hasLastEvaluatedKey() ? CANON.item(r.lastEvaluatedKey()) : "absent")
          + " ConsumedCapacity=" + capacity(q, r.consumedCapacity()));
      if (!r.hasLastEvaluatedKey()) {
        if (!multiset) return Outcome.ok(String.join("\n    ", pages));
        items.sort(null);
        return Outcome.ok("pages=" + page + " Items(any order)=" + items + " Count=" + count + " ScannedCount=" + scanned);
      }
      q = q.toBuilder().exclusiveStartKey(r.lastEvaluatedKey()).build();
    }
  }


  // ------------------------------------------------------------------ execution and outcomes

  /** Whether a request carries a legacy parameter (docs/legacy-parameters.md), for the per-seed counts. */
  static boolean legacy(Object req) {
    String text = req.toString();
    for (String p : List.of("Expected=", "ConditionalOperator=", "ScanFilter=", "QueryFilter=", "KeyConditions=",
        "AttributesToGet=", "AttributeUpdates=")) {
      if (text.contains(p)) return true;
    }
    return false;
  }

  private static String opName(Object req) {
    if (req instanceof PagedQuery) return "PagedQuery";
    String n = req.getClass().getSimpleName();
    return n.substring(0, n.length() - "Request".length());
  }

  /** ConsumedCapacity, compared only when the request asked for it (else both must return none). */
  private static String capacity(Object req, ConsumedCapacity c) {
    ReturnConsumedCapacity asked = ((DynamoDbRequest) req).getValueForField("ReturnConsumedCapacity", String.class)
        .map(ReturnConsumedCapacity::fromValue).orElse(ReturnConsumedCapacity.NONE);
    if (asked == ReturnConsumedCapacity.NONE) return c == null ? "(not asked)" : "(not asked, but returned: " + c + ")";
    return CANON.capacity(c);
  }

  static Outcome execute(DynamoDbClient c, Object req) {
    try {
      if (req instanceof PagedQuery pq) return pagedQuery(c, pq.first());
      if (req instanceof PutItemRequest p) {
        PutItemResponse r = c.putItem(p);
        return Outcome.ok("Attributes=" + (r.hasAttributes() ? CANON.item(r.attributes()) : "absent")
            + " ConsumedCapacity=" + capacity(req, r.consumedCapacity()));
      }
      if (req instanceof GetItemRequest g) {
        GetItemResponse r = c.getItem(g);
        return Outcome.ok("Item=" + (r.hasItem() ? CANON.item(r.item()) : "absent")
            + " ConsumedCapacity=" + capacity(req, r.consumedCapacity()));
      }
      if (req instanceof UpdateItemRequest u) {
        UpdateItemResponse r = c.updateItem(u);
        return Outcome.ok("Attributes=" + (r.hasAttributes() ? CANON.item(r.attributes()) : "absent")
            + " ConsumedCapacity=" + capacity(req, r.consumedCapacity()));
      }
      if (req instanceof DeleteItemRequest d) {
        DeleteItemResponse r = c.deleteItem(d);
        return Outcome.ok("Attributes=" + (r.hasAttributes() ? CANON.item(r.attributes()) : "absent")
            + " ConsumedCapacity=" + capacity(req, r.consumedCapacity()));
      }
      if (req instanceof QueryRequest q) {
        QueryResponse r = c.query(q);
        return Outcome.ok("Items=" + (r.hasItems() ? r.items().stream().map(CANON::item).toList() : "absent")
            + " Count=" + r.count() + " ScannedCount=" + r.scannedCount()
            + " LastEvaluatedKey=" + (r.hasLastEvaluatedKey() ? CANON.item(r.lastEvaluatedKey()) : "absent")
            + " ConsumedCapacity=" + capacity(req, r.consumedCapacity()));
      }
      if (req instanceof ScanRequest sc) {
        return Outcome.ok(scanBody(sc, c.scan(sc)));
      }
      throw new IllegalArgumentException("unsupported request " + req);
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
      String message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      String extra = "";
      if (e instanceof ConditionalCheckFailedException ccf) {
        extra = "item=" + (ccf.hasItem() ? CANON.item(ccf.item()) : "absent");
      } else if (e instanceof TransactionCanceledException tce && tce.hasCancellationReasons()) {
        extra = "reasons=" + tce.cancellationReasons();
      }
      return new Outcome(false, extra, code, e.statusCode(), message, e.getClass().getSimpleName());
    } catch (RuntimeException e) {
      // not an SDK service exception: always a mismatch unless the other side threw the same class
      return new Outcome(false, "", "(client-side " + e.getClass().getName() + ")", -1, String.valueOf(e.getMessage()),
          e.getClass().getSimpleName());
    }
  }

  /**
   * What is compared of a successful Scan. The order of a Scan is not defined by DynamoDB (it follows a hash of the
   * partition key), and which partitions fall in which segment of a parallel scan is not defined either. So:
   * <ul>
   *   <li>a whole scan (no Limit, no segments, no ExclusiveStartKey): the multiset of items, Count, ScannedCount,
   *       LastEvaluatedKey and ConsumedCapacity (the same items are read);</li>
   *   <li>a page of an unsegmented scan (Limit, no ExclusiveStartKey): which items come first differs, but not how many
   *       are read ({@code min(Limit, items in the table)}) nor whether a LastEvaluatedKey comes back;</li>
   *   <li>otherwise (segments, or a start key whose position differs by order): only that it succeeded and that
   *       Count &lt;= ScannedCount &lt;= Limit on each side.</li>
   * </ul>
   * Every side also checks that Items (when returned) has Count entries.
   */
  static String scanBody(ScanRequest req, ScanResponse r) {
    List<String> broken = new ArrayList<>();
    if (r.hasItems() && r.items().size() != r.count()) broken.add("Items has " + r.items().size() + " entries");
    if (r.count() > r.scannedCount()) broken.add("Count > ScannedCount");
    if (req.limit() != null && r.scannedCount() > req.limit()) broken.add("ScannedCount > Limit");
    if (!broken.isEmpty()) {
      return "BROKEN " + broken + ": Count=" + r.count() + " ScannedCount=" + r.scannedCount() + " Items=" + r.items();
    }
    boolean segmented = req.totalSegments() != null;
    if (!segmented && !req.hasExclusiveStartKey() && req.limit() == null) {
      List<String> items = r.hasItems() ? new ArrayList<>(r.items().stream().map(CANON::item).toList()) : null;
      if (items != null) items.sort(null);
      return "Items(any order)=" + (items == null ? "absent" : items) + " Count=" + r.count()
          + " ScannedCount=" + r.scannedCount()
          + " LastEvaluatedKey=" + (r.hasLastEvaluatedKey() ? CANON.item(r.lastEvaluatedKey()) : "absent")
          + " ConsumedCapacity=" + capacity(req, r.consumedCapacity());
    }
    if (!segmented && !req.hasExclusiveStartKey()) {
      return "(a page of a scan: items not compared) Items " + (r.hasItems() ? "present" : "absent")
          + " ScannedCount=" + r.scannedCount() + " LastEvaluatedKey " + (r.hasLastEvaluatedKey() ? "present" : "absent");
    }
    return "(segment or continued scan: only Count <= ScannedCount <= Limit checked) Items "
        + (r.hasItems() ? "present" : "absent");
  }

  /**
   * Why a difference between the subject's and the oracle's answer is expected, or null if it is not. Each is either
   * a freedom DynamoDB leaves to an implementation, or an engine bug found against the reference model (named as
   * such, with the documentation that says what Amazon DynamoDB does); the bugs are to be fixed in the engine, and
   * then their tolerance removed.
   * <ul>
   *   <li>A parallel Scan with an ExclusiveStartKey: which segment a partition key falls in depends on a hash
   *       DynamoDB does not document, so a start key one side refuses as outside the segment (a
   *       ValidationException) the other may accept.</li>
   * </ul>
   * Two engine bugs the model found were fixed, and their tolerances removed: a Query or Scan that read no item
   * reported 0 capacity units (the API reference: "Queries that do not return results consume the minimum number of
   * read capacity units"), and a sum of more than 38 digits was rounded instead of refused.
   */
  static String tolerated(Object req, Outcome s, Outcome o, boolean messages) {
    if (req instanceof ScanRequest sc && sc.totalSegments() != null && sc.totalSegments() > 1 && sc.hasExclusiveStartKey()
        && (s.ok || "ValidationException".equals(s.code)) && (o.ok || "ValidationException".equals(o.code)) && s.ok != o.ok) {
      return "the start key's segment differs";
    }
    return null;
  }


  /** What one client answered to one request. */
  record Outcome(boolean ok, String body, String code, int status, String message, String exceptionClass) {
    static Outcome ok(String body) {
      return new Outcome(true, body, null, 200, null, null);
    }

    /** Whether two answers agree: body, and for failures code, status and class, and the message if asked. */
    boolean matches(Outcome o, boolean messages) {
      if (ok != o.ok || !body.equals(o.body)) return false;
      if (ok) return true;
      return java.util.Objects.equals(code, o.code) && status == o.status
          && java.util.Objects.equals(exceptionClass, o.exceptionClass)
          && (!messages || java.util.Objects.equals(message, o.message));
    }

    @Override
    public String toString() {
      if (ok) return body;
      return exceptionClass + " " + code + " (" + status + "): " + message + (body.isEmpty() ? "" : " [" + body + "]");
    }
  }
}
