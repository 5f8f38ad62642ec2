package io.partita.engine.internal.storage;

import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.Status;

/**
 * What a test planned with the API's {@code StorageFaults}, and the hooks the store calls on its way
 * to RocksDB: the store's side of those settings, kept here so that no hook is API (and so that
 * the store names nothing above it: its two enums mirror the API's). Thread-safe.
 */
public final class FaultPlan {
  /** What a failed write reports. */
  public enum Kind {
    IO_ERROR,
    NO_SPACE
  }

  /** Whether a chosen call fails before the store does it or after. */
  public enum When {
    BEFORE,
    AFTER
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

  /** See {@code StorageFaults.failWrites}. */
  public void failWrites(Kind kind) {
    afterApplying = false;
    failing = java.util.Objects.requireNonNull(kind);
  }

  /** See {@code StorageFaults.failWritesAfterApplying}. */
  public void failWritesAfterApplying(Kind kind) {
    afterApplying = true;
    failing = java.util.Objects.requireNonNull(kind);
  }

  /** See {@code StorageFaults.crashOnNextWrite}. */
  public void crashOnNextWrite(boolean tornRecord) {
    crashAfterWrites(0, tornRecord);
  }

  /** See {@code StorageFaults.crashAfterWrites}. */
  public synchronized void crashAfterWrites(int writes, boolean tornRecord) {
    crashTorn = tornRecord;
    writesBeforeCrash = writes;
  }

  /** See {@code StorageFaults.failReopens}. */
  public void failReopens(Kind kind) {
    reopenFailing = java.util.Objects.requireNonNull(kind);
  }

  /** See {@code StorageFaults.clear}. */
  public void clear() {
    failing = null;
    reopenFailing = null;
    afterApplying = false;
  }

  /** See {@code StorageFaults.limitSstBytes}. */
  public void limitSstBytes(long bytes) {
    SstFileManager files = sstFiles;
    if (files == null) {
      throw new IllegalStateException("no store has been opened with these faults");
    }
    files.setMaxAllowedSpaceUsage(bytes);
  }

  /** See {@code StorageFaults.flushNow}. */
  public void flushNow() {
    Runnable f = flusher;
    if (f == null) {
      throw new IllegalStateException("no store has been opened with these faults");
    }
    f.run();
  }

  /** See {@code StorageFaults.failCall}. */
  public synchronized void failCall(long n, When when) {
    if (n < 1) {
      throw new IllegalArgumentException("calls are counted from 1, not " + n);
    }
    failingCall = calls + n;
    failingWhen = java.util.Objects.requireNonNull(when);
  }

  /** See {@code StorageFaults.calls}. */
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

  /** See {@code StorageFaults.writeAttempts}. */
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
