package io.partita.engine.internal.backup;

import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.TableDef;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Point-in-time recovery's change log: while a table has it on, every change of an item is written
 * with a record of the item's image before the change, in the same atomic batch as the change (no
 * change without its record, after a crash as well). Records are keyed by table, commit time and a
 * stamp, so the changes after an instant are one key range, and those past the recovery period
 * another, dropped with one range delete.
 *
 * <p>The state of a table at instant T is its current state with the changes after T undone: for
 * each item changed after T, the image before its first change after T. Records of one item are in
 * the order of its writes, because a writer stamps its record while it holds the item's lock and the
 * stamps (time, then a counter) only grow: time is the clock's, but never less than the last
 * stamp's, so a clock set back cannot put a later write before an earlier one.
 *
 * <p>A record's value: the item's storage key without its table prefix (length, bytes), then the
 * item's stored bytes before the change, none when the change created it.
 */
public final class ChangeLog {
  private final Clock clock;
  private long lastMillis;
  private long lastStamp;

  /** Starts the stamps after the last record of every table in {@code tables} (those with recovery on). */
  public ChangeLog(Store store, Clock clock, List<TableDef> tables) {
    this.clock = clock;
    for (TableDef def : tables) {
      if (def.pitr() == null) {
        continue;
      }
      try (Store.Cursor c = store.cursor(Keyspace.changesFrom(def.id(), 0), Keyspace.changesTo(def.id()), true)) {
        if (c.next()) {
          lastMillis = Math.max(lastMillis, Keyspace.changeMillis(c.key()));
          lastStamp = Math.max(lastStamp, Keyspace.changeStamp(c.key()));
        }
      }
    }
  }

  /**
   * Adds to {@code batch} the record of a change of the item at {@code storageKey} of {@code def}'s
   * table, whose stored bytes were {@code before} (null: the change creates it). Call it holding the
   * item's lock.
   */
  public void record(Store.Batch batch, TableDef def, byte[] storageKey, byte[] before) {
    long millis;
    long stamp;
    synchronized (this) {
      millis = Math.max(clock.millis(), lastMillis);
      lastMillis = millis;
      stamp = ++lastStamp;
    }
    int keyLength = storageKey.length - Keyspace.ITEM_PREFIX;
    ByteBuffer value = ByteBuffer.allocate(4 + keyLength + (before == null ? 0 : before.length))
        .putInt(keyLength).put(storageKey, Keyspace.ITEM_PREFIX, keyLength);
    if (before != null) {
      value.put(before);
    }
    batch.put(Keyspace.changeKey(def.id(), millis, stamp), value.array());
  }

  /** No item: the image of an item a change created. */
  public static final byte[] ABSENT = new byte[0];

  /**
   * The images at {@code millis} of the items of table {@code tableId} changed after it, read in
   * {@code view}: item key (without table prefix) to stored bytes, {@link #ABSENT} for an item that
   * did not exist then. The records after {@code millis} are undone newest first, so the image that
   * stays for an item is the one before its first change after the instant.
   */
  public static Map<ByteBuffer, byte[]> imagesAt(Store.View view, long tableId, long millis) {
    Map<ByteBuffer, byte[]> images = new HashMap<>();
    try (Store.Cursor c = view.cursor(Keyspace.changesFrom(tableId, millis + 1), Keyspace.changesTo(tableId), true)) {
      while (c.next()) {
        byte[] v = c.value();
        int keyLength = ByteBuffer.wrap(v).getInt();
        ByteBuffer key = ByteBuffer.wrap(Arrays.copyOfRange(v, 4, 4 + keyLength));
        images.put(key, v.length == 4 + keyLength ? ABSENT : Arrays.copyOfRange(v, 4 + keyLength, v.length));
      }
    }
    return images;
  }

  /**
   * The items of table {@code tableId} as they were at {@code millis}, read in {@code view}: the
   * current items, each replaced by its image at the instant where the log has one, then the items
   * deleted since. One pass over the table; memory for the changes after the instant only. Used by
   * RestoreTableToPointInTime and ExportTableToPointInTime alike.
   */
  public static ItemsAt itemsAt(Store.View view, long tableId, long millis) {
    return new ItemsAt(view, tableId, millis);
  }

  /** See {@link #itemsAt}: entries (storage key, stored item) in key order, then the deleted ones; closed once. */
  public static final class ItemsAt implements AutoCloseable {
    private final Map<ByteBuffer, byte[]> images;
    private final Store.Cursor items;
    private final byte[] prefix;
    private java.util.Iterator<Map.Entry<ByteBuffer, byte[]>> deleted;

