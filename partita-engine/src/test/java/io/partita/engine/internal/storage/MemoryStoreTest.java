package io.partita.engine.internal.storage;

/** The {@link Store} contract on the store in plain Java. */
class MemoryStoreTest extends StoreContract {
  @Override
  protected Store open(Store.Settings settings) {
    return MemoryStore.open(settings);
  }
}
