package io.partita.engine.internal.ops.ttl;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.write.ExpiryIndex;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TimeToLive;
import io.partita.engine.internal.value.ItemCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * Time to Live's deletions. Each item whose TTL attribute holds a due time has an entry in the
 * table's expiry index ({@link Keyspace#EXPIRY}), in the order of those times, written in the same
 * atomic batch as the item ({@link ExpiryIndex#maintain}); so the items due now are one key range, and a sweep
 * costs what it deletes, not what the table holds. A sweep deletes each due item through the one
 * write path ({@link ReadModifyWrite}), so its index entries, counters and item collection go with
 * it atomically, as with a DeleteItem; it reports no consumed capacity, as the service charges none.
 *
 * <p>What counts as a due time (docs/ttl-streams.md section 3): a Number of epoch seconds, fractions
 * and exponents allowed, below the current time and not more than five years below it; any other
 * type, a missing attribute, a negative or a far-future number never expires.
 */
public final class Expiry {
  /** The service ignores times more than five years in the past (the Developer Guide's TTL pages). */
  static final long FIVE_YEARS_SECONDS = 5 * 365L * 24 * 3600 + 24 * 3600; // with a leap day
  /** Items deleted per atomic batch of a sweep: one log sync for all of them. */
  static final int CHUNK = 100;

  private Expiry() {}

  /**
   * Deletes every item of every table with Time to Live on that is due at {@code nowSeconds}, a
   * chunk at a time; answers how many it deleted.
   */
  public static int sweep(EngineContext ctx, long nowSeconds) {
    int deleted = 0;
    for (Table table : ctx.catalog().tables()) {
      deleted += sweep(ctx, table, nowSeconds);
    }
    return deleted;
  }

  private static int sweep(EngineContext ctx, Table table, long nowSeconds) {
    int deleted = 0;
    byte[] from = Keyspace.expiryFrom(table.def().id(), Math.max(0, nowSeconds - FIVE_YEARS_SECONDS));
    while (true) {
      TableDef def = table.def();
      if (table.dropped() || !TimeToLive.maintained(def.timeToLive())) {
        return deleted;
      }
      List<byte[]> due = new ArrayList<>(CHUNK);
      try (Store.Cursor cursor = ctx.store().cursor(from, Keyspace.expiryFrom(def.id(), nowSeconds), false)) {
        while (due.size() < CHUNK && cursor.next()) {
          due.add(cursor.key());
        }
      }
      if (due.isEmpty()) {
        return deleted;
      }
      deleted += delete(ctx, table, def, due);
      from = KeyBytes.after(due.get(due.size() - 1));
    }
  }

  /** Deletes the items of these expiry entries that are still due by them, in one atomic batch. */
  private static int delete(EngineContext ctx, Table table, TableDef def, List<byte[]> entries) {
    List<ReadModifyWrite.Target> targets = new ArrayList<>(entries.size());
    for (byte[] entry : entries) {
      byte[] itemKey = Keyspace.expiryItemKey(entry);
      byte[] stored = ctx.store().get(itemKey);
      if (stored == null) {
        continue; // deleted since the cursor read its entry, and the entry with it
      }
      ItemKey key = Keys.ofItem(def, ItemCodec.decode(stored));
      long due = Keyspace.expiryOf(entry);
      targets.add(new ReadModifyWrite.Target(table, key,
          // re-read under the item's lock: an item written since may be due later, or not at all
          current -> current != null && ExpiryIndex.of(table.def(), current) == due ? null : current, true));
    }
    int deleted = 0;
    for (ReadModifyWrite.Outcome o : ReadModifyWrite.runEach(ctx, targets, e -> true)) {
      if (o.result() != null && o.result().before() != null && o.result().after() == null) {
        deleted++;
      }
    }
    return deleted;
  }
}
