package io.partita.engine.internal.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.StampedLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.MutableDBOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Range;
import org.rocksdb.RocksMemEnv;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.SstFileManager;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.Status;
import org.rocksdb.TickerType;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBufferManager;
import org.rocksdb.WriteOptions;

/**
 * The {@link Store} on RocksDB, on a data directory or on RocksDB's memory environment. Both modes
 * run this same class; only the {@link Env} differs. How it keeps the contract:
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
 *   <li>Memory: RocksDB's block cache and its memtables share one budget ({@link
 *       Settings#memoryBytes}): the memtables are charged to the block cache, so the two together
 *       stay within it (index and filter blocks are cached there too).
 *   <li>Storage faults: when RocksDB cannot write (no space left on the device, an I/O error), the
 *       write throws {@link StorageUnavailableException} and {@link #health()} says why; reads go on.
 *       RocksDB then refuses every write until its error is cleared, and rocksdbjni 9.8.4 has no
 *       {@code DB::Resume}; so once a retry is due ({@link #RETRY_MILLIS} apart, by the settings'
 *       clock), the next write or {@link #recoverIfDue()} closes and reopens the database (a
 *       durable one: the write-ahead log holds everything acknowledged) and tries an empty write.
 *       While it cannot reopen for writing (the disk still full), it is opened read-only, so reads
 *       are still served. No restart is needed once the cause is gone.
 *   <li>Messages: a {@link StorageUnavailableException}'s message never names a path, so it can be
 *       shown to clients; the RocksDB detail, which names files, is logged and kept as its cause.
 *   <li>Native memory: every RocksDB object the store makes is closed on every path. A {@link
 *       Batch} holds no native memory: its operations become a RocksDB WriteBatch only inside
 *       {@link #write}, which closes it, so a batch that is never written (a refused conditional
 *       write) costs nothing but garbage.
 *   <li>Readers: a cursor or view holds the gate's read lock, which a reopen or the close takes
 *       exclusively; so {@link #close} first closes the readers still open ({@link #track}), or it
 *       would wait for ever on one a caller forgot.
 *   <li>Thread-safe. Only one process may open a data directory at a time.
 * </ul>
 */
