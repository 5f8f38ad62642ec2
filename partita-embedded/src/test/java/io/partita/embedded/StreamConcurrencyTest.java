package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A stream under contention (issue 15's evidence): threads write overlapping keys of a table with a
 * NEW_AND_OLD_IMAGES stream (puts, updates, conditional updates, deletes, batches, and transactions
 * over two keys retried on conflicts, as clients must), shards are rolled over meanwhile, and a
 * reader reads the whole stream again and again. Afterwards: read by lineage, sequence numbers
 * strictly increase across all records; each key's records follow its changes (each OldImage is
 * the key's previous NewImage); the replay gives the final table; every acknowledged put is there;
 * and every read made during the writes was a prefix of the final one (no reader saw a later
 * record before an earlier one). The work is a fixed amount, never a duration.
 */
class StreamConcurrencyTest {
  private static final int KEYS = 8;
  private static final int WRITERS = 6;
  private static final int WRITES = 250;
  private Partita partita;
  private DynamoDbClient dynamo;
  private ExecutorService pool;

  @BeforeEach
  void open() {
    // no schedule: its trim drops a closed shard with no record in it at once, which would make the
    // count of shards depend on timing
    partita = Partita.with().timeToLiveInterval(java.time.Duration.ZERO).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    Fixtures.createTable(dynamo, "app", null);
    dynamo.updateTable(b -> b.tableName("app").streamSpecification(spec -> spec.streamEnabled(true)
        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    pool = Executors.newFixedThreadPool(WRITERS + 2);
  }

  @AfterEach
  void close() {
    pool.shutdownNow();
    partita.close();
  }

  private static Map<String, AttributeValue> key(int k) {
    return Map.of("pk", s("k" + k));
  }

  @Test
  void recordsFollowEachKeysChangesAndTheReplayGivesTheTable() throws Exception {
    String arn = dynamo.describeTable(b -> b.tableName("app")).table().latestStreamArn();
    Set<String> acknowledgedPuts = ConcurrentHashMap.newKeySet();
    AtomicInteger transactions = new AtomicInteger();
    AtomicInteger conflictsRetried = new AtomicInteger();
    List<Future<?>> writers = new ArrayList<>();
    for (int t = 0; t < WRITERS; t++) {
      int thread = t;
      writers.add(pool.submit(() -> {
        Random random = new Random(thread);
        for (int i = 0; i < WRITES; i++) {
          if (thread == 0 && i % 25 == 0) {
            // shards roll over while the others write: the boundary must fall between batches, never in one
            partita.rollOverStreamShards();
          }
          int k = random.nextInt(KEYS);
          int other = (k + 1 + random.nextInt(KEYS - 1)) % KEYS;
          String stamp = thread + "-" + i;
          int dice = random.nextInt(100);
          if (dice < 25) {
            retrying(conflictsRetried, () -> dynamo.putItem(b -> b.tableName("app")
                .item(Map.of("pk", s("k" + k), "stamp", s(stamp), "cnt", n("0")))));
            acknowledgedPuts.add(stamp);
          } else if (dice < 45) {
            retrying(conflictsRetried, () -> dynamo.updateItem(b -> b.tableName("app").key(key(k))
                .updateExpression("ADD cnt :one SET lastBy = :s")
                .expressionAttributeValues(Map.of(":one", n("1"), ":s", s(stamp)))));
          } else if (dice < 55) {
            try {
              retrying(conflictsRetried, () -> dynamo.updateItem(b -> b.tableName("app").key(key(k))
                  .updateExpression("SET lastBy = :s").conditionExpression("attribute_exists(pk) AND cnt < :ten")
                  .expressionAttributeValues(Map.of(":s", s(stamp), ":ten", n("10")))));
            } catch (ConditionalCheckFailedException e) {
              // refused: no change and no record
            }
          } else if (dice < 65) {
            retrying(conflictsRetried, () -> dynamo.deleteItem(b -> b.tableName("app").key(key(k))));
          } else if (dice < 75) {
            retrying(conflictsRetried, () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("app", List.of(
                WriteRequest.builder().putRequest(p -> p.item(Map.of("pk", s("k" + k), "stamp", s(stamp))))
                    .build(),
                WriteRequest.builder().deleteRequest(d -> d.key(key(other))).build())))));
            acknowledgedPuts.add(stamp);
          } else {
            // moves one from k to other, on condition k has it
            boolean applied = transaction(conflictsRetried, () -> dynamo.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().update(u -> u.tableName("app").key(key(k))
                    .updateExpression("SET cnt = cnt - :one, lastBy = :s").conditionExpression("cnt >= :one")
                    .expressionAttributeValues(Map.of(":one", n("1"), ":s", s(stamp)))).build(),
                TransactWriteItem.builder().update(u -> u.tableName("app").key(key(other))
                    .updateExpression("ADD cnt :one SET lastBy = :s")
                    .expressionAttributeValues(Map.of(":one", n("1"), ":s", s(stamp)))).build())));
            transactions.addAndGet(applied ? 1 : 0);
          }
        }
        return null;
      }));
    }
    AtomicBoolean writing = new AtomicBoolean(true);
    ConcurrentLinkedQueue<List<Record>> reads = new ConcurrentLinkedQueue<>();
    Future<?> reader = pool.submit(() -> {
      for (int i = 0; i < 3 || writing.get(); i++) {
        reads.add(StreamLog.readAll(partita, arn, 100));
      }
      return null;
    });
    for (Future<?> w : writers) {
      w.get();
    }
    writing.set(false);
    reader.get();

    List<Record> records = StreamLog.readAll(partita, arn, 1000); // checks the numbers increase, shard by shard
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> replayed = new HashMap<>();
    assertEquals(List.of(), StreamLog.replay(replayed, records).stream().limit(10).toList());
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> table = new HashMap<>();
    dynamo.scanPaginator(b -> b.tableName("app")).items().forEach(item -> table.put(Map.of("pk", item.get("pk")), item));
    assertEquals(table, replayed, "the replay of the stream");
    Set<String> put = new HashSet<>();
    for (Record r : records) {
      if (StreamLog.after(r) != null && StreamLog.after(r).containsKey("stamp")) {
        put.add(StreamLog.after(r).get("stamp").s());
      }
    }
    Set<String> missing = new HashSet<>(acknowledgedPuts);
    missing.removeAll(put);
    assertEquals(Set.of(), missing, "acknowledged puts without their record");
    for (List<Record> read : reads) {
      assertTrue(read.size() <= records.size() && read.equals(records.subList(0, read.size())),
          "a read during the writes is not a prefix of the final read");
    }
    List<software.amazon.awssdk.services.dynamodb.model.Shard> all = partita.<software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse>execute(
        software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest.builder().streamArn(arn).build())
        .streamDescription().shards();
    int shards = all.size();
    assertTrue(transactions.get() > 0 && shards == 11 && reads.size() >= 3,
        transactions + " transactions applied, " + shards + " shards, " + reads.size() + " reads: " + all);
    System.out.printf("StreamConcurrencyTest: %d records in %d shards, %d transactions applied, %d conflicts retried,"
        + " %d reads during the writes%n", records.size(), shards, transactions.get(), conflictsRetried.get(), reads.size());
  }

  /** Runs a single-item write until no transaction in progress on its item refuses it. */
  private static void retrying(AtomicInteger retried, Runnable write) {
    while (true) {
      try {
        write.run();
        return;
      } catch (TransactionConflictException e) {
        retried.incrementAndGet(); // refused, not applied: try again, as a DynamoDB client does
      }
    }
  }

  /** Runs a transaction until no conflict cancels it: true when it applied, false when its condition refused it. */
  private static boolean transaction(AtomicInteger retried, Runnable transaction) {
    while (true) {
      try {
        transaction.run();
        return true;
      } catch (TransactionCanceledException e) {
        List<String> codes = e.cancellationReasons().stream().map(r -> r.code()).toList();
        if (!codes.contains("TransactionConflict")) {
          assertEquals("ConditionalCheckFailed", codes.get(0), codes.toString());
          return false;
        }
        retried.incrementAndGet();
      }
    }
  }
}
