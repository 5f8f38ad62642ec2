package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.KeyCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;

/**
 * Item collection sizes of tables with local secondary indexes, where DynamoDB caps a collection
 * (the items of one partition key and their local index entries) at 10 GB. The size is a counter
 * per partition key, moved in the write's own batch.
 *
 * <p>The check reads the counter and adds to it under one lock for the whole collection: in a
 * table with local indexes, writers lock the item's partition key ({@link #lockKey}), not the item,
 * so two writers growing one collection take turns and the limit holds exactly. Tables without
 * local indexes have no collection limit and keep a lock per item.
 */
public final class ItemCollections {
  private static final double GB = 1024.0 * 1024 * 1024;
  /** The length of an item key's {@code 0x10 | table} prefix. */
  private static final int ITEM_HEADER = Keyspace.itemsFrom(0).length;

  private ItemCollections() {}

  /**
   * Adds {@code delta} to the item's collection, refusing growth past the limit.
   *
   * @return the collection's size after the write, or -1 for a table without local indexes
   */
  public static long account(EngineContext ctx, Store.Batch batch, TableDef table, ItemKey key, long delta) {
    if (table.localIndexes().isEmpty()) {
      return -1;
    }
    byte[] counter = counterKey(table, key);
    // what earlier writes of the same batch (a transaction's other items) added counts too
    long size = ctx.store.counter(counter) + batch.counterDelta(counter) + delta;
    if (delta > 0 && size > ctx.limits.itemCollectionSizeBytes()) {
      throw new PartitaException(ErrorCode.ItemCollectionSizeLimitExceededException,
          "Item collection size limit exceeded: the items with this partition key and their local secondary index "
              + "entries may hold at most " + ctx.limits.itemCollectionSizeBytes() + " bytes");
    }
    if (delta != 0) {
      batch.addToCounter(counter, delta);
    }
    return size;
  }

  private static byte[] counterKey(TableDef table, ItemKey key) {
    byte[] storage = key.storageKey();
    return Keyspace.collectionSizeKey(table.id(), Arrays.copyOfRange(storage, ITEM_HEADER, partitionEnd(storage)));
  }

  /** Where an item storage key's partition key (terminated) ends: the collection's key is before it. */
  private static int partitionEnd(byte[] storageKey) {
    return ITEM_HEADER + KeyCodec.terminatedLength(storageKey, ITEM_HEADER);
  }

  /**
   * What a writer of {@code storageKey} locks ({@link ItemLocks}): the item's own key, or in a table
   * with local indexes the key's prefix up to the end of its partition key, so every writer of one
   * item collection holds the same stripe while it checks and moves the collection's size. Every
   * holder of item locks (writers, transactions, index backfills) goes through here, so they agree.
   */
  public static byte[] lockKey(TableDef table, byte[] storageKey) {
    if (table.localIndexes().isEmpty()) {
      return storageKey;
    }
    return Arrays.copyOf(storageKey, partitionEnd(storageKey));
  }

  /** ItemCollectionMetrics when asked for and the table has local indexes, else null. */
  public static ItemCollectionMetrics metrics(ReturnItemCollectionMetrics mode, TableDef table,
      Map<String, AttributeValue> key, long size) {
    if (mode != ReturnItemCollectionMetrics.SIZE || size < 0) {
      return null;
    }
    double low = Math.floor(size / GB);
    return ItemCollectionMetrics.builder()
        .itemCollectionKey(Map.of(table.hash().name(), key.get(table.hash().name())))
        .sizeEstimateRangeGB(List.of(low, low + 1))
        .build();
  }
}