final class RocksStore implements Store {
  static {
    RocksNative.load();
  }

  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());
  /** The native WriteBatches open now, in every store (a test's leak check). */
  private static final AtomicLong OPEN_BATCHES = new AtomicLong();


  private final String location;
  private final boolean durable;
  private final Options options;
  private final Env env;
  private final Cache cache;
  /** RocksDB's tickers (block cache hits and misses), or null when not asked for: they cost a little on every read. */
  private final Statistics statistics;
  private final WriteBufferManager writeBuffers;
  private final SstFileManager sstFiles;
  /** What the options refer to and RocksDB does not own (the merge operator, the filter policy): closed after them. */
  private final List<AutoCloseable> optionParts;
  private final WriteOptions syncWrites;
  private final WriteOptions unsyncedWrites;
  private final Clock clock;
  private final StorageFaults faults;
  /** Shared by every use of {@link #db}; exclusive while the database is reopened or closed. */
  private final StampedLock gate = new StampedLock();
  private final Tombstones tombstones = new Tombstones();
  /** The options of the compaction of deleted keys under way, or null; guarded by {@link #cancel}. */
  private CompactRangeOptions compacting;
  private final Object cancel = new Object();
  private final AtomicBoolean recovering = new AtomicBoolean();
  private final AtomicLong failedWrites = new AtomicLong();
  private final AtomicLong recoveries = new AtomicLong();
  private final List<Runnable> recoveryListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile RocksDB db;
  private volatile boolean readOnly;
  /** The recent past kept for eventually consistent reads, or null when they read the present. */
  private volatile PastSnapshots past;
  /** Why writes fail and since when; null while the store can write. The counters live apart. */
  private record Fault(String problem, Instant since) {}

  private volatile Fault fault;
  private volatile long nextAttempt;
  private volatile boolean closed;
  /** Set first by {@link #close}: no cursor or view is opened from then on. */
  private volatile boolean closing;
  /** The cursors and views open now ({@link #track}). */
  private final java.util.Set<Reader> readers = java.util.concurrent.ConcurrentHashMap.newKeySet();
  /** The batches of {@link #batch()} not closed yet. */
  private final AtomicLong openBatches = new AtomicLong();
  /** Set by a simulated crash: the log lengths to cut back to at close, and whether the record is torn. */
  private volatile Map<Path, Long> syncedLogs;
  private volatile boolean tornRecord;

  private RocksStore(String location, boolean durable, Options options, Env env, Cache cache, WriteBufferManager writeBuffers,
      SstFileManager sstFiles, List<AutoCloseable> optionParts, Settings settings, Statistics statistics)
      throws RocksDBException {
    this.statistics = statistics;
    this.location = location;
    this.durable = durable;
    this.options = options;
    this.env = env;
    this.cache = cache;
    this.writeBuffers = writeBuffers;
    this.sstFiles = sstFiles;
    this.optionParts = optionParts;
    this.clock = settings.clock();
    this.faults = settings.faults();
    // in memory the write-ahead log would be one more copy of every write kept in the same memory
    // it is meant to recover: nothing survives the process to replay it
    this.syncWrites = new WriteOptions().setSync(durable).setDisableWAL(!durable);
    this.unsyncedWrites = new WriteOptions().setSync(false).setDisableWAL(!durable);
    try {
      this.db = RocksDB.open(options, location);
    } catch (RocksDBException | RuntimeException e) {
      syncWrites.close();
      unsyncedWrites.close();
      throw e;
    }
    if (faults != null) {
      faults.attach(this::flushForTest);
    }
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

  private static RocksStore open(Settings settings, Env env, String path) {
    boolean durable = env == null;
    long budget = settings.memoryBytes();
    UInt64AddOperator merge = null;
    BloomFilter filter = null;
    Cache cache = null;
    WriteBufferManager writeBuffers = null;
    SstFileManager sstFiles = null;
    Options options = null;
    Statistics statistics = null;
    try {
      merge = new UInt64AddOperator();
      filter = new BloomFilter(BLOOM_BITS_PER_KEY, false);
      cache = new LRUCache(budget);
      // the memtables are charged to the block cache, so the two together stay within the budget;
      // half of it may be memtables before RocksDB flushes the largest
      writeBuffers = new WriteBufferManager(budget / 2, cache);
      sstFiles = durable ? new SstFileManager(Env.getDefault()) : null;
      options = withCounterMerges();
      options.setCreateIfMissing(true)
          .setMergeOperator(merge)
          .setCompressionType(CompressionType.LZ4_COMPRESSION)
          .setKeepLogFileNum(5)
          .setWriteBufferManager(writeBuffers)
          .setWriteBufferSize(Math.max(1L << 20, Math.min(64L << 20, budget / 8)))
          .setTableFormatConfig(new BlockBasedTableConfig()
              .setBlockCache(cache)
              .setFilterPolicy(filter)
              .setCacheIndexAndFilterBlocks(true)
              .setPinL0FilterAndIndexBlocksInCache(true))
          // the memtables' own filter, over whole keys, as the files': a key that is in no memtable
          // is known so without a walk down each memtable's skip list
          .setMemtablePrefixBloomSizeRatio(MEMTABLE_FILTER_RATIO)
          .setMemtableWholeKeyFiltering(true);
      if (env != null) {
        options.setEnv(env);
      }
      if (settings.statistics()) {
        // tickers only: the detailed timers cost more than a metrics scrape is worth
        statistics = new Statistics();
        statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
        options.setStatistics(statistics);
      }
      if (sstFiles != null) {
        options.setSstFileManager(sstFiles);
        if (settings.faults() != null) {
          settings.faults().attach(sstFiles);
        }
      }
      return new RocksStore(path, durable, options, env, cache, writeBuffers, sstFiles, List.of(merge, filter), settings,
          statistics);
    } catch (RocksDBException | RuntimeException e) {
      closeAll(options, statistics, writeBuffers, cache, sstFiles, merge, filter, env);
      String msg = e instanceof RocksDBException ? String.valueOf(e.getMessage()) : e.toString();
      if (msg.contains("lock") || msg.contains("LOCK")) {
        throw new DataDirectoryInUseException(path,
            "the data directory " + path + " is already open in another process (or in this one); "
                + "close that first: " + msg, e);
      }
      throw new StorageException("cannot open data directory " + path + ": " + msg, e);
    }
  }

  /**
   * A counter's merge entries are folded into its value once it has this many in a row: a read of a
   * counter (an item collection's size, read by every write to it when its table has a local
   * index) folds every entry since, so without a bound one busy collection's writes each cost a
   * walk of all the writes before them since the last flush (PutItemBench.intoOneCollection:
   * 0.5 ms to 2 ms a put, and rising).
   */
  static final int MAX_SUCCESSIVE_MERGES = 16;

  /**
   * Every write reads its item's key first (the old image, the condition), and the key of a new
   * item is in no file: with a Bloom filter of 10 bits a key (1% false positives, 1.25 bytes a key
   * of memory) that read skips the files instead of searching each one's index and data blocks.
   * Whole keys, not prefixes: queries scan ranges and never consult the filter (FlushedTableBench).
   */
  static final double BLOOM_BITS_PER_KEY = 10;

  /** The memtables' filter: this share of each memtable's size (RocksDB's tuning guide suggests 0.02 to 0.1). */
  static final double MEMTABLE_FILTER_RATIO = 0.02;

  /**
   * Options with {@link #MAX_SUCCESSIVE_MERGES}, strictly: since RocksDB 9 the bound holds by
   * default only while the key's earlier value is in the memtable too, which a counter's is not
   * after a flush; the strict form, which RocksJava has no setter for, is set by its name. (Not
   * strict, the bound also cost each merge a walk of the key's entries: 1.8 ms a merge, measured.)
   */
  private static Options withCounterMerges() {
    Properties merges = new Properties();
    merges.setProperty("max_successive_merges", Integer.toString(MAX_SUCCESSIVE_MERGES));
    merges.setProperty("strict_max_successive_merges", "true");
    try (DBOptions db = new DBOptions();
        ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(merges)) {
      if (cf == null) {
        throw new IllegalStateException("RocksDB " + RocksDB.rocksdbVersion() + " refused the options " + merges);
      }
      return new Options(db, cf); // a copy of both
    }
  }

  private static void closeAll(AutoCloseable... resources) {
    for (AutoCloseable r : resources) {
      if (r != null) {
        try {
          r.close();
        } catch (Exception e) {
          LOG.log(Level.FINE, "closing a RocksDB object failed", e);
        }
      }
    }
  }

  /** Where the store is: a directory, or a name in the memory environment. For logs and the operator only. */
  public String location() {
    return location;
  }

  /** Whether writes are synced to a directory (not in memory). */
  public boolean isDurable() {
    return durable;
  }

  /** Whether the store can write now, and if not, why; changes only on a write or a recovery. */
  public Health health() {
    Fault f = fault;
    return new Health(f == null, f == null ? null : f.problem(), f == null ? null : f.since(), failedWrites.get(),
        recoveries.get());
  }

  /** Runs {@code listener} after each time the store recovered from a storage fault by itself. */
  public void onRecovery(Runnable listener) {
    recoveryListeners.add(listener);
  }

  /** The native WriteBatches open in this process now (a leak check). */
  static long openNativeBatches() {
    return OPEN_BATCHES.get();
  }

  /**
   * A numeric RocksDB property of the database, such as {@code rocksdb.cur-size-all-mem-tables},
   * {@code rocksdb.live-sst-files-size}, {@code rocksdb.estimate-pending-compaction-bytes} or
   * {@code rocksdb.block-cache-usage} (RocksDB's include/rocksdb/db.h lists them): for a metrics
   * endpoint. Empty while the storage is closed or being reopened, or for a property RocksDB does
   * not know.
   */
  public java.util.OptionalLong longProperty(String name) {
    long stamp = gate.readLock();
    try {
      RocksDB d = db;
      return d == null || syncedLogs != null ? java.util.OptionalLong.empty()
          : java.util.OptionalLong.of(d.getLongProperty(name));
    } catch (RocksDBException e) {
      return java.util.OptionalLong.empty();
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /** Block cache hits since the store opened, or -1 when it was opened without {@link Settings#statistics}. */
  public long blockCacheHits() {
    return statistics == null ? -1 : statistics.getTickerCount(TickerType.BLOCK_CACHE_HIT);
  }

  /** Block cache misses since the store opened, or -1 when it was opened without {@link Settings#statistics}. */
  public long blockCacheMisses() {
    return statistics == null ? -1 : statistics.getTickerCount(TickerType.BLOCK_CACHE_MISS);
  }

  @Override
  public long entriesSkipped() {
    return statistics == null || closed ? -1 : statistics.getTickerCount(TickerType.NUMBER_ITER_SKIP);
  }

  @Override
  public int compactDeleted() {
    if (closed || closing) {
      return 0;
    }
    long stamp = gate.readLock();
    int done = 0;
    List<Tombstones.Span> due = List.of();
    // not exclusive: RocksDB's own compactions go on meanwhile. Forced to the last level: a lone
    // file would otherwise be moved down whole, tombstones and all, rather than rewritten
    try (CompactRangeOptions o = new CompactRangeOptions().setExclusiveManualCompaction(false)
        .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized)) {
      RocksDB d = handle();
      due = tombstones.due((from, to) -> approximateBytes(d, from, to));
      synchronized (cancel) {
        compacting = o; // close() cancels it rather than wait for it
      }
      try {
        for (Tombstones.Span span : due) {
          if (closing) {
            break;
          }
          d.compactRange(d.getDefaultColumnFamily(), span.first(), span.end(), o);
          done++;
        }
      } finally {
        synchronized (cancel) {
          compacting = null; // before the options are freed
        }
      }
      return done;
    } catch (RocksDBException | StorageUnavailableException e) {
      LOG.log(Level.INFO, "Partita: compacting deleted keys failed; reads step over them until the next try: "
          + e.getMessage());
      return done;
    } finally {
      // what was not compacted is tried again at the next call
      tombstones.retry(due.subList(done, due.size()));
      gate.unlockRead(stamp);
    }
  }

  /** Tells {@link #tombstones} the keys {@code batch}, just written, deleted one by one. */
  private void noteDeletes(Batch batch) {
    List<byte[]> deleted = null;
    for (Batch.Op op : batch.ops) {
      if (op.kind() == Batch.DELETE) {
        if (deleted == null) {
          deleted = new ArrayList<>();
        }
        deleted.add(op.a());
      }
    }
    if (deleted != null) {
      tombstones.deleted(deleted);
    }
  }

  /** RocksDB's estimate of the bytes in {@code [from, to)}, in its files and its memtables. */
  private static long approximateBytes(RocksDB d, byte[] from, byte[] to) {
    try (Slice start = new Slice(from); Slice limit = new Slice(to)) {
      Range range = new Range(start, limit);
      // the memtables' own statistics: getApproximateSizes' memtable figure fell short by two thirds
      return d.getApproximateSizes(List.of(range), SizeApproximationFlag.INCLUDE_FILES)[0]
          + d.getApproximateMemTableStats(range).size;
    }
  }

  public byte[] get(byte[] key) {
    long stamp = gate.readLock();
    try {
      return handle().get(key);
    } catch (RocksDBException e) {
      throw readFailure("get", e);
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /**
   * The values of {@code keys} (null where absent), all read from one snapshot: a batch written
   * meanwhile is seen whole or not at all, which is what makes a multi-item read serializable.
   */
  public List<byte[]> getAll(List<byte[]> keys) {
    long stamp = gate.readLock();
    try {
      RocksDB d = handle();
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
      throw readFailure("get", e);
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /**
   * Applies the batch atomically and durably (see the class contract). An empty batch writes
   * nothing.
   *
   * @throws StorageUnavailableException when the storage cannot write now; nothing of the batch
   *     was acknowledged
   */
  @Override
  public Batch batch() {
    return new Batch(openBatches);
  }

  @Override
  public long openBatches() {
    return openBatches.get();
  }

  @Override
  public void write(Batch batch) {
    batch.checkOpen();
    if (batch.ops.isEmpty()) {
      return;
    }
    if (fault != null) {
      recoverIfDue();
    }
    if (readOnly) {
      // opened read-only while it cannot write: RocksDB's refusal would only hide the cause
      failedWrites.incrementAndGet();
      throw new StorageUnavailableException(problem(), null);
    }
    long stamp = gate.readLock();
    try {
      if (syncedLogs != null) {
        throw crashed();
      }
      Boolean crash = faults == null ? null : faults.takeCrash();
      try (WriteBatch rocks = toRocks(batch)) {
        if (faults != null) {
          faults.beforeWrite(location);
        }
        if (crash != null) {
          crashWhileWriting(rocks, crash);
        }
        PastSnapshots p = past;
        if (p != null) {
          p.beforeWrite(handle(), clock.millis());
        }
        handle().write(syncWrites, rocks);
        if (faults != null) {
          faults.afterWrite(location);
        }
      }
      noteDeletes(batch);
    } catch (RocksDBException e) {
      throw writeFailure(e);
    } finally {
      gate.unlockRead(stamp);
    }
    if (fault != null) {
      writable();
    }
  }

  /**
   * A simulated crash in the middle of a write: the batch reaches the log unsynced, and the store
   * is dead from now on; {@link #close} cuts the logs back to what was synced before.
   */
  private void crashWhileWriting(WriteBatch rocks, boolean torn) throws RocksDBException {
    if (!durable) {
      throw new IllegalStateException("a crash is simulated on a durable store only");
    }
    Map<Path, Long> synced = new HashMap<>();
    try (Stream<Path> files = Files.list(Path.of(location))) {
      for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
        synced.put(f, Files.size(f));
      }
    } catch (IOException e) {
      throw new StorageException("simulated crash: cannot list the logs", e);
    }
    handle().write(unsyncedWrites, rocks);
    tornRecord = torn;
    syncedLogs = synced;
    throw crashed();
  }

  private static StorageException crashed() {
    return new StorageUnavailableException("the storage crashed (simulated)", null);
  }

  /**
   * If the store cannot write and a retry is due, tries to make it writable again: reopens a
   * durable database (RocksDB keeps refusing writes after a background error until then), and
   * checks with an empty write. Does nothing when writes work, when a retry is not due yet, or
   * when another thread is recovering now.
   */
  public void recoverIfDue() {
    if (fault == null || closed || syncedLogs != null) {
      return;
    }
    long now = clock.millis();
    if (now < nextAttempt || !recovering.compareAndSet(false, true)) {
      return;
    }
    try {
      nextAttempt = now + RETRY_MILLIS;
      if (durable && !reopen()) {
        return;
      }
      probe();
    } finally {
      recovering.set(false);
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
        releasePast();
        old.close();
      }
      try {
        if (faults != null) {
          faults.beforeReopen(location);
        }
        db = RocksDB.open(options, location);
        readOnly = false;
        return true;
      } catch (RocksDBException e) {
        LOG.log(Level.WARNING, "Partita: cannot reopen " + location + " for writing yet (" + e.getMessage()
            + "); serving reads read-only meanwhile");
        failed(e);
        try {
          db = RocksDB.openReadOnly(options, location);
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
    try (WriteBatch empty = newWriteBatch()) {
      if (faults != null) {
        faults.beforeProbe(location);
      }
      handle().write(syncWrites, empty);
    } catch (RocksDBException e) {
      failed(e);
      return;
    } catch (StorageUnavailableException e) {
      return;
    } finally {
      gate.unlockRead(stamp);
    }
    writable();
  }

  private RocksDB handle() {
    if (syncedLogs != null) {
      throw crashed();
    }
    RocksDB d = db;
    if (d == null) {
      String why = problem();
      throw new StorageUnavailableException(closed ? "the storage is closed" : why == null
          ? "the storage is being reopened" : why, null);
    }
    return d;
  }

  private StorageException readFailure(String what, RocksDBException e) {
    LOG.log(Level.WARNING, "Partita: storage " + what + " failed in " + location + ": " + e.getMessage());
    return new StorageException("storage " + what + " failed: " + problem(e), e);
  }

  private StorageUnavailableException writeFailure(RocksDBException e) {
    failedWrites.incrementAndGet();
    failed(e);
    return new StorageUnavailableException(problem(), e);
  }

  private void failed(RocksDBException e) {
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

  private void writable() {
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
  /** Why writes fail now, in a client's words; null while the store can write. */
  private String problem() {
    Fault f = fault;
    return f == null ? null : f.problem();
  }

  static String problem(RocksDBException e) {
    Status s = e.getStatus();
    String msg = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
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

  /**
   * Up to {@code limit} entries with {@code from <= key < to}, in key order, from one snapshot.
   */
  public List<Entry> scan(byte[] from, byte[] to, int limit) {
    List<Entry> out = new ArrayList<>();
    long stamp = gate.readLock();
    try (Slice upper = new Slice(to);
        ReadOptions ro = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = handle().newIterator(ro)) {
      for (it.seek(from); it.isValid() && out.size() < limit; it.next()) {
        out.add(new Entry(it.key(), it.value()));
      }
      it.status();
    } catch (RocksDBException e) {
      throw readFailure("scan", e);
    } finally {
      gate.unlockRead(stamp);
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
    return track(new RocksCursor(null, from, to, reverse));
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
    return track(new RocksView(gate.readLock()));
  }

  /**
   * Makes eventually consistent reads ({@link #pastView}) see the store as it was up to {@code lag}
   * ago, as DynamoDB's eventually consistent reads and GSI queries may (by this store's clock);
   * {@code Duration.ZERO} turns it off. Costs, while on, a RocksDB snapshot per 64th of the lag in
   * which something is written, each kept for the lag.
   */
  public void consistencyLag(java.time.Duration lag) {
    PastSnapshots next = Store.checkedLag(lag).isZero() ? null : new PastSnapshots(lag.toMillis());
    // under the gate: a reopen or close (which release the snapshots of the database they close)
    // cannot come between the switch and the release of the old past's snapshots
    long stamp = gate.readLock();
    try {
      PastSnapshots before = past;
      past = next;
      if (before != null && !closed) {
        before.close();
      }
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /** The lag of {@link #consistencyLag}; zero when off. */
  public java.time.Duration consistencyLag() {
    PastSnapshots p = past;
    return p == null ? java.time.Duration.ZERO : java.time.Duration.ofMillis(p.lagMillis);
  }

  /**
   * A view of the store as an eventually consistent read sees it now ({@link #consistencyLag}), or
   * null when that is the store as it is (no lag, or nothing written within it). The caller closes it.
   */
  @Override
  public View pastView() {
    PastSnapshots p = past;
    if (p == null) {
      return null;
    }
    RocksView view;
    long stamp = gate.readLock();
    try {
      RocksDB d = handle();
      PastSnapshots.Past snapshot = p.acquire(d, clock.millis());
      if (snapshot == null) {
        gate.unlockRead(stamp);
        return null;
      }
      try {
        view = new RocksView(stamp, d, snapshot.snapshot, () -> p.release(snapshot));
      } catch (RuntimeException e) {
        p.release(snapshot);
        throw e;
      }
    } catch (RuntimeException e) {
      gate.unlockRead(stamp);
      throw e;
    }
    // outside the try: once made, the view's own close releases the snapshot and the lock
    return track(view);
  }

  private void releasePast() {
    PastSnapshots p = past;
    if (p != null) {
      p.releaseAll();
    }
  }

  /**
   * A cursor or a view: holds the gate's read lock (so the database is not reopened under it) and
   * native objects until closed, by its reader or by {@link RocksStore#close}. Its uses and its
   * close exclude each other (they hold its monitor), so a close from another thread waits for a
   * read in progress and the next read throws instead of touching freed memory.
   */
  private abstract class Reader implements AutoCloseable {
    final long stamp;
    private boolean closed;

    Reader(long stamp) {
      this.stamp = stamp;
    }

    /** Frees the native objects. */
    abstract void release();

    /**
     * Throws once closed: as storage that is gone when the store closed it (a request racing the
     * shutdown), as a mistake when its reader did. Called holding this reader's monitor.
     */
    final void checkOpen() {
      if (closed) {
        if (closing) {
          throw new StorageUnavailableException("the storage is closed", null);
        }
        throw new IllegalStateException("the cursor or view is closed");
      }
    }

    @Override
    public final synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      try {
        release();
      } finally {
        readers.remove(this);
        gate.unlockRead(stamp);
      }
    }
  }

  /**
   * Counts {@code reader} as open; if the store began closing meanwhile, closes it and throws (the
   * store's close either finds it open or it finds the store closing: the add comes first).
   */
  private <R extends Reader> R track(R reader) {
    readers.add(reader);
    if (closing) {
      reader.close();
      throw new StorageUnavailableException("the storage is closed", null);
    }
    return reader;
  }

  @Override
  public int openReaders() {
    return readers.size();
  }

  /** See {@link #view()}. Reads through one view are serialized; closed once. */
  private final class RocksView extends Reader implements View {
    private final RocksDB d;
    private final Snapshot snapshot;
    private final ReadOptions reads;
    /** Releases a snapshot this view borrowed ({@link #pastView}); null when the view owns its own. */
    private final Runnable release;

    private RocksView(long stamp, RocksDB d, Snapshot borrowed, Runnable release) {
      super(stamp);
      this.d = d;
      this.snapshot = borrowed;
      this.reads = new ReadOptions().setSnapshot(borrowed);
      this.release = release;
    }

    private RocksView(long stamp) {
      super(stamp);
      this.release = null;
      try {
        this.d = handle();
        this.snapshot = d.getSnapshot();
        this.reads = new ReadOptions().setSnapshot(snapshot);
      } catch (RuntimeException e) {
        gate.unlockRead(stamp);
        throw e;
      }
    }

    @Override
    public synchronized byte[] get(byte[] key) {
      checkOpen();
      try {
        return d.get(reads, key);
      } catch (RocksDBException e) {
        throw readFailure("get", e);
      }
    }

    @Override
    public synchronized Cursor cursor(byte[] from, byte[] to, boolean reverse) {
      checkOpen();
      return track(new RocksCursor(snapshot, from, to, reverse));
    }

    @Override
    void release() {
      reads.close();
      if (release == null) {
        d.releaseSnapshot(snapshot);
      } else {
        release.run();
      }
    }
  }

  /** See {@link #cursor}. One reader at a time. */
  private final class RocksCursor extends Reader implements Cursor {
    private final RocksDB d;
    private final Snapshot snapshot;
    /** Whether the snapshot is this cursor's own (released at close) or a {@link View}'s. */
    private final boolean ownSnapshot;
    private final Slice lower;
    private final Slice upper;
    private final ReadOptions options;
    private final RocksIterator it;
    private final boolean reverse;
    private boolean started;

    private RocksCursor(Snapshot shared, byte[] from, byte[] to, boolean reverse) {
      super(gate.readLock());
      this.reverse = reverse;
      this.ownSnapshot = shared == null;
      Snapshot s = null;
      Slice lo = null;
      Slice up = null;
      ReadOptions ro = null;
      RocksDB handle = null;
      try {
        handle = handle();
        s = shared != null ? shared : handle.getSnapshot();
        lo = new Slice(from);
        up = new Slice(to);
        ro = new ReadOptions().setSnapshot(s).setIterateLowerBound(lo).setIterateUpperBound(up);
        this.it = handle.newIterator(ro);
      } catch (RuntimeException e) {
        closeAll(ro, lo, up);
        if (s != null && shared == null) {
          handle.releaseSnapshot(s);
        }
        gate.unlockRead(stamp);
        throw e;
      }
      this.d = handle;
      this.snapshot = s;
      this.lower = lo;
      this.upper = up;
      this.options = ro;
    }

    @Override
    public synchronized boolean next() {
      checkOpen();
      if (!started) {
        started = true;
        if (reverse) {
          it.seekToLast();
        } else {
          it.seekToFirst();
        }
      } else if (reverse) {
        it.prev();
      } else {
        it.next();
      }
      if (it.isValid()) {
        return true;
      }
      try {
        it.status();
      } catch (RocksDBException e) {
        throw readFailure("cursor", e);
      }
      return false;
    }

    @Override
    public synchronized byte[] key() {
      checkOpen();
      return it.key();
    }

    @Override
    public synchronized byte[] value() {
      checkOpen();
      return it.value();
    }

    @Override
    void release() {
      it.close();
      options.close();
      lower.close();
      upper.close();
      if (ownSnapshot) {
        d.releaseSnapshot(snapshot);
      }
    }
  }

  @Override
  public void close() {
    closing = true;
    synchronized (cancel) {
      if (compacting != null) {
        compacting.setCanceled(true); // a compaction of deleted keys holds the gate below: it stops, not finishes
      }
    }
    // the readers first (cursors before the views they may read through): each holds the gate's
    // read lock, which the database's close below waits for
    for (Reader r : readers) {
      if (r instanceof RocksCursor) {
        r.close();
      }
    }
    for (Reader r : readers) {
      r.close();
    }
    long stamp = gate.writeLock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      RocksDB d = db;
      db = null;
      if (d != null) {
        if (syncedLogs != null) {
          // a crashed process flushes nothing: what is only in the memtables is lost with it
          try {
            d.setDBOptions(MutableDBOptions.builder().setAvoidFlushDuringShutdown(true).build());
          } catch (RocksDBException | RuntimeException e) {
            LOG.log(Level.FINE, "cannot set avoid_flush_during_shutdown", e);
          }
        }
        releasePast();
        // close order matters: the database before the options, caches and environment it was opened with
        d.close();
      }
      closeAll(syncWrites, unsyncedWrites, options, statistics, writeBuffers, cache, sstFiles);
      closeAll(optionParts.toArray(AutoCloseable[]::new));
      closeAll(env);
    } finally {
      gate.unlockWrite(stamp);
    }
    Map<Path, Long> synced = syncedLogs;
    if (synced != null) {
      dropUnsynced(synced, tornRecord);
    }
  }

  /** The power loss of a simulated crash: each log cut back to its synced length (or into the lost record). */
  private void dropUnsynced(Map<Path, Long> synced, boolean torn) {
    try (Stream<Path> files = Files.list(Path.of(location))) {
      for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
        long keep = synced.getOrDefault(f, 0L);
        long size = Files.size(f);
        long cut = torn && size > keep ? keep + (size - keep) / 2 : keep;
        if (cut < size) {
          try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.truncate(cut);
          }
        }
      }
    } catch (IOException e) {
      throw new StorageException("simulated crash: cannot cut the logs back", e);
    }
  }

  private static WriteBatch newWriteBatch() {
    WriteBatch b = new WriteBatch() {
      @Override
      public void close() {
        if (isOwningHandle()) {
          OPEN_BATCHES.decrementAndGet();
        }
        super.close();
      }
    };
    OPEN_BATCHES.incrementAndGet();
    return b;
  }

  /** The RocksDB batch of {@code batch}'s operations; the caller closes it. */
  private static WriteBatch toRocks(Batch batch) throws RocksDBException {
    WriteBatch rocks = newWriteBatch();
    try {
      for (Batch.Op op : batch.applied()) {
        switch (op.kind()) {
          case Batch.PUT -> rocks.put(op.a(), op.b());
          case Batch.DELETE -> rocks.delete(op.a());
          case Batch.DELETE_RANGE -> rocks.deleteRange(op.a(), op.b());
          case Batch.MERGE -> rocks.merge(op.a(), op.b());
          default -> throw new IllegalStateException("unknown batch operation " + op.kind());
        }
      }
      return rocks;
    } catch (RocksDBException | RuntimeException e) {
      rocks.close();
      throw e;
    }
  }
}
