package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
      StorageException e = assertThrows(StorageException.class, () -> Store.open(dir));
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
}
