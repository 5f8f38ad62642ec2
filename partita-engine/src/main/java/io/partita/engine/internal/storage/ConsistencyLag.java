package io.partita.engine.internal.storage;

import java.time.Clock;
import java.time.Duration;
import org.rocksdb.RocksDB;

/**
 * The consistency lag of a {@link RocksStore} ({@link Store#consistencyLag(Duration)}): while it is
 * switched on, eventually consistent reads see the store as it was up to the lag ago, through the
 * RocksDB snapshots {@link PastSnapshots} keeps. Costs, while on, a snapshot per 64th of the lag in
 * which something is written, each kept for the lag.
 *
 * <p>The snapshots belong to the database handle they were taken on: the database releases them
 * ({@link #releaseAll}) before it closes or reopens, and the past starts again from the next write.
 */
final class ConsistencyLag {
  /** The store's clock: the lag is counted by it. */
  private final Clock clock;
  /** The recent past kept for eventually consistent reads, or null when they read the present. */
  private volatile PastSnapshots past;

  ConsistencyLag(Clock clock) {
    this.clock = clock;
  }

  /** Switches the lag to {@code lag} ({@code Duration.ZERO}: off) on {@code database}. */
  void switchTo(Duration lag, RocksDatabase database) {
    PastSnapshots next = Store.checkedLag(lag).isZero() ? null : new PastSnapshots(lag.toMillis());
    // under the gate: a reopen or close (which release the snapshots of the database they close)
    // cannot come between the switch and the release of the old past's snapshots
    long stamp = database.readLock();
    try {
      PastSnapshots before = past;
      past = next;
      if (before != null && !database.closed()) {
        before.close();
      }
    } finally {
      database.unlockRead(stamp);
    }
  }

  /** The lag; zero when off. */
  Duration lag() {
    PastSnapshots p = past;
    return p == null ? Duration.ZERO : Duration.ofMillis(p.lagMillis);
  }

  /**
   * Before a write to {@code database}, holding its gate: keeps the state the write is about to
   * change, when the lag is on.
   */
  void beforeWrite(RocksDatabase database) {
    PastSnapshots p = past;
    if (p != null) {
      p.beforeWrite(database.handle(), clock.millis());
    }
  }

  /**
   * A view of the store as an eventually consistent read sees it now, tracked among
   * {@code readers}, or null when that is the store as it is (no lag, or nothing written within
   * it). The caller closes it.
   */
  Store.View view(Readers readers) {
    PastSnapshots p = past;
    if (p == null) {
      return null;
    }
    RocksDatabase database = readers.database();
    RocksView view;
    long stamp = database.readLock();
    try {
      RocksDB d = database.handle();
      PastSnapshots.Past snapshot = p.acquire(d, clock.millis());
      if (snapshot == null) {
        database.unlockRead(stamp);
        return null;
      }
      try {
        view = new RocksView(readers, stamp, d, snapshot.snapshot, () -> p.release(snapshot));
      } catch (RuntimeException e) {
        p.release(snapshot);
        throw e;
      }
    } catch (RuntimeException e) {
      database.unlockRead(stamp);
      throw e;
    }
    // outside the try: once made, the view's own close releases the snapshot and the lock
    return readers.track(view);
  }

  /** Releases every snapshot, before the database they were taken on closes or reopens. */
  void releaseAll() {
    PastSnapshots p = past;
    if (p != null) {
      p.releaseAll();
    }
  }
}
