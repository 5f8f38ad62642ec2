package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The {@link Store} contract, run against the durable and the in-memory environment. */
class StoreTest {
  @TempDir static Path shared;

  static Stream<Arguments> stores() {
    return Stream.of(
        Arguments.of("disk", (Supplier<Store>) () -> Store.open(shared.resolve("s" + System.nanoTime()))),
        Arguments.of("memory", (Supplier<Store>) Store::inMemory));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void batchIsAppliedWhole(String name, Supplier<Store> stores) {
    try (Store s = stores.get()) {
      s.write(new Store.Batch().put(b(1), b(10)).put(b(2), b(20)).addToCounter(b(9), 5));
      assertArrayEquals(b(10), s.get(b(1)));
      assertArrayEquals(b(20), s.get(b(2)));
      assertEquals(5, s.counter(b(9)));
      s.write(new Store.Batch().delete(b(1)).addToCounter(b(9), -7));
      assertNull(s.get(b(1)));
      assertEquals(-2, s.counter(b(9)), "counters take negative deltas");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void scanIsOrderedAndBounded(String name, Supplier<Store> stores) {
    try (Store s = stores.get()) {
      s.write(new Store.Batch().put(b(5), b(5)).put(b(1), b(1)).put(b(3), b(3)).put(b(7), b(7)));
      List<Store.Entry> got = s.scan(b(2), b(7), 10);
      assertEquals(2, got.size());
      assertArrayEquals(b(3), got.get(0).key());
      assertArrayEquals(b(5), got.get(1).key());
      assertEquals(1, s.scan(b(0), b(9), 1).size(), "limit respected");
      s.write(new Store.Batch().deleteRange(b(1), b(6)));
      assertEquals(1, s.scan(b(0), b(9), 10).size());
    }
  }

  @Test
  void diskStoreKeepsDataAcrossReopen(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      s.write(new Store.Batch().put(b(1), b(42)));
    }
    try (Store s = Store.open(dir)) {
      assertArrayEquals(b(42), s.get(b(1)));
    }
  }

  @Test
  void secondOpenOfOneDirectoryIsRefusedClearly(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      StorageException e = assertThrows(StorageException.class, () -> Store.open(dir));
      assertTrue(e.getMessage().contains("already open"), e.getMessage());
    }
  }

  @Test
  void formatVersionIsWrittenAndChecked(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      DataFormat.initOrCheck(s);
      DataFormat.initOrCheck(s); // idempotent on a directory of the current format
      s.write(new Store.Batch().put(Keyspace.FORMAT_KEY, DataFormat.encode(DataFormat.CURRENT + 1)));
    }
    try (Store s = Store.open(dir)) {
      StorageException e = assertThrows(StorageException.class, () -> DataFormat.initOrCheck(s));
      assertTrue(e.getMessage().contains("written by a newer Partita"), e.getMessage());
    }
  }

  @Test
  void foreignDatabaseIsRefused(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      s.write(new Store.Batch().put(b(1), b(1)));
      StorageException e = assertThrows(StorageException.class, () -> DataFormat.initOrCheck(s));
      assertTrue(e.getMessage().contains("not a Partita data directory"), e.getMessage());
    }
  }

  @Test
  void memoryStoresAreIndependent() {
    try (Store a = Store.inMemory(); Store b = Store.inMemory()) {
      a.write(new Store.Batch().put(b(1), b(1)));
      assertNull(b.get(b(1)));
    }
  }

  private static byte[] b(int v) {
    return new byte[] {(byte) v};
  }
}
