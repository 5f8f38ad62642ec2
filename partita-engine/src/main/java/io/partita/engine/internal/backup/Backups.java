package io.partita.engine.internal.backup;

import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TableDefCodec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BiConsumer;

/**
 * The on-demand backups of one database, kept in its store (so on disk they survive restarts, and
 * in memory they live as long as the process).
 *
 * <p>Making a backup reads the table under one RocksDB snapshot ({@link Store#view}): its items,
 * counters and definition are one consistent state, and writers are never held back (RocksDB keeps
 * the old versions the snapshot needs). The items are copied into the backup's own key range in
 * batches, and the backup's record is written last: until it is, there is no backup. A crash
 * halfway leaves items without a record, which nothing reads and {@link #Backups opening} deletes.
 */
public final class Backups {
  /** Items copied per write batch, and at most this many bytes: a batch stays a modest size. */
  private static final int BATCH_ITEMS = 1000;
  private static final long BATCH_BYTES = 4L << 20;

  private final Store store;
  private final NavigableMap<Long, BackupRecord> byNumber = new ConcurrentSkipListMap<>();
  private final Map<String, BackupRecord> byArn = new ConcurrentHashMap<>();
  /** Backups a restore is reading now: they cannot be deleted meanwhile (BackupInUseException). */
  private final Set<Long> inUse = ConcurrentHashMap.newKeySet();

  /** Loads the backups and deletes the items of any backup a crash left without its record. */
  public Backups(Store store) {
    this.store = store;
    for (Store.Entry e : store.scan(Keyspace.BACKUPS_FROM, Keyspace.BACKUPS_TO, Integer.MAX_VALUE)) {
      BackupRecord b = BackupCodec.decode(e.value());
      byNumber.put(b.number(), b);
      byArn.put(b.arn(), b);
    }
    dropOrphanItems();
  }

  /** One look at each backup's first item: a number without a record is a backup a crash interrupted. */
  private void dropOrphanItems() {
    byte[] from = Keyspace.BACKUP_ITEMS_FROM;
    while (true) {
      List<Store.Entry> first = store.scan(from, Keyspace.BACKUP_ITEMS_TO, 1);
      if (first.isEmpty()) {
        return;
      }
      long number = Keyspace.backupOfItem(first.get(0).key());
      if (!byNumber.containsKey(number)) {
        store.write(batch -> batch.deleteRange(Keyspace.backupItemsFrom(number), Keyspace.backupItemsTo(number)));
      }
      from = Keyspace.backupItemsTo(number);
    }
  }

  /**
   * Backs up the table named {@code tableName} as it is now, or answers null when there is no such
   * table in the snapshot.
   *
   * @param home the region and account named in the backup's ARN
   */
  public BackupRecord create(String tableName, String backupName, long nowMillis,
      io.partita.engine.internal.table.Home home) {
    long number = allocate();
    try (Store.View view = store.view()) {
      byte[] stored = view.get(Keyspace.tableKey(tableName));
      if (stored == null) {
        return null;
      }
      TableDef def = TableDefCodec.decode(stored);
      copyItems(view, def.id(), number);
      BackupRecord b = new BackupRecord(number, arn(def, home, nowMillis, number), backupName, nowMillis, "USER",
          view.counter(Keyspace.sizeBytesKey(def.id())), view.counter(Keyspace.itemCountKey(def.id())), def);
      // the record last: the backup exists from this write on, whole
      store.write(batch -> batch.put(Keyspace.backupKey(number), BackupCodec.encode(b)));
      byNumber.put(number, b);
      byArn.put(b.arn(), b);
      return b;
    } catch (RuntimeException e) {
      dropItemsQuietly(number, e);
      throw e;
    }
  }

  /** A new backup number; the counter is written at once, so a number is never given twice, crash or not. */
  private synchronized long allocate() {
    long number = store.counter(Keyspace.NEXT_BACKUP_KEY) + 1;
    store.write(batch -> batch.addToCounter(Keyspace.NEXT_BACKUP_KEY, 1));
    return number;
  }

  private void copyItems(Store.View view, long tableId, long number) {
    byte[] prefix = Keyspace.backupItemsFrom(number);
    try (Store.Cursor items = view.cursor(Keyspace.itemsFrom(tableId), Keyspace.itemsTo(tableId), false)) {
      boolean more = true;
      while (more) {
        try (Store.Batch batch = store.batch()) {
          long bytes = 0;
          while (batch.count() < BATCH_ITEMS && bytes < BATCH_BYTES && (more = items.next())) {
            byte[] value = items.value();
            batch.put(Keyspace.reprefixed(items.key(), prefix), value);
            bytes += value.length;
          }
          store.write(batch);
        }
      }
    }
  }

  private void dropItemsQuietly(long number, RuntimeException cause) {
    try {
      store.write(batch -> batch.deleteRange(Keyspace.backupItemsFrom(number), Keyspace.backupItemsTo(number)));
    } catch (RuntimeException again) {
      // the storage cannot write now: the items have no record, so they are invisible, and the next open drops them
      cause.addSuppressed(again);
    }
  }

  /**
   * {@code <table ARN>/backup/<creation millis in 14 digits>-<8 hex digits>}, the shape of the
   * service's ARNs (arn:aws:dynamodb:us-east-1:123456789012:table/Music/backup/01489602797149-73d8d5bc,
   * DynamoDB Developer Guide). The hex part is the backup number spread by an odd multiplier, a
   * one-to-one map on 32 bits: two backups of one millisecond differ.
   */
  private static String arn(TableDef def, io.partita.engine.internal.table.Home home, long millis, long number) {
    return def.arn(home) + "/backup/" + String.format("%014d", millis) + "-"
        + HexFormat.of().toHexDigits((int) (number * 0x9E3779B1L));
  }

  /** The backup of that ARN, or null. */
  public BackupRecord get(String arn) {
    return arn == null ? null : byArn.get(arn);
  }

  /** Every backup, oldest first. */
  public List<BackupRecord> all() {
    return new ArrayList<>(byNumber.values());
  }

  /**
   * Deletes a backup and its items in one batch; answers false when a restore is reading it now
   * (nothing is deleted then).
   */
  public boolean delete(BackupRecord b) {
    synchronized (inUse) {
      if (inUse.contains(b.number())) {
        return false;
      }
      store.write(batch -> batch.delete(Keyspace.backupKey(b.number()))
          .deleteRange(Keyspace.backupItemsFrom(b.number()), Keyspace.backupItemsTo(b.number())));
      byNumber.remove(b.number());
      byArn.remove(b.arn());
      return true;
    }
  }

  /**
   * Hands every item of the backup to {@code item} (its storage key without the table prefix, and
   * its stored bytes), in key order, while the backup is marked in use so that it is not deleted
   * under the reader; answers false when it was deleted already.
   */
  public boolean readItems(BackupRecord b, BiConsumer<byte[], byte[]> item) {
    synchronized (inUse) {
      if (!byNumber.containsKey(b.number())) {
        return false;
      }
      inUse.add(b.number());
    }
    try (Store.Cursor items = store.cursor(Keyspace.backupItemsFrom(b.number()), Keyspace.backupItemsTo(b.number()),
        false)) {
      while (items.next()) {
        item.accept(items.key(), items.value());
      }
      return true;
    } finally {
      inUse.remove(b.number());
    }
  }
}
