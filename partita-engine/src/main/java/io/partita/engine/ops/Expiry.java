package io.partita.engine.ops;

import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.Table;
import io.partita.engine.table.TableDef;
import io.partita.engine.table.TimeToLive;
import io.partita.engine.value.ItemCodec;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Time to Live's deletions. Each item whose TTL attribute holds a due time has an entry in the
 * table's expiry index ({@link Keyspace#EXPIRY}), in the order of those times, written in the same
 * atomic batch as the item ({@link #maintain}); so the items due now are one key range, and a sweep
 * costs what it deletes, not what the table holds. A sweep deletes each due item through the one
 * write path ({@link ReadModifyWrite}), so its index entries, counters and item collection go with
 * it atomically, as with a DeleteItem; it reports no consumed capacity, as the service charges none.
 *
 * <p>What counts as a due time (docs/ttl-streams.md section 3): a Number of epoch seconds, fractions
 * and exponents allowed, below the current time and not more than five years below it; any other
 * type, a missing attribute, a negative or a far-future number never expires.
 */
final class Expiry {
  /** The service ignores times more than five years in the past (the Developer Guide's TTL pages). */
  static final long FIVE_YEARS_SECONDS = 5 * 365L * 24 * 3600 + 24 * 3600; // with a leap day
  /** Items deleted per atomic batch of a sweep: one log sync for all of them. */
  static final int CHUNK = 100;
  private static final BigDecimal LATEST = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final byte[] EMPTY = new byte[0];

  private Expiry() {}

  /**
   * The epoch second at which {@code item} expires in {@code def}'s table, or -1 when it never
   * does: Time to Live off, no item, or a TTL attribute that is no number of seconds from 0 to
   * 2^63-1.
   */
  static long of(TableDef def, Map<String, AttributeValue> item) {
    TimeToLive ttl = def.timeToLive();
    if (item == null || !TimeToLive.maintained(ttl)) {
      return -1;
    }
    AttributeValue v = item.get(ttl.attributeName());
    if (v == null || v.n() == null) {
      return -1;
    }
    BigDecimal seconds = new BigDecimal(v.n());
    if (seconds.signum() < 0 || seconds.compareTo(LATEST) > 0) {
      return -1;
    }
    return seconds.setScale(0, RoundingMode.FLOOR).longValueExact();
  }

  /** Moves the item's expiry index entry from its old due time to its new one, in {@code batch}. */
  static void maintain(Store.Batch batch, TableDef def, byte[] itemKey, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after) {
    if (!TimeToLive.maintained(def.timeToLive())) {
      return;
    }
    long was = of(def, before);
    long now = of(def, after);
    if (was == now) {
      return;
    }
    if (was >= 0) {
      batch.delete(Keyspace.expiryKey(def.id(), was, itemKey));
    }
    if (now >= 0) {
      batch.put(Keyspace.expiryKey(def.id(), now, itemKey), EMPTY);
    }
  }

  /** The expiry index entry of an item as it is stored now, or null when it has none. */
  static byte[] entry(TableDef def, byte[] itemKey, Map<String, AttributeValue> item) {
    long at = of(def, item);
    return at < 0 ? null : Keyspace.expiryKey(def.id(), at, itemKey);
  }

  /**
   * Deletes every item of every table with Time to Live on that is due at {@code nowSeconds}, a
   * chunk at a time; answers how many it deleted.
   */
  static int sweep(EngineContext ctx, long nowSeconds) {
    int deleted = 0;
    for (Table table : ctx.catalog.tables()) {
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
      try (Store.Cursor cursor = ctx.store.cursor(from, Keyspace.expiryFrom(def.id(), nowSeconds), false)) {
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
      byte[] stored = ctx.store.get(itemKey);
      if (stored == null) {
        continue; // deleted since the cursor read its entry, and the entry with it
      }
      ItemKey key = Keys.ofItem(def, ItemCodec.decode(stored));
      long due = Keyspace.expiryOf(entry);
      targets.add(new ReadModifyWrite.Target(table, key,
          // re-read under the item's lock: an item written since may be due later, or not at all
          current -> current != null && of(table.def(), current) == due ? null : current, true));
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
