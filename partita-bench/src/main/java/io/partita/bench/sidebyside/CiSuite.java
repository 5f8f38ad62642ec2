package io.partita.bench.sidebyside;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Issue 37's CI-suite benchmark, what a project's test run feels like: a fresh target started, then 50
 * tests, each creating a table with a GSI, doing 20 puts, 10 gets, 2 queries, a conditional update and a
 * two-item transaction, and deleting its table; 50 in a row, and 50 over 4 threads; start-up and the stop
 * included in the total. Against Partita's server, Partita embedded and dynalite, in memory, in the same
 * run. Each test waits for its table to be ACTIVE, as a test against DynamoDB does (DescribeTable until
 * it is; Partita's is at once, dynalite's a moment later). dynalite does not serve TransactWriteItems (it answers UnknownOperationException): its tests do the
 * two writes as two PutItems instead, which is said beside its figure.
 *
 * <pre>partita-bench/ci-suite.sh [runs]</pre>
 */
public final class CiSuite {
  static final int TESTS = 50;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  static final List<String> TARGETS = List.of("partita-server-mem", "partita-embedded-mem", "dynalite-server-mem");

  private CiSuite() {}

  /**
   * {@code runs}, then {@code only} (a target name) to run that target alone. dynalite's own table
   * delays (500 ms CREATING and DELETING by default) are its defaults unless the system property
   * {@code sidebyside.dynalite.args} says otherwise ({@code --createTableMs 0 --deleteTableMs 0}).
   */
  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    List<String> targets = args.length > 1 ? List.of(args[1]) : TARGETS;
    System.out.println("target\tthreads\trun\ttotal_ms\tper_test_ms\tstart_ms\tserver_cpu_ms\tfirst_test_ms\tmedian_test_ms\tlast10_median_ms\tclient_cpu_per_test_ms");
    for (int run = 1; run <= runs; run++) {
      for (String target : targets) {
        for (int threads : new int[] {1, 4}) {
          long start = System.nanoTime();
          try (Targets.Target t = Targets.open(target)) {
            long started = System.nanoTime();
            long[][] each = suite(t.client(), Targets.supportsTransactions(target), threads, target + "-" + run + "-" + threads);
            long total = System.nanoTime() - start;
            // the server process's CPU from its start to the last test's end (none for an embedded target)
            String serverCpu = t.server() == null ? "-" : String.format("%.0f", t.server().cpuNanos() / 1e6);
            System.out.printf("%s\t%d\t%d\t%.0f\t%.2f\t%.0f\t%s\t%.1f\t%.1f\t%.1f\t%.1f%n", target, threads, run, total / 1e6,
                (System.nanoTime() - started) / 1e6 / TESTS, (started - start) / 1e6, serverCpu, each[0][0] / 1e6,
                median(each[0], 0) / 1e6, median(each[0], TESTS - 10) / 1e6, Arrays.stream(each[1]).sum() / 1e6 / TESTS);
          }
        }
      }
    }
  }

  /**
   * The 50 tests on {@code threads} threads, each on a table of its own; each test's own time and its thread's CPU
   * time in nanoseconds, in the order they were submitted (the first test carries the target's warm-up, the last ten
   * its warmed pace; over HTTP the CPU is the client's share of a test).
   */
  static long[][] suite(DynamoDbClient dynamo, boolean transactions, int threads, String prefix) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<long[]>> done = new ArrayList<>();
      for (int i = 0; i < TESTS; i++) {
        String table = "ci-" + prefix + "-" + i;
        done.add(pool.submit(() -> {
          long cpu = THREADS.getCurrentThreadCpuTime();
          long start = System.nanoTime();
          oneTest(dynamo, table, transactions);
          return new long[] {System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - cpu};
        }));
      }
      long[][] each = new long[2][TESTS];
      for (int i = 0; i < TESTS; i++) {
        long[] one = done.get(i).get();
        each[0][i] = one[0];
        each[1][i] = one[1];
      }
      return each;
    } finally {
      pool.shutdown();
    }
  }

  /** The median of {@code each[from..]}. */
  static long median(long[] each, int from) {
    long[] part = Arrays.copyOfRange(each, from, each.length);
    Arrays.sort(part);
    return part[part.length / 2];
  }

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  /** One test: its table made, used as a test uses one, and deleted. */
  static void oneTest(DynamoDbClient dynamo, String table, boolean transactions) {
    dynamo.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("S"),
            a -> a.attributeName("gpk").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
        .globalSecondaryIndexes(g -> g.indexName("byStatus").keySchema(k -> k.attributeName("gpk").keyType(KeyType.HASH),
            k -> k.attributeName("sk").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL))));
    // as a test against DynamoDB waits: dynalite makes a table ACTIVE a moment later, Partita at once
    while (dynamo.describeTable(b -> b.tableName(table)).table().tableStatus() != TableStatus.ACTIVE) {
      Thread.onSpinWait();
    }
    for (int i = 0; i < 20; i++) {
      String n = String.format("%02d", i);
      dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", s("USER#" + (n.charAt(1) % 2)), "sk", s("ORDER#" + n),
          "gpk", s(n.endsWith("0") ? "OPEN" : "DONE"), "amount", AttributeValue.fromN(n))));
    }
    for (int i = 0; i < 10; i++) {
      String n = String.format("%02d", i * 2);
      dynamo.getItem(b -> b.tableName(table).key(Map.of("pk", s("USER#" + (n.charAt(1) % 2)), "sk", s("ORDER#" + n))));
    }
    dynamo.query(b -> b.tableName(table).keyConditionExpression("pk = :p AND begins_with(sk, :o)")
        .expressionAttributeValues(Map.of(":p", s("USER#0"), ":o", s("ORDER#"))));
    dynamo.query(b -> b.tableName(table).indexName("byStatus").keyConditionExpression("gpk = :g")
        .expressionAttributeValues(Map.of(":g", s("OPEN"))));
    dynamo.updateItem(b -> b.tableName(table).key(Map.of("pk", s("USER#0"), "sk", s("ORDER#00")))
        .updateExpression("SET amount = amount + :one").conditionExpression("attribute_exists(pk)")
        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
    Map<String, AttributeValue> a = Map.of("pk", s("USER#0"), "sk", s("PAYMENT#1"), "gpk", s("OPEN"));
    Map<String, AttributeValue> b2 = Map.of("pk", s("USER#1"), "sk", s("PAYMENT#2"), "gpk", s("OPEN"));
    if (transactions) {
      dynamo.transactWriteItems(t -> t.transactItems(w -> w.put(p -> p.tableName(table).item(a)),
          w -> w.put(p -> p.tableName(table).item(b2))));
    } else {
      dynamo.putItem(p -> p.tableName(table).item(a));
      dynamo.putItem(p -> p.tableName(table).item(b2));
    }
    dynamo.deleteTable(b -> b.tableName(table));
  }
}
