package io.partita.engine.internal.storage;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The {@link Store} contract on RocksDB on a data directory. */
class RocksDiskStoreTest extends StoreContract {
  @TempDir Path dir;

  @Override
  protected Store open(Store.Settings settings) {
    Store s = Store.open(dir, settings);
    org.junit.jupiter.api.Assertions.assertInstanceOf(RocksStore.class, s);
    return s;
  }
}
