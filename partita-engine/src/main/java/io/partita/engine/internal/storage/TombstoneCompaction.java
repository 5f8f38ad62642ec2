package io.partita.engine.internal.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.Range;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;

/**
 * Compacts a {@link RocksStore}'s key ranges where deletes have gathered ({@link
 * Store#compactDeleted()}), so that reads stop stepping over their tombstones: every write tells it
 * the keys it deleted ({@link #noteDeletes}), {@link Tombstones} says which spans are due, and the
 * engine's background tick compacts them. A close cancels a compaction under way rather than wait
 * for it ({@link #cancel}).
 */
final class TombstoneCompaction {
  /** RocksStore's logger: operators' logging configurations name it. */
  private static final Logger LOG = Logger.getLogger(RocksStore.class.getName());

  private final RocksDatabase database;
  private final Tombstones tombstones = new Tombstones();
  /** The options of the compaction under way, or null; guarded by {@link #lock}. */
  private CompactRangeOptions compacting;
  private final Object lock = new Object();

  TombstoneCompaction(RocksDatabase database) {
    this.database = database;
  }

  /** Compacts the spans due; answers how many. A failure is logged: it only leaves reads as slow as they were. */
  int compactDeleted() {
    if (database.closed() || database.closing()) {
      return 0;
    }
    long stamp = database.readLock();
    int done = 0;
    List<Tombstones.Span> due = List.of();
    // not exclusive: RocksDB's own compactions go on meanwhile. Forced to the last level: a lone
    // file would otherwise be moved down whole, tombstones and all, rather than rewritten
    try (CompactRangeOptions o = new CompactRangeOptions().setExclusiveManualCompaction(false)
        .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized)) {
      RocksDB d = database.handle();
      due = tombstones.due((from, to) -> approximateBytes(d, from, to));
      synchronized (lock) {
        compacting = o; // close() cancels it rather than wait for it
      }
      try {
        for (Tombstones.Span span : due) {
          if (database.closing()) {
            break;
          }
          d.compactRange(d.getDefaultColumnFamily(), span.first(), span.end(), o);
          done++;
        }
      } finally {
        synchronized (lock) {
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
      database.unlockRead(stamp);
    }
  }

  /**
   * Cancels the compaction under way, if any: it holds the gate, which the store's close waits for,
   * so it stops rather than finishes.
   */
  void cancel() {
    synchronized (lock) {
      if (compacting != null) {
        compacting.setCanceled(true);
      }
    }
  }

  /** Tells {@link #tombstones} the keys {@code batch}, just written, deleted one by one. */
  void noteDeletes(Store.Batch batch) {
    List<byte[]> deleted = null;
    for (Store.Batch.Op op : batch.ops) {
      if (op.kind() == Store.Batch.DELETE) {
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
}
