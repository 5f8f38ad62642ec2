package io.partita.engine.internal.storage;

import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.Status;

/**
 * What a test planned with the API's {@code StorageFaults}, and the hooks the store calls on its way
 * to RocksDB: the store's side of those settings, kept here so that no hook is API. It takes plain
 * facts (no space or an I/O error; after the call or before), so the store names no type above it.
 * Thread-safe.
 */
public final class FaultPlan {
  /** A failure to inject: what it reports, and, for writes, whether the write is applied first. */
  private record Failure(boolean noSpace, boolean afterApplying) {}

  /** What the store does with one call it counted ({@link #countCall}). */
  enum Call {
    GO_ON,
    FAIL_BEFORE,
    FAIL_AFTER
  }

  private volatile Failure writes;
  private volatile Failure reopens;
  private volatile Boolean crashTorn;
  /** Writes still to go through before the pending crash (guarded by this). */
  private int writesBeforeCrash;
  private volatile SstFileManager sstFiles;
  private volatile Runnable flusher;
  private final AtomicLong attempts = new AtomicLong();
  /** Store calls counted so far, and the one to fail (0: none) and when (guarded by this). */
  private long calls;
  private long failingCall;
  private boolean failingAfter;

  /** See {@code StorageFaults.failWrites}. */
  public void failWrites(boolean noSpace) {
    writes = new Failure(noSpace, false);
  }

  /** See {@code StorageFaults.failWritesAfterApplying}. */
  public void failWritesAfterApplying(boolean noSpace) {
    writes = new Failure(noSpace, true);
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
  public void failReopens(boolean noSpace) {
    reopens = new Failure(noSpace, false);
  }

  /** See {@code StorageFaults.clear}. */
  public void clear() {
    writes = null;
    reopens = null;
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
  public synchronized void failCall(long n, boolean afterDoing) {
    if (n < 1) {
      throw new IllegalArgumentException("calls are counted from 1, not " + n);
    }
    failingCall = calls + n;
    failingAfter = afterDoing;
  }

  /** See {@code StorageFaults.calls}. */
  public synchronized long calls() {
    return calls;
  }

  /** Counts one store call, and says whether it goes on or fails, before it is done or after. */
  synchronized Call countCall() {
    calls++;
    if (calls != failingCall) {
      return Call.GO_ON;
    }
    failingCall = 0;
    return failingAfter ? Call.FAIL_AFTER : Call.FAIL_BEFORE;
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
    beforeProbe(location);
  }

  /** Called before the store's empty write that checks it can write again (not counted as a write). */
  void beforeProbe(String location) throws RocksDBException {
    Failure f = writes;
    if (f != null && !f.afterApplying()) {
      throw error(f, location);
    }
  }

  /** Called before the store reopens its database for writing. */
  void beforeReopen(String location) throws RocksDBException {
    Failure f = reopens;
    if (f != null) {
      throw error(f, location);
    }
  }

  /** Called after RocksDB applied a write. */
  void afterWrite(String location) throws RocksDBException {
    Failure f = writes;
    if (f != null && f.afterApplying()) {
      throw error(f, location);
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
  private static RocksDBException error(Failure f, String location) {
    String message = f.noSpace()
        ? "While appending to file: " + location + "/000004.log: No space left on device"
        : "While fsync: a file in " + location + ": Input/output error";
    return new RocksDBException(message, new Status(Status.Code.IOError,
        f.noSpace() ? Status.SubCode.NoSpace : Status.SubCode.None, message));
  }
}
