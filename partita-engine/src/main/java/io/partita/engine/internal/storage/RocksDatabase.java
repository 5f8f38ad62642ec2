package io.partita.engine.internal.storage;

import io.partita.engine.DataDirectoryInUseException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The RocksDB database a {@link RocksStore} has open now, and the gate around it: opening it,
 * reopening it to recover from a storage fault, and closing it.
 *
 * <p>Every use of the database holds the gate's read lock; a reopen or the close takes it
 * exclusively, so no use ever meets a database closed under it. A cursor or view holds the read
 * lock for as long as it is open, which is why the store closes its readers before the database.
 *
 * <p>Recovery: when RocksDB cannot write (no space left on the device, an I/O error), it refuses
 * every write until its error is cleared, and rocksdbjni 9.8.4 has no {@code DB::Resume}; so once a
 * retry is due ({@link StorageHealth#takeRetry}), {@link #recoverIfDue()} closes and reopens the
 * database (a durable one: the write-ahead log holds everything acknowledged) and tries an empty
 * write. While it cannot reopen for writing (the disk still full), it is opened read-only, so reads
 * are still served. No restart is needed once the cause is gone.
 */
final class RocksDatabase {
  /** RocksStore's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());

  private final String location;
  private final boolean durable;
  private final RocksOptions options;
  private final FaultPlan faults;
  private final StorageHealth health;
  private final SimulatedCrash crash;
  /** Releases what a reader took from the database and keeps past its read: run before every close or reopen. */
  private final Runnable releaseBeforeClose;
  /** Shared by every use of {@link #db}; exclusive while the database is reopened or closed. */
  private final StampedLock gate = new StampedLock();
  private volatile RocksDB db;
  private volatile boolean readOnly;
  /** Set first by the store's close: no cursor or view is opened from then on. */
  private volatile boolean closing;
  private volatile boolean closed;

  /**
   * Opens the database at {@code location} with {@code options}; {@code releaseBeforeClose} frees
   * what outlives a read (the consistency lag's snapshots) before the database is closed or reopened.
   *
   * @throws RocksDBException when RocksDB cannot open it ({@link #openFailure} says why, to the caller)
   */
  RocksDatabase(String location, boolean durable, RocksOptions options, FaultPlan faults, StorageHealth health,
      SimulatedCrash crash, Runnable releaseBeforeClose) throws RocksDBException {
    this.location = location;
    this.durable = durable;
    this.options = options;
    this.faults = faults;
    this.health = health;
    this.crash = crash;
    this.releaseBeforeClose = releaseBeforeClose;
    this.db = RocksDB.open(options.options, location);
    if (faults != null) {
      faults.attach(this::flushForTest);
    }
  }

  /**
   * Why a store at {@code path} could not be opened, as the exception to throw: another process's
   * hold on the directory (RocksDB's LOCK file) gets its own type, so the command line can say so.
   */
  static RuntimeException openFailure(String path, Exception e) {
    String msg = e instanceof RocksDBException ? String.valueOf(e.getMessage()) : e.toString();
    if (msg.contains("lock") || msg.contains("LOCK")) {
      return new DataDirectoryInUseException(path,
          "the data directory " + path + " is already open in another process (or in this one); "
              + "close that first: " + msg, e);
    }
    return new StorageException("cannot open data directory " + path + ": " + msg, e);
  }

  /** Takes the gate's read lock, for one use of the database; see {@link #unlockRead}. */
  long readLock() {
    return gate.readLock();
  }

  void unlockRead(long stamp) {
    gate.unlockRead(stamp);
  }

  /**
   * The database, to use while holding the read lock; throws {@link StorageUnavailableException}
   * when there is none to use: closed, crashed, or being reopened (saying why writes failed).
   */
  RocksDB handle() {
    if (crash.happened()) {
      throw SimulatedCrash.failure();
    }
    RocksDB d = db;
    if (d == null) {
      String why = health.problem();
      throw new StorageUnavailableException(closed ? "the storage is closed" : why == null
          ? "the storage is being reopened" : why, null);
    }
    return d;
  }

  /** The database while it is open and has not crashed, else null: for what may find none (metrics). */
  RocksDB openNow() {
    RocksDB d = db;
    return d == null || crash.happened() ? null : d;
  }

  /** Whether it is open read-only because it could not be reopened for writing. */
  boolean readOnly() {
    return readOnly;
  }

  boolean closing() {
    return closing;
  }

  boolean closed() {
    return closed;
  }

  /** A failed read, logged with RocksDB's detail; the exception's message names no path. */
  StorageException readFailure(String what, RocksDBException e) {
    LOG.log(Level.WARNING, "Partita: storage " + what + " failed in " + location + ": " + e.getMessage());
    return new StorageException("storage " + what + " failed: " + StorageHealth.problem(e), e);
  }

  /** Flushes the memtables and waits; a failure is RocksDB's background error, seen by the next write. */
  private void flushForTest() {
    long stamp = gate.readLock();
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      handle().flush(flush);
    } catch (RocksDBException e) {
      LOG.log(Level.INFO, "Partita: flush failed: " + e.getMessage());
      return;
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /**
   * If the store cannot write and a retry is due, tries to make it writable again: reopens a
   * durable database (RocksDB keeps refusing writes after a background error until then), and
   * checks with an empty write. Does nothing when writes work, when a retry is not due yet, or
   * when another thread is recovering now.
   */
  void recoverIfDue() {
    if (!health.failing() || closed || crash.happened()) {
      return;
    }
    if (!health.takeRetry()) {
      return;
    }
    try {
      if (durable && !reopen()) {
        return;
      }
      probe();
    } finally {
      health.retryDone();
    }
  }

  /** Closes and reopens the database; read-only when it cannot be opened for writing. */
  private boolean reopen() {
    long stamp;
    try {
      // a thread reading meanwhile (a Query's cursor) is waited for, but not for ever
      stamp = gate.tryWriteLock(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    if (stamp == 0) {
      return false;
    }
    try {
      if (closed) {
        return false;
      }
      RocksDB old = db;
      db = null;
      if (old != null) {
        releaseBeforeClose.run();
        old.close();
      }
      try {
        if (faults != null) {
          faults.beforeReopen(location);
        }
        db = RocksDB.open(options.options, location);
        readOnly = false;
        return true;
      } catch (RocksDBException e) {
        LOG.log(Level.WARNING, "Partita: cannot reopen " + location + " for writing yet (" + e.getMessage()
            + "); serving reads read-only meanwhile");
        health.failed(e);
        try {
          db = RocksDB.openReadOnly(options.options, location);
          readOnly = true;
        } catch (RocksDBException e2) {
          LOG.log(Level.WARNING, "Partita: cannot reopen " + location + " even read-only: " + e2.getMessage());
        }
        return false;
      }
    } finally {
      gate.unlockWrite(stamp);
    }
  }

  /** An empty write: it fails while RocksDB (or an injected fault) refuses writes. */
  private void probe() {
    long stamp = gate.readLock();
    try (WriteBatch empty = RocksBatches.empty()) {
      if (faults != null) {
        faults.beforeProbe(location);
      }
      handle().write(options.syncWrites, empty);
    } catch (RocksDBException e) {
      health.failed(e);
      return;
    } catch (StorageUnavailableException e) {
      return;
    } finally {
      gate.unlockRead(stamp);
    }
    health.writable();
  }

  /** The store's close has begun: {@link #closing()} from now on. */
  void beginClosing() {
    closing = true;
  }

  /**
   * Closes the database, then the options it was opened with (RocksDB reads them until it is
   * closed), once every reader is closed: waits for the gate. Answers false when it was closed
   * already.
   */
  boolean close() {
    long stamp = gate.writeLock();
    try {
      if (closed) {
        return false;
      }
      closed = true;
      RocksDB d = db;
      db = null;
      if (d != null) {
        crash.beforeClose(d);
        releaseBeforeClose.run();
        // close order matters: the database before the options, caches and environment it was opened with
        d.close();
      }
      options.close();
      return true;
    } finally {
      gate.unlockWrite(stamp);
    }
  }
}
