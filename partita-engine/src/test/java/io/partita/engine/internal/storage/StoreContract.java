package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.MovableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link Store} contract, as Lucene tests its directories: one abstract test, and one subclass
 * per implementation that only says how to open one ({@link RocksDiskStoreTest}, {@link
 * RocksMemoryStoreTest}, {@link FaultInjectingStoreTest}). A new implementation passes this before
 * the engine runs on it.
 */
abstract class StoreContract {
  /** The clock of the store's settings: pastView's lag is read against it. */
  protected final MovableClock clock = new MovableClock();
  protected Store store;

  /** A fresh, empty store of the implementation under test, with {@code settings}. */
  protected abstract Store open(Store.Settings settings);

  @BeforeEach
  void openStore() {
    store = open(new Store.Settings(Store.Settings.MIN_MEMORY_BYTES, clock, null));
  }

  @AfterEach
  void closeStore() {
    // bounded, so a close that waits for ever (a reader it failed to close) fails the test, not the build
    assertTimeoutPreemptively(Duration.ofSeconds(30), store::close);
  }

  @Test
  void getSeesEveryWriteThatReturned() {
    assertNull(store.get(b(1)), "a fresh store is empty");
    write(batch -> batch.put(b(1), b(10)));
    assertArrayEquals(b(10), store.get(b(1)));
    write(batch -> batch.put(b(1), b(11)));
    assertArrayEquals(b(11), store.get(b(1)), "a put replaces");
    write(batch -> batch.delete(b(1)));
    assertNull(store.get(b(1)));
    write(batch -> batch.delete(b(2))); // deleting nothing is no error
    assertNull(store.get(b(2)));
    write(batch -> batch.put(b(3), new byte[0]));
    assertArrayEquals(new byte[0], store.get(b(3)), "an empty value is a value, not an absence");
  }

