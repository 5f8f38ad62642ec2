package io.partita.engine.internal.ops.write;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.context.ItemLocks;
import io.partita.engine.internal.ops.context.Streams;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Catalog;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.vector.VectorItems;
import io.partita.engine.internal.vector.VectorMirror;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.function.Predicate;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one write path of PutItem, UpdateItem, DeleteItem, TransactWriteItems and BatchWriteItem:
 * under the items' locks, read the current items, let each {@link WriteCommand} decide its new item
 * (checking its condition on the way), and write them all with their index entries, expiry index
 * entries and the table counters in one atomic, durable batch, or nothing. Time to Live's deletions
 * and restores take it too, with steps that write what is already stored.
 */
public final class ReadModifyWrite {
  /** Decides the new item from the current one; {@code null} deletes. May throw to refuse. */
  @FunctionalInterface
  public interface Step {
    Map<String, AttributeValue> apply(Map<String, AttributeValue> current);

    /** The size of the item {@link #apply} answered, by DynamoDB's rules: a step that knows it says so. */
    default long sizeOf(Map<String, AttributeValue> after) {
      return ItemSize.of(after);
    }
  }

  /**
   * What was there and what is there now; sizes by DynamoDB's rules, 0 for no item. {@code vectorChanges}
   * are the item's new entries in the vector indexes the write changed (a null entry: the item left that
   * index); empty when it changed none.
   */
  public record Result(Map<String, AttributeValue> before, long beforeSize, Map<String, AttributeValue> after, long afterSize,
      long collectionSize, Capacity.Units writeUnits, Map<VectorIndexDef, VectorMirror.Entry> vectorChanges) {
    Result(Map<String, AttributeValue> before, long beforeSize, Map<String, AttributeValue> after, long afterSize,
        long collectionSize, Capacity.Units writeUnits) {
      this(before, beforeSize, after, afterSize, collectionSize, writeUnits, Map.of());
    }
  }

  private static final PartitaException TRANSACTION_ONGOING = new PartitaException(
      io.partita.engine.ErrorCode.TransactionConflictException, "Transaction is ongoing for the item");

  private ReadModifyWrite() {}

  /**
   * Replaces the item's old index entries by its new ones in the same batch: an entry whose key
   * changed is deleted and the new one written; an unchanged entry is left alone.
   *
   * @return how much the item's local index entries grew (negative when they shrank)
   */
  private static long writeIndexEntries(EngineContext ctx, Store.Batch batch, TableDef def,
      Map<String, AttributeValue> before, Map<String, AttributeValue> after, Capacity.Units units) {
    if (def.globalIndexes().isEmpty() && def.localIndexes().isEmpty()) {
      return 0;
    }
    List<IndexEntries.Entry> old = IndexEntries.of(def, before);
    if (!old.isEmpty() && def.globalIndexes().stream().anyMatch(IndexDef::backfilling)) {
      // an index being backfilled may not hold this item's entry yet: only what is there counts
      // (the backfill checks the same under the same item lock, see IndexBackfill)
      old = new java.util.ArrayList<>(old);
      old.removeIf(o -> isBackfilling(def, o.index()) && ctx.store().get(o.key()) == null);
    }
    List<IndexEntries.Entry> now = IndexEntries.of(def, after);
    Map<String, long[]> deltas = new HashMap<>();
    for (IndexEntries.Entry o : old) {
      if (now.stream().noneMatch(n -> Arrays.equals(n.key(), o.key()))) {
        batch.delete(o.key());
      }
      long[] d = deltas.computeIfAbsent(o.index(), k -> new long[2]);
      d[0]--;
      d[1] -= o.size();
    }
    for (IndexEntries.Entry n : now) {
      if (old.stream().noneMatch(o -> IndexEntries.same(o, n))) {
        batch.put(n.key(), n.value());
      }
      long[] d = deltas.computeIfAbsent(n.index(), k -> new long[2]);
      d[0]++;
      d[1] += n.size();
    }
    // the index counters move in the same batch as the entries, so they are exact after a crash too
    deltas.forEach((index, d) -> {
      if (d[0] != 0) {
        batch.addToCounter(Keyspace.indexCountKey(def.id(), index), d[0]);
      }
      if (d[1] != 0) {
        batch.addToCounter(Keyspace.indexSizeKey(def.id(), index), d[1]);
      }
    });
    for (IndexDef ix : IndexEntries.indexes(def)) {
      IndexEntries.Entry o = old.stream().filter(e -> e.index().equals(ix.name())).findFirst().orElse(null);
      IndexEntries.Entry n = now.stream().filter(e -> e.index().equals(ix.name())).findFirst().orElse(null);
      double u = Capacity.indexWriteUnits(o, n);
      if (u > 0) {
        units.index(ix.global(), ix.name(), u);
      }
    }
    long local = 0;
    for (IndexDef lsi : def.localIndexes()) {
      long[] d = deltas.get(lsi.name());
      local += d == null ? 0 : d[1];
    }
    return local;
  }

