package io.partita.engine.internal.storage;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cursors and views of a {@link RocksStore} open now. Each holds the database's gate (so the
 * database is not reopened under it) and native iterators and snapshots until closed; the store's
 * close closes those still open before the database, or it would wait for ever on one a caller
 * forgot, and their next use throws {@link StorageUnavailableException} instead of reading freed
 * memory.
 */
final class Readers {
  private final RocksDatabase database;
  private final Set<Reader> open = ConcurrentHashMap.newKeySet();

  Readers(RocksDatabase database) {
    this.database = database;
  }

  /** The database the readers read, whose gate each holds. */
  RocksDatabase database() {
    return database;
  }

  /**
   * A cursor or a view: holds the gate's read lock (so the database is not reopened under it) and
   * native objects until closed, by its reader or by the store's close. Its uses and its close
   * exclude each other (they hold its monitor), so a close from another thread waits for a read in
   * progress and the next read throws instead of touching freed memory.
   */
  abstract static class Reader implements AutoCloseable {
    final RocksDatabase database;
    final Readers readers;
    final long stamp;
    private boolean closed;

    /** A reader holding {@code stamp}, the gate's read lock, until it is closed. */
    Reader(Readers readers, long stamp) {
      this.database = readers.database;
      this.readers = readers;
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
        if (database.closing()) {
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
        readers.open.remove(this);
        database.unlockRead(stamp);
      }
    }
  }

  /**
   * Counts {@code reader} as open; if the store began closing meanwhile, closes it and throws (the
   * store's close either finds it open or it finds the store closing: the add comes first).
   */
  <R extends Reader> R track(R reader) {
    open.add(reader);
    if (database.closing()) {
      reader.close();
      throw new StorageUnavailableException("the storage is closed", null);
    }
    return reader;
  }

  /** How many are open (a leak check). */
  int count() {
    return open.size();
  }

  /**
   * Closes every reader still open, the cursors before the views they may read through: each holds
   * the gate's read lock, which the database's close waits for.
   */
  void closeAll() {
    for (Reader r : open) {
      if (r instanceof RocksCursor) {
        r.close();
      }
    }
    for (Reader r : open) {
      r.close();
    }
  }
}
