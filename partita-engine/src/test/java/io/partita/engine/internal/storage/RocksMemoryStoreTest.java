package io.partita.engine.internal.storage;

/** The {@link Store} contract on RocksDB on its memory environment. */
class RocksMemoryStoreTest extends StoreContract {
  @Override
  protected Store open(Store.Settings settings) {
    Store s = Store.inMemory(settings);
    org.junit.jupiter.api.Assertions.assertInstanceOf(RocksStore.class, s);
    return s;
  }
}