  private static boolean isBackfilling(TableDef def, String index) {
    return def.globalIndexes().stream().anyMatch(ix -> ix.backfilling() && ix.name().equals(index));
  }

  /**
   * One item of a multi-item write: where it is, how its new value is decided, and whether the
   * service itself makes the change (a Time to Live deletion, which its stream record says).
   */
  public record Target(Table table, ItemKey key, Step step, boolean byService) {
    public Target(Table table, ItemKey key, Step step) {
      this(table, key, step, false);
    }
  }

  /** Receives the refusals of a multi-item write (one slot per target, null where none) and throws. */
  @FunctionalInterface
  public interface Refusal {
    RuntimeException of(PartitaException[] refusals, List<Map<String, AttributeValue>> before);
  }

  /**
   * The single-item write: a refusal is thrown as it is, and an item a transaction is writing now
   * is refused as DynamoDB refuses it ({@link io.partita.engine.internal.ops.context.OngoingTransactions}).
   */
  static Result run(EngineContext ctx, Target target) {
    String table = target.table().def().name();
    Served.admit(table, null, true);
    if (ctx.transactions().ongoing(target.key().storageKey())) {
      throw TRANSACTION_ONGOING;
    }
    try {
      Result r = runAll(ctx, List.of(target), (refusals, before) -> refusals[0]).get(0);
      Served.items(1);
      return r;
    } catch (PartitaException e) {
      if (e.code() == ErrorCode.ConditionalCheckFailedException) {
        // the current item was read to find the condition false: the least a write costs
        Served.charge(table, null, 0, 1);
      }
      throw e;
    }
  }

  /**
   * Writes several items as one: every step sees the current items under their locks, and either
   * all new items are written in one atomic batch (with their index entries and counters), or,
   * when any step or check refuses, nothing is and {@code refusal} decides what to throw. A step
   * that answers the current item itself (the same object) writes nothing for that item.
   */
  public static List<Result> runAll(EngineContext ctx, List<Target> targets, Refusal refusal) {
    return underLocks(ctx, targets, () -> writeAll(ctx, targets, refusal));
  }

  /** One target of {@link #runEach}: its result, or the refusal that left it out. */
  public record Outcome(Result result, PartitaException refusal) {}

  /**
   * Several independent writes (a BatchWriteItem's) under one set of locks and one atomic store
   * write, so a durable store syncs its log once for all of them instead of once per item. A
   * target refused with an error {@code skippable} accepts is left out, its part of the shared
   * batch rolled back, and the others are written; any other refusal writes nothing and is thrown.
   */
  public static List<Outcome> runEach(EngineContext ctx, List<Target> targets, Predicate<PartitaException> skippable) {
    return underLocks(ctx, targets, () -> writeEach(ctx, targets, skippable));
  }

  /** Runs {@code write} holding the tables' lifecycle read locks and the targets' item locks. */
  private static <T> T underLocks(EngineContext ctx, List<Target> targets, Supplier<T> write) {
    List<Table> tables = targets.size() == 1 ? List.of(targets.get(0).table())
        : targets.stream().map(Target::table).distinct().sorted(java.util.Comparator.comparingLong(t -> t.def().id())).toList();
    List<Lock> lifecycles = new ArrayList<>(tables.size());
    try {
      for (Table table : tables) {
        Lock l = table.lifecycle().readLock();
        l.lock();
        lifecycles.add(l);
        if (table.dropped()) {
          throw Catalog.itemsNotFound();
        }
      }
      List<byte[]> keys = targets.size() == 1 ? List.of(lockKey(targets.get(0)))
          : targets.stream().map(ReadModifyWrite::lockKey).toList();
      try (ItemLocks.Held held = ctx.locks().lockAll(keys)) {
        return write.get();
      }
    } finally {
      for (int i = lifecycles.size() - 1; i >= 0; i--) {
        lifecycles.get(i).unlock();
      }
    }
  }

