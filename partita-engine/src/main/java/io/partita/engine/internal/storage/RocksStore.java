package io.partita.engine.internal.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.Env;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.RocksMemEnv;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;

/**
 * The {@link Store} on RocksDB, on a data directory or on RocksDB's memory environment. Both modes
 * run this same class; only the {@link Env} differs. It composes the parts that keep the contract,
 * each in its own file:
 *
 * <ul>
 *   <li>{@link RocksOptions}: how RocksDB is configured (one memory budget for the block cache and
 *       the memtables, Bloom filters, counters' merges), and the order its native objects close in.
 *   <li>{@link RocksDatabase}: the open database and the gate every use holds; opening, reopening
 *       after a storage fault (read-only while it cannot write), closing.
 *   <li>{@link StorageHealth}: whether writes work, why not and since when ({@link #health()}).
 *   <li>{@link RocksStatistics}: RocksDB's properties and tickers, for metrics.
 *   <li>{@link SimulatedCrash}: a crash in the middle of a write, for tests.
 *   <li>{@link ConsistencyLag}: the past snapshots eventually consistent reads see.
 *   <li>{@link TombstoneCompaction}: compacting where deletes have gathered.
 *   <li>{@link Readers}, {@link RocksCursor}, {@link RocksView}: the readers open, closed before the
 *       database.
 *   <li>{@link RocksBatches}: a {@link Batch} turned into RocksDB's WriteBatch.
 * </ul>
 *
 * <p>How it keeps the contract:
 *
 * <ul>
 *   <li>{@link #write(Batch)} is one RocksDB WriteBatch: after a crash either every operation of
 *       the batch is visible or none is.
 *   <li>A write is durable when {@link #write(Batch)} returns: the write-ahead log is synced
 *       before the call returns (RocksDB groups concurrent syncs into one). A write that throws was
 *       not acknowledged; it is never applied in part.
 *   <li>{@link #get(byte[])} sees every write that returned before it was called.
 *   <li>{@link #scan(byte[], byte[], int)} reads one consistent snapshot taken when it is called;
 *       writes that happen during the scan are not seen.
 *   <li>Counters ({@link Batch#addToCounter}) are 64-bit little-endian integers added with
 *       RocksDB's merge operator inside the same atomic batch.
 *   <li>Storage faults: when RocksDB cannot write (no space left on the device, an I/O error), the
 *       write throws {@link StorageUnavailableException} and {@link #health()} says why; reads go on.
 *       Once a retry is due ({@link #RETRY_MILLIS} apart, by the settings' clock), the next write or
 *       {@link #recoverIfDue()} reopens the database ({@link RocksDatabase}).
 *   <li>Native memory: every RocksDB object the store makes is closed on every path. A {@link
 *       Batch} holds no native memory ({@link RocksBatches}).
 *   <li>Readers: a cursor or view holds the gate's read lock, which a reopen or the close takes
 *       exclusively; so {@link #close} first closes the readers still open ({@link Readers}), or it
 *       would wait for ever on one a caller forgot.
 *   <li>Thread-safe. Only one process may open a data directory at a time.
 * </ul>
 */
final class RocksStore implements Store {
  static {
    RocksNative.load();
  }

  private final String location;
  private final boolean durable;
  private final RocksOptions options;
  private final FaultPlan faults;
  private final StorageHealth health;
  private final SimulatedCrash crash;
  private final ConsistencyLag lag;
  private final RocksDatabase database;
  private final Readers readers;
  private final RocksStatistics statistics;
  private final TombstoneCompaction compaction;
  /** The batches of {@link #batch()} not closed yet. */
  private final AtomicLong openBatches = new AtomicLong();

  private RocksStore(String location, boolean durable, RocksOptions options, Settings settings)
      throws RocksDBException {
    this.location = location;
    this.durable = durable;
    this.options = options;
    this.faults = settings.faults();
    this.health = new StorageHealth(location, settings.clock());
    this.crash = new SimulatedCrash(location, durable);
    this.lag = new ConsistencyLag(settings.clock());
    this.database = new RocksDatabase(location, durable, options, faults, health, crash, lag::releaseAll);
    this.readers = new Readers(database);
    this.statistics = new RocksStatistics(database, options.statistics);
    this.compaction = new TombstoneCompaction(database);
  }

