package io.partita.model.migrate;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.partita.model.Entity;
import io.partita.model.Model;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A backfill: every stored item of one entity rewritten into the shape the model now gives it — a new attribute
 * filled (by the entity's {@code upgrade} step or by {@link #transform}), index keys rendered from new templates
 * (a re-keyed index), the schema version stamped — over a parallel scan, with progress and resumable checkpoints.
 *
 * <pre>{@code
 * Migration<Task> m = Migration.of("2026-11-task-status", dynamo, model, task)
 *     .segments(8).pageSize(200)
 *     .progress(p -> log.info("{} migrated, {} already current", p.migrated(), p.current()));
 * MigrationRecord done = m.run(executor);   // again after a crash: resumes from the checkpoints
 * }</pre>
 *
 * <p>Each item read is decoded by the model (so the upgrade steps run), passed through the transform, and encoded
 * again ({@link Model#encode}: no timestamp or version is touched, a migration is not a user's change). When that
 * is the item as stored, it is left alone ("current"); otherwise it is put, conditioned on the stored item being
 * still the one read, attribute by attribute. A writer that came in between makes the condition fail; the item is
 * then read again (consistently) and the step repeats, up to 10 times. So an item is rewritten at most once per
 * change, a run resumed over a page it had half done rewrites nothing twice, and a write made during the run is
 * never overwritten with a stale shape. A put replaces the item: attributes neither shape knows are dropped, except
 * those named in {@link #retain} (the old shape's index keys while old readers still query them: the dual-write
 * window, see {@link DualWrite}).
 *
 * <p>Progress: after every page, the segment's {@link Checkpoint} (its LastEvaluatedKey and counts) is saved to the
 * {@link CheckpointStore} — the table itself unless told otherwise — and {@link #progress} is told. The migration's
 * {@link MigrationRecord} is kept in the table ({@link MigrationLog}): RUNNING while a run goes, FAILED with the
 * error when one fails, COMPLETED at the end; a completed migration run again does nothing. The table key cannot
 * change through a migration (that is a new item, not a new shape): such an item is refused.
 *
 * <p>A Migration is a mutable builder while configured; {@link #run} may be called from one thread at a time.
 */
public final class Migration<T extends Record> {
  private static final int ATTEMPTS = 10;

  private final String id;
  private final DynamoDbClient dynamo;
  private final Model model;
  private final Entity<T> entity;
  /** A copy's legacy table and its records' conversion, or null for a reshape inside the table. */
  private final LegacyTable<?> source;
  private final Function<Object, T> toNew;
  private final MigrationLog log;
  private CheckpointStore checkpoints;
  private UnaryOperator<T> transform = UnaryOperator.identity();
  private final Set<String> retained = new LinkedHashSet<>();
  private int segments = 4;
  private int pageSize = 100;
  private Consumer<Progress> progress = p -> { };
  private Clock clock = Clock.systemUTC();

  private Migration(String id, DynamoDbClient dynamo, Model model, Entity<T> entity, LegacyTable<?> source,
      Function<Object, T> toNew) {
    this.source = source;
    this.toNew = toNew;
    this.id = Objects.requireNonNull(id, "id");
    if (id.isEmpty()) {
      throw new IllegalArgumentException("a migration needs a name");
    }
    this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    this.model = Objects.requireNonNull(model, "model");
    this.entity = Objects.requireNonNull(entity, "entity");
    this.log = MigrationLog.in(dynamo, model.table());
    this.checkpoints = log;
  }

  /**
   * A migration named {@code id} (unique in the table: the record and checkpoints are kept under it) of {@code
   * entity}'s items to the shape {@code model} gives them.
   */
  public static <T extends Record> Migration<T> of(String id, DynamoDbClient dynamo, Model model, Entity<T> entity) {
    return new Migration<>(id, dynamo, model, entity, null, null);
  }

  /**
   * A migration named {@code id} that copies every item of the legacy table {@code from} into {@code model}'s table
   * as a record of {@code into} (guide 002 §10, step 5: the backfill of a move from several tables to one; one
   * migration per legacy table). Each legacy item is decoded ({@link LegacyTable#decode}: an item that is not
   * recognised or does not decode fails the run, naming it), converted by {@code toNew} and {@link #transform}, and
   * put into the new table unless an item is already at its key — written by the {@link DualWrite#alsoTo dual-write
   * window}, which is newer, or by an earlier run — which is left alone and counted {@code current}. Start the window
   * before the copy, so that no write made during the copy is lost.
   */
  @SuppressWarnings("unchecked")
  public static <L extends Record, T extends Record> Migration<T> copy(String id, DynamoDbClient dynamo,
      LegacyTable<L> from, Model model, Entity<T> into, Function<L, T> toNew) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(toNew, "toNew");
    if (from.name().equals(model.table().name())) {
      throw new IllegalArgumentException("a copy moves items from another table; legacy table " + from.name()
          + " is the model's own table: use Migration.of to reshape items in place");
    }
    return new Migration<>(id, dynamo, model, into, from, l -> toNew.apply((L) l));
  }

  /** A change of each record on its way to the new shape (after the entity's upgrade steps); identity by default. */
  public Migration<T> transform(UnaryOperator<T> transform) {
    this.transform = Objects.requireNonNull(transform, "transform");
    return this;
  }

  /** Stored attributes kept as they are, though the new shape does not write them (old index keys, old names). */
  public Migration<T> retain(String... attributes) {
    if (source != null) {
      throw new IllegalStateException("retain keeps attributes of an item being rewritten in place; a copy from "
          + source.name() + " writes new items");
    }
    for (String a : attributes) {
      retained.add(Objects.requireNonNull(a, "attribute"));
    }
    return this;
  }

  /** Segments of the parallel scan (default 4); a resumed migration must keep the number it started with. */
  public Migration<T> segments(int segments) {
    if (segments < 1 || segments > 1_000_000) {
      throw new IllegalArgumentException("a parallel scan has 1 to 1000000 segments, not " + segments);
    }
    this.segments = segments;
    return this;
  }

  /** Items read per Scan request (its Limit, default 100): a checkpoint is saved after each. */
  public Migration<T> pageSize(int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("a page has at least one item, not " + pageSize);
    }
    this.pageSize = pageSize;
    return this;
  }

  /** Where checkpoints are kept (default: the table, {@link MigrationLog}). */
  public Migration<T> checkpoints(CheckpointStore store) {
    this.checkpoints = Objects.requireNonNull(store, "store");
    return this;
  }

  /** Told after every page of every segment, from the thread that read it: must be thread-safe. */
  public Migration<T> progress(Consumer<Progress> progress) {
    this.progress = Objects.requireNonNull(progress, "progress");
    return this;
  }

  /** The clock of the record's start and end times. */
  public Migration<T> clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /** Runs the segments one after another on the calling thread. */
  public MigrationRecord run() {
    return run(Runnable::run);
  }

  /**
   * Runs (or resumes) the migration, each unfinished segment as a task on {@code executor}, and returns its record
   * once every segment has ended. A failure stops the other segments after their current item, marks the record
   * FAILED and is thrown; running again resumes from the checkpoints.
   *
   * @throws ModelException when the migration ran before with another number of segments, or an item's table key
   *     would change, or an item does not decode
   */
  public MigrationRecord run(Executor executor) {
    Objects.requireNonNull(executor, "executor");
    Optional<MigrationRecord> before = log.record(id);
    if (before.isPresent() && before.get().state() == MigrationRecord.State.COMPLETED) {
      return before.get();
    }
    if (before.isPresent() && before.get().segments() != segments) {
      throw new ModelException("Migration " + id + " started with " + before.get().segments()
          + " segments: resume it with the same number, not " + segments, entity.name(), null);
    }
    Instant started = before.map(MigrationRecord::startedAt).orElse(clock.instant());
    int runs = before.map(MigrationRecord::runs).orElse(0) + 1;
    log.save(new MigrationRecord(id, entity.name(), MigrationRecord.State.RUNNING, started, Optional.empty(), runs,
        segments, 0, 0, 0, Optional.empty()));
    Map<Integer, Checkpoint> saved = checkpoints.load(id);
    Checkpoint[] state = new Checkpoint[segments];
    for (int i = 0; i < segments; i++) {
      state[i] = saved.getOrDefault(i, Checkpoint.start(i, segments));
    }
    SegmentTotals totals = new SegmentTotals(id, segments, state);
    AtomicBoolean stop = new AtomicBoolean();
    List<CompletableFuture<Void>> running = new ArrayList<>();
    for (int i = 0; i < segments; i++) {
      if (!state[i].done()) {
        int segment = i;
        running.add(CompletableFuture.runAsync(() -> {
          try {
            runSegment(segment, state, totals, stop);
          } catch (RuntimeException | Error e) {
            stop.set(true);
            throw e;
          }
        }, executor));
      }
    }
    try {
      CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0])).join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      try {
        log.save(record(MigrationRecord.State.FAILED, started, runs, null, state, Optional.of(String.valueOf(cause))));
      } catch (RuntimeException ignored) {
        cause.addSuppressed(ignored); // the table may be what failed: the record then says RUNNING
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error r) {
        throw r;
      }
      throw e;
    }
    MigrationRecord done = record(MigrationRecord.State.COMPLETED, started, runs, clock.instant(), state,
        Optional.empty());
    log.save(done);
    return done;
  }

  private MigrationRecord record(MigrationRecord.State s, Instant started, int runs, Instant finished,
      Checkpoint[] state, Optional<String> error) {
    long migrated = 0;
    long current = 0;
    long gone = 0;
    synchronized (state) {
      for (Checkpoint c : state) {
        migrated += c.migrated();
        current += c.current();
        gone += c.gone();
      }
    }
    return new MigrationRecord(id, entity.name(), s, started, Optional.ofNullable(finished), runs, segments,
        migrated, current, gone, error);
  }

  private void runSegment(int segment, Checkpoint[] state, SegmentTotals totals, AtomicBoolean stop) {
    TableSchema table = model.table();
    Checkpoint c = state[segment];
    Map<String, AttributeValue> after = c.lastEvaluatedKey();
    ScanRequest.Builder scan = ScanRequest.builder().consistentRead(true).limit(pageSize).segment(segment)
        .totalSegments(segments);
    if (source == null) {
      scan.tableName(table.name()).filterExpression("#t = :t")
          .expressionAttributeNames(Map.of("#t", table.typeAttribute()))
          .expressionAttributeValues(Map.of(":t", AttributeValue.fromS(entity.name())));
    } else {
      scan.tableName(source.name()); // every item of a legacy table is one of its records, or an error
    }
    while (!stop.get()) {
      ScanResponse page = dynamo.scan((after.isEmpty() ? scan.exclusiveStartKey(null)
          : scan.exclusiveStartKey(after)).build());
      long scanned = 0;
      long migrated = 0;
      long current = 0;
      long gone = 0;
      for (Map<String, AttributeValue> item : page.items()) {
        if (stop.get()) {
          return; // another segment failed: end without a checkpoint past what was done
        }
        scanned++;
        switch (source == null ? migrate(item) : copy(item)) {
          case MIGRATED -> migrated++;
          case CURRENT -> current++;
          case GONE -> gone++;
        }
      }
      after = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of();
      c = new Checkpoint(segment, segments, after, after.isEmpty(), c.scanned() + scanned, c.migrated() + migrated,
          c.current() + current, c.gone() + gone);
      checkpoints.save(id, c);
      synchronized (state) {
        state[segment] = c;
      }
      progress.accept(totals.add(c.done(), scanned, migrated, current, gone));
      if (c.done()) {
        return;
      }
    }
  }

  private enum Outcome { MIGRATED, CURRENT, GONE }

  private Outcome migrate(Map<String, AttributeValue> stored) {
    Map<String, AttributeValue> read = stored;
    for (int attempt = 1; ; attempt++) {
      T record = model.decode(read, entity.type()).orElseThrow(() -> new ModelException(
          "Migration " + id + ": an item of " + entity.name() + " does not decode as " + entity.type().getName(),
          entity.name(), null));
      Map<String, AttributeValue> target = new HashMap<>(model.encode(Objects.requireNonNull(
          transform.apply(record), "the transform returned null")));
      for (String a : retained) {
        if (!target.containsKey(a) && read.containsKey(a)) {
          target.put(a, read.get(a));
        }
      }
      Map<String, AttributeValue> key = StoredItems.keyOf(model.table(), read);
      Map<String, AttributeValue> targetKey = StoredItems.keyOf(model.table(), target);
      if (!StoredItems.same(key, targetKey)) {
        throw new ModelException("Migration " + id + ": item " + key + " of " + entity.name()
            + " would move to table key " + targetKey + "; a migration changes an item's shape, not its key",
            entity.name(), null);
      }
      if (StoredItems.same(read, target)) {
        return Outcome.CURRENT;
      }
      Map<String, String> names = new HashMap<>();
      Map<String, AttributeValue> values = new HashMap<>();
      String unchanged = StoredItems.unchanged(read, target.keySet(), names, values);
      try {
        dynamo.putItem(PutItemRequest.builder().tableName(model.table().name()).item(target)
            .conditionExpression(unchanged).expressionAttributeNames(names).expressionAttributeValues(values)
            .build());
        return Outcome.MIGRATED;
      } catch (ConditionalCheckFailedException e) {
        if (attempt == ATTEMPTS) {
          throw new ModelException("Migration " + id + ": item " + key + " of " + entity.name() + " changed under "
              + "each of " + ATTEMPTS + " attempts to rewrite it", entity.name(), null, e);
        }
      }
      // another writer came in between: start again from the item as it is now
      read = dynamo.getItem(g -> g.tableName(model.table().name()).key(key).consistentRead(true)).item();
      if (read == null || read.isEmpty()) {
        return Outcome.GONE;
      }
    }
  }

  /** Puts the new table's item for a legacy item, unless one is at its key already. */
  private Outcome copy(Map<String, AttributeValue> stored) {
    Map<String, AttributeValue> target;
    try {
      T record = Objects.requireNonNull(transform.apply(Objects.requireNonNull(toNew.apply(source.decode(stored)),
          "the conversion returned null")), "the transform returned null");
      if (!entity.type().isInstance(record)) {
        throw new ClassCastException("the conversion made a " + record.getClass().getName() + ", not a "
            + entity.type().getName());
      }
      target = model.encode(record);
    } catch (ModelException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ModelException("Migration " + id + ": item " + source.keyOf(stored) + " of legacy table "
          + source.name() + " does not convert into " + entity.name() + ": " + e.getMessage(), entity.name(), null, e);
    }
    try {
      dynamo.putItem(PutItemRequest.builder().tableName(model.table().name()).item(target)
          .conditionExpression("attribute_not_exists(#k)")
          .expressionAttributeNames(Map.of("#k", model.table().partitionKey())).build());
      return Outcome.MIGRATED;
    } catch (ConditionalCheckFailedException e) {
      return Outcome.CURRENT; // the window (or an earlier run) wrote it: newer than the legacy item, or the same
    }
  }


  /**
   * The migration as it stands after a page, over this run and the runs before it.
   *
   * @param segmentsDone segments read to their end
   * @param scanned items of the entity read
   * @param migrated items rewritten into the new shape
   * @param current items found in the new shape already
   * @param gone items deleted by another writer before their rewrite
   */
  public record Progress(String id, int segments, int segmentsDone, long scanned, long migrated, long current,
      long gone) {}
}
