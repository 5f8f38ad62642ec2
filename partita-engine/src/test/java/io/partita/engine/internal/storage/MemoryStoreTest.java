package io.partita.engine.internal.storage;

/** The {@link Store} contract on the store in plain Java. */
class MemoryStoreTest extends StoreContract {
  @Override
  protected Store open(Store.Settings settings) {
    return MemoryStore.open(settings);
  }

  @Override
  protected int compactionsAfterDeletes() {
    return 0; // a deletion no reader can see removes its key when it is written
  }
}
