package io.partita.engine.internal.storage;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;

/**
 * A frozen view of a {@link RocksStore} ({@link Store#view()}): every read through it sees the
 * store as it was at one RocksDB snapshot, its own or one it borrowed ({@link ConsistencyLag}).
 * Reads through one view are serialized; closed once, by its reader or by the store's close.
 */
final class RocksView extends Readers.Reader implements Store.View {
  private final RocksDB d;
  private final Snapshot snapshot;
  private final ReadOptions reads;
  /** Releases a snapshot this view borrowed; null when the view owns its own. */
  private final Runnable release;

  /**
   * A view of {@code borrowed}, a snapshot of {@code d} that {@code release} gives back at close,
   * holding {@code stamp}, the gate's read lock.
   */
  RocksView(Readers readers, long stamp, RocksDB d, Snapshot borrowed, Runnable release) {
    super(readers, stamp);
    this.d = d;
    this.snapshot = borrowed;
    this.reads = new ReadOptions().setSnapshot(borrowed);
    this.release = release;
  }

  /** A view of the database as it is now, holding {@code stamp}, the gate's read lock (unlocked if this throws). */
  RocksView(Readers readers, long stamp) {
    super(readers, stamp);
    this.release = null;
    try {
      this.d = database.handle();
      this.snapshot = d.getSnapshot();
      this.reads = new ReadOptions().setSnapshot(snapshot);
    } catch (RuntimeException e) {
      database.unlockRead(stamp);
      throw e;
    }
  }

  @Override
  public synchronized byte[] get(byte[] key) {
    checkOpen();
    try {
      return d.get(reads, key);
    } catch (RocksDBException e) {
      throw database.readFailure("get", e);
    }
  }

  @Override
  public synchronized Store.Cursor cursor(byte[] from, byte[] to, boolean reverse) {
    checkOpen();
    return readers.track(new RocksCursor(readers, snapshot, from, to, reverse));
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
