package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.MovableClock;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where deletes gathered is compacted so reads stop stepping over their tombstones: shown by
 * RocksDB's own count of the entries its reads stepped over, not by time.
 */
class TombstonesTest {
  private Store store;

  @BeforeEach
  void open() {
    store = Store.inMemory(new Store.Settings(Store.Settings.MIN_MEMORY_BYTES, new MovableClock(), null, true));
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** A key of table 7's items: {@code 0x10 | table | n}. */
  private static byte[] key(long table, int n) {
    return ByteBuffer.allocate(13).put(Keyspace.ITEM).putLong(table).putInt(n).array();
  }

  /** Reads table 7's first live item from the start of its range; answers the entries stepped over. */
  private long skippedReadingTheHead(byte[] expected) {
    long before = store.entriesSkipped();
    try (Store.Cursor c = store.cursor(Keyspace.itemsFrom(7), Keyspace.itemsTo(7), false)) {
      assertTrue(c.next());
      assertArrayEquals(expected, c.key());
    }
    return store.entriesSkipped() - before;
  }

  @Test
  void aQueuesHeadIsReadWithoutItsDeletedItemsOnceCompacted() {
    int done = 2 * Tombstones.MIN_DELETES;
    for (int i = 0; i < done; i++) {
      byte[] k = key(7, i);
      store.write(b -> b.put(k, new byte[] {1}));
      store.write(b -> b.delete(k));
    }
    byte[] live = key(7, done);
    store.write(b -> b.put(live, new byte[] {2}));

    assertTrue(skippedReadingTheHead(live) >= done, "the read steps over every deleted item");
    assertEquals(1, store.compactDeleted());
    long after = skippedReadingTheHead(live);
    assertTrue(after < 10, "and after the compaction over none of them: " + after);
    assertEquals(0, store.compactDeleted(), "nothing gathered since");
    assertNull(store.get(key(7, 0)));
    assertArrayEquals(new byte[] {2}, store.get(live));
  }

  @Test
  void fewDeletesAreNotCompacted() {
    for (int i = 0; i < Tombstones.MIN_DELETES - 1; i++) {
      byte[] k = key(7, i);
      store.write(b -> b.put(k, new byte[] {1}).delete(k));
    }
    assertEquals(0, store.compactDeleted());
  }

  @Test
  void deletesSpreadThinOverALargeTableWaitUntilTheyAreWorthItsRewrite() {
    int items = 12 * Tombstones.MIN_DELETES;
    byte[] value = new byte[1024];
    new java.util.Random(7).nextBytes(value); // not compressible: about 12 MB
    for (int i = 0; i < items; i++) {
      byte[] k = key(7, i);
      store.write(b -> b.put(k, value));
    }
    // one in twelve deleted: 1,000 deletes in about 12 MB, fewer than one for every kilobyte
    for (int i = 0; i < items; i += 12) {
      byte[] k = key(7, i);
      store.write(b -> b.delete(k));
    }
    assertEquals(0, store.compactDeleted());
  }
}