  private static List<Outcome> writeEach(EngineContext ctx, List<Target> targets, Predicate<PartitaException> skippable) {
    Plan plan;
    try (Store.Batch batch = ctx.store().batch()) {
      plan = plan(ctx, batch, targets, skippable);
      if (batch.count() > 0) {
        ctx.streams().write(ctx, batch, plan.changes());
      }
    }
    keepVectorIndexes(ctx, plan);
    List<Outcome> outcomes = new ArrayList<>(targets.size());
    for (int i = 0; i < targets.size(); i++) {
      outcomes.add(new Outcome(plan.results().get(i), plan.refusals()[i]));
    }
    return outcomes;
  }

  private static byte[] lockKey(Target t) {
    return ItemCollections.lockKey(t.table().def(), t.key().storageKey());
  }

  private static List<Result> writeAll(EngineContext ctx, List<Target> targets, Refusal refusal) {
    try (Store.Batch batch = ctx.store().batch()) {
      Plan plan = plan(ctx, batch, targets, null);
      if (plan.refused()) {
        throw refusal.of(plan.refusals(), plan.befores());
      }
      if (batch.count() > 0) {
        ctx.streams().write(ctx, batch, plan.changes());
      }
      keepVectorIndexes(ctx, plan);
      return plan.results();
    }
  }

  /**
   * Brings the vector indexes held in memory to the items just written, still under the items' locks
   * and only once their batch is durable: an index never holds what the table does not, and a build
   * reading the same items under the same locks cannot undo it (internal/vector).
   */
  private static void keepVectorIndexes(EngineContext ctx, Plan plan) {
    for (Plan.Written w : plan.vectors()) {
      w.changes().forEach((index, entry) -> {
        VectorMirror mirror = ctx.vectors().get(w.def().id(), index);
        if (mirror != null) {
          mirror.put(w.key(), entry);
        }
      });
    }
  }

  /**
   * Every target's current item, and its result or its refusal (one slot each, null where none);
   * and the changes a stream records, one per item a write changes on a table with a stream.
   */
  private record Plan(List<Map<String, AttributeValue>> befores, List<Result> results, PartitaException[] refusals,
      boolean refused, List<Streams.Change> changes, List<Written> vectors) {
    /** An item written on a table with vector indexes: its storage key and its entries in the indexes it changed. */
    record Written(TableDef def, byte[] key, Map<VectorIndexDef, VectorMirror.Entry> changes) {}
  }