  /**
   * A get while a writer rewrites its key reads some value the key held during the call: never
   * nothing (the key always holds a value once written) and never an older value than one read
   * before. A point read that takes its snapshot number before the key's versions, and meets a
   * writer pruning them meanwhile, reads nothing here.
   */
  @Test
  void getsDuringRewritesOfTheirKeyReadNothingOlderThanBefore() throws Exception {
    write(batch -> batch.put(b(1), counterBytes(0)));
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicReference<String> wrong = new java.util.concurrent.atomic.AtomicReference<>();
    List<Thread> readers = new java.util.ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Thread t = new Thread(() -> {
        long last = 0;
        while (!done.get() && wrong.get() == null) {
          byte[] v = store.get(b(1));
          if (v == null) {
            wrong.set("a get read no value");
          } else if (java.nio.ByteBuffer.wrap(v).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong() < last) {
            wrong.set("a get read an older value than one before it");
          } else {
            last = java.nio.ByteBuffer.wrap(v).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
          }
        }
      });
      t.start();
      readers.add(t);
    }
    for (long i = 1; i <= 5_000 && wrong.get() == null; i++) {
      long value = i;
      write(batch -> batch.put(b(1), counterBytes(value)));
    }
    done.set(true);
    for (Thread t : readers) {
      t.join();
    }
    assertNull(wrong.get(), wrong.get());
  }

  private static byte[] counterBytes(long value) {
    return java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  @Test
  void aBatchIsAppliedWholeAndInOrder() {
    write(batch -> batch.put(b(1), b(1)).put(b(2), b(2)).put(b(3), b(3)));
    write(batch -> batch.put(b(1), b(9)).delete(b(2)).deleteRange(b(3), b(4)).put(b(4), b(4)).addToCounter(b(5), 2)
        .put(b(6), b(6)).delete(b(6)).delete(b(7)).put(b(7), b(7)));
    assertArrayEquals(b(9), store.get(b(1)));
    assertNull(store.get(b(2)));
    assertNull(store.get(b(3)));
    assertArrayEquals(b(4), store.get(b(4)));
    assertEquals(2, store.counter(b(5)));
    assertNull(store.get(b(6)), "a later delete in the batch wins over its put");
    assertArrayEquals(b(7), store.get(b(7)), "a later put in the batch wins over its delete");
  }

  @Test
  void aReaderSeesABatchWholeOrNotAtAll() {
    write(batch -> batch.put(b(1), b(0)).put(b(2), b(0)));
    try (Store.Cursor before = store.cursor(b(0), b(9), false)) {
      List<byte[]> keys = List.of(b(1), b(2));
      write(batch -> batch.put(b(1), b(1)).put(b(2), b(1)));
      assertEquals(List.of(List.of(0), List.of(0)), values(before), "the cursor reads the store as it was opened");
      assertEquals(List.of(List.of(1), List.of(1)), store.getAll(keys).stream().map(StoreContract::list).toList());
    }
  }

  @Test
  void aRefusedBatchWritesNothing() {
    Store.Batch closed = store.batch().put(b(1), b(1));
    closed.close();
    assertThrows(IllegalStateException.class, () -> store.write(closed));
    assertNull(store.get(b(1)));
    RuntimeException thrown = new IllegalArgumentException("a planning error");
    assertSame(thrown, assertThrows(RuntimeException.class, () -> store.write(batch -> {
      batch.put(b(1), b(1));
      throw thrown;
    })));
    assertNull(store.get(b(1)), "a batch whose maker failed is never written");
    try (Store.Batch batch = store.batch()) {
      batch.put(b(2), b(2));
      batch.mark();
      batch.put(b(3), b(3)).addToCounter(b(4), 1);
      batch.rollbackToMark();
      assertEquals(0, batch.counterDelta(b(4)));
      store.write(batch);
    }
    assertArrayEquals(b(2), store.get(b(2)));
    assertNull(store.get(b(3)), "rolled back to the mark");
    assertEquals(0, store.counter(b(4)));
  }

  @Test
  void batchesAreCountedUntilClosed() {
    assertEquals(0, store.openBatches());
    Store.Batch a = store.batch();
    Store.Batch b = store.batch();
    assertEquals(2, store.openBatches());
    a.close();
    a.close(); // idempotent
    assertEquals(1, store.openBatches());
    store.write(b.put(b(1), b(1)));
    assertEquals(1, store.openBatches(), "a write does not close the batch: its maker does");
    b.close();
    write(batch -> batch.put(b(2), b(2)));
    assertThrows(IllegalStateException.class, () -> store.write(batch -> {
      throw new IllegalStateException("refused");
    }));
    assertEquals(0, store.openBatches());
  }

  @Test
  void countersAdd64BitLittleEndianIntegers() {
    assertEquals(0, store.counter(b(1)), "an absent counter reads 0");
    write(batch -> batch.addToCounter(b(1), 5).addToCounter(b(1), 7).addToCounter(b(2), -3));
    assertEquals(12, store.counter(b(1)));
    assertEquals(-3, store.counter(b(2)), "negative deltas wrap as uint64 addition does");
    write(batch -> batch.addToCounter(b(2), 3).addToCounter(b(1), Long.MAX_VALUE));
    assertEquals(0, store.counter(b(2)));
    assertEquals(12 + Long.MAX_VALUE, store.counter(b(1)), "wraps");
    assertArrayEquals(new byte[] {11, 0, 0, 0, 0, 0, 0, (byte) 0x80}, store.get(b(1)), "stored little-endian");
    try (Store.Batch batch = store.batch()) {
      batch.addToCounter(b(3), 4).addToCounter(b(3), -1);
      assertEquals(3, batch.counterDelta(b(3)), "a batch tells what it adds to a counter");
    }
    write(batch -> batch.delete(b(1)));
    assertEquals(0, store.counter(b(1)), "a deleted counter starts again from 0");
  }

  /**
   * A counter added to several times in a batch sums as the additions do, around the rest of the
   * batch; a put or delete of the counter's key, or a range delete over it, keeps its place among
   * the additions (a store may apply a counter's additions as one only where that cannot matter).
   */
  @Test
  void aCountersAdditionsInABatchKeepTheirPlaceAmongItsOtherWrites() {
    write(batch -> batch.addToCounter(b(1), 2).put(b(9), b(9)).addToCounter(b(2), 5).addToCounter(b(1), 3)
        .addToCounter(b(2), -5).addToCounter(b(1), -1));
    assertEquals(4, store.counter(b(1)));
    assertEquals(0, store.counter(b(2)));
    write(batch -> batch.addToCounter(b(1), 10).delete(b(1)).addToCounter(b(1), 1).addToCounter(b(1), 1));
    assertEquals(2, store.counter(b(1)), "the additions before the delete are gone with it");
    write(batch -> batch.addToCounter(b(1), 10).deleteRange(b(0), b(2)).addToCounter(b(1), 3).addToCounter(b(1), 4));
    assertEquals(7, store.counter(b(1)), "the additions before the range delete are gone with it");
    write(batch -> batch.addToCounter(b(1), 10).put(b(1), new byte[] {1, 0, 0, 0, 0, 0, 0, 0}).addToCounter(b(1), 5)
        .addToCounter(b(1), 5));
    assertEquals(11, store.counter(b(1)), "the additions after a put add to what it put");
    try (Store.Batch batch = store.batch()) {
      batch.addToCounter(b(3), 1).addToCounter(b(3), 1);
      batch.mark();
      batch.addToCounter(b(3), 100).addToCounter(b(4), 7);
      batch.rollbackToMark();
      batch.addToCounter(b(3), 1);
      store.write(batch);
    }
    assertEquals(3, store.counter(b(3)), "what was rolled back is not added");
    assertEquals(0, store.counter(b(4)));
  }

  /** Compacting where deletes gathered changes what the store holds in no way: only how reads step. */
  @Test
  void compactingWhereDeletesGatheredKeepsEveryLiveKeyAndNoDeletedOne() {
    java.util.function.IntFunction<byte[]> key = i -> java.nio.ByteBuffer.allocate(13).put(Keyspace.ITEM).putLong(3)
        .putInt(i).array();
    int n = Tombstones.MIN_DELETES + 500;
    for (int i = 0; i < n; i++) {
      byte[] k = key.apply(i);
      write(batch -> batch.put(k, b(1)));
      if (i % 10 != 0) {
        write(batch -> batch.delete(k));
      }
    }
    assertEquals(1, store.compactDeleted());
    List<Integer> live = new ArrayList<>();
    try (Store.Cursor c = store.cursor(Keyspace.itemsFrom(3), Keyspace.itemsTo(3), false)) {
      while (c.next()) {
        live.add(java.nio.ByteBuffer.wrap(c.key(), 9, 4).getInt());
      }
    }
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < n; i += 10) {
      expected.add(i);
    }
    assertEquals(expected, live);
  }

  @Test
  void keysAreOrderedAsUnsignedBytes() {
    byte[][] keys = {{0x01}, {0x01, 0x00}, {0x01, 0x7f}, {0x01, (byte) 0x80}, {0x7f}, {(byte) 0x80}, {(byte) 0xff}};
    write(batch -> {
      for (int i = keys.length - 1; i >= 0; i--) {
        batch.put(keys[i], b(i));
      }
    });
    List<String> ascending = Arrays.stream(keys).map(Arrays::toString).toList();
    assertEquals(ascending, keysOf(store.scan(new byte[] {0x00}, new byte[] {(byte) 0xff, 0}, 100)));
    try (Store.Cursor c = store.cursor(new byte[] {0x00}, new byte[] {(byte) 0xff, 0}, false)) {
      assertEquals(ascending, keysOf(c));
    }
    List<String> descending = new ArrayList<>(ascending);
    java.util.Collections.reverse(descending);
    try (Store.Cursor c = store.cursor(new byte[] {0x00}, new byte[] {(byte) 0xff, 0}, true)) {
      assertEquals(descending, keysOf(c));
    }
  }

  @Test
  void rangesIncludeTheirStartAndExcludeTheirEnd() {
    write(batch -> batch.put(b(1), b(1)).put(b(3), b(3)).put(b(5), b(5)).put(b(7), b(7)));
    assertEquals(List.of("[3]", "[5]"), keysOf(store.scan(b(3), b(7), 10)));
    assertEquals(List.of("[3]"), keysOf(store.scan(b(2), b(9), 1)), "the limit is kept");
    assertEquals(List.of(), keysOf(store.scan(b(4), b(5), 10)));
    try (Store.Cursor c = store.cursor(b(3), b(7), false)) {
      assertEquals(List.of("[3]", "[5]"), keysOf(c));
      assertFalse(c.next(), "a finished cursor stays finished");
    }
    try (Store.Cursor c = store.cursor(b(3), b(7), true)) {
      assertEquals(List.of("[5]", "[3]"), keysOf(c), "a reversed cursor keeps the same bounds");
    }
    try (Store.Cursor c = store.cursor(b(2), b(3), false)) {
      assertFalse(c.next(), "an empty range");
    }
    write(batch -> batch.deleteRange(b(3), b(7)));
    assertEquals(List.of("[1]", "[7]"), keysOf(store.scan(b(0), b(9), 10)), "deleteRange is [from, to) as well");
  }

  @Test
  void aViewIsFrozenWhateverIsWrittenAfter() {
    write(batch -> batch.put(b(1), b(1)).addToCounter(b(9), 1));
    try (Store.View view = store.view()) {
      write(batch -> batch.put(b(1), b(2)).put(b(2), b(2)).addToCounter(b(9), 1));
      assertArrayEquals(b(1), view.get(b(1)));
      assertNull(view.get(b(2)));
      assertEquals(1, view.counter(b(9)));
      try (Store.Cursor c = view.cursor(b(0), b(9), false)) {
        assertEquals(List.of("[1]"), keysOf(c));
      }
      assertArrayEquals(b(2), store.get(b(1)), "the store itself moved on");
    }
  }

  @Test
  void eventuallyConsistentReadsSeeThePastOnlyWithALag() {
    write(batch -> batch.put(b(1), b(1)));
    assertNull(store.pastView(), "no lag: eventually consistent reads read the store");
    assertEquals(Duration.ZERO, store.consistencyLag());
    store.consistencyLag(Duration.ofSeconds(1));
    assertEquals(Duration.ofSeconds(1), store.consistencyLag());
    assertNull(store.pastView(), "nothing written within the lag");
    write(batch -> batch.put(b(1), b(2)));
    try (Store.View past = store.pastView()) {
      assertArrayEquals(b(1), past.get(b(1)), "within the lag a read may see the value before the write");
    }
    clock.advanceMillis(1001);
    assertNull(store.pastView(), "once the lag has passed, the present");
    store.consistencyLag(Duration.ZERO);
    assertThrows(IllegalArgumentException.class, () -> store.consistencyLag(Duration.ofNanos(10)));
  }

  @Test
  void closingClosesTheReadersLeftOpen() {
    write(batch -> batch.put(b(1), b(1)).put(b(2), b(2)));
    Store.Cursor forgotten = store.cursor(b(0), b(9), false);
    assertTrue(forgotten.next());
    Store.View view = store.view();
    Store.Cursor throughView = view.cursor(b(0), b(9), true);
    assertEquals(3, store.openReaders());
    // without the tracking the close would wait for ever on the readers' hold on the database
    assertTimeoutPreemptively(Duration.ofSeconds(30), store::close);
    assertEquals(0, store.openReaders());
    assertThrows(StorageUnavailableException.class, forgotten::next, "a closed reader reads no freed memory");
    assertThrows(StorageUnavailableException.class, forgotten::key);
    assertThrows(StorageUnavailableException.class, throughView::next);
    assertThrows(StorageUnavailableException.class, () -> view.get(b(1)));
    forgotten.close(); // closing again is harmless
    view.close();
    assertThrows(StorageUnavailableException.class, () -> store.get(b(1)));
    assertThrows(StorageUnavailableException.class, () -> store.cursor(b(0), b(9), false));
    store.close(); // idempotent
  }

  @Test
  void readersAreCountedUntilClosed() {
    try (Store.Cursor c = store.cursor(b(0), b(9), false); Store.View v = store.view()) {
      assertEquals(2, store.openReaders());
    }
    assertEquals(0, store.openReaders());
    Store.Cursor c = store.cursor(b(0), b(9), false);
    c.close();
    assertThrows(IllegalStateException.class, c::next, "a closed cursor refuses to move");
  }

  /**
   * A key that always exists is never read as absent, nor older than a value read before it, while a writer
   * rewrites it: by get, by getAll, through a cursor and a view (a store that drops the version a reader starting
   * during a write still reads fails this). Nondeterministic in when it catches such a bug, never in passing.
   */
  @Test
  void aKeyRewrittenUnderReadersIsNeverReadAbsentOrBackwards() throws Exception {
    byte[] k = b(5);
    write(batch -> batch.put(k, java.nio.ByteBuffer.allocate(4).putInt(0).array()));
    int writes = store.isDurable() ? 300 : 20_000; // a durable write syncs: a few hundred make the point there
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.ExecutorService readers = java.util.concurrent.Executors.newFixedThreadPool(2);
    List<java.util.concurrent.Future<String>> found = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      found.add(readers.submit(() -> {
        int last = 0;
        while (!done.get()) {
          byte[] v1 = store.get(k);
          byte[] v2 = store.getAll(List.of(k)).get(0);
          byte[] v3;
          try (Store.Cursor c = store.cursor(b(5), b(6), false)) {
            v3 = c.next() ? c.value() : null;
          }
          byte[] v4;
          try (Store.View v = store.view()) {
            v4 = v.get(k);
          }
          for (byte[] v : new byte[][] {v1, v2, v3, v4}) {
            if (v == null) {
              return "read absent";
            }
            int n = java.nio.ByteBuffer.wrap(v).getInt();
            if (n < last) {
              return "read " + n + " after " + last;
            }
            last = n;
          }
        }
        return null;
      }));
    }
    try {
      for (int i = 1; i <= writes; i++) {
        byte[] v = java.nio.ByteBuffer.allocate(4).putInt(i).array();
        write(batch -> batch.put(k, v));
      }
    } finally {
      done.set(true);
      readers.shutdown();
    }
    for (java.util.concurrent.Future<String> f : found) {
      assertNull(f.get(), "a reader of the rewritten key");
    }
  }

  @Test
  void aFreshStoreIsWritable() {
    Store.Health h = store.health();
    assertTrue(h.writable());
    assertNull(h.problem());
    assertEquals(0, h.failedWrites());
  }

  protected final void write(java.util.function.Consumer<Store.Batch> ops) {
    store.write(ops);
  }

  static byte[] b(int v) {
    return new byte[] {(byte) v};
  }

  private static List<Integer> list(byte[] v) {
    List<Integer> out = new ArrayList<>();
    for (byte x : v) {
      out.add((int) x);
    }
    return out;
  }

  private static List<List<Integer>> values(Store.Cursor c) {
    List<List<Integer>> out = new ArrayList<>();
    while (c.next()) {
      out.add(list(c.value()));
    }
    return out;
  }

  private static List<String> keysOf(Store.Cursor c) {
    List<String> out = new ArrayList<>();
    while (c.next()) {
      out.add(Arrays.toString(c.key()));
    }
    return out;
  }

  private static List<String> keysOf(List<Store.Entry> entries) {
    return entries.stream().map(e -> Arrays.toString(e.key())).toList();
  }
}
