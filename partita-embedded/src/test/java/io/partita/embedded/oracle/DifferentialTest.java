package io.partita.embedded.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Differential test: the same seeded random sequence of item requests goes to the subject ({@link Subjects#partita()})
 * and to the oracle (DynamoDB Local, {@link Subjects#oracle()}); every answer must match.
 *
 * <p>Compared: returned items/attributes (canonical form, see {@link Canon}: map keys and set elements order-insensitive,
 * numbers by value unless {@code -Dpartita.strictNumbers=true}), ConsumedCapacity, the presence or absence of Item /
 * Attributes, and for failures the error code and HTTP status (plus the message with
 * {@code -Dpartita.compareMessages=true}) and the item a ConditionalCheckFailedException carries. Every 50 steps and at
 * the end of a seed, both tables are scanned and compared.
 *
 * <p>Properties:
 * <ul>
 *   <li>{@code -Dpartita.seed=N}: run only seed N (replay a failure)</li>
 *   <li>{@code -Dpartita.seeds=K}: run seeds 1..K (default 6)</li>
 *   <li>{@code -Dpartita.steps=S}: steps per seed (default 300)</li>
 *   <li>{@code -Dpartita.compareMessages=true}: also compare error messages</li>
 *   <li>{@code -Dpartita.strictNumbers=true}: compare numbers by exact spelling</li>
 *   <li>{@code -Dpartita.verbose=true}: print every step</li>
 *   <li>{@code -Dpartita.ops=PutItem,GetItem}: only run these operations (others are generated and skipped, so a seed
 *       stays reproducible for a given filter)</li>
 * </ul>
 * Run: {@code mvn -q -pl partita-embedded -am test -Dtest=DifferentialTest -Dsurefire.failIfNoSpecifiedTests=false}
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class DifferentialTest {

  static final boolean COMPARE_MESSAGES = Boolean.getBoolean("partita.compareMessages");
  static final boolean STRICT_NUMBERS = Boolean.getBoolean("partita.strictNumbers");
  static final boolean VERBOSE = Boolean.getBoolean("partita.verbose");
  static final int STEPS = Integer.getInteger("partita.steps", 300);
  static final int SEEDS = Integer.getInteger("partita.seeds", 6);
  static final java.util.Set<String> OPS = System.getProperty("partita.ops", "").isBlank() ? java.util.Set.of()
      : java.util.Set.of(System.getProperty("partita.ops").replace(" ", "").split(","));

  private DynamoDbClient subject;
  private DynamoDbClient oracle;
  private static final Canon CANON = new Canon(STRICT_NUMBERS);

  /**
   * The client under test: the embedded engine here; the server module's subclass answers a client
   * that reaches the engine over HTTP, so the same sequences check the wire protocol too.
   */
  protected DynamoDbClient newSubject() {
    return Subjects.partita();
  }

  @BeforeAll
  void start() {
    subject = newSubject();
    oracle = Subjects.oracle();
  }

  @AfterAll
  void stop() {
    for (DynamoDbClient c : new DynamoDbClient[] {subject, oracle}) {
      try {
        if (c != null) c.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> randomSequences() {
    String one = System.getProperty("partita.seed");
    LongStream seeds = one != null ? LongStream.of(Long.parseLong(one.trim())) : LongStream.rangeClosed(1, SEEDS);
    return seeds.mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> run(seed)));
  }

  // ------------------------------------------------------------------ one seed

  private void run(long seed) {
    // lower-case, seed-specific names: DynamoDB Local treats table names case-insensitively, Amazon DynamoDB does not
    String suffix = Long.toString(seed).replace('-', 'm');
    String composite = "diff_c_" + suffix;
    String hashOnly = "diff_h_" + suffix;
    for (DynamoDbClient c : List.of(subject, oracle)) {
      createTables(c, composite, hashOnly);
    }
    OpGenerator gen = new OpGenerator(seed, composite, hashOnly);
    Map<String, Integer> stats = new TreeMap<>();
    try {
      for (int step = 1; step <= STEPS; step++) {
        Object req = gen.next();
        while (!OPS.isEmpty() && !OPS.contains(opName(req))) req = gen.next();
        Outcome s = execute(subject, req);
        Outcome o = execute(oracle, req);
        stats.merge(opName(req) + " " + (o.ok ? "ok" : o.code), 1, Integer::sum);
        if (VERBOSE) System.out.printf("seed %d step %d: %s%n  -> %s%n", seed, step, req, o);
        if (!s.matches(o)) {
          throw mismatch(seed, step, req.toString(), s, o);
        }
        if (step % 50 == 0 || step == STEPS) {
          compareTables(seed, step, composite);
          compareTables(seed, step, hashOnly);
        }
      }
    } finally {
      for (DynamoDbClient c : List.of(subject, oracle)) {
        try {
          c.deleteTable(b -> b.tableName(composite));
          c.deleteTable(b -> b.tableName(hashOnly));
        } catch (RuntimeException ignored) {
          // best effort
        }
      }
    }
    System.out.println("DifferentialTest seed " + seed + ": " + STEPS + " steps, outcomes " + stats);
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

  // ------------------------------------------------------------------ execution and outcomes

  private static String opName(Object req) {
    String n = req.getClass().getSimpleName();
    return n.substring(0, n.length() - "Request".length());
  }

  /**
   * ConsumedCapacity, compared only when the request asked for it: DynamoDB Local answers DeleteItem with
   * ConsumedCapacity even for ReturnConsumedCapacity NONE, which Amazon DynamoDB does not do.
   */
  private static String capacity(Object req, ConsumedCapacity c) {
    ReturnConsumedCapacity asked = ((DynamoDbRequest) req).getValueForField("ReturnConsumedCapacity", String.class)
        .map(ReturnConsumedCapacity::fromValue).orElse(ReturnConsumedCapacity.NONE);
    return asked == ReturnConsumedCapacity.NONE ? "(not asked)" : CANON.capacity(c);
  }

  static Outcome execute(DynamoDbClient c, Object req) {
    try {
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

  /** What one client answered to one request. */
  record Outcome(boolean ok, String body, String code, int status, String message, String exceptionClass) {
    static Outcome ok(String body) {
      return new Outcome(true, body, null, 200, null, null);
    }

    boolean matches(Outcome o) {
      if (ok != o.ok || !body.equals(o.body)) return false;
      if (ok) return true;
      return java.util.Objects.equals(code, o.code) && status == o.status
          && java.util.Objects.equals(exceptionClass, o.exceptionClass)
          && (!COMPARE_MESSAGES || java.util.Objects.equals(message, o.message));
    }

    @Override
    public String toString() {
      if (ok) return body;
      return exceptionClass + " " + code + " (" + status + "): " + message + (body.isEmpty() ? "" : " [" + body + "]");
    }
  }
}
