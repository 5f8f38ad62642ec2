package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.partita.engine.Partita;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Crash cycles at the server level: {@code ./partita serve --data DIR} as a child process, writer
 * threads in this JVM speaking DynamoDB's wire protocol through the AWS SDK, SIGKILL at a random
 * point, a restart on the same data folder, and a check of everything the writers were told
 * against what the restarted server answers. Then again, {@value #DEFAULT_CYCLES} times in CI;
 * {@code -Dpartita.crash.cycles=N} runs N cycles (a soak), {@code -Dpartita.crash.seed=S} replays
 * seed S's choices (which writes, where to kill; the threads' interleaving is the machine's).
 *
 * <p>One table with a global index (projection ALL) holds three kinds of items:
 *
 * <ul>
 *   <li>{@value #KEYS_PER_WRITER} items per writer, each written by one writer only (puts, SET and
 *       ADD updates, conditional updates, deletes, BatchWriteItem), so the test knows each item's
 *       exact state. An item's group and rank, when it has both, put it in the index; updates move
 *       it there or take it out. Consistent GetItem and DeleteItem's ALL_OLD are checked against
 *       the known state as the writers go.
 *   <li>{@value #ACCOUNTS} bank accounts of {@value #BALANCE} each, in the index by balance.
 *   <li>Transfer records: TransactWriteItems debits one account on condition it has the money,
 *       credits another, counts the transfer on both and puts a record naming both and the amount.
 * </ul>
 *
 * <p>After each restart: every item is exactly as its last acknowledged write left it, or, if a
 * write of it was in flight at the kill (its outcome unknown), as that write would leave it; a
 * deleted item is absent; no item is there that nobody wrote. Every acknowledged transfer is
 * there, no cancelled one is, and each account's balance and transfer count are exactly what the
 * records present imply, the balances summing to the bank's total: no transfer is partly applied.
 * The index holds exactly the table's items that have its keys, as they are (Scan of the index,
 * and Query of each group in rank order), and the item counts DescribeTable reports agree. An
 * unknown outcome, once seen, is settled: the next checks hold it to what was found.
 *
 * <p>The table has a NEW_AND_OLD_IMAGES stream (issue 15). After each kill, before the restart, the
 * data folder is opened in this JVM and the stream read whole: its replay over the empty table
 * gives the table exactly, no record repeats or misses a change, and every state an acknowledged
 * write left is told in order ({@link #checkStream}).
 *
 * <p>Nothing waits on time: the kill comes after a random number of acknowledged writes, and the
 * deadlines below only turn a hang into a failure. The SDK does not retry, so no request of a
 * killed server's cycle can reach the next server.
 */
class CrashCycleTest {
  private static final int DEFAULT_CYCLES = 12;
  private static final int CYCLES = Integer.getInteger("partita.crash.cycles", DEFAULT_CYCLES);
  private static final String TABLE = "crash";
  private static final String INDEX = "ByGroup";
  private static final int WRITERS = 4;
  private static final int KEYS_PER_WRITER = 40;
  private static final int ACCOUNTS = 10;
  private static final long BALANCE = 1_000;
  private static final List<String> GROUPS = List.of("g0", "g1", "g2", "g3", "acct", "xfer");
  /** Only a guard against a hang: a cycle takes seconds. */
  private static final long CYCLE_DEADLINE_MINUTES = 10;

  /** The items written by one writer each, by key, and each writer's share of them. */
  private final Map<String, Key> keys = new TreeMap<>();
  private final List<List<Key>> owned = new ArrayList<>();
  /** Every transfer ever attempted, by record key. */
  private final Map<String, Transfer> transfers = new ConcurrentHashMap<>();
  private final List<String> violations = Collections.synchronizedList(new ArrayList<>());
  /**
   * Damage a check found that later checks find again (an account off by the same amount, a stale
   * index entry) is reported once, when first found: these are the signatures of what stood at the
   * last check and what stands at this one.
   */
  private Set<String> stoodBefore = new HashSet<>();
  private Set<String> stands = new HashSet<>();
  /** Unique, increasing: versions of items and ranks in the index. */
  private final AtomicLong stamps = new AtomicLong();

  private final AtomicLong acknowledgedWrites = new AtomicLong();
  private final AtomicLong acknowledgedTransfers = new AtomicLong();
  private final AtomicLong cancelledTransfers = new AtomicLong();
  private final AtomicLong conditionFailures = new AtomicLong();
  private final AtomicLong readsChecked = new AtomicLong();
  private long unknownOutcomes;
  /** Of the unknown outcomes, those found applied and those found not (a write that changes nothing is neither). */
  private final AtomicLong unknownApplied = new AtomicLong();
  private final AtomicLong unknownNotApplied = new AtomicLong();

  @Test
  void acknowledgedWritesAndWholeTransactionsSurviveRepeatedSigkill(@TempDir Path dir) throws Exception {
    long seed = Long.getLong("partita.crash.seed", new Random().nextLong());
    Random random = new Random(seed);
    Path data = dir.resolve("data");
    long started = System.nanoTime();
    System.out.printf("CrashCycleTest: %d cycles, seed %d (replay with -Dpartita.crash.seed=%d)%n", CYCLES, seed, seed);
    shareKeys();

    ServerProcess server = ServerProcess.serve("--data", data.toString());
    try {
      try (DynamoDbClient dynamo = client(server.endpoint)) {
        createAndSeed(dynamo);
        verify(dynamo, "after seeding");
      }
      for (int cycle = 1; cycle <= CYCLES; cycle++) {
        long acksBefore = acknowledgedWrites.get();
        // a quarter of the kills come almost at once (0 to 9 writes), the others after 10 to 609
        long target = random.nextInt(4) == 0 ? random.nextInt(10) : 10 + random.nextInt(600);
        int unknown = runAndKill(server, target, random.nextLong());
        String stderr = server.stderr();
        server.close();
        unknownOutcomes += unknown;
        String when = "after kill " + cycle + " (seed " + seed + ")";
        int beforeStream = violations.size();
        checkStream(data, when);
        try {
          server = ServerProcess.serve("--data", data.toString());
        } catch (IllegalStateException e) {
          server = null;
          throw new AssertionError("the server did not start again " + when + "; the killed server's stderr:\n"
              + stderr, e);
        }
        int before = violations.size();
        try (DynamoDbClient dynamo = client(server.endpoint)) {
          verify(dynamo, when);
        }
        System.out.printf("crash cycle %d/%d: killed after %d acknowledged writes, %d outcomes unknown;"
                + " %d stream records checked: %d new violations; restarted and checked: %d new violations"
                + " (%d writes acknowledged so far)%n",
            cycle, CYCLES, acknowledgedWrites.get() - acksBefore, unknown, streamRecords, before - beforeStream,
            violations.size() - before, acknowledgedWrites.get());
      }
    } finally {
      if (server != null) {
        server.close();
      }
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    System.out.printf("CrashCycleTest: %d cycles in %d s, seed %d: %d writes acknowledged (%d of them transfers;"
            + " %d transfers cancelled, %d conditions failed as expected), %d reads checked, %d outcomes unknown"
            + " at a kill (%d found applied, %d not), %d violations%n",
        CYCLES, seconds, seed, acknowledgedWrites.get(), acknowledgedTransfers.get(), cancelledTransfers.get(),
        conditionFailures.get(), readsChecked.get(), unknownOutcomes, unknownApplied.get(), unknownNotApplied.get(),
        violations.size());
    if (!violations.isEmpty()) {
      fail(violations.size() + " violations (seed " + seed + "), the first:\n  "
          + String.join("\n  ", violations.subList(0, Math.min(20, violations.size()))));
    }
  }

  /**
   * The checks find what they look for: on a server that is not killed, writers leave nothing to
   * report, and then each kind of damage done behind the writers' backs is reported.
   */
  @Test
  void theChecksReportLostWritesPartialTransfersAndStrangers() throws Exception {
    shareKeys();
    Partita partita = Partita.inMemory();
    PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
    try (DynamoDbClient dynamo = client(server.endpoint())) {
      createAndSeed(dynamo);
      int unknown = runUntil(server.endpoint(), 300, 13, () -> "", () -> {});
      assertEquals(0, unknown, "nothing in flight once the writers stopped");
      verify(dynamo, "undamaged");
      assertEquals(List.of(), violations);
      assertTrue(acknowledgedTransfers.get() > 0, "no transfer was acknowledged");

      List<Key> written = keys.values().stream().filter(k -> k.state != null).toList();
      Key changed = written.get(0);
      Map<String, AttributeValue> item = new HashMap<>(changed.state);
      item.put("val", s("changed behind the writers' backs"));
      dynamo.putItem(b -> b.tableName(TABLE).item(item));

      Key resurrected = written.get(1);
      dynamo.deleteItem(b -> b.tableName(TABLE).key(key(resurrected.pk)));
      Map<String, AttributeValue> deleted = resurrected.state;
      resurrected.state = null; // acknowledged: deleted
      dynamo.putItem(b -> b.tableName(TABLE).item(deleted));

      Key inFlight = written.get(2);
      Map<String, AttributeValue> other = new HashMap<>(inFlight.state);
      other.put("val", s("neither"));
      inFlight.state = other;
      inFlight.expect(null);

      dynamo.updateItem(b -> b.tableName(TABLE).key(key(account(0)))
          .updateExpression("ADD #balance :d, #rank :d")
          .expressionAttributeNames(Map.of("#balance", "balance", "#rank", "rank"))
          .expressionAttributeValues(Map.of(":d", n(7))));

      String lost = transfers.entrySet().stream().filter(e -> e.getValue().status == Status.ACKNOWLEDGED)
          .findFirst().orElseThrow().getKey();
      dynamo.deleteItem(b -> b.tableName(TABLE).key(key(lost)));

      Transfer cancelled = new Transfer(account(1), account(2), 5);
      cancelled.status = Status.CANCELLED;
      long stamp = stamps.incrementAndGet();
      transfers.put("xfer#" + stamp, cancelled);
      dynamo.putItem(b -> b.tableName(TABLE).item(transferRecord("xfer#" + stamp, cancelled, stamp)));

      dynamo.putItem(b -> b.tableName(TABLE).item(Map.of("pk", s("item#stranger"))));

      verify(dynamo, "damaged");
      String report = String.join("\n", violations);
      for (String expected : List.of(
          changed.pk + " is {", // not as its last acknowledged write left it
          resurrected.pk + " is {",
          inFlight.pk + " is {",
          "neither as it was before the write in flight",
          "account " + account(0) + " holds",
          "a transfer partly applied",
          "the bank holds " + (ACCOUNTS * BALANCE + 7),
          "transfer " + lost + " was acknowledged and is gone",
          "transfer xfer#" + stamp + " is there, but was cancelled",
          "an item nobody wrote")) {
        assertTrue(report.contains(expected), "no violation says \"" + expected + "\"; the report:\n" + report);
      }
    } finally {
      server.close();
      partita.close();
    }
  }

  /** The items written by one writer each: {@value #KEYS_PER_WRITER} per writer. */
  private void shareKeys() {
    for (int w = 0; w < WRITERS; w++) {
      List<Key> mine = new ArrayList<>();
      for (int i = 0; i < KEYS_PER_WRITER; i++) {
        Key k = new Key(String.format("item#%d-%02d", w, i));
        mine.add(k);
        keys.put(k.pk, k);
      }
      owned.add(mine);
    }
  }

  /** A client that does not retry: a request that failed is one whose outcome is unknown, not one sent again later. */
  private static DynamoDbClient client(URI endpoint) {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("partita", "partita-secret")))
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofMinutes(1))
            .socketTimeout(Duration.ofMinutes(2))
            .build())
        .overrideConfiguration(o -> o.retryStrategy(r -> r.maxAttempts(1)))
        .build();
  }

  private void createAndSeed(DynamoDbClient dynamo) {
    dynamo.createTable(b -> b.tableName(TABLE)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("grp").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("rank").attributeType(ScalarAttributeType.N).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(INDEX)
            .keySchema(KeySchemaElement.builder().attributeName("grp").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("rank").keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build())
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .streamSpecification(spec -> spec.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    for (int a = 0; a < ACCOUNTS; a++) {
      String pk = account(a);
      dynamo.putItem(b -> b.tableName(TABLE).item(Map.of(
          "pk", s(pk), "balance", n(BALANCE), "txs", n(0), "grp", s("acct"), "rank", n(BALANCE))));
    }
  }

  /**
   * Runs the writers against {@code server} until {@code target} writes are acknowledged (or every
   * writer stopped), kills the server with SIGKILL and waits for the writers to notice. Answers
   * how many writes were in flight, their outcome unknown.
   */
  private int runAndKill(ServerProcess server, long target, long seed) throws Exception {
    return runUntil(server.endpoint, target, seed, server::stderr, () -> {
      server.process.destroyForcibly(); // SIGKILL: no shutdown hook, RocksDB not closed
      assertTrue(server.process.waitFor(1, TimeUnit.MINUTES), "the server outlived SIGKILL by a minute");
    });
  }

  /** What ends a cycle's writing: the kill. */
  private interface Interruption {
    void run() throws Exception;
  }

  /**
   * Runs the writers against {@code endpoint} until {@code target} writes are acknowledged (or
   * every writer stopped), then {@code interrupt}, then waits for the writers to stop. Answers how
   * many writes were in flight, their outcome unknown.
   */
  private int runUntil(URI endpoint, long target, long seed, Callable<String> serverLog, Interruption interrupt)
      throws Exception {
    Cycle cycle = new Cycle();
    Random seeds = new Random(seed);
    List<Thread> threads = new ArrayList<>();
    try (DynamoDbClient dynamo = client(endpoint)) {
      for (int w = 0; w < WRITERS; w++) {
        Writer writer = new Writer(w, owned.get(w), new Random(seeds.nextLong()), dynamo, cycle);
        threads.add(new Thread(writer, "crash-writer-" + w));
        cycle.running++;
      }
      threads.forEach(Thread::start);
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(CYCLE_DEADLINE_MINUTES);
      synchronized (cycle) {
        while (cycle.acks < target && cycle.running > 0) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            fail("no kill point within " + CYCLE_DEADLINE_MINUTES + " minutes: " + cycle.acks + " of " + target
                + " writes acknowledged; the server's stderr:\n" + serverLog.call());
          }
          TimeUnit.NANOSECONDS.timedWait(cycle, left);
        }
      }
      cycle.killed.set(true);
      interrupt.run();
      cycle.stop.set(true);
      for (Thread t : threads) {
        t.join(TimeUnit.MINUTES.toMillis(CYCLE_DEADLINE_MINUTES));
        assertTrue(!t.isAlive(), t.getName() + " did not stop");
      }
    }
    int unknown = 0;
    for (Key k : keys.values()) {
      unknown += k.pending ? 1 : 0;
    }
    for (Transfer t : transfers.values()) {
      unknown += t.status == Status.PENDING ? 1 : 0;
    }
    return unknown;
  }

  /** What one cycle's writers and the thread that kills the server share. */
  private static final class Cycle {
    final AtomicBoolean killed = new AtomicBoolean();
    final AtomicBoolean stop = new AtomicBoolean();
    long acks;
    int running;

    synchronized void acknowledged() {
      acks++;
      notifyAll();
    }

    synchronized void ended() {
      running--;
      notifyAll();
    }
  }

  /**
   * One item written by one writer only. Between cycles, and while its writer has no request in
   * flight, {@link #state} is exact; while a write is in flight, {@link #next} is what it makes.
   */
  private static final class Key {
    final String pk;
    Map<String, AttributeValue> state; // null: absent
    boolean pending;
    Map<String, AttributeValue> next;
    /** Every state an acknowledged write left, in order, each once (null: deleted): the stream must tell them all. */
    final List<Map<String, AttributeValue>> acknowledged = new ArrayList<>();

    Key(String pk) {
      this.pk = pk;
    }

    void expect(Map<String, AttributeValue> next) {
      this.pending = true;
      this.next = next;
    }

    void settle() {
      if (!Objects.equals(next, acknowledged.isEmpty() ? null : acknowledged.get(acknowledged.size() - 1))) {
        acknowledged.add(next);
      }
      state = next;
      abandon();
    }

    void abandon() {
      pending = false;
      next = null;
    }

    /** The item as it is, a copy to change, or a new item with just its key. */
    Map<String, AttributeValue> base() {
      Map<String, AttributeValue> item = state == null ? new HashMap<>() : new HashMap<>(state);
      item.put("pk", s(pk));
      return item;
    }
  }

  private enum Status { PENDING, ACKNOWLEDGED, PRESENT, CANCELLED, ABSENT }

  private static final class Transfer {
    final String from;
    final String to;
    final long amount;
    volatile Status status = Status.PENDING;

    Transfer(String from, String to, long amount) {
      this.from = from;
      this.to = to;
      this.amount = amount;
    }
  }

  /** Writes one writer's items and transfers between shared accounts until the kill. */
  private final class Writer implements Runnable {
    private final int id;
    private final List<Key> own;
    private final Random random;
    private final DynamoDbClient dynamo;
    private final Cycle cycle;

    Writer(int id, List<Key> own, Random random, DynamoDbClient dynamo, Cycle cycle) {
      this.id = id;
      this.own = own;
      this.random = random;
      this.dynamo = dynamo;
      this.cycle = cycle;
    }

    @Override
    public void run() {
      try {
        while (!cycle.stop.get()) {
          step();
        }
      } catch (SdkException e) {
        if (!cycle.killed.get()) {
          violations.add("writer " + id + " failed before the kill: " + e);
        }
      } catch (RuntimeException | Error e) {
        violations.add("writer " + id + " broke: " + e);
      } finally {
        cycle.ended();
      }
    }

    private void step() {
      int dice = random.nextInt(100);
      Key k = own.get(random.nextInt(own.size()));
      if (dice < 20) {
        put(k);
      } else if (dice < 35) {
        updateSet(k);
      } else if (dice < 47) {
        updateAdd(k);
      } else if (dice < 57) {
        conditionalUpdate(k);
      } else if (dice < 67) {
        delete(k);
      } else if (dice < 73) {
        batch();
      } else if (dice < 80) {
        get(k);
      } else {
        transfer();
      }
    }

    private void acknowledged() {
      acknowledgedWrites.incrementAndGet();
      cycle.acknowledged();
    }

    private Map<String, AttributeValue> newItem(Key k, long stamp) {
      Map<String, AttributeValue> item = new HashMap<>();
      item.put("pk", s(k.pk));
      item.put("ver", n(stamp));
      item.put("val", s("put " + stamp + " by writer " + id));
      item.put("cnt", n(0));
      item.put("rank", n(stamp));
      if (random.nextInt(4) != 0) {
        item.put("grp", s(group(stamp)));
      }
      return item;
    }

    private void put(Key k) {
      Map<String, AttributeValue> item = newItem(k, stamps.incrementAndGet());
      k.expect(item);
      dynamo.putItem(b -> b.tableName(TABLE).item(item));
      k.settle();
      acknowledged();
    }

    private void updateSet(Key k) {
      long stamp = stamps.incrementAndGet();
      Map<String, AttributeValue> next = k.base();
      next.put("val", s("set " + stamp));
      next.put("ver", n(stamp));
      next.put("grp", s(group(stamp)));
      next.put("rank", n(stamp));
      next.put("cnt", n(number(next.get("cnt")) + 1));
      k.expect(next);
      dynamo.updateItem(b -> b.tableName(TABLE).key(key(k.pk))
          .updateExpression("SET #val = :val, #ver = :ver, #grp = :grp, #rank = :rank ADD #cnt :one")
          .expressionAttributeNames(Map.of("#val", "val", "#ver", "ver", "#grp", "grp", "#rank", "rank", "#cnt", "cnt"))
          .expressionAttributeValues(Map.of(":val", s("set " + stamp), ":ver", n(stamp), ":grp", s(group(stamp)),
              ":rank", n(stamp), ":one", n(1))));
      k.settle();
      acknowledged();
    }

    /** ADD to the counter, and either leave the index (REMOVE the group) or move in it (a new rank). */
    private void updateAdd(Key k) {
      long stamp = stamps.incrementAndGet();
      long delta = random.nextInt(11) - 5;
      boolean leave = random.nextBoolean();
      Map<String, AttributeValue> next = k.base();
      next.put("cnt", n(number(next.get("cnt")) + delta));
      next.put("ver", n(stamp));
      if (leave) {
        next.remove("grp");
      } else {
        next.put("rank", n(stamp));
      }
      k.expect(next);
      if (leave) {
        dynamo.updateItem(b -> b.tableName(TABLE).key(key(k.pk))
            .updateExpression("ADD #cnt :d SET #ver = :ver REMOVE #grp")
            .expressionAttributeNames(Map.of("#cnt", "cnt", "#ver", "ver", "#grp", "grp"))
            .expressionAttributeValues(Map.of(":d", n(delta), ":ver", n(stamp))));
      } else {
        dynamo.updateItem(b -> b.tableName(TABLE).key(key(k.pk))
            .updateExpression("ADD #cnt :d SET #ver = :ver, #rank = :rank")
            .expressionAttributeNames(Map.of("#cnt", "cnt", "#ver", "ver", "#rank", "rank"))
            .expressionAttributeValues(Map.of(":d", n(delta), ":ver", n(stamp), ":rank", n(stamp))));
      }
      k.settle();
      acknowledged();
    }

    /**
     * SET on condition of the item's version: the known one (must succeed), a wrong one or an
     * absent item (must fail). The outcome is checked against the known state.
     */
    private void conditionalUpdate(Key k) {
      long stamp = stamps.incrementAndGet();
      boolean exists = k.state != null;
      boolean wrong = exists && random.nextInt(3) == 0;
      boolean shouldApply = exists && !wrong;
      Map<String, AttributeValue> next = k.base();
      next.put("val", s("conditional " + stamp));
      next.put("ver", n(stamp));
      AttributeValue expectedVersion = exists ? (wrong ? n(-stamp) : k.state.get("ver")) : n(-1);
      k.expect(next);
      try {
        dynamo.updateItem(b -> b.tableName(TABLE).key(key(k.pk))
            .updateExpression("SET #val = :val, #ver = :ver")
            .conditionExpression("#ver = :expected")
            .expressionAttributeNames(Map.of("#val", "val", "#ver", "ver"))
            .expressionAttributeValues(Map.of(":val", s("conditional " + stamp), ":ver", n(stamp),
                ":expected", expectedVersion)));
      } catch (ConditionalCheckFailedException e) {
        k.abandon();
        conditionFailures.incrementAndGet();
        if (shouldApply) {
          violations.add(k.pk + ": the condition on its known version " + expectedVersion.n() + " failed; known state "
              + show(k.state));
        }
        return;
      }
      k.settle();
      acknowledged();
      if (!shouldApply) {
        violations.add(k.pk + ": a condition on version " + expectedVersion.n() + " passed; the known state was "
            + show(k.state));
      }
    }

    /** DeleteItem with ALL_OLD: what it answers was deleted must be the known state. */
    private void delete(Key k) {
      Map<String, AttributeValue> before = k.state;
      k.expect(null);
      DeleteItemResponse r = dynamo.deleteItem(b -> b.tableName(TABLE).key(key(k.pk)).returnValues(ReturnValue.ALL_OLD));
      k.settle();
      acknowledged();
      Map<String, AttributeValue> old = r.hasAttributes() && !r.attributes().isEmpty() ? r.attributes() : null;
      readsChecked.incrementAndGet();
      if (!Objects.equals(before, old)) {
        violations.add(k.pk + ": DeleteItem answered the old item " + show(old) + ", known to be " + show(before));
      }
    }

    /** BatchWriteItem of 2 to 5 of this writer's items, each put or deleted. */
    private void batch() {
      List<Key> chosen = new ArrayList<>(own);
      Collections.shuffle(chosen, random);
      chosen = chosen.subList(0, 2 + random.nextInt(4));
      List<WriteRequest> requests = new ArrayList<>();
      Map<String, Key> byPk = new HashMap<>();
      for (Key k : chosen) {
        byPk.put(k.pk, k);
        if (random.nextInt(3) == 0) {
          k.expect(null);
          requests.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key(k.pk)).build()).build());
        } else {
          Map<String, AttributeValue> item = newItem(k, stamps.incrementAndGet());
          k.expect(item);
          requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
        }
      }
      BatchWriteItemResponse r = dynamo.batchWriteItem(b -> b.requestItems(Map.of(TABLE, requests)));
      for (WriteRequest unprocessed : r.unprocessedItems().getOrDefault(TABLE, List.of())) {
        String pk = unprocessed.putRequest() != null ? unprocessed.putRequest().item().get("pk").s()
            : unprocessed.deleteRequest().key().get("pk").s();
        byPk.remove(pk).abandon();
      }
      byPk.values().forEach(Key::settle);
      acknowledged();
    }

    private void get(Key k) {
      GetItemResponse r = dynamo.getItem(b -> b.tableName(TABLE).key(key(k.pk)).consistentRead(true));
      readsChecked.incrementAndGet();
      Map<String, AttributeValue> item = r.hasItem() ? r.item() : null;
      if (!Objects.equals(k.state, item)) {
        violations.add(k.pk + ": a consistent GetItem answered " + show(item) + ", known to be " + show(k.state));
      }
    }

    /**
     * Debits one account on condition it has the money, credits another, counts the transfer on
     * both and puts its record, in one TransactWriteItems. Both accounts move in the index.
     */
    private void transfer() {
      int from = random.nextInt(ACCOUNTS);
      int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
      long amount = 1 + random.nextInt(400);
      long stamp = stamps.incrementAndGet();
      String id = "xfer#" + stamp;
      Transfer t = new Transfer(account(from), account(to), amount);
      transfers.put(id, t);
      Map<String, String> names = Map.of("#balance", "balance", "#rank", "rank", "#txs", "txs");
      Map<String, AttributeValue> values = Map.of(":amount", n(amount), ":one", n(1));
      try {
        dynamo.transactWriteItems(b -> b.transactItems(
            TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key(t.from))
                .updateExpression("SET #balance = #balance - :amount, #rank = #rank - :amount ADD #txs :one")
                .conditionExpression("#balance >= :amount")
                .expressionAttributeNames(names).expressionAttributeValues(values)).build(),
            TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key(t.to))
                .updateExpression("SET #balance = #balance + :amount, #rank = #rank + :amount ADD #txs :one")
                .expressionAttributeNames(names).expressionAttributeValues(values)).build(),
            TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(transferRecord(id, t, stamp))
                .conditionExpression("attribute_not_exists(pk)")).build()));
      } catch (TransactionCanceledException e) {
        // no money, or a conflict with another writer's transfer: not applied, whatever comes
        t.status = Status.CANCELLED;
        cancelledTransfers.incrementAndGet();
        return;
      }
      t.status = Status.ACKNOWLEDGED;
      acknowledgedTransfers.incrementAndGet();
      acknowledged();
    }
  }

  private static Map<String, AttributeValue> transferRecord(String id, Transfer t, long stamp) {
    return Map.of("pk", s(id), "from", s(t.from), "to", s(t.to), "amount", n(t.amount),
        "grp", s("xfer"), "rank", n(stamp));
  }

  /** The stream records the last {@link #checkStream} read. */
  private int streamRecords;

  /**
   * The table's stream against the table, on the killed server's data folder opened in this JVM
   * (the server's Streams target is not needed): read by lineage, its records replayed over the
   * empty table it was enabled on give the table exactly (each OldImage the key's replayed state,
   * none a write that changed nothing), so no change is without its record and no record without
   * its change; every state an acknowledged write left an item in is told, in order, and every
   * acknowledged transfer's record is inserted.
   */
  private void checkStream(Path data, String when) {
    try (Partita partita = Partita.with().timeToLiveInterval(Duration.ZERO).open(data)) {
      String arn = partita.<DescribeTableResponse>execute(DescribeTableRequest.builder().tableName(TABLE).build())
          .table().latestStreamArn();
      List<Record> records = readStream(partita, arn, when);
      streamRecords = records.size();
      Map<String, Map<String, AttributeValue>> replayed = new TreeMap<>();
      Map<String, List<Map<String, AttributeValue>>> told = new HashMap<>();
      for (Record r : records) {
        String pk = r.dynamodb().keys().get("pk").s();
        Map<String, AttributeValue> before = r.eventName() == OperationType.INSERT ? null : r.dynamodb().oldImage();
        Map<String, AttributeValue> after = r.eventName() == OperationType.REMOVE ? null : r.dynamodb().newImage();
        Map<String, AttributeValue> was = replayed.get(pk);
        if (!Objects.equals(before, was) || Objects.equals(before, after)
            || r.eventName() != (was == null ? OperationType.INSERT : after == null ? OperationType.REMOVE
                : OperationType.MODIFY)) {
          found(when, "stream record " + r.dynamodb().sequenceNumber(), "stream record "
              + r.dynamodb().sequenceNumber() + " is a " + r.eventName() + " of " + pk + " from " + show(before) + " to "
              + show(after) + "; the replay has " + show(was) + " before it");
        }
        if (after == null) {
          replayed.remove(pk);
        } else {
          replayed.put(pk, after);
        }
        told.computeIfAbsent(pk, k -> new ArrayList<>()).add(after);
      }
      Map<String, Map<String, AttributeValue>> table = new TreeMap<>();
      Map<String, AttributeValue> start = null;
      do {
        ScanResponse page = partita.execute(ScanRequest.builder().tableName(TABLE).consistentRead(true)
            .exclusiveStartKey(start).build());
        page.items().forEach(item -> table.put(item.get("pk").s(), item));
        start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
      } while (start != null);
      Set<String> differ = new TreeSet<>(table.keySet());
      differ.addAll(replayed.keySet());
      differ.removeIf(pk -> Objects.equals(table.get(pk), replayed.get(pk)));
      if (!differ.isEmpty()) {
        String pk = differ.iterator().next();
        found(when, "replay " + differ, "the replay of the stream differs from the table at " + differ.size()
            + " items, " + pk + " first: the table has " + show(table.get(pk)) + ", the replay " + show(replayed.get(pk)));
      }
      for (Key k : keys.values()) {
        // the acknowledged states, in order, among the states the records tell (which may add the
        // outcomes found of writes in flight at a kill)
        List<Map<String, AttributeValue>> states = told.getOrDefault(k.pk, List.of());
        int i = 0;
        for (Map<String, AttributeValue> state : k.acknowledged) {
          while (i < states.size() && !Objects.equals(states.get(i), state)) {
            i++;
          }
          if (i == states.size()) {
            found(when, "untold " + k.pk + " " + show(state), "the stream does not tell " + k.pk + " becoming "
                + show(state) + ", as an acknowledged write left it, in its order");
            break;
          }
          i++;
        }
      }
      transfers.forEach((pk, t) -> {
        List<Map<String, AttributeValue>> states = told.getOrDefault(pk, List.of());
        if (t.status == Status.ACKNOWLEDGED && (states.isEmpty() || states.get(0) == null)) {
          found(when, "untold " + pk, "acknowledged transfer " + pk + " has no INSERT record");
        }
      });
    }
  }

  /** Every record of the stream, shard by shard in lineage order, the numbers strictly increasing. */
  private List<Record> readStream(Partita partita, String arn, String when) {
    List<Shard> shards = new ArrayList<>();
    String after = null;
    do {
      String from = after;
      DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder().streamArn(arn)
          .exclusiveStartShardId(from).build());
      shards.addAll(d.streamDescription().shards());
      after = d.streamDescription().lastEvaluatedShardId();
    } while (after != null);
    Set<String> ids = new HashSet<>();
    shards.forEach(s -> ids.add(s.shardId()));
    List<Shard> next = new ArrayList<>(shards.stream()
        .filter(s -> s.parentShardId() == null || !ids.contains(s.parentShardId())).toList());
    List<Record> out = new ArrayList<>();
    BigDecimal last = BigDecimal.valueOf(-1);
    int read = 0;
    while (!next.isEmpty()) {
      Shard shard = next.remove(0);
      read++;
      String it = partita.<GetShardIteratorResponse>execute(GetShardIteratorRequest.builder().streamArn(arn)
          .shardId(shard.shardId()).shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
      boolean open = shard.sequenceNumberRange().endingSequenceNumber() == null;
      while (it != null) {
        GetRecordsResponse page = partita.execute(GetRecordsRequest.builder().shardIterator(it).build());
        for (Record r : page.records()) {
          BigDecimal n = new BigDecimal(r.dynamodb().sequenceNumber());
          if (n.compareTo(last) <= 0) {
            violations.add(when + ": stream record " + n + " read after " + last);
          }
          last = n;
          out.add(r);
        }
        it = open && page.records().isEmpty() ? null : page.nextShardIterator();
      }
      shards.stream().filter(s -> shard.shardId().equals(s.parentShardId())).forEach(next::add);
    }
    if (read != shards.size()) {
      violations.add(when + ": " + shards.size() + " shards listed, " + read + " reached by lineage");
    }
    return out;
  }

  /**
   * Checks the restarted server against everything the writers were told, settles the outcomes
   * that were unknown to what was found, and adds a violation for each difference.
   */
  private void verify(DynamoDbClient dynamo, String when) {
    stoodBefore = stands;
    stands = new HashSet<>();
    Map<String, Map<String, AttributeValue>> table = scan(dynamo, null, when);

    // the items of one writer each: exact, or either outcome of the write in flight at the kill
    for (Key k : keys.values()) {
      Map<String, AttributeValue> actual = table.get(k.pk);
      if (k.pending) {
        boolean before = Objects.equals(actual, k.state);
        boolean after = Objects.equals(actual, k.next);
        if (before != after) {
          (after ? unknownApplied : unknownNotApplied).incrementAndGet();
        }
        if (!before && !after) {
          violations.add(when + ": " + k.pk + " is " + show(actual) + ", neither as it was before the write in"
              + " flight (" + show(k.state) + ") nor as that write leaves it (" + show(k.next) + ")");
        }
      } else if (!Objects.equals(actual, k.state)) {
        violations.add(when + ": " + k.pk + " is " + show(actual) + ", its last acknowledged write left "
            + show(k.state));
      }
      k.state = actual;
      k.abandon();
    }

    // accounts and transfer records
    Map<String, Map<String, AttributeValue>> accounts = new TreeMap<>();
    Map<String, Long> expectedBalance = new TreeMap<>();
    Map<String, Long> expectedTxs = new TreeMap<>();
    for (int a = 0; a < ACCOUNTS; a++) {
      expectedBalance.put(account(a), BALANCE);
      expectedTxs.put(account(a), 0L);
    }
    for (Map.Entry<String, Map<String, AttributeValue>> e : table.entrySet()) {
      String pk = e.getKey();
      Map<String, AttributeValue> item = e.getValue();
      if (keys.containsKey(pk)) {
        continue;
      }
      if (expectedBalance.containsKey(pk)) {
        accounts.put(pk, item);
        continue;
      }
      Transfer t = transfers.get(pk);
      if (t == null) {
        found(when, "stranger " + pk, "an item nobody wrote: " + show(item));
        continue;
      }
      if (t.status == Status.CANCELLED || t.status == Status.ABSENT) {
        found(when, "back " + pk, "transfer " + pk + " is there, but was " + (t.status == Status.CANCELLED
            ? "cancelled" : "found absent after an earlier kill"));
      }
      if (!item.equals(transferRecord(pk, t, Long.parseLong(pk.substring("xfer#".length()))))) {
        found(when, "record " + pk, "transfer record " + pk + " is " + show(item));
      }
      if (t.status == Status.PENDING) {
        t.status = Status.PRESENT;
        unknownApplied.incrementAndGet();
      }
      expectedBalance.merge(t.from, -t.amount, Long::sum);
      expectedBalance.merge(t.to, t.amount, Long::sum);
      expectedTxs.merge(t.from, 1L, Long::sum);
      expectedTxs.merge(t.to, 1L, Long::sum);
    }
    for (Map.Entry<String, Transfer> e : transfers.entrySet()) {
      Transfer t = e.getValue();
      if (!table.containsKey(e.getKey())) {
        if (t.status == Status.ACKNOWLEDGED || t.status == Status.PRESENT) {
          found(when, "lost " + e.getKey(), "transfer " + e.getKey() + " was " + (t.status == Status.ACKNOWLEDGED
              ? "acknowledged" : "found after an earlier kill") + " and is gone");
        } else if (t.status == Status.PENDING) {
          t.status = Status.ABSENT;
          unknownNotApplied.incrementAndGet();
        }
      }
    }
    long total = 0;
    for (String a : expectedBalance.keySet()) {
      Map<String, AttributeValue> item = accounts.get(a);
      if (item == null) {
        found(when, "gone " + a, "account " + a + " is gone");
        continue;
      }
      long balance = number(item.get("balance"));
      total += balance;
      long txs = number(item.get("txs"));
      if (balance != expectedBalance.get(a) || txs != expectedTxs.get(a)) {
        found(when, "account " + a + " off by " + (balance - expectedBalance.get(a)) + " and " + (txs - expectedTxs.get(a))
            + " transfers", "account " + a + " holds " + balance + " after " + txs + " transfers; the transfer records"
            + " present say " + expectedBalance.get(a) + " after " + expectedTxs.get(a) + ": a transfer partly applied");
      }
      if (balance < 0 || !item.get("rank").equals(item.get("balance")) || !s("acct").equals(item.get("grp"))) {
        found(when, "shape " + a, "account " + a + " is " + show(item));
      }
    }
    if (accounts.size() == ACCOUNTS && total != ACCOUNTS * BALANCE) {
      found(when, "bank off by " + (total - ACCOUNTS * BALANCE), "the bank holds " + total + ", not " + ACCOUNTS * BALANCE);
    }

    // the index: exactly the items with both its keys, as they are
    Map<String, Map<String, AttributeValue>> expectedIndex = new TreeMap<>();
    for (Map.Entry<String, Map<String, AttributeValue>> e : table.entrySet()) {
      AttributeValue g = e.getValue().get("grp");
      AttributeValue r = e.getValue().get("rank");
      if (g != null && g.s() != null && r != null && r.n() != null) {
        expectedIndex.put(e.getKey(), e.getValue());
      }
    }
    Map<String, Map<String, AttributeValue>> index = scan(dynamo, INDEX, when);
    compare(when, "Scan of the index", expectedIndex, index);
    Set<String> groups = new TreeSet<>(GROUPS);
    expectedIndex.values().forEach(item -> groups.add(item.get("grp").s()));
    for (String g : groups) {
      Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
      expectedIndex.forEach((pk, item) -> {
        if (item.get("grp").s().equals(g)) {
          expected.put(pk, item);
        }
      });
      compare(when, "Query of the index for " + g, expected, query(dynamo, g, when));
    }

    TableDescription d = dynamo.describeTable(b -> b.tableName(TABLE)).table();
    long tableOff = d.itemCount() - table.size();
    long indexOff = d.globalSecondaryIndexes().get(0).itemCount() - expectedIndex.size();
    if (tableOff != 0 || indexOff != 0) {
      found(when, "counts off by " + tableOff + " and " + indexOff, "DescribeTable counts " + d.itemCount()
          + " items and " + d.globalSecondaryIndexes().get(0).itemCount() + " index entries; there are "
          + table.size() + " and " + expectedIndex.size());
    }
  }

  /** Reports damage once, at the first check that finds it (see {@link #stands}). */
  private void found(String when, String signature, String violation) {
    stands.add(signature);
    if (!stoodBefore.contains(signature)) {
      violations.add(when + ": " + violation);
    }
  }

  private void compare(String when, String what, Map<String, Map<String, AttributeValue>> expected,
      Map<String, Map<String, AttributeValue>> actual) {
    if (expected.equals(actual)) {
      return;
    }
    Set<String> missing = new TreeSet<>(expected.keySet());
    missing.removeAll(actual.keySet());
    Set<String> extra = new TreeSet<>(actual.keySet());
    extra.removeAll(expected.keySet());
    List<String> different = new ArrayList<>();
    List<String> differentKeys = new ArrayList<>();
    expected.forEach((pk, item) -> {
      if (actual.containsKey(pk) && !item.equals(actual.get(pk))) {
        differentKeys.add(pk);
        different.add(pk + " is " + show(actual.get(pk)) + " in the index, " + show(item) + " in the table");
      }
    });
    found(when, what + " " + missing + extra + differentKeys, what + " disagrees with the table: missing " + missing
        + ", not in the table " + extra + ", different " + different);
  }

  /** Every item of the table (consistent) or of the index, in pages of 100; an item met twice is a violation. */
  private Map<String, Map<String, AttributeValue>> scan(DynamoDbClient dynamo, String index, String when) {
    Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse page = dynamo.scan(b -> b.tableName(TABLE).indexName(index).consistentRead(index == null)
          .limit(100).exclusiveStartKey(from));
      for (Map<String, AttributeValue> item : page.items()) {
        String pk = item.get("pk").s();
        if (items.put(pk, item) != null) {
          String scanned = index == null ? "the table" : index;
          found(when, scanned + " twice " + pk, "a Scan of " + scanned + " met " + pk + " twice");
        }
      }
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }

  /** One group of the index, in pages of 50, checking the ranks come in order. */
  private Map<String, Map<String, AttributeValue>> query(DynamoDbClient dynamo, String group, String when) {
    Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
    BigDecimal last = null;
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      QueryResponse page = dynamo.query(b -> b.tableName(TABLE).indexName(INDEX).limit(50).exclusiveStartKey(from)
          .keyConditionExpression("#grp = :grp").expressionAttributeNames(Map.of("#grp", "grp"))
          .expressionAttributeValues(Map.of(":grp", s(group))));
      for (Map<String, AttributeValue> item : page.items()) {
        BigDecimal rank = new BigDecimal(item.get("rank").n());
        if (last != null && rank.compareTo(last) < 0) {
          violations.add(when + ": a Query of " + group + " answered rank " + rank + " after " + last);
        }
        last = rank;
        String pk = item.get("pk").s();
        if (items.put(pk, item) != null) {
          found(when, group + " twice " + pk, "a Query of " + group + " met " + pk + " twice");
        }
      }
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return new TreeMap<>(items);
  }

  /** An item in short: attributes in name order, strings quoted, numbers bare; null is "absent". */
  private static String show(Map<String, AttributeValue> item) {
    if (item == null) {
      return "absent";
    }
    StringBuilder out = new StringBuilder("{");
    new TreeMap<>(item).forEach((name, v) -> out.append(out.length() > 1 ? ", " : "").append(name).append('=')
        .append(v.s() != null ? '"' + v.s() + '"' : v.n() != null ? v.n() : v.toString()));
    return out.append('}').toString();
  }

  private static String group(long stamp) {
    return "g" + stamp % 4;
  }

  private static String account(int a) {
    return String.format("acct#%02d", a);
  }

  private static Map<String, AttributeValue> key(String pk) {
    return Map.of("pk", s(pk));
  }

  private static long number(AttributeValue v) {
    return v == null ? 0 : Long.parseLong(v.n());
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }
}
