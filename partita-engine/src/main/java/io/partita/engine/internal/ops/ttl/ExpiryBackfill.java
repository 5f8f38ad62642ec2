package io.partita.engine.internal.ops.ttl;

import io.partita.engine.internal.ops.context.Backfill;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.context.ItemLocks;
import io.partita.engine.internal.ops.write.ExpiryIndex;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TimeToLive;
import io.partita.engine.internal.value.ItemCodec;
import java.util.List;

/**
 * Enters the items a table already held into its expiry index when Time to Live is turned on
 * ({@link Backfill}); the definition says {@code indexing} until the last chunk. Entries carry no
 * value and no counter, so writing one twice is harmless.
 */
public final class ExpiryBackfill extends Backfill {
  ExpiryBackfill(EngineContext ctx, Table table) {
    super(ctx, table, key(table.def()));
  }

  static String key(TableDef def) {
    return def.id() + "#ttl"; // '#' is in no index name, so no index build has this key
  }

  /** Starts the indexing a previous run left unfinished (called once at open). */
  public static void resume(EngineContext ctx, Table table) {
    if (indexing(table.def())) {
      new ExpiryBackfill(ctx, table).start();
    }
  }

  private static boolean indexing(TableDef def) {
    return TimeToLive.maintained(def.timeToLive()) && def.timeToLive().indexing();
  }

  @Override
  protected boolean wanted(TableDef def) {
    return indexing(def);
  }

  @Override
  protected void chunk(TableDef def, List<byte[]> keys) {
    try (Store.Batch batch = ctx.store().batch();
        ItemLocks.Held held = ctx.locks().lockAll(keys.stream().map(k -> ItemCollections.lockKey(def, k)).toList())) {
      for (byte[] key : keys) {
        byte[] stored = ctx.store().get(key); // re-read: the cursor's snapshot may be behind a writer
        byte[] entry = stored == null ? null : ExpiryIndex.entry(def, key, ItemCodec.decode(stored));
        if (entry != null) {
          batch.put(entry, new byte[0]);
        }
      }
      if (batch.count() > 0) {
        ctx.store().write(batch);
      }
    }
  }

  @Override
  protected void finish() {
    synchronized (ctx.catalog()) {
      TableDef def = table.def();
      if (live(def)) {
        ctx.catalog().update(def.withTimeToLive(def.timeToLive().indexed()));
      }
      done();
    }
  }

  @Override
  protected String what() {
    return "the expiry index";
  }
}
