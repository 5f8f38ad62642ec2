package io.partita.embedded.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Differential test of TransactWriteItems and TransactGetItems: the same seeded random requests ({@link TxOpGenerator})
 * go to Partita ({@link Subjects#partita()}) and to DynamoDB Local ({@link Subjects#oracle()}), on a plain composite-key
 * table and on one with two GSIs and an LSI, and every answer must match:
 * <ul>
 *   <li>success or failure; for a failure the error code, HTTP status and message, and for a
 *       TransactionCanceledException each cancellation reason in order: its code, its message and the item it carries
 *       (ReturnValuesOnConditionCheckFailure ALL_OLD);</li>
 *   <li>for a TransactWriteItems that succeeded, the ConsumedCapacity (as a multiset over tables; see
 *       {@link #capacity} for what is masked) and the ItemCollectionMetrics;</li>
 *   <li>for a TransactGetItems that succeeded, the responses in order and the ConsumedCapacity;</li>
 *   <li>after every request, the whole contents of both tables (Scan, as multisets) and of every index; and
 *       Partita's DescribeTable ItemCount of each table and index against what its Scan returned.</li>
 * </ul>
 *
 * <p>Deliberate differences (answers Partita gives as Amazon DynamoDB documents them, where DynamoDB Local differs, and
 * wordings Partita keeps from its single-item operations) are listed in {@link #tolerated}; a tolerated answer is
 * counted in the seed's outcomes. The units of a TransactWriteItems' ConsumedCapacity are not compared
 * ({@link #writeCapacity}).
 *
 * <p>Properties: {@code -Dpartita.seed=N} (one seed), {@code -Dpartita.seeds=K} (seeds 1..K, default 4),
 * {@code -Dpartita.steps=S} (requests per seed, default 250), {@code -Dpartita.verbose=true} (print every request),
 * {@code -Dpartita.keepGoing=true} (report every mismatch of a seed, then fail).
 * Run: {@code mvn -o -pl partita-engine,partita-embedded test -Dtest=TransactionDifferentialTest
 * -Dsurefire.failIfNoSpecifiedTests=false}
 */
public class TransactionDifferentialTest extends OracleHarness {
  static final int STEPS = Integer.getInteger("partita.steps", 250);
  static final int SEEDS = Integer.getInteger("partita.seeds", 4);
  static final boolean VERBOSE = Boolean.getBoolean("partita.verbose");
  static final boolean KEEP_GOING = Boolean.getBoolean("partita.keepGoing");
  static final List<String> INDEXES = DifferentialTest.INDEXES;
  private static final Canon CANON = new Canon(false);


  @TestFactory
  Stream<DynamicTest> randomTransactions() {
    return perSeed(SEEDS, this::run);
  }

  private void run(long seed) {
    // lower-case, seed-specific names: DynamoDB Local treats table names case-insensitively
    String composite = "tx_c_" + seed;
    String indexed = "tx_i_" + seed;
    for (DynamoDbClient c : List.of(subject, oracle)) {
      createComposite(c, composite);
      createIndexed(c, indexed);
    }
    TxOpGenerator gen = new TxOpGenerator(seed, composite, indexed);
    Map<String, Integer> stats = new TreeMap<>();
    // tokens whose requests were answered differently (a tolerated difference): Partita and Local hold them in
    // different states (say, a cancellation Partita keeps the token of, where Local refused the request and keeps none),
    // so later requests with them are not compared
    java.util.Set<String> divergedTokens = new java.util.HashSet<>();
    AssertionFailedError first = null;
    try {
      for (PutItemRequest p : gen.seedItems()) {
        subject.putItem(p);
        oracle.putItem(p);
      }
      compareState(seed, 0, "(seed items)", composite, indexed);
      for (int step = 1; step <= STEPS; step++) {
        Object req = gen.next();
        if (VERBOSE) printItems(req);
        Outcome s = execute(subject, req);
        Outcome o = execute(oracle, req);
        String name = req instanceof TransactWriteItemsRequest ? "TransactWriteItems" : "TransactGetItems";
        if (VERBOSE) System.out.printf("seed %d step %d: %s%n  -> %s%n", seed, step, show(req), o);
        String token = req instanceof TransactWriteItemsRequest w ? w.clientRequestToken() : null;
        Tolerance why = s.matches(o) ? null : divergedTokens.contains(token)
            ? new Tolerance("a token whose earlier request was answered differently", s.ok || o.ok) : tolerated(req, s, o);
        if (why != null && token != null) divergedTokens.add(token);
        if (why != null) {
          stats.merge(name + " tolerated (" + why.why() + ")", 1, Integer::sum);
          if (why.resync()) resyncAll(composite, indexed);
        } else if (!s.matches(o)) {
          AssertionFailedError e = mismatch(seed, step, show(req), s.toString(), o.toString());
          if (!KEEP_GOING) throw e;
          if (first == null) first = e;
        }
        stats.merge(name + " " + (o.ok ? "ok" : o.code), 1, Integer::sum);
        try {
          compareState(seed, step, show(req), composite, indexed);
        } catch (AssertionFailedError e) {
          if (!KEEP_GOING) throw e;
          if (first == null) first = e;
          resyncAll(composite, indexed);
        }
      }
    } finally {
      for (DynamoDbClient c : List.of(subject, oracle)) {
        for (String t : List.of(composite, indexed)) {
          try {
            c.deleteTable(b -> b.tableName(t));
          } catch (RuntimeException ignored) {
            // best effort
          }
        }
      }
    }
    System.out.println("TransactionDifferentialTest seed " + seed + ": " + STEPS + " requests, outcomes " + stats);
    if (first != null) throw first;
  }

  /** With -Dpartita.verbose: the items the request's actions name, as DynamoDB Local holds them before it runs. */
  private void printItems(Object req) {
    if (!(req instanceof TransactWriteItemsRequest w)) return;
    for (var t : w.transactItems()) {
      try {
        Map<String, AttributeValue> key = TxOpGenerator.keyOf(t);
        var r = oracle.getItem(b -> b.tableName(TxOpGenerator.tableOf(t)).key(key).consistentRead(true));
        System.out.println("  before: " + TxOpGenerator.tableOf(t) + " " + CANON.item(key) + " -> "
            + (r.hasItem() ? CANON.item(r.item()) : "(no item)"));
      } catch (RuntimeException e) {
        System.out.println("  before: (" + e.getMessage() + ")");
      }
    }
  }

  private static void createComposite(DynamoDbClient c, String table) {
    c.createTable(b -> b.tableName(table)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build(),
            AttributeDefinition.builder().attributeName("sk").attributeType("N").build())
        .billingMode(BillingMode.PAY_PER_REQUEST));
  }

  /** The same indexed table as {@link DifferentialTest}'s: two GSIs (ALL, KEYS_ONLY) and an LSI (INCLUDE a). */
  private static void createIndexed(DynamoDbClient c, String table) {
    DifferentialTest.createIndexedTable(c, table);
  }

  // ------------------------------------------------------------------ state

  /**
   * Both tables and every index, read whole on each side and compared as multisets; and Partita's ItemCounts against
   * what its Scans returned.
   */
  private void compareState(long seed, int step, String request, String composite, String indexed) {
    for (String table : List.of(composite, indexed)) {
      List<String> s = scanAll(subject, table, null);
      List<String> o = scanAll(oracle, table, null);
      if (!s.equals(o)) {
        throw mismatch(seed, step, request + "\n  (then: the contents of table " + table + ")",
            String.join("\n    ", s), String.join("\n    ", o));
      }
      TableDescription d = subject.describeTable(b -> b.tableName(table)).table();
      if (d.itemCount() != s.size()) {
        throw mismatch(seed, step, request + "\n  (then: Partita's ItemCount of " + table + " against its Scan)",
            "ItemCount=" + d.itemCount(), "ItemCount=" + s.size());
      }
      if (!table.equals(indexed)) continue;
      Map<String, Long> counts = new TreeMap<>();
      d.globalSecondaryIndexes().forEach(g -> counts.put(g.indexName(), g.itemCount()));
      d.localSecondaryIndexes().forEach(l -> counts.put(l.indexName(), l.itemCount()));
      for (String index : INDEXES) {
        List<String> si = scanAll(subject, table, index);
        List<String> oi = scanAll(oracle, table, index);
        if (!si.equals(oi)) {
          throw mismatch(seed, step, request + "\n  (then: the contents of index " + index + ")",
              String.join("\n    ", si), String.join("\n    ", oi));
        }
        if (!Objects.equals(counts.get(index), (long) si.size())) {
          throw mismatch(seed, step, request + "\n  (then: Partita's ItemCount of index " + index + " against its Scan)",
              "ItemCount=" + counts.get(index), "ItemCount=" + si.size());
        }
      }
    }
  }

  /** After a mismatch of state (with keepGoing): Partita's items are copied to DynamoDB Local. */
  private void resyncAll(String... tables) {
    for (String table : tables) {
      for (Map<String, AttributeValue> item : scanItems(oracle, table)) {
        Map<String, AttributeValue> key = Map.of("pk", item.get("pk"), "sk", item.get("sk"));
        oracle.deleteItem(b -> b.tableName(table).key(key));
      }
      for (Map<String, AttributeValue> item : scanItems(subject, table)) {
        oracle.putItem(b -> b.tableName(table).item(item));
      }
    }
  }

  private static List<Map<String, AttributeValue>> scanItems(DynamoDbClient c, String table) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder b = ScanRequest.builder().tableName(table).consistentRead(true);
      if (start != null) b.exclusiveStartKey(start);
      ScanResponse r = c.scan(b.build());
      items.addAll(r.items());
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }

  private static List<String> scanAll(DynamoDbClient c, String table, String index) {
    List<String> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    int pages = 0;
    do {
      ScanRequest.Builder b = ScanRequest.builder().tableName(table);
      if (index != null) b.indexName(index);
      else b.consistentRead(true);
      if (start != null) b.exclusiveStartKey(start);
      ScanResponse r = c.scan(b.build());
      r.items().forEach(i -> items.add(CANON.item(i)));
      start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      if (++pages > 1000) throw new AssertionFailedError("Scan of " + table + " does not end");
    } while (start != null);
    items.sort(null);
    return items;
  }

  // ------------------------------------------------------------------ answers

  /** What one client answered to one request. */
  record Outcome(boolean ok, String body, String code, int status, String message) {
    static Outcome ok(String body) {
      return new Outcome(true, body, null, 200, null);
    }

    boolean matches(Outcome o) {
      return ok == o.ok && body.equals(o.body) && Objects.equals(code, o.code) && status == o.status
          && Objects.equals(message, o.message);
    }

    @Override
    public String toString() {
      return ok ? body : code + " (" + status + "): " + message + (body.isEmpty() ? "" : "\n    " + body);
    }
  }

  static Outcome execute(DynamoDbClient c, Object req) {
    try {
      if (req instanceof TransactWriteItemsRequest w) {
        TransactWriteItemsResponse r = c.transactWriteItems(w);
        return Outcome.ok("ConsumedCapacity=" + writeCapacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null)
            + " ItemCollectionMetrics=" + metrics(r));
      }
      TransactGetItemsRequest g = (TransactGetItemsRequest) req;
      TransactGetItemsResponse r = c.transactGetItems(g);
      List<String> responses = new ArrayList<>();
      if (r.hasResponses()) {
        for (ItemResponse i : r.responses()) responses.add(i.hasItem() ? CANON.item(i.item()) : "(no item)");
      }
      return Outcome.ok("Responses=" + (r.hasResponses() ? responses : "absent")
          + " ConsumedCapacity=" + capacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null));
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
      String message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
      StringBuilder body = new StringBuilder();
      if (e instanceof TransactionCanceledException tce) {
        body.append("reasons=");
        if (!tce.hasCancellationReasons()) {
          body.append("absent");
        } else {
          List<String> reasons = new ArrayList<>();
          for (CancellationReason cr : tce.cancellationReasons()) {
            // DynamoDB Local ends this message with a period when it returns no item, and without one when it does;
            // Partita never does (the API reference's list of reasons has the period; what Amazon DynamoDB was seen to
            // send, and its ConditionalCheckFailedException, have none): compared without it
            String reasonMessage = cr.message();
            if ("ConditionalCheckFailed".equals(cr.code()) && "The conditional request failed.".equals(reasonMessage)) {
              reasonMessage = "The conditional request failed";
            }
            reasons.add(cr.code() + (reasonMessage == null ? "" : " \"" + reasonMessage + "\"")
                + (cr.hasItem() ? " item=" + CANON.item(cr.item()) : ""));
          }
          body.append(String.join("\n      ", reasons));
        }
      }
      return new Outcome(false, body.toString(), code, e.statusCode(), message);
    } catch (RuntimeException e) {
      return new Outcome(false, "", "(client-side " + e.getClass().getName() + ")", -1, String.valueOf(e.getMessage()));
    }
  }

  /**
   * The ConsumedCapacity of a TransactGetItems, one per table, compared whole as a multiset (DynamoDB does not define
   * their order).
   */
  static String capacity(List<ConsumedCapacity> consumed) {
    if (consumed == null) return "absent";
    List<String> all = new ArrayList<>();
    for (ConsumedCapacity c : consumed) all.add(CANON.capacity(c));
    all.sort(null);
    return all.toString();
  }

  /**
   * The ConsumedCapacity of a TransactWriteItems: only which tables it names and whether it breaks them down (INDEXES),
   * not the units. DynamoDB documents a transactional write as two underlying writes of the item (2 units per started
   * KB, twice a PutItem's), and so Partita charges; DynamoDB Local charges twice that (4 units for an item under 1 KB,
   * 12 for 3 KB; 2 for a Delete of no item), counts a ConditionCheck as write units, and adds each index's writes,
   * which Partita does not charge yet (for single-item writes neither: see DifferentialTest#capacity). The fields
   * (CapacityUnits with WriteCapacityUnits, and ReadCapacityUnits) are as Local's; TransactionsTest checks Partita's
   * units.
   */
  static String writeCapacity(List<ConsumedCapacity> consumed) {
    if (consumed == null) return "absent";
    List<String> all = new ArrayList<>();
    for (ConsumedCapacity c : consumed) all.add(c.tableName() + (c.table() != null ? " (with Table)" : ""));
    all.sort(null);
    return all.toString();
  }

  static String metrics(TransactWriteItemsResponse r) {
    if (!r.hasItemCollectionMetrics()) return "absent";
    Map<String, List<String>> out = new TreeMap<>();
    r.itemCollectionMetrics().forEach((table, list) -> {
      List<String> l = new ArrayList<>();
      for (ItemCollectionMetrics m : list) l.add(CANON.item(m.itemCollectionKey()) + " " + m.sizeEstimateRangeGB());
      l.sort(null);
      out.put(table, l);
    });
    return out.toString();
  }

  /** Why a difference between Partita's and DynamoDB Local's answer is expected, and whether Local must then be reset. */
  record Tolerance(String why, boolean resync) {}

  /**
   * Runtime errors of an action that the API reference lists among the messages of a ValidationError cancellation
   * reason (TransactionCanceledException: "Validation Error: ... An operand in the update expression has an incorrect
   * data type; Item size to update has exceeded the maximum allowed size; The document path provided in the update
   * expression is invalid for update; The provided expression refers to an attribute that does not exist in the item;
   * The update expression attempted to update the secondary index key to unsupported type ..."). Partita cancels with
   * that reason at the action, as documented; DynamoDB Local refuses the whole request with a ValidationException.
   */
  static final List<String> RUNTIME_REASONS = List.of(
      "An operand in the update expression has an incorrect data type",
      "The document path provided in the update expression is invalid for update",
      "The provided expression refers to an attribute that does not exist in the item",
      "Item size to update has exceeded the maximum allowed size",
      "One or more parameter values are not valid. The update expression attempted to update a secondary index key to "
          + "a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.");

  /**
   * Why a difference between Partita's and DynamoDB Local's answer is expected, or null if it is not. Each is a
   * deliberate difference (Partita follows the API reference or Amazon DynamoDB where DynamoDB Local does not), or a
   * wording of the single-item operations that Partita keeps for them and their transaction actions alike:
   * <ul>
   *   <li>Runtime errors of an Update ({@link #RUNTIME_REASONS}): a ValidationError cancellation reason, as
   *       documented; Local refuses the request. Local stops at the first it meets, in its order of evaluation
   *       (which Partita's UpdateItem follows in the cases probed, not in every one), and it meets an action's runtime
   *       error before it checks a later action against its table (a missing key attribute, an empty index key...),
   *       which Partita checks for every action before reading any item: both refuse, naming different errors.</li>
   *   <li>An Update of a key attribute: Partita cancels with a ValidationError reason at the action, every other
   *       action with its own reason, as documented; Local cancels with that one reason alone (one reason for a
   *       request of several actions, which the API reference does not allow).</li>
   *   <li>A Key of the wrong type: Partita refuses the request as GetItem and DeleteItem do ("The provided key
   *       element does not match the schema"); Local cancels with a ValidationError reason "Type mismatch for key".
   *       The same for a Put's item (below).</li>
   *   <li>IdempotentParameterMismatchException: Local sends no message.</li>
   *   <li>Two actions on one item: Partita refuses the request before reading anything; Local checks this only
   *       after the actions' conditions passed (and so answers a cancellation, or another action's error, first), and
   *       does not see two spellings of one number key (sk 2 and 2.00) as one item at all: it applies both.</li>
   *   <li>An Update without UpdateExpression, or ReturnValuesOnConditionCheckFailure other than NONE and ALL_OLD: the
   *       API reference makes the first required and the second an enum of those two, and Partita refuses them;
   *       Local accepts both.</li>
   *   <li>ItemCollectionMetrics: the API reference documents them for TransactWriteItems (per table, the item
   *       collections the writes touched), and Partita returns them for tables with local indexes; Local never
   *       does.</li>
   *   <li>A Put whose item has a key attribute of the wrong type: Partita refuses the request as its PutItem does
   *       (and with its message, Amazon DynamoDB's, which names the attribute and types); Local cancels with a
   *       ValidationError reason "Type mismatch for key".</li>
   *   <li>Single-item wordings: a table that does not exist ("Requested resource not found: Table: x not found";
   *       Local: "Cannot do operations on a non-existent table"), a Put item without a key attribute ("Missing the key
   *       sk in the item"; Local: "One of the required keys was not given a value"), ADD and DELETE operand errors
   *       (Local appends ", typeSet: ALLOWED_FOR_ADD_OPERAND"), and overlapping update paths (Local's "path two" may
   *       name a path that does not overlap; "path one" must agree).</li>
   *   <li>TransactGetItems validation where Local's answers are plainly off: an empty list or a TransactGetItem
   *       without Get ("Value null at 'transactItems'"), a Get without Key ("Get Condition for key not in key list")
   *       or TableName ("Requested resource not found", a ValidationException), and a Key of the wrong type or with
   *       another attribute (a TransactionCanceledException whose reasons are those of an earlier transaction). Partita
   *       names the member as its TransactWriteItems does, and answers a wrong key as GetItem does.</li>
   * </ul>
   */
  static Tolerance tolerated(Object req, Outcome s, Outcome o) {
    String sm = s.message == null ? "" : s.message;
    String om = o.message == null ? "" : o.message;
    if (!s.ok && "TransactionCanceledException".equals(s.code) && !o.ok && "ValidationException".equals(o.code)
        && RUNTIME_REASONS.contains(om) && s.body.contains("ValidationError \"" + om + "\"")) {
      return new Tolerance("a runtime error is the action's ValidationError, as documented", false);
    }
    // the same for a number with more than 38 digits made by an update, in UpdateItem's wording (Local: "DynamoDB only
    // supports precision up to 38 digits")
    if (!s.ok && "TransactionCanceledException".equals(s.code) && om.equals("DynamoDB only supports precision up to 38 digits")
        && s.body.contains("ValidationError \"Attempting to store more than 38 significant digits in a Number\"")) {
      return new Tolerance("a runtime error is the action's ValidationError, as documented (38 digits)", false);
    }
    if (!s.ok && "TransactionCanceledException".equals(s.code) && !o.ok && "ValidationException".equals(o.code)
        && RUNTIME_REASONS.contains(om) && RUNTIME_REASONS.stream().anyMatch(m -> s.body.contains("ValidationError \"" + m + "\""))) {
      return new Tolerance("runtime errors of updates: another one named first", false);
    }
    if (!s.ok && "ValidationException".equals(s.code) && !RUNTIME_REASONS.contains(sm) && !o.ok
        && "ValidationException".equals(o.code) && RUNTIME_REASONS.contains(om)) {
      return new Tolerance("Local names an earlier action's runtime error before a later action's request error", false);
    }
    if (!s.ok && "TransactionCanceledException".equals(s.code) && "TransactionCanceledException".equals(o.code)
        && o.body.startsWith("reasons=ValidationError \"One or more parameter values were invalid: Cannot update attribute ")
        && !o.body.contains("\n") && s.body.contains(o.body.substring("reasons=".length()))) {
      return new Tolerance("Local: an update of a key attribute cancels with its reason alone", false);
    }
    if (!s.ok && sm.equals("The provided key element does not match the schema") && "TransactionCanceledException".equals(o.code)
        && o.body.contains("ValidationError \"One or more parameter values were invalid: Type mismatch for key\"")) {
      return new Tolerance("a Key of the wrong type refused as by GetItem and DeleteItem", false);
    }
    if ("IdempotentParameterMismatchException".equals(s.code) && "IdempotentParameterMismatchException".equals(o.code)
        && om.isEmpty()) {
      return new Tolerance("Local: IdempotentParameterMismatchException without message", false);
    }
    if (!s.ok && sm.equals("Transaction request cannot include multiple operations on one item") && hasDuplicate(req)) {
      return new Tolerance("two actions on one item refused first" + (o.ok ? " (Local applied both)" : ""), o.ok);
    }
    if (!s.ok && sm.matches("Value null at 'transactItems\\.\\d+\\.member\\.update\\.updateExpression' .*")) {
      return new Tolerance("UpdateExpression is required", o.ok);
    }
    if (!s.ok && sm.matches("Value .* at 'transactItems\\.\\d+\\.member\\.\\w+\\.returnValuesOnConditionCheckFailure' .*")) {
      return new Tolerance("ReturnValuesOnConditionCheckFailure is NONE or ALL_OLD", o.ok);
    }
    if (s.ok && o.ok && o.body.endsWith("ItemCollectionMetrics=absent")
        && s.body.replaceAll("ItemCollectionMetrics=.*$", "").equals(o.body.replaceAll("ItemCollectionMetrics=.*$", ""))) {
      return new Tolerance("ItemCollectionMetrics are documented for TransactWriteItems", false);
    }
    if (!s.ok && sm.matches("One or more parameter values were invalid: Type mismatch for key \\w+ expected: \\w+ actual: \\w+")
        && "TransactionCanceledException".equals(o.code)
        && o.body.contains("ValidationError \"One or more parameter values were invalid: Type mismatch for key\"")) {
      return new Tolerance("a Put's key of the wrong type refused as by PutItem", false);
    }
    if (s.ok || o.ok || !Objects.equals(s.code, o.code) && !"TransactionCanceledException".equals(o.code)) return null;
    if ("ResourceNotFoundException".equals(s.code) && sm.startsWith("Requested resource not found: Table: ")
        && om.equals("Cannot do operations on a non-existent table")) {
      return new Tolerance("PutItem's wording: table not found", false);
    }
    if (sm.matches("One or more parameter values were invalid: Missing the key \\w+ in the item")
        && om.equals("One of the required keys was not given a value")) {
      return new Tolerance("PutItem's wording: missing key", false);
    }
    if (om.equals(sm + ", typeSet: ALLOWED_FOR_ADD_OPERAND") || om.equals(sm + ", typeSet: ALLOWED_FOR_DELETE_OPERAND")) {
      return new Tolerance("UpdateItem's wording: ADD/DELETE operand", false);
    }
    String overlap = "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of "
        + "these paths; path one: ";
    if (sm.startsWith(overlap) && om.startsWith(overlap) && sm.contains(", path two: ") && om.contains(", path two: ")
        && sm.substring(0, sm.indexOf(", path two: ")).equals(om.substring(0, om.indexOf(", path two: ")))) {
      return new Tolerance("UpdateItem's wording: overlapping paths", false);
    }
    if (req instanceof TransactGetItemsRequest) {
      String nullItems = "Value null at 'transactItems' failed to satisfy constraint: Member must not be null";
      if (om.equals(nullItems) && (sm.startsWith("Value [] at 'transactItems' ")
          || sm.matches("Value null at 'transactItems\\.\\d+\\.member\\.get' .*"))) {
        return new Tolerance("Local: transactItems null", false);
      }
      if (om.equals("Get Condition for key not in key list") && sm.matches("Value null at '.*\\.get\\.key' .*")) {
        return new Tolerance("Local: Get without Key", false);
      }
      if (om.equals("Requested resource not found") && sm.matches("Value null at '.*\\.get\\.tableName' .*")) {
        return new Tolerance("Local: Get without TableName", false);
      }
      if ("TransactionCanceledException".equals(o.code) && sm.equals("The provided key element does not match the schema")) {
        return new Tolerance("Local: a wrong Get key cancels with stale reasons", false);
      }
    }
    return null;
  }

  /** Whether two actions (or gets) of the request name one item: the same table and key, numbers compared by value. */
  static boolean hasDuplicate(Object req) {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    if (req instanceof TransactWriteItemsRequest w) {
      for (var t : w.transactItems()) {
        try {
          tables.add(TxOpGenerator.tableOf(t));
          keys.add(TxOpGenerator.keyOf(t));
        } catch (RuntimeException e) {
          // an action without any member, or without key or item: not a duplicate
        }
      }
    } else {
      for (var t : ((TransactGetItemsRequest) req).transactItems()) {
        if (t.get() == null) continue;
        tables.add(t.get().tableName());
        keys.add(t.get().key());
      }
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      if (!seen.add(tables.get(i) + " " + CANON.item(keys.get(i)))) return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ reporting

  /** The request for a message: long runs of one character (the oversize items) abbreviated. */
  static String show(Object req) {
    String text = String.valueOf(req);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.)\\1{40,}").matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(m.group(1) + "…(" + m.group().length() + "×)"));
    m.appendTail(sb);
    return sb.length() > 20000 ? sb.substring(0, 20000) + "…(" + sb.length() + " chars)" : sb.toString();
  }

  private static AssertionFailedError mismatch(long seed, int step, String request, String subjectOutcome,
      String oracleOutcome) {
    String msg = "Transaction differential mismatch at seed " + seed + ", step " + step + "\n"
        + "  request: " + request + "\n"
        + "  subject: " + subjectOutcome + "\n"
        + "  oracle:  " + oracleOutcome + "\n"
        + "  replay:  mvn -o -pl partita-engine,partita-embedded test -Dtest=TransactionDifferentialTest"
        + " -Dsurefire.failIfNoSpecifiedTests=false -Dpartita.seed=" + seed + " -Dpartita.steps=" + step
        + " -Dpartita.verbose=true";
    System.out.println(msg);
    return new AssertionFailedError(msg, oracleOutcome, subjectOutcome);
  }
}
