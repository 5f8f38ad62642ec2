package io.partita.engine.ops;

import io.partita.engine.Limits;
import io.partita.engine.storage.Store;
import io.partita.engine.table.Catalog;
import java.time.Clock;

/** What every operation works with: the store, the tables, the item locks and the clock. */
public final class EngineContext {
  final Store store;
  final Catalog catalog;
  final ItemLocks locks = new ItemLocks();
  final Clock clock;
  final Limits limits;

  public EngineContext(Store store, Catalog catalog, Clock clock, Limits limits) {
    this.store = store;
    this.catalog = catalog;
    this.clock = clock;
    this.limits = limits;
  }
}