  /**
   * Reads each target's current item (under the locks already held) and plans its write into
   * {@code batch}. A refusal is recorded in its slot. With {@code takenBack} (the writes that go
   * ahead without the refused ones), each target's part of the batch sits behind a savepoint, so a
   * refusal that {@code takenBack} accepts is rolled back out of it, and any other is thrown;
   * without it, a refused plan is never written, so nothing needs taking back.
   */
  private static Plan plan(EngineContext ctx, Store.Batch batch, List<Target> targets,
      Predicate<PartitaException> takenBack) {
    List<Result> results = new ArrayList<>(targets.size());
    List<Map<String, AttributeValue>> befores = new ArrayList<>(targets.size());
    PartitaException[] refusals = new PartitaException[targets.size()];
    boolean refused = false;
    List<Streams.Change> changes = new ArrayList<>(0);
    List<Plan.Written> vectors = new ArrayList<>(0);
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      if (Served.countsKeys()) {
        TableDef def = t.table().def();
        Served.key(def.name(), t.key().attributes().get(def.hash().name()), !(t.step() instanceof WriteCommand.Check));
      }
      byte[] stored = ctx.store().get(t.key().storageKey());
      Map<String, AttributeValue> before = stored == null ? null : ItemCodec.decode(stored);
      befores.add(before);
      if (takenBack != null) {
        batch.mark();
      }
      try {
        Result r = prepare(ctx, batch, t, before);
        results.add(r);
        TableDef def = t.table().def();
        if (Streams.recorded(def, r.before(), r.after())) {
          changes.add(new Streams.Change(def, t.key().attributes(), r.before(), r.after(), t.byService()));
        }
        if (def.pitr() != null && !java.util.Objects.equals(r.before(), r.after())) {
          // point-in-time recovery: the image before the change, in the change's own batch (behind the mark too)
          ctx.changes().record(batch, def, t.key().storageKey(), stored);
        }
        if (!r.vectorChanges().isEmpty()) {
          vectors.add(new Plan.Written(def, t.key().storageKey(), r.vectorChanges()));
        }
        if (takenBack != null) {
          batch.releaseMark();
        }
      } catch (PartitaException e) {
        if (takenBack != null) {
          if (!takenBack.test(e)) {
            throw e;
          }
          batch.rollbackToMark();
        }
        refusals[i] = e;
        refused = true;
        results.add(null);
      }
    }
    return new Plan(befores, results, refusals, refused, changes, vectors);
  }

  /** Decides one item's new value and adds its writes to {@code batch}; throws to refuse. */
  private static Result prepare(EngineContext ctx, Store.Batch batch, Target t, Map<String, AttributeValue> before) {
    TableDef def = t.table().def();
    long beforeSize = before == null ? 0 : ItemSize.of(before);
    Map<String, AttributeValue> after = t.step().apply(before);
    if (after != null && after == before) {
      return new Result(before, beforeSize, after, beforeSize, -1,
          Capacity.Units.writes(Capacity.writeUnits(beforeSize, beforeSize)));
    }
    // the step was validated as a command (WriteCommands) or writes what is stored already (Time to
    // Live, restores): its item is not checked again here
    long afterSize = after == null ? 0 : t.step().sizeOf(after);
    Capacity.Units units = Capacity.Units.writes(Capacity.writeUnits(beforeSize, afterSize));
    if (before == null && after == null) {
      return new Result(null, 0, null, 0, -1, units);
    }
    byte[] key = t.key().storageKey();
    if (after == null) {
      batch.delete(key);
    } else {
      batch.put(key, ItemCodec.encode(after));
    }
    long localIndexDelta = writeIndexEntries(ctx, batch, def, before, after, units);
    ExpiryIndex.maintain(batch, def, key, before, after);
    long collectionSize = ItemCollections.account(ctx, batch, def, t.key(), afterSize - beforeSize + localIndexDelta);
    long countDelta = (after == null ? 0 : 1) - (before == null ? 0 : 1);
    if (countDelta != 0) {
      batch.addToCounter(Keyspace.itemCountKey(def.id()), countDelta);
    }
    if (afterSize != beforeSize) {
      batch.addToCounter(Keyspace.sizeBytesKey(def.id()), afterSize - beforeSize);
    }
    return new Result(before, beforeSize, after, afterSize, collectionSize, units,
        vectorChanges(def, before, after, units));
  }

  /**
   * The item's new entries in the vector indexes the write changes, and the vector write bytes of each:
   * an entry made or removed costs its size, a changed one the larger of the two, at least 1 KB; an
   * unchanged one nothing (the service's rule as recorded, its formula Partita's choice:
   * docs/vector-search.md). An index whose attributes the write left as they were is passed over
   * without parsing the vector: most writes of an item with a vector do not touch it.
   */
  private static Map<VectorIndexDef, VectorMirror.Entry> vectorChanges(TableDef def, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after, Capacity.Units units) {
    if (def.vectorIndexes().isEmpty()) {
      return Map.of();
    }
    Map<VectorIndexDef, VectorMirror.Entry> changes = new HashMap<>();
    for (VectorIndexDef v : def.vectorIndexes()) {
      if (before != null && after != null && VectorItems.sameIndexedValues(v, before, after)) {
        continue;
      }
      VectorMirror.Entry old = VectorItems.entry(def, v, before);
      VectorMirror.Entry now = VectorItems.entry(def, v, after);
      if (!VectorMirror.Entry.same(old, now)) {
        changes.put(v, now);
        long bytes = Math.max(old == null ? 0 : old.size(), now == null ? 0 : now.size());
        units.vectorWrite(v.name(), Math.max(1024, bytes));
      }
    }
    return changes;
  }
}
