package io.partita.engine.internal.storage;

/** The {@link Store} contract on RocksDB on its memory environment. */
class RocksMemoryStoreTest extends StoreContract {
  @Override
  protected Store open(Store.Settings settings) {
    return RocksStore.inMemory(settings);
  }
}
