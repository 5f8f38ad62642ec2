package io.partita.model.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The migration toolkit on Partita embedded (in memory): a backfill that adds an attribute and re-keys an index over
 * a parallel scan, killed in the middle and resumed to an exact result (every item rewritten exactly once, none
 * skipped, the other entity untouched, the record and checkpoints in the table); a writer slipped in between a read
 * and its rewrite; the dual-write window with a shadow read.
 *
 * <p>The crash test migrates 10,000 items in CI; {@code -Dpartita.migration.items=100000} runs the issue's 100,000.
 */
class MigrationTest {
  /** The stored shape before: a priority, indexed by it. */
  record TaskV1(String project, String id, String title, int priority) {}

  /** After: a status (new attribute, derived from the priority for old items), the index re-keyed by status. */
  record Task(String project, String id, String title, int priority, String status) {}

  record Note(String id, String text) {}

  private static final TableSchema TABLE = TableSchema.named("tasks").globalIndex("gsi1", "gsi1pk", "gsi1sk")
      .globalIndex("gsi2", "gsi2pk", "gsi2sk");

  private static Entity<TaskV1> v1() {
    return Entity.of(TaskV1.class).name("Task").key("PROJECT#{project}", "TASK#{id}")
        .index("gsi1", "PRIORITY#{priority:02d}", "TASK#{id}");
  }

  private static String statusOf(int priority) {
    return priority >= 8 ? "URGENT" : "NORMAL";
  }

  /** The new shape: on gsi1 (re-keyed in place) or on gsi2 (the old index kept for the window). */
  private static Entity<Task> v2(String index) {
    return Entity.of(Task.class).name("Task").key("PROJECT#{project}", "TASK#{id}")
        .index(index, "STATUS#{status}", "P#{priority:02d}#{id}")
        .schemaVersion(2)
        .upgrade(1, item -> {
          item.putIfAbsent("status", AttributeValue.fromS(statusOf(Integer.parseInt(item.get("priority").n()))));
          return item;
        });
  }

  private final Entity<TaskV1> oldTask = v1();
  private final Entity<Note> note = Entity.of(Note.class).key("NOTE#{id}", "NOTE");
  private final Model oldModel = Model.builder(TABLE).entities(oldTask, note).build();
  private final Entity<Task> task = v2("gsi1");
  private final AccessPattern<Task> byStatus = AccessPattern.of("Tasks by status", task).index("gsi1")
      .partition("STATUS#{status}").sortBeginsWith("P#").build();
  private final Model model = Model.builder(TABLE).entities(task, note).patterns(byStatus).build();
  private final DynamoDbClient dynamo = PartitaDynamoDb.inMemory();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void close() {
    pool.shutdownNow();
    dynamo.close();
  }

  private static TaskV1 oldTask(int i) {
    return new TaskV1("p" + (i % 97), String.format("t%06d", i), "task " + i, i % 10);
  }

  private static Task migrated(int i) {
    TaskV1 t = oldTask(i);
    return new Task(t.project(), t.id(), t.title(), t.priority(), statusOf(t.priority()));
  }

  /** n old-shape tasks and 50 notes, written as the old code wrote them. */
  private void load(int n) {
    ModelClient.create(model, dynamo).createTable();
    List<WriteRequest> chunk = new ArrayList<>(25);
    for (int i = 0; i < n + 50; i++) {
      Record r = i < n ? oldTask(i) : new Note("n" + i, "keep me");
      chunk.add(WriteRequest.builder().putRequest(PutRequest.builder().item(oldModel.encode(r)).build()).build());
      if (chunk.size() == 25 || i == n + 49) {
        List<WriteRequest> batch = List.copyOf(chunk);
        var left = dynamo.batchWriteItem(b -> b.requestItems(Map.of("tasks", batch))).unprocessedItems();
        assertTrue(left.isEmpty());
        chunk.clear();
      }
    }
  }

