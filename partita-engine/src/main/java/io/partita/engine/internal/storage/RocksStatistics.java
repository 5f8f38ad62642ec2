package io.partita.engine.internal.storage;

import java.util.OptionalLong;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.TickerType;

/**
 * What RocksDB counts of a {@link RocksStore}, for a metrics endpoint and for tests: its numeric
 * properties (memtable and file sizes, pending compaction, cache usage), always there, and its
 * tickers (block cache hits and misses, entries a read stepped over), only when the store's
 * settings ask for them ({@link Store.Settings#statistics}): they cost a little on every read.
 */
final class RocksStatistics {
  private final RocksDatabase database;
  /** The tickers, or null when not counted; closed with the options ({@link RocksOptions}). */
  private final Statistics tickers;

  RocksStatistics(RocksDatabase database, Statistics tickers) {
    this.database = database;
    this.tickers = tickers;
  }

  /** Makes {@code options} count RocksDB's tickers, and answers them; the caller closes them after the options. */
  static Statistics countedBy(Options options) {
    // tickers only: the detailed timers cost more than a metrics scrape is worth
    Statistics statistics = new Statistics();
    statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
    options.setStatistics(statistics);
    return statistics;
  }

  /**
   * A numeric RocksDB property of the database, such as {@code rocksdb.cur-size-all-mem-tables},
   * {@code rocksdb.live-sst-files-size}, {@code rocksdb.estimate-pending-compaction-bytes} or
   * {@code rocksdb.block-cache-usage} (RocksDB's include/rocksdb/db.h lists them): for a metrics
   * endpoint. Empty while the storage is closed or being reopened, or for a property RocksDB does
   * not know.
   */
  OptionalLong longProperty(String name) {
    long stamp = database.readLock();
    try {
      RocksDB d = database.openNow();
      return d == null ? OptionalLong.empty() : OptionalLong.of(d.getLongProperty(name));
    } catch (RocksDBException e) {
      return OptionalLong.empty();
    } finally {
      database.unlockRead(stamp);
    }
  }

  /** Block cache hits since the store opened, or -1 when it was opened without {@link Store.Settings#statistics}. */
  long blockCacheHits() {
    return tickers == null ? -1 : tickers.getTickerCount(TickerType.BLOCK_CACHE_HIT);
  }

  /** Block cache misses since the store opened, or -1 when it was opened without {@link Store.Settings#statistics}. */
  long blockCacheMisses() {
    return tickers == null ? -1 : tickers.getTickerCount(TickerType.BLOCK_CACHE_MISS);
  }

  /** Entries RocksDB's reads stepped over since the store opened, or -1 when not counted or closed. */
  long entriesSkipped() {
    // after the close the tickers are freed with the options
    return tickers == null || database.closed() ? -1 : tickers.getTickerCount(TickerType.NUMBER_ITER_SKIP);
  }
}
