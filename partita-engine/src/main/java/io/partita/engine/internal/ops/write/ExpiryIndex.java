package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TimeToLive;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Time to Live's expiry index ({@link Keyspace#EXPIRY}): an entry per item whose TTL attribute holds
 * a due time, in the order of those times, kept by every write in the item's own batch. It lives
 * apart from the sweep that reads it ({@link io.partita.engine.internal.ops.ttl.Expiry}) because the
 * write path keeps it, and the sweep, a room above, deletes through the write path.
 */
public final class ExpiryIndex {
  private static final BigDecimal LATEST = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final byte[] EMPTY = new byte[0];

  private ExpiryIndex() {}

  /**
   * The epoch second at which {@code item} expires in {@code def}'s table, or -1 when it never
   * does: Time to Live off, no item, or a TTL attribute that is no number of seconds from 0 to
   * 2^63-1.
   */
  public static long of(TableDef def, Map<String, AttributeValue> item) {
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
  public static byte[] entry(TableDef def, byte[] itemKey, Map<String, AttributeValue> item) {
    long at = of(def, item);
    return at < 0 ? null : Keyspace.expiryKey(def.id(), at, itemKey);
  }
}
