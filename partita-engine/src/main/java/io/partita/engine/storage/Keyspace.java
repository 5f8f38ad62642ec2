package io.partita.engine.storage;

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

  public static final byte[] FORMAT_KEY = {META, 'F'};
  public static final byte[] NEXT_TABLE_ID_KEY = {META, 'T'};
  public static final byte[] TABLES_FROM = {TABLE};
  public static final byte[] TABLES_TO = {TABLE + 1};

  private Keyspace() {}

  public static byte[] tableKey(String name) {
    byte[] n = Store.utf8(name);
    byte[] k = new byte[n.length + 1];
    k[0] = TABLE;
    System.arraycopy(n, 0, k, 1, n.length);
    return k;
  }

  public static byte[] itemCountKey(long tableId) {
    return ByteBuffer.allocate(10).put(STATS).putLong(tableId).put((byte) 'c').array();
  }

  public static byte[] sizeBytesKey(long tableId) {
    return ByteBuffer.allocate(10).put(STATS).putLong(tableId).put((byte) 's').array();
  }

  /** The first key of a table's items. */
  public static byte[] itemsFrom(long tableId) {
    return ByteBuffer.allocate(9).put(ITEM).putLong(tableId).array();
  }

  /** The key just past a table's items. */
  public static byte[] itemsTo(long tableId) {
    return ByteBuffer.allocate(9).put(ITEM).putLong(tableId + 1).array();
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
