package io.partita.engine.internal.storage;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * A cursor of a {@link RocksStore} over {@code [from, to)}, in key order or reversed ({@link
 * Store#cursor}): a RocksDB iterator bounded at both ends, reading one snapshot, its own or its
 * view's. One reader at a time; closed once, by its reader or by the store's close.
 */
final class RocksCursor extends Readers.Reader implements Store.Cursor {
  private final RocksDB d;
  private final Snapshot snapshot;
  /** Whether the snapshot is this cursor's own (released at close) or a {@link Store.View}'s. */
  private final boolean ownSnapshot;
  private final Slice lower;
  private final Slice upper;
  private final ReadOptions options;
  private final RocksIterator it;
  private final boolean reverse;
  private boolean started;

  /**
   * Takes the gate's read lock and an iterator over {@code [from, to)}, reading {@code shared} (a
   * view's snapshot) or, when null, a snapshot of its own. If this throws, it holds nothing.
   */
  RocksCursor(Readers readers, Snapshot shared, byte[] from, byte[] to, boolean reverse) {
    super(readers, readers.database().readLock());
    this.reverse = reverse;
    this.ownSnapshot = shared == null;
    Snapshot s = null;
    Slice lo = null;
    Slice up = null;
    ReadOptions ro = null;
    RocksDB handle = null;
    try {
      handle = database.handle();
      s = shared != null ? shared : handle.getSnapshot();
      lo = new Slice(from);
      up = new Slice(to);
      ro = new ReadOptions().setSnapshot(s).setIterateLowerBound(lo).setIterateUpperBound(up);
      this.it = handle.newIterator(ro);
    } catch (RuntimeException e) {
      RocksOptions.closeAll(ro, lo, up);
      if (s != null && shared == null) {
        handle.releaseSnapshot(s);
      }
      database.unlockRead(stamp);
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
      throw database.readFailure("cursor", e);
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
