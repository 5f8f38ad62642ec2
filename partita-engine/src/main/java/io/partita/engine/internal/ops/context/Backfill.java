package io.partita.engine.internal.ops.context;

import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Work over every item a table already holds when a definition change needs something of each (a
 * new global index's entries, the expiry index of Time to Live turned on), in the background, a
 * chunk of items at a time; each chunk is its own task on the engine's background executor, so a
 * long build never holds a thread, a lock or the database open between chunks.
 *
 * <p>Correctness with writes running alongside: from the moment the definition changes (before the
 * first chunk), every item write maintains what is being built
 * ({@link io.partita.engine.internal.ops.write.ReadModifyWrite}). A chunk
 * takes the locks of its items, re-reads each one and writes what it lacks; a writer does the same
 * under the same lock. So every item is covered, whoever comes first. A chunk starts after the last
 * key of the previous one, so items inserted behind the cursor are covered by their writers and
 * items ahead of it by the chunks.
 *
 * <p>The definition says the build is unfinished until the last chunk; a restart resumes from the
 * first item (what was already written is skipped), since nothing else is stored.
 */
public abstract class Backfill implements Runnable {
  /** The engine's own log (java.util.logging, as the store's health): an embedding application routes it. */
  private static final Logger LOG = Logger.getLogger(Backfill.class.getName());
  static final int CHUNK_ITEMS = 256;

  public final EngineContext ctx;
  public final Table table;
  private final String key;
  private byte[] position;
  private volatile boolean cancelled;
  /** Stopped by a storage failure; {@link #resumeIfStalled} starts it again from where it was. */
  private volatile boolean stalled;

  public Backfill(EngineContext ctx, Table table, String key) {
    this.ctx = ctx;
    this.table = table;
    this.key = key;
    this.position = Keyspace.itemsFrom(table.def().id());
  }

  /** Whether the definition still wants this build (not finished, not undone). */
  protected abstract boolean wanted(TableDef def);

  /** Writes what the items at {@code keys} lack, under their locks, re-reading each. */
  protected abstract void chunk(TableDef def, List<byte[]> keys);

  /** Marks the build finished in the definition, if it is still {@link #wanted}. */
  protected abstract void finish();

  /** What is being built, for a log line. */
  protected abstract String what();

  public final void start() {
    ctx.backfills.put(key, this);
    ctx.background.execute(this);
  }

  /** Continues a build a storage failure stopped (the store has recovered). */
  public final void resumeIfStalled() {
    if (stalled && !cancelled) {
      stalled = false;
      ctx.background.execute(this);
    }
  }

  /** Stops this build after the chunk in progress, if any (what it builds is being removed). */
  public final void cancel() {
    cancelled = true;
  }

  /** Whether this build still runs: not cancelled, the table not dropped, the definition still wanting it. */
  public final boolean live(TableDef def) {
    return !cancelled && !table.dropped() && wanted(def);
  }

  /** Forgets this build once finished or cancelled. */
  public final void done() {
    ctx.backfills.remove(key, this);
  }

  @Override
  public final void run() {
    boolean[] more = {false};
    boolean ran;
    try {
      ran = ctx.whileOpen.run(() -> more[0] = step());
    } catch (RuntimeException e) {
      // a storage failure: the build goes on from this chunk when the store recovers, or from the
      // first item when the database is next opened (what was written is skipped); nothing is
      // half-written, as each chunk is one atomic batch
      LOG.log(Level.WARNING, "Partita: the backfill of " + what() + " of table " + table.def().name()
          + " stopped; it goes on when the storage recovers: " + e);
      stalled = true;
      return;
    }
    if (ran && more[0]) {
      ctx.background.execute(this);
    }
  }

  /** One chunk; answers whether another follows. */
  private boolean step() {
    Lock lifecycle = table.lifecycle().readLock();
    lifecycle.lock();
    List<byte[]> keys;
    try {
      TableDef def = table.def();
      if (!live(def)) {
        return false;
      }
      keys = new ArrayList<>(CHUNK_ITEMS);
      try (Store.Cursor cursor = ctx.store.cursor(position, Keyspace.itemsTo(def.id()), false)) {
        while (keys.size() < CHUNK_ITEMS && cursor.next()) {
          keys.add(cursor.key());
        }
      }
      if (!keys.isEmpty()) {
        chunk(def, keys);
        position = KeyBytes.after(keys.get(keys.size() - 1));
      }
    } finally {
      lifecycle.unlock();
    }
    if (keys.size() == CHUNK_ITEMS) {
      return true;
    }
    finish();
    return false;
  }
}
