package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.DataDirectoryInUseException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the RocksDB store does beyond the contract ({@link StoreContract}): its directory and data format. */
class StoreTest {
  @Test
  void diskStoreKeepsDataAcrossReopen(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      s.write(batch -> batch.put(b(1), b(42)));
    }
    try (Store s = Store.open(dir)) {
      assertArrayEquals(b(42), s.get(b(1)));
    }
  }

  @Test
  void secondOpenOfOneDirectoryIsRefusedClearly(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      DataDirectoryInUseException e = assertThrows(DataDirectoryInUseException.class, () -> Store.open(dir));
      assertTrue(e.getMessage().contains("already open"), e.getMessage());
    }
  }

  @Test
  void formatVersionIsWrittenAndChecked(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      DataFormat.initOrCheck(s);
      DataFormat.initOrCheck(s); // idempotent on a directory of the current format
      s.write(batch -> batch.put(Keyspace.FORMAT_KEY, DataFormat.encode(DataFormat.CURRENT + 1)));
    }
    try (Store s = Store.open(dir)) {
      StorageException e = assertThrows(StorageException.class, () -> DataFormat.initOrCheck(s));
      assertTrue(e.getMessage().contains("written by a newer Partita"), e.getMessage());
    }
  }

  @Test
  void foreignDatabaseIsRefused(@TempDir Path dir) {
    try (Store s = Store.open(dir)) {
      s.write(batch -> batch.put(b(1), b(1)));
      StorageException e = assertThrows(StorageException.class, () -> DataFormat.initOrCheck(s));
      assertTrue(e.getMessage().contains("not a Partita data directory"), e.getMessage());
    }
  }

  @Test
  void memoryStoresAreIndependent() {
    try (Store a = Store.inMemory(); Store b = Store.inMemory()) {
      a.write(batch -> batch.put(b(1), b(1)));
      assertNull(b.get(b(1)));
    }
  }

  private static byte[] b(int v) {
    return new byte[] {(byte) v};
  }

  /**
   * A batch applies each counter's additions as one merge (RocksDB walks a key's run of merge
   * entries on every merge): a 25-item BatchWriteItem adds to its table's two counters 50 times.
   */
  @Test
  void aCountersAdditionsAreAppliedAsOne() {
    try (Store.Batch batch = new Store.Batch(new java.util.concurrent.atomic.AtomicLong())) {
      batch.put(b(1), b(1)).addToCounter(b(8), 1).addToCounter(b(9), 40).put(b(2), b(2)).addToCounter(b(8), 1)
          .addToCounter(b(9), 2);
      java.util.List<Store.Batch.Op> applied = batch.applied();
      assertEquals(java.util.List.of("0:1", "3:8=2", "3:9=42", "0:2"), applied.stream().map(StoreTest::describe).toList());
      batch.deleteRange(b(5), b(6));
      assertSame(batch.ops, batch.applied(), "a range delete keeps every addition in its place");
    }
    try (Store.Batch batch = new Store.Batch(new java.util.concurrent.atomic.AtomicLong())) {
      batch.addToCounter(b(8), 1).delete(b(8)).addToCounter(b(8), 1);
      assertSame(batch.ops, batch.applied(), "a delete of the counter's key keeps every addition in its place");
    }
  }

  private static String describe(Store.Batch.Op op) {
    String s = op.kind() + ":" + op.a()[0];
    return op.kind() == Store.Batch.MERGE ? s + "=" + Store.Batch.counterValue(op.b()) : s;
  }
}
