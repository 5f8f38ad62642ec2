package io.partita.engine;

import io.partita.engine.internal.storage.FaultPlan;
import java.util.Objects;

/**
 * Faults injected below the engine, for tests: a database opened with these ({@link
 * Partita.Options#storageFaults}) passes every store call through them, so a test drives the
 * engine's real write paths (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems,
 * table and index changes) into storage failures it chooses.
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
 *       engine makes) fails with an I/O error, before or after it is done, so a test can fail each
 *       step of a write path in turn.
 *   <li>{@link #limitSstBytes}: a real RocksDB background error: RocksDB's own SstFileManager
 *       refuses flushes and compactions past the quota and RocksDB stops taking writes, the
 *       sticky state a full disk puts it in.
 * </ul>
 *
 * <p>The faults that need RocksDB's insides (a crash, a full disk, a failed reopen) act on a data
 * folder or RocksDB's memory environment; {@link #failCall} on any store. Thread-safe. Not for
 * production use: a database opened without these has no fault hook at all.
 */
public final class StorageFaults {
  /** What a failed write reports. */
  public enum Kind {
    IO_ERROR,
    NO_SPACE
  }

  /** Whether a chosen call ({@link #failCall}) fails before the store does it or after. */
  public enum When {
    /** Nothing is done: a write is not applied. */
    BEFORE,
    /** Done, then reported failed: a write is applied, but the caller is told it failed. */
    AFTER
  }

  /** What the store reads: the settings below, and its hooks, which are no API. */
  final FaultPlan plan = new FaultPlan();

  /** Every write fails with {@code kind} before reaching RocksDB, until {@link #clear}. */
  public StorageFaults failWrites(Kind kind) {
    plan.failWrites(Objects.requireNonNull(kind) == Kind.NO_SPACE);
    return this;
  }

  /** Every write is applied and synced, and then reported failed with {@code kind}, until {@link #clear}. */
  public StorageFaults failWritesAfterApplying(Kind kind) {
    plan.failWritesAfterApplying(Objects.requireNonNull(kind) == Kind.NO_SPACE);
    return this;
  }

  /**
   * The next write is applied unsynced and the store then crashes; {@code tornRecord} cuts the
   * lost write's log record in the middle instead of dropping it whole.
   */
  public StorageFaults crashOnNextWrite(boolean tornRecord) {
    plan.crashOnNextWrite(tornRecord);
    return this;
  }

  /**
   * As {@link #crashOnNextWrite}, but the {@code writes} writes before go through first: a crash in
   * the middle of work made of several writes (a backup's copy, say).
   */
  public StorageFaults crashAfterWrites(int writes, boolean tornRecord) {
    plan.crashAfterWrites(writes, tornRecord);
    return this;
  }

  /**
   * Every attempt to reopen the database for writing fails with {@code kind} (as on a disk still
   * full, where RocksDB cannot create its new log), until {@link #clear}: the store then serves
   * reads from a read-only reopen.
   */
  public StorageFaults failReopens(Kind kind) {
    plan.failReopens(Objects.requireNonNull(kind) == Kind.NO_SPACE);
    return this;
  }

  /** Stops injecting write and reopen failures (a pending crash and a space limit stay). */
  public StorageFaults clear() {
    plan.clear();
    return this;
  }

  /**
   * Limits the store's table files to {@code bytes} through RocksDB's SstFileManager, so the next
   * flush or compaction past it fails inside RocksDB; 0 lifts the limit.
   *
   * @throws IllegalStateException when no RocksDB store has been opened with these faults
   */
  public void limitSstBytes(long bytes) {
    plan.limitSstBytes(bytes);
  }

  /**
   * Flushes the store's memtables to table files now and waits: with {@link #limitSstBytes} set
   * low, the flush fails inside RocksDB, which then refuses writes (a background error).
   *
   * @throws IllegalStateException when no RocksDB store has been opened with these faults
   */
  public void flushNow() {
    plan.flushNow();
  }

  /**
   * The {@code n}-th store call from now (1 is the next) fails with an I/O error, {@code when}
   * said; once. See {@link #calls} for how many calls an operation makes.
   */
  public StorageFaults failCall(long n, When when) {
    plan.failCall(n, Objects.requireNonNull(when) == When.AFTER);
    return this;
  }

  /** The store calls made so far through a store opened with these faults. */
  public long calls() {
    return plan.calls();
  }

  /** How many writes reached the fault hook (failed ones included; the store's own checks not). */
  public long writeAttempts() {
    return plan.writeAttempts();
  }
}
