package io.partita.engine.internal.storage;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * How the engine lays its data out in the one RocksDB keyspace. Every key starts with a one-byte
 * region tag; the tags are part of the on-disk format and are never renumbered.
 *
 * <pre>
 *   0x00 'F'                          format marker and version
 *   0x00 'T'                          next table id (counter)
 *   0x01 name(UTF-8)                  table definition
 *   0x02 tableId(8) 'c' | 's'         item count | size in bytes (counters)
 *   0x10 tableId(8) pk(terminated) sk item (sk absent for hash-only tables)
 *   0x11 tableId(8) index(terminated) index key, table key    secondary index entry
 *   0x12 tableId(8) expiry(8) item storage key                 expiry index entry (Time to Live)
 *   0x13 tableId(8) sequence number(8)                        stream record
 *   0x00 'B'                          next backup number (counter)
 *   0x03 backup(8)                    backup record (written last: a backup without it is none)
 *   0x14 backup(8) item key after its table prefix             item of an on-demand backup
 *   0x15 tableId(8) time(8) stamp(8)                          change-log record (point-in-time recovery)
 *   0x04 start(8) ARN(UTF-8)          an export's or an import's record (DescribeExport, DescribeImport)
 * </pre>
 *
 * <p>Items of one table share a prefix, so a table is dropped with one range delete and a
 * new table of the same name gets a new id and never sees the old items.
 */
public final class Keyspace {
  public static final byte META = 0x00;
  public static final byte TABLE = 0x01;
  public static final byte STATS = 0x02;
  public static final byte ITEM = 0x10;
  /** Secondary index entries: {@code 0x11 | table id | index name (terminated) | index key | table key}. */
  public static final byte INDEX = 0x11;

  /**
   * The expiry index of tables with Time to Live on: {@code 0x12 | table id | expiry (epoch seconds,
   * 8 bytes big-endian) | item storage key}, empty values; in expiry order, so the items due are one
   * key range.
   */
  public static final byte EXPIRY = 0x12;

  /**
   * The stream records of tables with a DynamoDB stream: {@code 0x13 | table id | sequence number (8
   * bytes big-endian)}, so a shard's records are one key range in the order they were written.
   */
  public static final byte STREAM = 0x13;

  /** The records of on-demand backups, by backup number: {@code 0x03 | backup number (8 bytes)}. */
  public static final byte BACKUP = 0x03;

  /**
   * The items of on-demand backups: {@code 0x14 | backup number | the item's storage key without its
   * {@code 0x10 | table id} prefix}, so one backup's items are one key range, in the table's key order.
   */
  public static final byte BACKUP_ITEM = 0x14;

  /**
   * The change log of tables with point-in-time recovery: {@code 0x15 | table id | commit time
   * (epoch millis) | stamp}, each holding an item's key and its image before the change; in time
   * order, so the changes after an instant are one key range and the expired ones another.
   */
  public static final byte CHANGE = 0x15;

  /**
   * The records of exports and imports: {@code 0x04 | start (epoch millis, 8 bytes) | ARN}, so they
   * are read back oldest first, the order ListExports and ListImports answer in.
   */
  public static final byte TRANSFER = 0x04;
  public static final byte[] TRANSFERS_FROM = {TRANSFER};
  public static final byte[] TRANSFERS_TO = {TRANSFER + 1};

  /** Below and above every key of the store: the whole store is {@code [ALL_FROM, ALL_TO)} (no prefix is 0xFF). */
  public static final byte[] ALL_FROM = {};
  public static final byte[] ALL_TO = {(byte) 0xFF};
  public static final byte[] FORMAT_KEY = {META, 'F'};
  public static final byte[] NEXT_BACKUP_KEY = {META, 'B'};
  public static final byte[] BACKUPS_FROM = {BACKUP};
  public static final byte[] BACKUPS_TO = {BACKUP + 1};
  public static final byte[] BACKUP_ITEMS_FROM = {BACKUP_ITEM};
  public static final byte[] BACKUP_ITEMS_TO = {BACKUP_ITEM + 1};
  /** The length of an item storage key's {@code 0x10 | table id} prefix. */
  public static final int ITEM_PREFIX = 9;
  public static final byte[] NEXT_TABLE_ID_KEY = {META, 'T'};
  public static final byte[] TABLES_FROM = {TABLE};
  public static final byte[] TABLES_TO = {TABLE + 1};