  private List<Map<String, AttributeValue>> everything() {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    Map<String, AttributeValue> after = null;
    do {
      Map<String, AttributeValue> start = after;
      ScanResponse r = dynamo.scan(s -> s.tableName("tasks").exclusiveStartKey(start));
      out.addAll(r.items());
      after = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (after != null);
    return out;
  }

  /**
   * {@code delegate} with a count of the tasks it rewrote, per key; once {@code deadAfter} rewrites are done, every
   * later call fails, as if the process had died (nothing more is written, not even a checkpoint).
   */
  private static DynamoDbClient counting(DynamoDbClient delegate, Map<String, AtomicInteger> rewrites,
      int deadAfter) {
    AtomicInteger admitted = new AtomicInteger();
    AtomicBoolean dead = new AtomicBoolean();
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (dead.get()) {
            throw SdkClientException.create("simulated crash: the process is gone");
          }
          boolean rewrite = method.getName().equals("putItem") && args[0] instanceof PutItemRequest p
              && "Task".equals(p.item().get("_type").s());
          if (rewrite && admitted.incrementAndGet() > deadAfter) {
            dead.set(true);
            throw SdkClientException.create("simulated crash: the process is gone");
          }
          Object result;
          try {
            result = method.invoke(delegate, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (rewrite) {
            PutItemRequest p = (PutItemRequest) args[0];
            rewrites.computeIfAbsent(p.item().get("pk").s() + "|" + p.item().get("sk").s(),
                k -> new AtomicInteger()).incrementAndGet();
          }
          return result;
        });
  }

  @Test
  void aBackfillKilledInTheMiddleResumesToAnExactResult() {
    int n = Integer.getInteger("partita.migration.items", 10_000);
    long loading = System.nanoTime();
    load(n);
    System.out.printf("MigrationTest: %d items loaded in %d ms%n", n, (System.nanoTime() - loading) / 1_000_000);
    Map<String, AtomicInteger> rewrites = new ConcurrentHashMap<>();
    Clock clock = Clock.fixed(Instant.parse("2026-11-27T08:00:00Z"), ZoneOffset.UTC);
    long started = System.nanoTime();

    DynamoDbClient dying = counting(dynamo, rewrites, n * 2 / 5);
    Migration<Task> first = Migration.of("2026-11-task-status", dying, model, task).segments(4).pageSize(100)
        .clock(clock);
    SdkClientException crash = assertThrows(SdkClientException.class, () -> first.run(pool));
    assertTrue(crash.getMessage().contains("simulated crash"), crash.getMessage());
    MigrationLog log = MigrationLog.in(dynamo, model.table());
    MigrationRecord halfway = log.record("2026-11-task-status").orElseThrow();
    assertEquals(MigrationRecord.State.RUNNING, halfway.state()); // the process died: nobody wrote FAILED
    assertEquals(n * 2 / 5, rewrites.size());
    Map<Integer, Checkpoint> saved = log.load("2026-11-task-status");
    assertFalse(saved.isEmpty(), "checkpoints were saved before the crash");
    assertTrue(saved.values().stream().noneMatch(Checkpoint::done), "no segment was done before the crash: "
        + saved.values());

    List<Migration.Progress> seen = new ArrayList<>();
    MigrationRecord done = Migration.of("2026-11-task-status", counting(dynamo, rewrites, Integer.MAX_VALUE), model,
        task).segments(4).pageSize(100).clock(clock).progress(p -> {
          synchronized (seen) {
            seen.add(p);
          }
        }).run(pool);
    long millis = (System.nanoTime() - started) / 1_000_000;

    assertEquals(MigrationRecord.State.COMPLETED, done.state());
    assertEquals(2, done.runs());
    // the pages half done at the crash were read again and their rewritten items left alone: counted as current
    assertEquals(n, done.migrated() + done.current());
    assertTrue(done.current() > 0 && done.migrated() >= n * 2 / 5, done.toString());
    assertEquals(0, done.gone());
    assertEquals(done, log.record("2026-11-task-status").orElseThrow());
    assertEquals(List.of(done), log.history());
    Migration.Progress last = seen.stream().max(java.util.Comparator.comparingLong(Migration.Progress::scanned))
        .orElseThrow();
    assertEquals(new Migration.Progress("2026-11-task-status", 4, 4, last.scanned(), done.migrated(), done.current(), 0),
        last);

    // exactly once: every task rewritten once over both runs, none skipped, none twice
    assertEquals(n, rewrites.size());
    assertTrue(rewrites.values().stream().allMatch(c -> c.get() == 1), "an item was rewritten twice");
    // exact result: every task is the new shape of its old self, byte for byte; the notes are as they were
    int tasks = 0;
    int notes = 0;
    for (Map<String, AttributeValue> item : everything()) {
      switch (item.get("_type").s()) {
        case "Task" -> {
          int i = Integer.parseInt(item.get("id").s().substring(1));
          assertEquals(model.encode(migrated(i)), item);
          tasks++;
        }
        case "Note" -> {
          assertEquals("keep me", item.get("text").s());
          notes++;
        }
        default -> { } // the migration's own record and checkpoints
      }
    }
    assertEquals(n, tasks);
    assertEquals(50, notes);
    // the re-keyed index answers by the new key
    ModelClient db = ModelClient.create(model, dynamo);
    List<Task> urgent = db.query(byStatus).partition(Key.of("status", "URGENT")).all();
    assertEquals(n / 5, urgent.size());
    assertTrue(urgent.stream().allMatch(t -> t.priority() >= 8));

    // run again: completed, nothing to do
    Map<String, AtomicInteger> again = new ConcurrentHashMap<>();
    assertEquals(done, Migration.of("2026-11-task-status", counting(dynamo, again, 0), model, task).segments(4)
        .run(pool));
    assertTrue(again.isEmpty());
    System.out.printf("MigrationTest: %d items migrated with a crash at 40%% and a resume in %d ms%n", n, millis);
  }

  @Test
  void aWriteBetweenTheReadAndTheRewriteIsNotOverwritten() {
    load(30);
    ModelClient oldCode = ModelClient.create(oldModel, dynamo);
    AtomicBoolean once = new AtomicBoolean();
    MigrationRecord done = Migration.of("race", dynamo, model, task).segments(1).transform(t -> {
      if (t.id().equals("t000007") && once.compareAndSet(false, true)) {
        // the old code, still deployed, renames the task after the migration read it
        oldCode.entity(oldTask).put(new TaskV1(t.project(), t.id(), "renamed meanwhile", 9));
      }
      return t;
    }).run();
    assertEquals(30, done.migrated());
    Task t7 = ModelClient.create(model, dynamo).entity(task).get(Key.of("project", "p7", "id", "t000007"))
        .orElseThrow();
    assertEquals(new Task("p7", "t000007", "renamed meanwhile", 9, "URGENT"), t7);
    Map<String, AttributeValue> stored = dynamo.getItem(g -> g.tableName("tasks").key(Map.of("pk",
        AttributeValue.fromS("PROJECT#p7"), "sk", AttributeValue.fromS("TASK#t000007")))).item();
    assertEquals(model.encode(t7), stored);
  }

  @Test
  void aResumeWithAnotherSegmentCountIsRefusedAndAFailureIsRecorded() {
    load(10);
    RuntimeException boom = assertThrows(RuntimeException.class, () -> Migration.of("m", dynamo, model, task)
        .segments(2).transform(t -> {
          throw new IllegalStateException("bad transform");
        }).run());
    assertEquals("bad transform", boom.getMessage());
    MigrationRecord failed = MigrationLog.in(dynamo, model.table()).record("m").orElseThrow();
    assertEquals(MigrationRecord.State.FAILED, failed.state());
    assertTrue(failed.error().orElseThrow().contains("bad transform"));
    var refused = assertThrows(io.partita.model.ModelException.class,
        () -> Migration.of("m", dynamo, model, task).segments(3).run());
    assertEquals("Migration m started with 2 segments: resume it with the same number, not 3", refused.getMessage());
    assertEquals(10, Migration.of("m", dynamo, model, task).segments(2).run().migrated());
  }

  @Test
  void theDualWriteWindowKeepsTheOldIndexForOldReadersAndTheShadowReadFindsNoDifference() {
    Entity<Task> moved = v2("gsi2");
    AccessPattern<Task> newPath = AccessPattern.of("Tasks by status", moved).index("gsi2")
        .partition("STATUS#{status}").sortBeginsWith("P#{priority:02d}").build();
    Model windowModel = Model.builder(TABLE).entities(moved, note).patterns(newPath).build();
    AccessPattern<TaskV1> oldPath = AccessPattern.of("Tasks by priority", oldTask).index("gsi1")
        .partition("PRIORITY#{priority:02d}").build();
    Model readers = Model.builder(TABLE).entities(oldTask, note).patterns(oldPath).build();
    load(40);

    // during the window the new code writes through the dual-write client; the old readers still query gsi1
    ModelClient db = ModelClient.create(windowModel, DualWrite.of(dynamo, windowModel, moved)
        .alsoAs(oldModel, (Task t) -> new TaskV1(t.project(), t.id(), t.title(), t.priority())).client());
    db.entity(moved).put(new Task("p1", "new1", "written in the window", 9, "URGENT"));
    db.entity(moved).update(Key.of("project", "p3", "id", "t000003")).set("priority", 9).set("status", "URGENT")
        .execute();
    db.batchWrite().put(moved, List.of(new Task("p2", "new2", "batch", 8, "URGENT"))).execute();
    MigrationRecord done = Migration.of("move-to-gsi2", dynamo, windowModel, moved).retain("gsi1pk", "gsi1sk")
        .run(pool);
    assertEquals(42, done.migrated() + done.current()); // the 40 loaded and the 2 put in the window

    ModelClient old = ModelClient.create(readers, dynamo);
    List<String> ids = old.query(oldPath).partition(Key.of("priority", 9)).all().stream().map(TaskV1::id).sorted()
        .toList();
    assertEquals(List.of("new1", "t000003", "t000009", "t000019", "t000029", "t000039"), ids);
    assertEquals(List.of("new2", "t000008", "t000018", "t000028", "t000038"), old.query(oldPath)
        .partition(Key.of("priority", 8)).all().stream().map(TaskV1::id).sorted().toList());

    // shadow read: priority 9 the old way (the answer) and the new way (compared)
    List<ShadowRead.Difference<Task>> differences = new ArrayList<>();
    ShadowRead<Task> shadow = ShadowRead.of(Task::id, differences::add);
    java.util.function.Supplier<List<Task>> oldWay = () -> old.query(oldPath).partition(Key.of("priority", 9)).all()
        .stream().map(t -> new Task(t.project(), t.id(), t.title(), t.priority(), statusOf(t.priority()))).toList();
    java.util.function.Supplier<List<Task>> newWay = () -> db.query(newPath)
        .partition(Key.of("status", "URGENT")).sort(Key.of("priority", 9)).all();
    assertEquals(6, shadow.list("priority 9", oldWay, newWay).size());
    assertEquals(List.of(), differences.stream().filter(d -> d.kind() != ShadowRead.Difference.Kind.ORDER)
        .toList());

    // a write that bypasses the window: the shadow read reports it
    dynamo.putItem(p -> p.tableName("tasks").item(windowModel.encode(new Task("p4", "sneaky", "no old key", 9,
        "URGENT"))));
    differences.clear();
    shadow.list("priority 9", oldWay, newWay);
    assertEquals(1, differences.stream().filter(d -> d.kind() == ShadowRead.Difference.Kind.EXTRA
        && d.identity().equals("sneaky")).count(), differences.toString());
  }

  @Test
  void theShadowReadReportsMissingChangedAndFailedReads() {
    record R(String id, int n) {}
    List<ShadowRead.Difference<R>> seen = new ArrayList<>();
    ShadowRead<R> shadow = ShadowRead.of(R::id, seen::add);
    assertEquals(List.of(new R("a", 1), new R("b", 2)), shadow.list("l", () -> List.of(new R("a", 1), new R("b", 2)),
        () -> List.of(new R("a", 5))));
    assertEquals(2, seen.size());
    assertEquals(ShadowRead.Difference.Kind.CHANGED, seen.get(0).kind());
    assertEquals(List.of("n"), seen.get(0).changedFields());
    assertEquals(ShadowRead.Difference.Kind.MISSING, seen.get(1).kind());
    seen.clear();
    AtomicReference<String> answer = new AtomicReference<>();
    shadow.one("o", () -> java.util.Optional.of(new R("a", 1)), () -> {
      throw new IllegalStateException("new index not there");
    }).ifPresent(r -> answer.set(r.id()));
    assertEquals("a", answer.get());
    assertEquals(ShadowRead.Difference.Kind.SHADOW_FAILED, seen.get(0).kind());
    seen.clear();
    shadow.list("order", () -> List.of(new R("a", 1), new R("b", 2)), () -> List.of(new R("b", 2), new R("a", 1)));
    assertEquals(List.of(ShadowRead.Difference.Kind.ORDER), seen.stream().map(ShadowRead.Difference::kind).toList());
  }
}
