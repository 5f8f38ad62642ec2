package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.Backfill;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.context.ItemLocks;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.vector.VectorItems;
import io.partita.engine.internal.vector.VectorMirror;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * Builds a vector index's in-memory mirror from the table's items ({@link Backfill}): when the index
 * is added by UpdateTable (then it is CREATING with Backfilling until the last chunk, as the
 * service's), when the database opens, and when a table with vector indexes is made by a restore or
 * an import. The mirror is registered before the first chunk, so every write from then on keeps it
 * (ReadModifyWrite, under the item's lock); a chunk re-reads its items under the same locks, so
 * whoever comes second writes the item as it is. Nothing of the index is stored: a crash loses
 * nothing, and the next open builds it again.
 */
final class VectorBuild extends Backfill {
  private final String indexName;
  private final VectorMirror mirror;

  private VectorBuild(EngineContext ctx, Table table, String indexName, VectorMirror mirror) {
    super(ctx, table, key(table.def(), indexName));
    this.indexName = indexName;
    this.mirror = mirror;
  }

  static String key(TableDef def, String indexName) {
    return "vector/" + def.id() + "/" + indexName;
  }

  /** The mirror of {@code v}, made and its build started when there is none. */
  static VectorMirror mirror(EngineContext ctx, Table table, VectorIndexDef v) {
    long id = table.def().id();
    VectorMirror existing = ctx.vectors().get(id, v);
    if (existing != null) {
      return existing;
    }
    synchronized (ctx.vectors()) {
      existing = ctx.vectors().get(id, v);
      if (existing != null) {
        return existing;
      }
      VectorMirror made = new VectorMirror(v.dimensions(), v.distance());
      ctx.vectors().put(id, v, made); // before the first chunk: writes keep it from now on
      new VectorBuild(ctx, table, v.name(), made).start();
      return made;
    }
  }

  /** Builds every vector index of the table (the database opened: nothing of them is stored). */
  static void resume(EngineContext ctx, Table table) {
    for (VectorIndexDef v : table.def().vectorIndexes()) {
      mirror(ctx, table, v);
    }
  }

  @Override
  protected boolean wanted(TableDef def) {
    VectorIndexDef v = def.vectorIndex(indexName);
    return v != null && ctx.vectors().get(def.id(), v) == mirror;
  }

  @Override
  protected void chunk(TableDef def, List<byte[]> keys) {
    VectorIndexDef v = def.vectorIndex(indexName);
    List<byte[]> locks = new ArrayList<>(keys.size());
    keys.forEach(k -> locks.add(ItemCollections.lockKey(def, k)));
    try (ItemLocks.Held held = ctx.locks().lockAll(locks)) {
      for (byte[] key : keys) {
        byte[] stored = ctx.store().get(key); // re-read: the cursor's snapshot may be behind a writer
        mirror.put(key, stored == null ? null : VectorItems.entry(def, v, ItemCodec.decode(stored)));
      }
    }
  }

  @Override
  protected void finish() {
    synchronized (ctx.catalog()) {
      Lock writes = table.lifecycle().writeLock();
      writes.lock();
      try {
        TableDef def = table.def();
        VectorIndexDef v = def.vectorIndex(indexName);
        if (!live(def)) {
          return;
        }
        if (v.backfilling()) {
          List<VectorIndexDef> all = new ArrayList<>(def.vectorIndexes());
          all.set(all.indexOf(v), v.withBackfilling(false));
          ctx.catalog().update(def.withVectorIndexes(def.attributeDefinitions(), all));
        }
        mirror.markBuilt();
        done();
      } finally {
        writes.unlock();
      }
    }
  }

  @Override
  protected String what() {
    return "vector index " + indexName;
  }
}
