package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.Catalog;
import io.partita.engine.table.Table;
import io.partita.engine.value.ItemCodec;
import io.partita.engine.value.ItemSize;
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
  record Result(Map<String, AttributeValue> before, long beforeSize, Map<String, AttributeValue> after, long afterSize) {}

  private ReadModifyWrite() {}

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
          return new Result(null, 0, null, 0);
        }
        Store.Batch batch = new Store.Batch();
        if (after == null) {
          batch.delete(key.storageKey());
        } else {
          batch.put(key.storageKey(), ItemCodec.encode(after));
        }
        long countDelta = (after == null ? 0 : 1) - (before == null ? 0 : 1);
        if (countDelta != 0) {
          batch.addToCounter(Keyspace.itemCountKey(tableId), countDelta);
        }
        if (afterSize != beforeSize) {
          batch.addToCounter(Keyspace.sizeBytesKey(tableId), afterSize - beforeSize);
        }
        ctx.store.write(batch);
        return new Result(before, beforeSize, after, afterSize);
      } finally {
        itemLock.unlock();
      }
    } finally {
      lifecycle.unlock();
    }
  }
}
