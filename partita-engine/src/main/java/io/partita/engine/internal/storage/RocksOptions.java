package io.partita.engine.internal.storage;

import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.Statistics;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteBufferManager;
import org.rocksdb.WriteOptions;

/**
 * How {@link RocksStore} configures RocksDB, and the native objects that configuration is made of.
 * They are made together and closed together, in one order (the write options, the options, the
 * statistics, the write buffers, the cache, the file manager, what the options refer to and RocksDB
 * does not own, the environment), always after the database opened with them: RocksDB reads them
 * for as long as it is open.
 *
 * <p>Memory: RocksDB's block cache and its memtables share one budget ({@link
 * Store.Settings#memoryBytes}): the memtables are charged to the block cache, so the two together
 * stay within it (index and filter blocks are cached there too).
 */
final class RocksOptions implements AutoCloseable {
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

  /** RocksStore's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());

  /** What the database is opened with. */
  final Options options;
  /** A write acknowledged only once its log is synced (see {@link RocksStore}'s contract). */
  final WriteOptions syncWrites;
  /** A write left unsynced: only a simulated crash uses it ({@link SimulatedCrash}). */
  final WriteOptions unsyncedWrites;
  /** RocksDB's tickers, or null when the settings did not ask for them ({@link RocksStatistics}). */
  final Statistics statistics;
  /** Everything above and what it refers to, in the order they are closed. */
  private final AutoCloseable[] closeOrder;

  private RocksOptions(Options options, WriteOptions syncWrites, WriteOptions unsyncedWrites, Statistics statistics,
      AutoCloseable[] closeOrder) {
    this.options = options;
    this.syncWrites = syncWrites;
    this.unsyncedWrites = unsyncedWrites;
    this.statistics = statistics;
    this.closeOrder = closeOrder;
  }

  /**
   * The configuration for {@code settings}: on a data directory when {@code env} is null (durable),
   * else on {@code env}, which it then owns and closes. On a failure everything made so far, and
   * {@code env}, is closed before the exception is thrown.
   */
  static RocksOptions make(Store.Settings settings, Env env) throws RocksDBException {
    boolean durable = env == null;
    long budget = settings.memoryBytes();
    UInt64AddOperator merge = null;
    BloomFilter filter = null;
    Cache cache = null;
    WriteBufferManager writeBuffers = null;
    SstFileManager sstFiles = null;
    Options options = null;
    Statistics statistics = null;
    WriteOptions syncWrites = null;
    WriteOptions unsyncedWrites = null;
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
        statistics = RocksStatistics.countedBy(options);
      }
      if (sstFiles != null) {
        options.setSstFileManager(sstFiles);
        if (settings.faults() != null) {
          settings.faults().attach(sstFiles);
        }
      }
      // in memory the write-ahead log would be one more copy of every write kept in the same memory
      // it is meant to recover: nothing survives the process to replay it
      syncWrites = new WriteOptions().setSync(durable).setDisableWAL(!durable);
      unsyncedWrites = new WriteOptions().setSync(false).setDisableWAL(!durable);
      return new RocksOptions(options, syncWrites, unsyncedWrites, statistics, new AutoCloseable[] {
          syncWrites, unsyncedWrites, options, statistics, writeBuffers, cache, sstFiles, merge, filter, env});
    } catch (RocksDBException | RuntimeException e) {
      closeAll(syncWrites, unsyncedWrites, options, statistics, writeBuffers, cache, sstFiles, merge, filter, env);
      throw e;
    }
  }

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

  /** Closes every object of the configuration; only once the database opened with it is closed. */
  @Override
  public void close() {
    closeAll(closeOrder);
  }

  /**
   * Closes RocksDB objects in the order given, passing over nulls: a failure is logged and the rest
   * are still closed, so that a half-made set of native objects is always given back whole.
   */
  static void closeAll(AutoCloseable... resources) {
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
}