  /** Opens (creating if needed) a durable store in {@code directory} with {@code settings}. */
  static RocksStore open(Path directory, Settings settings) {
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new StorageException("cannot create data directory " + directory + ": " + e.getMessage(), e);
    }
    return open(settings, null, directory.toAbsolutePath().toString());
  }

  /** A fresh store held in memory, on RocksDB's memory environment; gone when closed. */
  static RocksStore inMemory(Settings settings) {
    return open(settings, new RocksMemEnv(Env.getDefault()), "/partita-memory/" + UUID.randomUUID());
  }

  /** The store at {@code path}, durable when {@code env} is null, else on {@code env} (which it then owns). */
  private static RocksStore open(Settings settings, Env env, String path) {
    RocksOptions options = null;
    try {
      options = RocksOptions.make(settings, env);
      return new RocksStore(path, env == null, options, settings);
    } catch (RocksDBException | RuntimeException e) {
      if (options != null) {
        options.close(); // make() closed what it made when it failed itself
      }
      throw RocksDatabase.openFailure(path, e);
    }
  }

  /** Where the store is: a directory, or a name in the memory environment. For logs and the operator only. */
  @Override
  public String location() {
    return location;
  }

  @Override
  public boolean isDurable() {
    return durable;
  }

  @Override
  public Health health() {
    return health.health();
  }

  @Override
  public void onRecovery(Runnable listener) {
    health.onRecovery(listener);
  }

  @Override
  public OptionalLong longProperty(String name) {
    return statistics.longProperty(name);
  }

  @Override
  public long blockCacheHits() {
    return statistics.blockCacheHits();
  }

  @Override
  public long blockCacheMisses() {
    return statistics.blockCacheMisses();
  }

  @Override
  public long entriesSkipped() {
    return statistics.entriesSkipped();
  }

  @Override
  public int compactDeleted() {
    return compaction.compactDeleted();
  }

  @Override
  public byte[] get(byte[] key) {
    long stamp = database.readLock();
    try {
      return database.handle().get(key);
    } catch (RocksDBException e) {
      throw database.readFailure("get", e);
    } finally {
      database.unlockRead(stamp);
    }
  }

  @Override
  public List<byte[]> getAll(List<byte[]> keys) {
    long stamp = database.readLock();
    try {
      RocksDB d = database.handle();
      Snapshot snapshot = d.getSnapshot();
      try (ReadOptions ro = new ReadOptions().setSnapshot(snapshot)) {
        List<byte[]> out = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
          out.add(d.get(ro, key));
        }
        return out;
      } finally {
        d.releaseSnapshot(snapshot);
      }
    } catch (RocksDBException e) {
      throw database.readFailure("get", e);
    } finally {
      database.unlockRead(stamp);
    }
  }

  @Override
  public Batch batch() {
    return new Batch(openBatches);
  }

  @Override
  public long openBatches() {
    return openBatches.get();
  }

  /**
   * Applies the batch atomically and durably (see the class contract). An empty batch writes
   * nothing.
   *
   * @throws StorageUnavailableException when the storage cannot write now; nothing of the batch
   *     was acknowledged
   */
  @Override
  public void write(Batch batch) {
    batch.checkOpen();
    if (batch.ops.isEmpty()) {
      return;
    }
    if (health.failing()) {
      recoverIfDue();
    }
    if (database.readOnly()) {
      // opened read-only while it cannot write: RocksDB's refusal would only hide the cause
      throw health.refusedWrite();
    }
    long stamp = database.readLock();
    try {
      if (crash.happened()) {
        throw SimulatedCrash.failure();
      }
      Boolean crashNow = faults == null ? null : faults.takeCrash();
      try (WriteBatch rocks = RocksBatches.of(batch)) {
        if (faults != null) {
          faults.beforeWrite(location);
        }
        if (crashNow != null) {
          crash.crashWhileWriting(rocks, crashNow, options.unsyncedWrites, database::handle);
        }
        lag.beforeWrite(database);
        database.handle().write(options.syncWrites, rocks);
        if (faults != null) {
          faults.afterWrite(location);
        }
      }
      compaction.noteDeletes(batch);
    } catch (RocksDBException e) {
      throw health.writeFailure(e);
    } finally {
      database.unlockRead(stamp);
    }
    if (health.failing()) {
      health.writable();
    }
  }

  @Override
  public void recoverIfDue() {
    database.recoverIfDue();
  }

  @Override
  public List<Entry> scan(byte[] from, byte[] to, int limit) {
    List<Entry> out = new ArrayList<>();
    long stamp = database.readLock();
    try (Slice upper = new Slice(to);
        ReadOptions ro = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = database.handle().newIterator(ro)) {
      for (it.seek(from); it.isValid() && out.size() < limit; it.next()) {
        out.add(new Entry(it.key(), it.value()));
      }
      it.status();
    } catch (RocksDBException e) {
      throw database.readFailure("scan", e);
    } finally {
      database.unlockRead(stamp);
    }
    return out;
  }

  /**
   * A cursor over the entries with {@code from <= key < to}, in key order or reversed, reading one
   * snapshot: a page of a Query or Scan sees the table as it was when the page began, however long
   * it reads. The caller must close it; the database is not reopened while a cursor is open.
   */
  @Override
  public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
    return readers.track(new RocksCursor(readers, null, from, to, reverse));
  }

  /**
   * A frozen view of the whole store: every read through it ({@link View#get}, {@link View#cursor})
   * sees the store as it was when the view was taken, whatever is written meanwhile. Writers are not
   * held back: RocksDB keeps the versions the snapshot needs until it is released. What a backup
   * copies, or a point-in-time restore reads, so that a table's items, counters and definition are
   * one consistent state. The caller must close it; the database is not reopened while it is open.
   */
  @Override
  public View view() {
    return readers.track(new RocksView(readers, database.readLock()));
  }

  /**
   * Makes eventually consistent reads ({@link #pastView}) see the store as it was up to {@code lag}
   * ago (by this store's clock); {@code Duration.ZERO} turns it off. See {@link ConsistencyLag}.
   */
  @Override
  public void consistencyLag(Duration lag) {
    this.lag.switchTo(lag, database);
  }

  @Override
  public Duration consistencyLag() {
    return lag.lag();
  }

  @Override
  public View pastView() {
    return lag.view(readers);
  }

  @Override
  public int openReaders() {
    return readers.count();
  }

  @Override
  public void close() {
    database.beginClosing();
    compaction.cancel();
    readers.closeAll();
    if (database.close()) {
      crash.afterClose();
    }
  }
}
