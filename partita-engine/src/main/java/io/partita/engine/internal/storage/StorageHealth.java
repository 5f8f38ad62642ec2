package io.partita.engine.internal.storage;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Whether a {@link RocksStore} can write, and if not, why and since when: what {@link
 * Store#health()} answers. A write RocksDB refuses (no space left on the device, an I/O error)
 * marks the store failing; the first write that works again, or a recovery's probe, marks it
 * writable and tells the recovery listeners. Between the two, one retry at a time is due every
 * {@link Store#RETRY_MILLIS} by the settings' clock ({@link #takeRetry}); the reopen itself is
 * {@link RocksDatabase}'s.
 *
 * <p>Messages: a {@link StorageUnavailableException}'s message never names a path, so it can be
 * shown to clients; the RocksDB detail, which names files, is logged and kept as its cause.
 */
final class StorageHealth {
  /** RocksStore's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());

  /** Why writes fail and since when. */
  private record Fault(String problem, Instant since) {}

  private final String location;
  private final Clock clock;
  private final AtomicBoolean recovering = new AtomicBoolean();
  private final AtomicLong failedWrites = new AtomicLong();
  private final AtomicLong recoveries = new AtomicLong();
  private final List<Runnable> recoveryListeners = new CopyOnWriteArrayList<>();
  /** Null while the store can write. */
  private volatile Fault fault;
  private volatile long nextAttempt;

  /** The health of the store at {@code location} (named in logs only), paced by {@code clock}. */
  StorageHealth(String location, Clock clock) {
    this.location = location;
    this.clock = clock;
  }

  /** Whether the store can write now, and if not, why; changes only on a write or a recovery. */
  Store.Health health() {
    Fault f = fault;
    return new Store.Health(f == null, f == null ? null : f.problem(), f == null ? null : f.since(), failedWrites.get(),
        recoveries.get());
  }

  /** Runs {@code listener} after each time the store recovered from a storage fault by itself. */
  void onRecovery(Runnable listener) {
    recoveryListeners.add(listener);
  }

  /** Whether writes fail now. */
  boolean failing() {
    return fault != null;
  }

  /** Why writes fail now, in a client's words; null while the store can write. */
  String problem() {
    Fault f = fault;
    return f == null ? null : f.problem();
  }

  /**
   * Whether this thread may try to recover now: writes fail, the retry is due, and no other thread
   * is trying. When it answers true the next retry is due {@link Store#RETRY_MILLIS} later, and the
   * caller calls {@link #retryDone} when its try is over.
   */
  boolean takeRetry() {
    long now = clock.millis();
    if (now < nextAttempt || !recovering.compareAndSet(false, true)) {
      return false;
    }
    nextAttempt = now + Store.RETRY_MILLIS;
    return true;
  }

  /** Ends the try {@link #takeRetry} allowed. */
  void retryDone() {
    recovering.set(false);
  }

  /** A write refused without asking RocksDB (the database is open read-only while it cannot write), counted. */
  StorageUnavailableException refusedWrite() {
    failedWrites.incrementAndGet();
    return new StorageUnavailableException(problem(), null);
  }

  /** A write RocksDB refused, counted, and the store marked failing. */
  StorageUnavailableException writeFailure(RocksDBException e) {
    failedWrites.incrementAndGet();
    failed(e);
    return new StorageUnavailableException(problem(), e);
  }

  /** Marks the store failing for {@code e}'s reason; since when, only the first time. */
  void failed(RocksDBException e) {
    synchronized (this) {
      Fault f = fault;
      if (f == null) {
        LOG.log(Level.WARNING, "Partita: writes to " + location + " fail (" + e.getMessage()
            + "); reads go on, and writing is retried until it works again");
        // the first retry is due at once: a fault that is already gone costs one failed request
        nextAttempt = clock.millis();
      }
      fault = new Fault(problem(e), f == null ? clock.instant() : f.since());
    }
  }

  /** Marks the store writable; if it was failing, counts a recovery and tells the listeners. */
  void writable() {
    boolean recovered;
    synchronized (this) {
      Fault f = fault;
      recovered = f != null;
      if (recovered) {
        recoveries.incrementAndGet();
        LOG.log(Level.WARNING, "Partita: writes to " + location + " work again (they failed since " + f.since() + ")");
        fault = null;
      }
    }
    if (recovered) {
      for (Runnable r : recoveryListeners) {
        r.run();
      }
    }
  }

  /** What went wrong, in words without paths (RocksDB's messages name files). */
  static String problem(RocksDBException e) {
    Status s = e.getStatus();
    String msg = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    if ((s != null && s.getSubCode() == Status.SubCode.NoSpace) || msg.contains("no space left")
        || msg.contains("max allowed space")) {
      return "no space left on the storage device";
    }
    if (msg.contains("read only") || msg.contains("read-only")) {
      return "the storage is read-only";
    }
    if (s != null && s.getCode() == Status.Code.IOError) {
      return "a storage I/O error";
    }
    return "a storage error";
  }
}
