package io.partita.engine.storage;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.rocksdb.CompressionType;
import org.rocksdb.Env;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.RocksMemEnv;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The engine's ordered key-value store: RocksDB, on a data directory or on RocksDB's memory
 * environment. Both modes run this same class; only the {@link Env} differs.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>{@link #write(Batch)} is atomic: after a crash either every operation of the batch is
 *       visible or none is.
 *   <li>A write is durable when {@link #write(Batch)} returns: the write-ahead log is synced
 *       before the call returns (RocksDB groups concurrent syncs into one).
 *   <li>{@link #get(byte[])} sees every write that returned before it was called.
 *   <li>{@link #scan(byte[], byte[], int)} reads one consistent snapshot taken when it is called;
 *       writes that happen during the scan are not seen.
 *   <li>Counters ({@link Batch#addToCounter}) are 64-bit little-endian integers added with
 *       RocksDB's merge operator inside the same atomic batch.
 *   <li>Thread-safe. Only one process may open a data directory at a time.
 * </ul>
 */
public final class Store implements AutoCloseable {
  static {
    RocksNative.load();
  }

  private final RocksDB db;
  private final Options options;
  private final Env env;
  private final WriteOptions syncWrites;
  private final String location;

  private Store(RocksDB db, Options options, Env env, boolean sync, String location) {
    this.db = db;
    this.options = options;
    this.env = env;
    // in memory (env set) the write-ahead log would be one more copy of every write kept in the
    // same memory it is meant to recover: nothing survives the process to replay it
    this.syncWrites = new WriteOptions().setSync(sync).setDisableWAL(env != null);
    this.location = location;
  }

  /** Opens (creating if needed) a durable store in {@code directory}. */
  public static Store open(Path directory) {
    try {
      Files.createDirectories(directory);
    } catch (java.io.IOException e) {
      throw new StorageException("cannot create data directory " + directory + ": " + e.getMessage(), e);
    }
    Options options = baseOptions();
    return open(options, null, directory.toAbsolutePath().toString(), true);
  }

  /** Opens a fresh store held in memory, on RocksDB's memory environment; gone when closed. */
  public static Store inMemory() {
    Env env = new RocksMemEnv(Env.getDefault());
    Options options = baseOptions().setEnv(env);
    // nothing to sync to: the memory environment is lost with the process anyway
    return open(options, env, "/partita-memory/" + UUID.randomUUID(), false);
  }

  private static Options baseOptions() {
    return new Options()
        .setCreateIfMissing(true)
        .setMergeOperator(new UInt64AddOperator())
        .setCompressionType(CompressionType.LZ4_COMPRESSION)
        .setKeepLogFileNum(5);
  }

  private static Store open(Options options, Env env, String path, boolean sync) {
    try {
      return new Store(RocksDB.open(options, path), options, env, sync, path);
    } catch (RocksDBException e) {
      options.close();
      if (env != null) {
        env.close();
      }
      String msg = String.valueOf(e.getMessage());
      if (msg.contains("lock") || msg.contains("LOCK")) {
        throw new StorageException(
            "the data directory " + path + " is already open in another process (or in this one); "
                + "close that first: " + msg, e);
      }
      throw new StorageException("cannot open data directory " + path + ": " + msg, e);
    }
  }

  public String location() {
    return location;
  }

  public byte[] get(byte[] key) {
    try {
      return db.get(key);
    } catch (RocksDBException e) {
      throw wrap("get", e);
    }
  }

  /**
   * The values of {@code keys} (null where absent), all read from one snapshot: a batch written
   * meanwhile is seen whole or not at all, which is what makes a multi-item read serializable.
   */
  public List<byte[]> getAll(List<byte[]> keys) {
    Snapshot snapshot = db.getSnapshot();
    try (ReadOptions ro = new ReadOptions().setSnapshot(snapshot)) {
      List<byte[]> out = new ArrayList<>(keys.size());
      for (byte[] key : keys) {
        out.add(db.get(ro, key));
      }
      return out;
    } catch (RocksDBException e) {
      throw wrap("get", e);
    } finally {
      db.releaseSnapshot(snapshot);
    }
  }

  /** Reads a counter written with {@link Batch#addToCounter}; 0 when absent. */
  public long counter(byte[] key) {
    byte[] v = get(key);
    return v == null ? 0 : ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /** Applies the batch atomically and durably (see the class contract). */
  public void write(Batch batch) {
    try {
      db.write(syncWrites, batch.rocks);
    } catch (RocksDBException e) {
      throw wrap("write", e);
    } finally {
      batch.rocks.close();
    }
  }

  /**
   * Up to {@code limit} entries with {@code from <= key < to}, in key order, from one snapshot.
   */
  public List<Entry> scan(byte[] from, byte[] to, int limit) {
    List<Entry> out = new ArrayList<>();
    try (Slice upper = new Slice(to);
        ReadOptions ro = new ReadOptions().setIterateUpperBound(upper);
        RocksIterator it = db.newIterator(ro)) {
      for (it.seek(from); it.isValid() && out.size() < limit; it.next()) {
        out.add(new Entry(it.key(), it.value()));
      }
      it.status();
    } catch (RocksDBException e) {
      throw wrap("scan", e);
    }
    return out;
  }

  /**
   * A cursor over the entries with {@code from <= key < to}, in key order or reversed, reading one
   * snapshot: a page of a Query or Scan sees the table as it was when the page began, however long
   * it reads. The caller must close it.
   */
  public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
    return new Cursor(from, to, reverse);
  }

  /** See {@link #cursor}. Not thread-safe. */
  public final class Cursor implements AutoCloseable {
    private final Snapshot snapshot;
    private final Slice lower;
    private final Slice upper;
    private final ReadOptions options;
    private final RocksIterator it;
    private final boolean reverse;
    private boolean started;

    private Cursor(byte[] from, byte[] to, boolean reverse) {
      this.reverse = reverse;
      this.snapshot = db.getSnapshot();
      this.lower = new Slice(from);
      this.upper = new Slice(to);
      this.options = new ReadOptions().setSnapshot(snapshot).setIterateLowerBound(lower).setIterateUpperBound(upper);
      this.it = db.newIterator(options);
    }

    /** Moves to the next entry; {@code false} when there is none. */
    public boolean next() {
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
        throw wrap("cursor", e);
      }
      return false;
    }

    public byte[] key() {
      return it.key();
    }

    public byte[] value() {
      return it.value();
    }

    @Override
    public void close() {
      it.close();
      options.close();
      lower.close();
      upper.close();
      db.releaseSnapshot(snapshot);
    }
  }

  @Override
  public void close() {
    // close order matters: the database before the options and environment it was opened with
    syncWrites.close();
    db.close();
    options.close();
    if (env != null) {
      env.close();
    }
  }

  private StorageException wrap(String what, RocksDBException e) {
    return new StorageException("storage " + what + " failed in " + location + ": " + e.getMessage(), e);
  }

  /** One stored key and value. */
  public record Entry(byte[] key, byte[] value) {
    @Override
    public String toString() {
      return Arrays.toString(key) + "=" + value.length + " bytes";
    }
  }

  /** Operations applied together by {@link Store#write(Batch)}. Single use. */
  public static final class Batch {
    private final WriteBatch rocks = new WriteBatch();
    /** What this batch adds to each counter so far, for writers that need a counter's value as of their batch. */
    private final java.util.Map<ByteBuffer, Long> counterDeltas = new java.util.HashMap<>();
    private java.util.Map<ByteBuffer, Long> markedDeltas;

    public Batch put(byte[] key, byte[] value) {
      try {
        rocks.put(key, value);
      } catch (RocksDBException e) {
        throw new StorageException("batch put failed: " + e.getMessage(), e);
      }
      return this;
    }

    public Batch delete(byte[] key) {
      try {
        rocks.delete(key);
      } catch (RocksDBException e) {
        throw new StorageException("batch delete failed: " + e.getMessage(), e);
      }
      return this;
    }

    /** Removes every key in {@code [from, to)}. */
    public Batch deleteRange(byte[] from, byte[] to) {
      try {
        rocks.deleteRange(from, to);
      } catch (RocksDBException e) {
        throw new StorageException("batch deleteRange failed: " + e.getMessage(), e);
      }
      return this;
    }

    /** Adds {@code delta} (which may be negative: uint64 addition wraps) to a counter; {@code key} must not change after. */
    public Batch addToCounter(byte[] key, long delta) {
      counterDeltas.merge(ByteBuffer.wrap(key), delta, Long::sum);
      byte[] v = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(delta).array();
      try {
        rocks.merge(key, v);
      } catch (RocksDBException e) {
        throw new StorageException("batch merge failed: " + e.getMessage(), e);
      }
      return this;
    }

    /**
     * Remembers the batch as it is, so a writer that turns out to be refused halfway can take its
     * part back ({@link #rollbackToMark}); {@link #releaseMark} forgets the mark. One mark at a time.
     */
    public void mark() {
      rocks.setSavePoint();
      markedDeltas = new java.util.HashMap<>(counterDeltas);
    }

    /** Takes back every put, delete and counter addition since {@link #mark}. */
    public void rollbackToMark() {
      try {
        rocks.rollbackToSavePoint();
      } catch (RocksDBException e) {
        throw new StorageException("batch rollback failed: " + e.getMessage(), e);
      }
      counterDeltas.clear();
      counterDeltas.putAll(markedDeltas);
      markedDeltas = null;
    }

    /** Keeps what was added since {@link #mark}. */
    public void releaseMark() {
      try {
        rocks.popSavePoint();
      } catch (RocksDBException e) {
        throw new StorageException("batch savepoint release failed: " + e.getMessage(), e);
      }
      markedDeltas = null;
    }

    /** The sum of what this batch adds to counter {@code key} (0 when it adds nothing). */
    public long counterDelta(byte[] key) {
      return counterDeltas.getOrDefault(ByteBuffer.wrap(key), 0L);
    }

    public int count() {
      return rocks.count();
    }
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
