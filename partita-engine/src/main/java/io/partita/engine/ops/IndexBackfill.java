package io.partita.engine.ops;

import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.IndexDef;
import io.partita.engine.table.Table;
import io.partita.engine.table.TableDef;
import io.partita.engine.value.ItemCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * Writes the entries of a global index added to a table that already holds items, in the
 * background, a chunk of items at a time; each chunk is its own task on the engine's background
 * executor, so a long build never holds a thread, a lock or the database open between chunks.
 *
 * <p>Correctness with writes running alongside: from the moment the index is defined (before the
 * first chunk), every item write maintains it ({@link ReadModifyWrite}). A chunk takes the stripes
 * of its items, re-reads each item and writes its entry only if the entry is not there yet; a
 * writer does the same under its stripe and counts an old entry only if it exists. So every item
 * gets its entry exactly once, whoever comes first, and the index counters stay exact. A chunk
 * starts after the last key of the previous one, so items inserted behind the cursor are covered
 * by their writers and items ahead of it by the chunks.
 *
 * <p>The definition marks the index {@code backfilling} until the last chunk; a restart resumes
 * from the first item (entries already written are skipped), since nothing else is stored.
 */
final class IndexBackfill implements Runnable {
  static final int CHUNK_ITEMS = 256;

  private final EngineContext ctx;
  private final Table table;
  private final String indexName;
  private byte[] position;
  private volatile boolean cancelled;
  /** Stopped by a storage failure; {@link #resumeIfStalled} starts it again from where it was. */
  private volatile boolean stalled;

  IndexBackfill(EngineContext ctx, Table table, String indexName) {
    this.ctx = ctx;
    this.table = table;
    this.indexName = indexName;
    this.position = Keyspace.itemsFrom(table.def().id());
  }

  static String key(TableDef def, String indexName) {
    return def.id() + "/" + indexName;
  }

  void start() {
    ctx.backfills.put(key(table.def(), indexName), this);
    ctx.background.execute(this);
  }

  /** Continues a build a storage failure stopped (the store has recovered). */
  void resumeIfStalled() {
    if (stalled && !cancelled) {
      stalled = false;
      ctx.background.execute(this);
    }
  }

  /** Stops this build after the chunk in progress, if any (the index is being deleted). */
  void cancel() {
    cancelled = true;
  }

  @Override
  public void run() {
    boolean[] more = {false};
    boolean ran;
    try {
      ran = ctx.whileOpen.run(() -> more[0] = chunk());
    } catch (RuntimeException e) {
      // a storage failure: the index stays CREATING and the build goes on from this chunk when the
      // store recovers, or from the first item when the database is next opened (entries already
      // written are skipped); nothing is half-written, as each chunk is one atomic batch
      System.err.println("partita: the backfill of index " + indexName + " of table " + table.def().name()
          + " stopped; it goes on when the storage recovers: " + e);
      stalled = true;
      return;
    }
    if (ran && more[0]) {
      ctx.background.execute(this);
    }
  }

  /** One chunk; answers whether another follows. */
  private boolean chunk() {
    Lock lifecycle = table.lifecycle().readLock();
    lifecycle.lock();
    List<byte[]> keys;
    try {
      TableDef def = table.def();
      IndexDef index = building(def);
      if (index == null) {
        return false;
      }
      byte[] to = Keyspace.itemsTo(def.id());
      keys = new ArrayList<>(CHUNK_ITEMS);
      try (Store.Cursor cursor = ctx.store.cursor(position, to, false)) {
        while (keys.size() < CHUNK_ITEMS && cursor.next()) {
          keys.add(cursor.key());
        }
      }
      if (!keys.isEmpty()) {
        writeEntries(def, index, keys);
        position = KeyBytes.after(keys.get(keys.size() - 1));
      }
    } finally {
      lifecycle.unlock();
    }
    if (keys.size() == CHUNK_ITEMS) {
      return true;
    }
    IndexBuilds.finish(ctx, table, indexName, this);
    return false;
  }

  /** The index if this build is still wanted: not cancelled, table not dropped, index still backfilling. */
  IndexDef building(TableDef def) {
    if (cancelled || table.dropped()) {
      return null;
    }
    for (IndexDef ix : def.globalIndexes()) {
      if (ix.name().equals(indexName) && ix.backfilling()) {
        return ix;
      }
    }
    return null;
  }

  private void writeEntries(TableDef def, IndexDef index, List<byte[]> keys) {
    Store.Batch batch = new Store.Batch();
    long count = 0;
    long size = 0;
    // the same lock keys the writers take, so a chunk and a writer of one item exclude each other
    try (ItemLocks.Held held = ctx.locks.lockAll(keys.stream().map(k -> ItemCollections.lockKey(def, k)).toList())) {
      for (byte[] key : keys) {
        byte[] stored = ctx.store.get(key); // re-read: the cursor's snapshot may be behind a writer
        IndexEntries.Entry e = stored == null ? null : IndexEntries.entry(def, index, ItemCodec.decode(stored));
        if (e != null && ctx.store.get(e.key()) == null) {
          batch.put(e.key(), e.value());
          count++;
          size += e.size();
        }
      }
      if (count > 0) {
        batch.addToCounter(Keyspace.indexCountKey(def.id(), indexName), count);
        batch.addToCounter(Keyspace.indexSizeKey(def.id(), indexName), size);
        ctx.store.write(batch);
      }
    }
  }
}