    private ItemsAt(Store.View view, long tableId, long millis) {
      this.images = imagesAt(view, tableId, millis);
      this.prefix = Keyspace.itemsFrom(tableId);
      this.items = view.cursor(prefix, Keyspace.itemsTo(tableId), false);
    }

    /** The next item as of the instant, or null after the last. */
    public Store.Entry next() {
      while (deleted == null && items.next()) {
        byte[] key = items.key();
        byte[] image = images.remove(ByteBuffer.wrap(key, Keyspace.ITEM_PREFIX, key.length - Keyspace.ITEM_PREFIX).slice());
        byte[] value = image == null ? items.value() : image;
        if (value != ABSENT) {
          return new Store.Entry(key, value);
        }
      }
      if (deleted == null) {
        deleted = images.entrySet().iterator();
      }
      while (deleted.hasNext()) {
        Map.Entry<ByteBuffer, byte[]> e = deleted.next();
        if (e.getValue() != ABSENT) {
          ByteBuffer suffix = e.getKey();
          byte[] key = new byte[prefix.length + suffix.remaining()];
          System.arraycopy(prefix, 0, key, 0, prefix.length);
          suffix.duplicate().get(key, prefix.length, suffix.remaining());
          return new Store.Entry(key, e.getValue());
        }
      }
      return null;
    }

    @Override
    public void close() {
      items.close();
    }
  }

  /**
   * One item changed in a window: its storage key, its stored bytes at the window's start and at its
   * end (null where the item did not exist), and the commit time of its last change in the window.
   */
  public record WindowChange(byte[] key, byte[] before, byte[] after, long lastMillis) {}

  /**
   * The items of table {@code tableId} changed in [{@code fromMillis}, {@code toMillis}), read in
   * {@code view}, in the order of their first change there: for each, the image before its first
   * change in the window (the state at the window's start), the image at the window's end (from the
   * records after it, as {@link #imagesAt} undoes them, else the current item) and the time of its
   * last change in it. An item that existed at neither end (created and deleted inside the window)
   * is left out. Memory for the window's changes and those after it.
   */
  public static List<WindowChange> changesBetween(Store.View view, long tableId, long fromMillis, long toMillis) {
    Map<ByteBuffer, byte[]> first = new java.util.LinkedHashMap<>();
    Map<ByteBuffer, Long> last = new HashMap<>();
    try (Store.Cursor c = view.cursor(Keyspace.changesFrom(tableId, fromMillis), Keyspace.changesFrom(tableId, toMillis),
        false)) {
      while (c.next()) {
        byte[] v = c.value();
        int keyLength = ByteBuffer.wrap(v).getInt();
        ByteBuffer key = ByteBuffer.wrap(Arrays.copyOfRange(v, 4, 4 + keyLength));
        first.putIfAbsent(key, v.length == 4 + keyLength ? ABSENT : Arrays.copyOfRange(v, 4 + keyLength, v.length));
        last.put(key, Keyspace.changeMillis(c.key()));
      }
    }
    Map<ByteBuffer, byte[]> afterWindow = imagesAt(view, tableId, toMillis - 1);
    byte[] prefix = Keyspace.itemsFrom(tableId);
    List<WindowChange> changes = new java.util.ArrayList<>(first.size());
    for (Map.Entry<ByteBuffer, byte[]> e : first.entrySet()) {
      byte[] suffix = e.getKey().array();
      byte[] key = Arrays.copyOf(prefix, prefix.length + suffix.length);
      System.arraycopy(suffix, 0, key, prefix.length, suffix.length);
      byte[] after = afterWindow.containsKey(e.getKey()) ? afterWindow.get(e.getKey()) : view.get(key);
      byte[] before = e.getValue() == ABSENT ? null : e.getValue();
      after = after == ABSENT ? null : after;
      if (before != null || after != null) {
        changes.add(new WindowChange(key, before, after, last.get(e.getKey())));
      }
    }
    return changes;
  }

  /** Drops the records of table {@code tableId} older than {@code millis}: no restore can reach before it. */
  public static void trim(Store store, long tableId, long millis) {
    store.write(batch -> batch.deleteRange(Keyspace.changesFrom(tableId, 0), Keyspace.changesFrom(tableId,
        Math.max(0, millis))));
  }

  /** Drops the whole log of table {@code tableId}, into {@code batch} (recovery turned off). */
  public static Store.Batch dropAll(Store.Batch batch, long tableId) {
    return batch.deleteRange(Keyspace.changesFrom(tableId, 0), Keyspace.changesTo(tableId));
  }
}
