package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.Backfill;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.context.ItemLocks;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import java.util.List;

/**
 * Writes the entries of a global index added to a table that already holds items ({@link
 * Backfill}). A chunk writes an item's entry only if it is not there yet, and a writer counts an old
 * entry only if it exists, so every item gets its entry exactly once and the index counters stay
 * exact. The definition marks the index {@code backfilling} until the last chunk.
 */
final class IndexBackfill extends Backfill {
  private final String indexName;

  IndexBackfill(EngineContext ctx, Table table, String indexName) {
    super(ctx, table, key(table.def(), indexName));
    this.indexName = indexName;
  }

  static String key(TableDef def, String indexName) {
    return def.id() + "/" + indexName;
  }

  @Override
  protected boolean wanted(TableDef def) {
    return index(def) != null;
  }

  @Override
  protected void chunk(TableDef def, List<byte[]> keys) {
    writeEntries(def, index(def), keys);
  }

  @Override
  protected void finish() {
    IndexBuilds.finish(ctx, table, indexName, this);
  }

  @Override
  protected String what() {
    return "index " + indexName;
  }

  /** The index if this build is still wanted: not cancelled, table not dropped, index still backfilling. */
  IndexDef building(TableDef def) {
    return live(def) ? index(def) : null;
  }

  private IndexDef index(TableDef def) {
    for (IndexDef ix : def.globalIndexes()) {
      if (ix.name().equals(indexName) && ix.backfilling()) {
        return ix;
      }
    }
    return null;
  }

  private void writeEntries(TableDef def, IndexDef index, List<byte[]> keys) {
    long count = 0;
    long size = 0;
    // the same lock keys the writers take, so a chunk and a writer of one item exclude each other
    try (Store.Batch batch = ctx.store().batch();
        ItemLocks.Held held = ctx.locks().lockAll(keys.stream().map(k -> ItemCollections.lockKey(def, k)).toList())) {
      for (byte[] key : keys) {
        byte[] stored = ctx.store().get(key); // re-read: the cursor's snapshot may be behind a writer
        IndexEntries.Entry e = stored == null ? null : IndexEntries.entry(def, index, ItemCodec.decode(stored));
        if (e != null && ctx.store().get(e.key()) == null) {
          batch.put(e.key(), e.value());
          count++;
          size += e.size();
        }
      }
      if (count > 0) {
        batch.addToCounter(Keyspace.indexCountKey(def.id(), indexName), count);
        batch.addToCounter(Keyspace.indexSizeKey(def.id(), indexName), size);
        ctx.store().write(batch);
      }
    }
  }
}
