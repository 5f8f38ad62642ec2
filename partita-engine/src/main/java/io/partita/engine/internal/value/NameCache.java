package io.partita.engine.internal.value;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The attribute names decoded from stored items, kept so the same bytes give back the same {@code
 * String}. Items of one table repeat the same few dozen names (PK, SK, GSI1PK, entity type, …) in
 * every item, and a decoded name is otherwise a new String and byte array per attribute per read,
 * with its hash computed again when the SDK copies the map.
 *
 * <p>A direct-mapped table of immutable entries shared by all threads: a slot is a hash of the
 * bytes, a lookup compares the bytes, and a miss replaces the slot. Slots are written without
 * locks: an entry is immutable (final fields), so a reader sees either a whole old entry or a whole
 * new one, and a lost write only costs a later miss. Long names are not kept.
 */
final class NameCache {
  private static final int SLOTS = 2048;
  private static final int MAX_LENGTH = 64;
  private static final Entry[] TABLE = new Entry[SLOTS];

  private record Entry(byte[] utf8, String name) {}

  private NameCache() {}

  static String name(byte[] buf, int off, int len) {
    if (len > MAX_LENGTH) {
      return new String(buf, off, len, StandardCharsets.UTF_8);
    }
    int h = 0;
    for (int i = off, end = off + len; i < end; i++) {
      h = 31 * h + buf[i];
    }
    int slot = (h ^ (h >>> 11) ^ (h >>> 22)) & (SLOTS - 1);
    Entry e = TABLE[slot];
    if (e != null && Arrays.equals(e.utf8, 0, e.utf8.length, buf, off, off + len)) {
      return e.name;
    }
    String name = new String(buf, off, len, StandardCharsets.UTF_8);
    TABLE[slot] = new Entry(Arrays.copyOfRange(buf, off, off + len), name);
    return name;
  }
}
