package io.partita.engine;

import static io.partita.engine.StorageFaultsTest.T;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.StorageFaultsTest.State;
import io.partita.engine.StorageFaults;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * Issue 19's evidence for storage: an I/O error injected at each step of the write path, one step
 * at a time, leaves no partial write. A dry run counts the store calls a write makes (each get,
 * each cursor step, the write itself: {@link StorageFaults#failCall}); then for each k the k-th
 * call fails, before it is done and after, on a fresh database. What a client sees (the items, both
 * indexes' entries, the table and index counters, and the stream's records) must then be the state
 * before the write or the state after it, nothing between; the stream's records must replay to the
 * table; no batch may be left open; a later write must keep all of that; and the database must
 * reopen to the same state. The same for each chunk of a global index's backfill.
 */
class WritePathFaultsTest {
  /** The faults below are meant to be logged: kept, not printed, and asserted where the log is the point. */
  @RegisterExtension
  final CapturedLog log = new CapturedLog();

  /**
   * The engine logs every fault it answers as InternalServerError, with its stack trace: here each is
   * injected on purpose, hundreds of them, and their traces would bury a real failure in CI's output.
   */
  private static final java.util.logging.Logger ENGINE_LOG = java.util.logging.Logger.getLogger(Partita.class.getName());
  private static java.util.logging.Level engineLevel;

  @org.junit.jupiter.api.BeforeAll
  static void quietInjectedFaults() {
    engineLevel = ENGINE_LOG.getLevel();
    ENGINE_LOG.setLevel(java.util.logging.Level.SEVERE);
  }

  @org.junit.jupiter.api.AfterAll
  static void restoreTheLog() {
    ENGINE_LOG.setLevel(engineLevel);
  }

  /** PutItem, UpdateItem, DeleteItem, BatchWriteItem and TransactWriteItems (their kind of fault does not matter here). */
  static Stream<Arguments> writes() {
    return StorageFaultsTest.writes().filter(a -> a.get()[0] == StorageFaults.Kind.IO_ERROR)
        .map(a -> Arguments.of(a.get()[1], a.get()[2]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writes")
  void aFaultAtEachStepOfTheWritePathLeavesTheWriteWholeOrAbsent(String op, Function<String, DynamoDbRequest> write,
      @TempDir Path root) {
    StorageFaults counting = new StorageFaults();
    Seen before;
    Seen after;
    long calls;
    try (Partita p = open(root.resolve("dry-run"), counting, new ArrayDeque<>())) {
      before = Seen.of(p);
      long from = counting.calls();
      p.execute(write.apply("first"));
      calls = counting.calls() - from;
      after = Seen.of(p);
    }
    assertTrue(calls >= 2, op + " makes " + calls + " store calls: a read and a write at least");
    assertTrue(!before.equals(after) && before.consistent() && after.consistent(), before + " -> " + after);
    for (long k = 1; k <= calls; k++) {
      for (StorageFaults.When when : StorageFaults.When.values()) {
        String step = op + ", call " + k + " of " + calls + " failing " + when;
        Path dir = root.resolve(k + "-" + when);
        StorageFaults faults = new StorageFaults();
        Seen later;
        try (Partita p = open(dir, faults, new ArrayDeque<>())) {
          faults.failCall(k, when);
          assertThrows(PartitaException.class, () -> p.execute(write.apply("first")), step + " was acknowledged");
          Seen seen = Seen.of(p);
          assertTrue(seen.equals(before) || seen.equals(after), step + " left a partial write: " + seen
              + "\nbefore: " + before + "\nafter:  " + after);
          assertTrue(seen.consistent(), step + ": " + seen);
          assertEquals(0, p.store().openBatches(), step + " left a batch open");
          assertEquals(0, p.store().openReaders(), step + " left a cursor or view open");
          p.execute(PutItemRequest.builder().tableName(T).item(StorageFaultsTest.item("later", "g-later", 1)).build());
          later = Seen.of(p);
          assertTrue(later.consistent(), "a write after " + step + ": " + later);
          assertEquals(seen.table().items() + 1, later.table().items(), step);
        }
        try (Partita p = Partita.open(dir)) {
          assertEquals(later, Seen.of(p), "reopened after " + step);
        }
      }
    }
  }

  /**
   * The backfill of a global index added to a table with items: each failing call stops the build
   * (it waits for the store to recover, which an injected call fault never reports) with every
   * chunk written whole or not at all; the build then resumes when the database reopens, and the
   * index ends with every entry counted once.
   */
  @Test
  void aFaultAtEachStepOfAnIndexBackfillLeavesEveryChunkWholeOrAbsent(@TempDir Path root) {
    StorageFaults counting = new StorageFaults();
    ArrayDeque<Runnable> background = new ArrayDeque<>();
    Index built;
    long calls;
    try (Partita p = open(root.resolve("dry-run"), counting, background)) {
      addIndex(p);
      long from = counting.calls();
      drain(background);
      calls = counting.calls() - from;
      built = Index.of(p);
    }
    assertEquals(IndexStatus.ACTIVE, built.status());
    assertEquals(3, built.entries());
    assertTrue(built.consistent(), built.toString());
    for (long k = 1; k <= calls; k++) {
      for (StorageFaults.When when : StorageFaults.When.values()) {
        String step = "backfill call " + k + " of " + calls + " failing " + when;
        Path dir = root.resolve(k + "-" + when);
        StorageFaults faults = new StorageFaults();
        try (Partita p = open(dir, faults, background)) {
          addIndex(p);
          faults.failCall(k, when);
          drain(background);
          assertEquals(0, p.store().openBatches(), step + " left a batch open");
          assertEquals(0, p.store().openReaders(), step + " left a cursor open");
        }
        try (Partita p = Partita.with().backgroundExecutor(background::add).open(dir)) {
          drain(background); // the build, resumed at open
          assertEquals(built, Index.of(p), "reopened after " + step);
        }
      }
    }
  }

  private static Partita open(Path dir, StorageFaults faults, ArrayDeque<Runnable> background) {
    // no Time to Live schedule: its sweeps would make store calls of their own, at times of their own
    Partita p = Partita.with().storageFaults(faults).clock(new MovableClock()).backgroundExecutor(background::add)
        .timeToLiveInterval(java.time.Duration.ZERO).open(dir);
    StorageFaultsTest.createTable(p);
    p.execute(UpdateTableRequest.builder().tableName(T).streamSpecification(StreamSpecification.builder()
        .streamEnabled(true).streamViewType("NEW_AND_OLD_IMAGES").build()).build());
    return p;
  }

  private static void addIndex(Partita p) {
    p.execute(UpdateTableRequest.builder().tableName(T)
        .attributeDefinitions(attr("pk"), attr("sk"), attr("g"), attr("l"), attr("h"))
        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(CreateGlobalSecondaryIndexAction
            .builder().indexName("byH").keySchema(KeySchemaElement.builder().attributeName("h").keyType("HASH").build())
            .projection(Projection.builder().projectionType("ALL").build()).build()).build()).build());
  }

  private static void drain(ArrayDeque<Runnable> background) {
    while (!background.isEmpty()) {
      background.poll().run();
    }
  }

  private static AttributeDefinition attr(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType("S").build();
  }

  private static DescribeTableResponse describe(Partita p) {
    return p.execute(DescribeTableRequest.builder().tableName(T).build());
  }

  /**
   * What a client sees of the table ({@link State}) and of its stream, each record as its event,
   * keys and images (in order; sequence numbers aside).
   */
  record Seen(State table, List<Change> stream) {
    /** One stream record: its event, the sort key of its item, and its images. */
    record Change(OperationType event, String sk, String oldImage, String newImage) {}

    static Seen of(Partita p) {
      return new Seen(State.of(p), records(p).stream().map(r -> new Change(r.eventName(),
          r.dynamodb().keys().get("sk").s(), image(r.dynamodb().oldImage()), image(r.dynamodb().newImage()))).toList());
    }

    /**
     * The counters agree with the items, and the stream, replayed over the table's three first
     * items (the stream was turned on after them), gives the table: no change is missing from it or
     * recorded without being made.
     */
    boolean consistent() {
      if (!table.consistent()) {
        return false;
      }
      Map<String, String> replayed = new TreeMap<>();
      for (int i = 1; i <= 3; i++) {
        replayed.put("base" + i, image(StorageFaultsTest.item("base" + i, "g" + i, i)));
      }
      for (Change c : stream) {
        if (c.event() == OperationType.REMOVE) {
          replayed.remove(c.sk());
        } else {
          replayed.put(c.sk(), c.newImage());
        }
      }
      return replayed.equals(table.contents());
    }

    private static String image(Map<String, AttributeValue> image) {
      return image == null || image.isEmpty() ? "none" : new TreeMap<>(image).toString();
    }

    /** Every record of the table's stream, read from the start of each shard. */
    private static List<Record> records(Partita p) {
      String arn = describe(p).table().latestStreamArn();
      DescribeStreamResponse d = p.execute(DescribeStreamRequest.builder().streamArn(arn).build());
      List<Record> out = new ArrayList<>();
      for (Shard shard : d.streamDescription().shards()) {
        String it = p.<software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse>execute(
            GetShardIteratorRequest.builder().streamArn(arn).shardId(shard.shardId())
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
        while (it != null) {
          GetRecordsResponse r = p.execute(GetRecordsRequest.builder().shardIterator(it).build());
          out.addAll(r.records());
          it = r.records().isEmpty() ? null : r.nextShardIterator();
        }
      }
      return out;
    }
  }

  /** The new index as a client sees it: its status, its entries, and the counters DescribeTable reports. */
  record Index(IndexStatus status, int entries, long itemCount, long sizeBytes) {
    static Index of(Partita p) {
      GlobalSecondaryIndexDescription g = describe(p).table().globalSecondaryIndexes().stream()
          .filter(x -> x.indexName().equals("byH")).findFirst().orElseThrow();
      int entries = g.indexStatus() != IndexStatus.ACTIVE ? -1
          : p.<software.amazon.awssdk.services.dynamodb.model.ScanResponse>execute(ScanRequest.builder().tableName(T)
              .indexName("byH").build()).count();
      return new Index(g.indexStatus(), entries, g.itemCount(), g.indexSizeBytes());
    }

    boolean consistent() {
      return entries == itemCount && (entries > 0) == (sizeBytes > 0);
    }
  }
}
