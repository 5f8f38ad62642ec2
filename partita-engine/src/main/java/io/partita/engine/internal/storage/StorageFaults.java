package io.partita.engine.internal.storage;

import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.Status;

/**
 * Faults injected below the engine, for tests: a store opened with one of these passes every write
 * through it, so a test drives the engine's real write paths (PutItem, UpdateItem, DeleteItem,
 * BatchWriteItem, TransactWriteItems, table and index changes) into storage failures it chooses.
 *
 * <ul>
 *   <li>{@link #failWrites}: every write fails before RocksDB sees it, with the error RocksDB raises
 *       for that cause (an I/O error, or no space left on the device), until {@link #clear}.
 *   <li>{@link #failWritesAfterApplying}: every write reaches RocksDB and is synced, and then the
 *       call fails anyway, as when the disk took the data but reported an error: the caller was
 *       told the write failed, so it must never count as acknowledged.
 *   <li>{@link #crashOnNextWrite}: the next write is applied without a sync and the store then
 *       behaves as a crashed process: every call fails, and closing it drops what was never synced
 *       (the write-ahead log is cut back to its last synced length, or to the middle of the lost
 *       write's record, a torn write), as a power loss would. Reopening the directory then shows
 *       what a restart after that crash would find.
 *   <li>{@link #failReopens}: the store's attempts to reopen the database for writing fail, so it
 *       serves reads from a read-only reopen meanwhile.
 *   <li>{@link #failCall}: one chosen store call (a get, a cursor's step, a write: every call the
 *       engine makes, counted by {@link FaultInjectingStore}) fails with an I/O error, before or
 *       after it is done, so a test can fail each step of a write path in turn.
 *   <li>{@link #limitSstBytes}: a real RocksDB background error: RocksDB's own SstFileManager
 *       refuses flushes and compactions past the quota and RocksDB stops taking writes, the
 *       sticky state a full disk puts it in.
 * </ul>
 *
 * <p>Thread-safe. Not for production use: a store opened without one has no fault hook at all.
 */
public final class StorageFaults {
  /** What a failed write reports. */
  public enum Kind {
    IO_ERROR,
    NO_SPACE
  }

  private volatile Kind failing;
  private volatile Kind reopenFailing;
  private volatile boolean afterApplying;
  private volatile Boolean crashTorn;
  /** Writes still to go through before the pending crash (guarded by this). */
  private int writesBeforeCrash;
  private volatile SstFileManager sstFiles;
  private volatile Runnable flusher;
  private final AtomicLong attempts = new AtomicLong();
  /** Store calls counted so far, and the one to fail (0: none) and when (guarded by this). */
  private long calls;
  private long failingCall;
  private When failingWhen;

  /** Whether a chosen call ({@link #failCall}) fails before the store does it or after. */
  public enum When {
    /** Nothing is done: a write is not applied. */
    BEFORE,
    /** Done, then reported failed: a write is applied, but the caller is told it failed. */
    AFTER
  }

  /** Every write fails with {@code kind} before reaching RocksDB, until {@link #clear}. */
  public StorageFaults failWrites(Kind kind) {
    afterApplying = false;
    failing = java.util.Objects.requireNonNull(kind);
    return this;
  }

  /** Every write is applied and synced, and then reported failed with {@code kind}, until {@link #clear}. */
  public StorageFaults failWritesAfterApplying(Kind kind) {
    afterApplying = true;
    failing = java.util.Objects.requireNonNull(kind);
    return this;
  }

  /**
   * The next write is applied unsynced and the store then crashes; {@code tornRecord} cuts the
   * lost write's log record in the middle instead of dropping it whole.
   */
  public StorageFaults crashOnNextWrite(boolean tornRecord) {
    return crashAfterWrites(0, tornRecord);
  }

  /**
   * As {@link #crashOnNextWrite}, but the {@code writes} writes before go through first: a crash in
   * the middle of work made of several writes (a backup's copy, say).
   */
  public synchronized StorageFaults crashAfterWrites(int writes, boolean tornRecord) {
    crashTorn = tornRecord;
    writesBeforeCrash = writes;
    return this;
  }

