package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.Catalog;
import io.partita.engine.table.IndexDef;
import io.partita.engine.table.Table;
import io.partita.engine.table.TableDef;
import io.partita.engine.value.ItemCodec;
import io.partita.engine.value.ItemSize;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one write path of PutItem, UpdateItem and DeleteItem: under the item's lock, read the
 * current item, let the operation decide the new one (checking its condition on the way), and
 * write it with the table's counters in one atomic, durable batch.
 */
final class ReadModifyWrite {
  /** Decides the new item from the current one; {@code null} deletes. May throw to refuse. */
  @FunctionalInterface
  interface Step {
    Map<String, AttributeValue> apply(Map<String, AttributeValue> current);
  }

  /** What was there and what is there now; sizes by DynamoDB's rules, 0 for no item. */
  record Result(Map<String, AttributeValue> before, long beforeSize, Map<String, AttributeValue> after, long afterSize,
      long collectionSize) {}

  private ReadModifyWrite() {}

  /**
   * Replaces the item's old index entries by its new ones in the same batch: an entry whose key
   * changed is deleted and the new one written; an unchanged entry is left alone.
   *
   * @return how much the item's local index entries grew (negative when they shrank)
   */
  private static long writeIndexEntries(EngineContext ctx, Store.Batch batch, TableDef def,
      Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    if (def.globalIndexes().isEmpty() && def.localIndexes().isEmpty()) {
      return 0;
    }
    List<IndexEntries.Entry> old = IndexEntries.of(def, before);
    if (!old.isEmpty() && def.globalIndexes().stream().anyMatch(IndexDef::backfilling)) {
      // an index being backfilled may not hold this item's entry yet: only what is there counts
      // (the backfill checks the same under the same item lock, see IndexBackfill)
      old = new java.util.ArrayList<>(old);
      old.removeIf(o -> isBackfilling(def, o.index()) && ctx.store.get(o.key()) == null);
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

  static Result run(EngineContext ctx, Table table, ItemKey key, Step step) {
    Lock lifecycle = table.lifecycle().readLock();
    lifecycle.lock();
    try {
      if (table.dropped()) {
        throw Catalog.notFound(table.def().name());
      }
      long tableId = table.def().id();
      Lock itemLock = ctx.locks.forKey(key.storageKey());
      itemLock.lock();
      try {
        byte[] stored = ctx.store.get(key.storageKey());
        Map<String, AttributeValue> before = stored == null ? null : ItemCodec.decode(stored);
        long beforeSize = before == null ? 0 : ItemSize.of(before);
        Map<String, AttributeValue> after = step.apply(before);
        long afterSize = after == null ? 0 : ItemSize.of(after);
        if (afterSize > ItemSize.MAX_ITEM_BYTES) {
          throw PartitaException.validation("Item size has exceeded the maximum allowed size");
        }
        if (before == null && after == null) {
          return new Result(null, 0, null, 0, -1);
        }
        if (after != null) {
          IndexEntries.check(table.def(), after);
        }
        Store.Batch batch = new Store.Batch();
        if (after == null) {
          batch.delete(key.storageKey());
        } else {
          batch.put(key.storageKey(), ItemCodec.encode(after));
        }
        long localIndexDelta = writeIndexEntries(ctx, batch, table.def(), before, after);
        long collectionSize = ItemCollections.account(ctx, batch, table.def(), key,
            afterSize - beforeSize + localIndexDelta);
        long countDelta = (after == null ? 0 : 1) - (before == null ? 0 : 1);
        if (countDelta != 0) {
          batch.addToCounter(Keyspace.itemCountKey(tableId), countDelta);
        }
        if (afterSize != beforeSize) {
          batch.addToCounter(Keyspace.sizeBytesKey(tableId), afterSize - beforeSize);
        }
        ctx.store.write(batch);
        return new Result(before, beforeSize, after, afterSize, collectionSize);
      } finally {
        itemLock.unlock();
      }
    } finally {
      lifecycle.unlock();
    }
  }
}