  private Keyspace() {}

  public static byte[] tableKey(String name) {
    byte[] n = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] k = new byte[n.length + 1];
    k[0] = TABLE;
    System.arraycopy(n, 0, k, 1, n.length);
    return k;
  }

  /** The key of an export's or import's record. */
  public static byte[] transferKey(long startMillis, String arn) {
    byte[] a = arn.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return ByteBuffer.allocate(9 + a.length).put(TRANSFER).putLong(startMillis).put(a).array();
  }

  public static byte[] itemCountKey(long tableId) {
    return ByteBuffer.allocate(10).put(STATS).putLong(tableId).put((byte) 'c').array();
  }

  public static byte[] sizeBytesKey(long tableId) {
    return ByteBuffer.allocate(10).put(STATS).putLong(tableId).put((byte) 's').array();
  }

  /** An index's item count: {@code 0x02 | table | 'C' | index name}. */
  public static byte[] indexCountKey(long tableId, String indexName) {
    return statsKey(tableId, 'C', indexName);
  }

  /** An index's size in bytes: {@code 0x02 | table | 'S' | index name}. */
  public static byte[] indexSizeKey(long tableId, String indexName) {
    return statsKey(tableId, 'S', indexName);
  }

  private static byte[] statsKey(long tableId, char kind, String indexName) {
    byte[] name = indexName.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return ByteBuffer.allocate(10 + name.length).put(STATS).putLong(tableId).put((byte) kind).put(name).array();
  }

  /** The size of one item collection (tables with local indexes): {@code 0x02 | table | 'P' | partition key}. */
  public static byte[] collectionSizeKey(long tableId, byte[] partitionKeyTerminated) {
    return ByteBuffer.allocate(10 + partitionKeyTerminated.length).put(STATS).putLong(tableId).put((byte) 'P')
        .put(partitionKeyTerminated).array();
  }

  /** The first and just-past keys of all of a table's counters. */
  public static byte[] statsFrom(long tableId) {
    return ByteBuffer.allocate(9).put(STATS).putLong(tableId).array();
  }

  public static byte[] statsTo(long tableId) {
    return ByteBuffer.allocate(9).put(STATS).putLong(tableId + 1).array();
  }

  /** The first key of a table's items. */
  public static byte[] itemsFrom(long tableId) {
    return ByteBuffer.allocate(9).put(ITEM).putLong(tableId).array();
  }

  /** The key just past a table's items. */
  public static byte[] itemsTo(long tableId) {
    return ByteBuffer.allocate(9).put(ITEM).putLong(tableId + 1).array();
  }

  /** The first key of a table's index entries, all indexes. */
  public static byte[] indexesFrom(long tableId) {
    return ByteBuffer.allocate(9).put(INDEX).putLong(tableId).array();
  }

  /** The key just past a table's index entries. */
  public static byte[] indexesTo(long tableId) {
    return ByteBuffer.allocate(9).put(INDEX).putLong(tableId + 1).array();
  }

  /** The prefix of one index's entries: {@code nameTerminated} is the index name's terminated encoding. */
  public static byte[] indexPrefix(long tableId, byte[] nameTerminated) {
    byte[] k = new byte[9 + nameTerminated.length];
    k[0] = INDEX;
    putLong(k, 1, tableId);
    System.arraycopy(nameTerminated, 0, k, 9, nameTerminated.length);
    return k;
  }

  /** The expiry index entry of the item at {@code itemKey}, due at {@code epochSeconds} (not negative). */
  public static byte[] expiryKey(long tableId, long epochSeconds, byte[] itemKey) {
    return ByteBuffer.allocate(17 + itemKey.length).put(EXPIRY).putLong(tableId).putLong(epochSeconds).put(itemKey)
        .array();
  }

  /** The first expiry index key of a table at or after {@code epochSeconds} (not negative). */
  public static byte[] expiryFrom(long tableId, long epochSeconds) {
    return ByteBuffer.allocate(17).put(EXPIRY).putLong(tableId).putLong(epochSeconds).array();
  }

  /** The key just past a table's expiry index. */
  public static byte[] expiryTo(long tableId) {
    return ByteBuffer.allocate(9).put(EXPIRY).putLong(tableId + 1).array();
  }

  /** The item storage key an expiry index entry names. */
  public static byte[] expiryItemKey(byte[] expiryKey) {
    return Arrays.copyOfRange(expiryKey, 17, expiryKey.length);
  }

  /** The expiry (epoch seconds) an expiry index entry holds. */
  public static long expiryOf(byte[] expiryKey) {
    return ByteBuffer.wrap(expiryKey, 9, 8).getLong();
  }

  /** The stream record of the table numbered {@code sequence} (not negative). */
  public static byte[] streamKey(long tableId, long sequence) {
    return ByteBuffer.allocate(17).put(STREAM).putLong(tableId).putLong(sequence).array();
  }

  /** The key just past a table's stream records. */
  public static byte[] streamTo(long tableId) {
    return ByteBuffer.allocate(9).put(STREAM).putLong(tableId + 1).array();
  }

  /** The sequence number a stream record's key holds. */
  public static long streamSequence(byte[] streamKey) {
    return ByteBuffer.wrap(streamKey, 9, 8).getLong();
  }

  /** The first and just-past keys of every table's stream records. */
  public static final byte[] STREAMS_FROM = {STREAM};
  public static final byte[] STREAMS_TO = {STREAM + 1};

  /** A backup's record. */
  public static byte[] backupKey(long backup) {
    return ByteBuffer.allocate(9).put(BACKUP).putLong(backup).array();
  }

  /** The first key of a backup's items. */
  public static byte[] backupItemsFrom(long backup) {
    return ByteBuffer.allocate(9).put(BACKUP_ITEM).putLong(backup).array();
  }

  /** The key just past a backup's items. */
  public static byte[] backupItemsTo(long backup) {
    return ByteBuffer.allocate(9).put(BACKUP_ITEM).putLong(backup + 1).array();
  }

  /** The backup number of a backup item's key. */
  public static long backupOfItem(byte[] backupItemKey) {
    return ByteBuffer.wrap(backupItemKey, 1, 8).getLong();
  }

  /** {@code key} (an item's storage key, or a backup item's key) with another 9-byte prefix. */
  public static byte[] reprefixed(byte[] key, byte[] prefix) {
    byte[] k = Arrays.copyOf(prefix, prefix.length + key.length - ITEM_PREFIX);
    System.arraycopy(key, ITEM_PREFIX, k, prefix.length, key.length - ITEM_PREFIX);
    return k;
  }

  /** A change-log record of the table committed at {@code millis} (not negative), told apart by {@code stamp}. */
  public static byte[] changeKey(long tableId, long millis, long stamp) {
    return ByteBuffer.allocate(25).put(CHANGE).putLong(tableId).putLong(millis).putLong(stamp).array();
  }

  /** The first change-log key of a table at or after {@code millis} (not negative). */
  public static byte[] changesFrom(long tableId, long millis) {
    return ByteBuffer.allocate(17).put(CHANGE).putLong(tableId).putLong(millis).array();
  }

  /** The key just past a table's change log. */
  public static byte[] changesTo(long tableId) {
    return ByteBuffer.allocate(9).put(CHANGE).putLong(tableId + 1).array();
  }

  /** The commit time (epoch millis) of a change-log key. */
  public static long changeMillis(byte[] changeKey) {
    return ByteBuffer.wrap(changeKey, 9, 8).getLong();
  }

  /** The stamp of a change-log key. */
  public static long changeStamp(byte[] changeKey) {
    return ByteBuffer.wrap(changeKey, 17, 8).getLong();
  }

  /** An item's storage key from its encoded key parts ({@code sortKey} may be null). */
  public static byte[] itemKey(long tableId, byte[] partitionKeyTerminated, byte[] sortKey) {
    int sk = sortKey == null ? 0 : sortKey.length;
    byte[] k = new byte[9 + partitionKeyTerminated.length + sk];
    k[0] = ITEM;
    putLong(k, 1, tableId);
    System.arraycopy(partitionKeyTerminated, 0, k, 9, partitionKeyTerminated.length);
    if (sortKey != null) {
      System.arraycopy(sortKey, 0, k, 9 + partitionKeyTerminated.length, sk);
    }
    return k;
  }

  private static void putLong(byte[] b, int at, long v) {
    for (int i = 7; i >= 0; i--) {
      b[at + i] = (byte) v;
      v >>>= 8;
    }
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }
}