  /**
   * Every attempt to reopen the database for writing fails with {@code kind} (as on a disk still
   * full, where RocksDB cannot create its new log), until {@link #clear}: the store then serves
   * reads from a read-only reopen.
   */
  public StorageFaults failReopens(Kind kind) {
    reopenFailing = java.util.Objects.requireNonNull(kind);
    return this;
  }

  /** Stops injecting write and reopen failures (a pending crash and a space limit stay). */
  public StorageFaults clear() {
    failing = null;
    reopenFailing = null;
    afterApplying = false;
    return this;
  }

  /**
   * Limits the store's table files to {@code bytes} through RocksDB's SstFileManager, so the next
   * flush or compaction past it fails inside RocksDB; 0 lifts the limit.
   */
  public void limitSstBytes(long bytes) {
    SstFileManager files = sstFiles;
    if (files == null) {
      throw new IllegalStateException("no store has been opened with these faults");
    }
    files.setMaxAllowedSpaceUsage(bytes);
  }

  /**
   * Flushes the store's memtables to table files now and waits: with {@link #limitSstBytes} set
   * low, the flush fails inside RocksDB, which then refuses writes (a background error).
   */
  public void flushNow() {
    Runnable f = flusher;
    if (f == null) {
      throw new IllegalStateException("no store has been opened with these faults");
    }
    f.run();
  }

  /**
   * The {@code n}-th store call from now (1 is the next) fails with an I/O error, {@code when}
   * said; once. See {@link #calls} for how many calls an operation makes.
   */
  public synchronized StorageFaults failCall(long n, When when) {
    if (n < 1) {
      throw new IllegalArgumentException("calls are counted from 1, not " + n);
    }
    failingCall = calls + n;
    failingWhen = java.util.Objects.requireNonNull(when);
    return this;
  }

  /** The store calls made so far through a store opened with these faults. */
  public synchronized long calls() {
    return calls;
  }

  /** Counts one store call: when it is the chosen one, when it fails; null for a call that goes through. */
  synchronized When countCall() {
    calls++;
    if (calls != failingCall) {
      return null;
    }
    failingCall = 0;
    return failingWhen;
  }

  /** How many writes reached the fault hook (failed ones included; the store's own checks not). */
  public long writeAttempts() {
    return attempts.get();
  }

  void attach(SstFileManager files) {
    this.sstFiles = files;
  }

  void attach(Runnable flusher) {
    this.flusher = flusher;
  }

  /** Called before a write reaches RocksDB. */
  void beforeWrite(String location) throws RocksDBException {
    attempts.incrementAndGet();
    Kind kind = failing;
    if (kind != null && !afterApplying) {
      throw error(kind, location);
    }
  }

  /** Called before the store's empty write that checks it can write again (not counted as a write). */
  void beforeProbe(String location) throws RocksDBException {
    Kind kind = failing;
    if (kind != null && !afterApplying) {
      throw error(kind, location);
    }
  }

  /** Called before the store reopens its database for writing. */
  void beforeReopen(String location) throws RocksDBException {
    Kind kind = reopenFailing;
    if (kind != null) {
      throw error(kind, location);
    }
  }

  /** Called after RocksDB applied a write. */
  void afterWrite(String location) throws RocksDBException {
    Kind kind = failing;
    if (kind != null && afterApplying) {
      throw error(kind, location);
    }
  }

  /** The pending crash, taken: null for none, else whether the lost record is torn. */
  synchronized Boolean takeCrash() {
    Boolean torn = crashTorn;
    if (torn != null && writesBeforeCrash-- > 0) {
      return null;
    }
    crashTorn = null;
    return torn;
  }

  /** The exception RocksDB raises for that cause, naming a file as RocksDB's messages do. */
  private static RocksDBException error(Kind kind, String location) {
    String message = kind == Kind.NO_SPACE
        ? "While appending to file: " + location + "/000004.log: No space left on device"
        : "While fsync: a file in " + location + ": Input/output error";
    return new RocksDBException(message, new Status(Status.Code.IOError,
        kind == Kind.NO_SPACE ? Status.SubCode.NoSpace : Status.SubCode.None, message));
  }
}
