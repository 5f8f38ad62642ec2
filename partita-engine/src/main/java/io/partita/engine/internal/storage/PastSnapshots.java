package io.partita.engine.internal.storage;

import java.util.ArrayDeque;
import org.rocksdb.RocksDB;
import org.rocksdb.Snapshot;

/**
 * The store as it was up to a lag ago, for eventually consistent reads that should look stale as
 * DynamoDB's may ({@link Store#consistencyLag}). Before the first write of each tick (a 64th of
 * the lag, at least a millisecond) a snapshot is taken; a read at time T reads the oldest snapshot
 * taken after {@code T - lag}, which holds every write made before T - lag and none made since (to
 * within a tick), or the store itself when nothing was written since. Snapshots older than the lag
 * are released as time goes on, once no read is using them.
 */
final class PastSnapshots {
  /** One snapshot: when it was taken, on which database handle, and how many reads hold it. */
  static final class Past {
    final long atMillis;
    final RocksDB db;
    final Snapshot snapshot;
    private int users;
    private boolean retired;

    private Past(long atMillis, RocksDB db) {
      this.atMillis = atMillis;
      this.db = db;
      this.snapshot = db.getSnapshot();
    }
  }

  final long lagMillis;
  private final long tickMillis;
  private final ArrayDeque<Past> pasts = new ArrayDeque<>();
  /** Set once the lag is switched off or changed: a writer or reader still holding this takes nothing new. */
  private boolean closed;

  /** A past of {@code lagMillis} (at least 1: {@link Store#checkedLag}). */
  PastSnapshots(long lagMillis) {
    this.lagMillis = lagMillis;
    this.tickMillis = Math.max(1, lagMillis / 64);
  }

  /** Called before a write to {@code db} at {@code now}: keeps the state it is about to change. */
  synchronized void beforeWrite(RocksDB db, long now) {
    if (closed) {
      return;
    }
    retireUpTo(now - lagMillis);
    Past newest = pasts.peekLast();
    if (newest == null || newest.db != db || now - newest.atMillis >= tickMillis) {
      pasts.addLast(new Past(now, db));
    }
  }

  /**
   * The snapshot a read at {@code now} should see, held until {@link #release}; null when the
   * store itself is that old (nothing was written within the lag).
   */
  synchronized Past acquire(RocksDB db, long now) {
    if (closed) {
      return null;
    }
    retireUpTo(now - lagMillis);
    Past oldest = pasts.peekFirst();
    if (oldest == null || oldest.db != db) {
      return null;
    }
    oldest.users++;
    return oldest;
  }

  synchronized void release(Past p) {
    p.users--;
    if (p.retired && p.users == 0) {
      p.db.releaseSnapshot(p.snapshot);
    }
  }

  /**
   * Releases every snapshot before the database they belong to closes or reopens (no read holds
   * one then: reads hold the store's gate). After a reopen the past starts again from the next write.
   */
  synchronized void releaseAll() {
    retireUpTo(Long.MAX_VALUE);
  }

  /**
   * Releases every snapshot and takes no more: the lag was switched off or changed (a read still
   * holding one releases it when done). Called with the store's gate held, so the database is open.
   */
  synchronized void close() {
    closed = true;
    retireUpTo(Long.MAX_VALUE);
  }

  private void retireUpTo(long millis) {
    while (!pasts.isEmpty() && pasts.peekFirst().atMillis <= millis) {
      Past p = pasts.removeFirst();
      p.retired = true;
      if (p.users == 0) {
        p.db.releaseSnapshot(p.snapshot);
      }
    }
  }
}
