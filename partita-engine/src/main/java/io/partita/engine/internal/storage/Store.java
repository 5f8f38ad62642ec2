package io.partita.engine.internal.storage;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's ordered key-value store: the one contract every implementation keeps, and which
 * {@code StoreContract} (the test every implementation runs) checks. {@link RocksStore} is the
 * store (RocksDB, on a data directory or on RocksDB's memory environment); {@link
 * FaultInjectingStore} wraps it when a test asks for faults.
 *
 * <ul>
 *   <li>{@link #write(Batch)} is atomic: every operation of the batch is visible or none is, after
 *       a failure or a crash as well. A write that throws was not acknowledged.
 *   <li>A durable store's write is durable when {@link #write(Batch)} returns.
 *   <li>{@link #get(byte[])} sees every write that returned before it was called; {@link #getAll},
 *       {@link #scan}, a {@link Cursor} and a {@link View} each read one snapshot, so a batch is
 *       seen whole or not at all.
 *   <li>Keys are ordered as unsigned bytes, lexicographically; ranges are {@code [from, to)}.
 *   <li>Counters ({@link Batch#addToCounter}) are 64-bit little-endian integers, added inside the
 *       same atomic batch; absent reads as 0.
 *   <li>A {@link Batch} is made by {@link #batch()} and closed by its maker on every path
 *       (try-with-resources): the store counts those open ({@link #openBatches()}), so a path that
 *       drops one shows.
 *   <li>Cursors and views are tracked while open: {@link #close()} closes those still open before
 *       the database (their next use throws {@link StorageUnavailableException}), so a reader that
 *       forgot one neither holds the close up nor reads freed memory.
 *   <li>A write the storage cannot take throws {@link StorageUnavailableException}, whose message
 *       names no path; {@link #health()} says why and reads go on.
 *   <li>Thread-safe, except a cursor (one reader at a time).
 * </ul>
 */
public interface Store extends AutoCloseable, Reads {
  /** The least time between two attempts to reopen a database the storage stopped writing to. */
  long RETRY_MILLIS = 1000;

  /**
   * How a store is opened.
   *
   * @param memoryBytes the budget of RocksDB's block cache and memtables together
   * @param clock paces recovery attempts after a storage fault
   * @param faults injected faults (tests only), or null
   */
  record Settings(long memoryBytes, Clock clock, FaultPlan faults, boolean statistics) {
    /** 256 MiB: see docs/RELIABILITY.md. */
    public static final long DEFAULT_MEMORY_BYTES = 256L << 20;
    /** Below this RocksDB's memtables would be flushed every few hundred items. */
    public static final long MIN_MEMORY_BYTES = 16L << 20;
    public static final Settings DEFAULT = new Settings(DEFAULT_MEMORY_BYTES, Clock.systemUTC(), null);

    /** Without RocksDB's statistics (see {@link Store#blockCacheHits}). */
    public Settings(long memoryBytes, Clock clock, FaultPlan faults) {
      this(memoryBytes, clock, faults, false);
    }

    public Settings {
      if (memoryBytes < MIN_MEMORY_BYTES) {
        throw new IllegalArgumentException("the storage memory budget must be at least " + (MIN_MEMORY_BYTES >> 20)
            + " MiB, not " + memoryBytes + " bytes");
      }
      java.util.Objects.requireNonNull(clock, "clock");
    }
  }

  /**
   * Whether the store can write now. {@code problem} says why not, in words fit for a client (no
   * paths); {@code since} is when writing first failed; {@code recoveries} counts the times the
   * store recovered by itself.
   */
  record Health(boolean writable, String problem, Instant since, long failedWrites, long recoveries) {}

  /** One stored key and value. */
  record Entry(byte[] key, byte[] value) {
    @Override
    public String toString() {
      return Arrays.toString(key) + "=" + value.length + " bytes";
    }
  }

  /** Opens (creating if needed) a durable store in {@code directory}. */
  static Store open(Path directory) {
    return open(directory, Settings.DEFAULT);
  }

  /** Opens (creating if needed) a durable store in {@code directory} with {@code settings}. */
  static Store open(Path directory, Settings settings) {
    requireRocksDb("a data folder (" + directory + ")");
    return FaultInjectingStore.wrap(RocksStore.open(directory, settings), settings.faults());
  }

  /** RocksDB's version this build was made with: the one to add when it is missing. */
  String ROCKSDB = "org.rocksdb:rocksdbjni:9.8.4";

  /**
   * RocksDB is an optional dependency of the engine (issue 37): a database in memory needs none, so an
   * application that only tests in memory does not carry its 68 MB of native code. What needs it says
   * so in one line, naming the dependency to add, instead of a NoClassDefFoundError deep in a stack.
   */
  static void requireRocksDb(String what) {
    try {
      Class.forName("org.rocksdb.RocksDB", false, Store.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(what + " needs RocksDB, which is not on the class path: add " + ROCKSDB
          + " (a database in memory needs none)", e);
    }
  }

  /** Opens a fresh store held in memory; gone when closed. */
  static Store inMemory() {
    return inMemory(Settings.DEFAULT);
  }

  /**
   * {@link #inMemory()} with {@code settings}: the store in plain Java ({@link MemoryStore}), which
   * needs no native library; RocksDB on its memory environment when the settings inject storage
   * faults (a crash, a full disk and a failed reopen need RocksDB's insides) or ask for RocksDB's
   * statistics, or when the system property {@code partita.store} is {@code rocksdb} (to run a test
   * suite on it).
   */
  static Store inMemory(Settings settings) {
    if (settings.faults() == null && !settings.statistics()
        && !"rocksdb".equals(System.getProperty("partita.store"))) {
      return MemoryStore.open(settings);
    }
    requireRocksDb("an in-memory database with injected storage faults, RocksDB's statistics or -Dpartita.store=rocksdb");
    return FaultInjectingStore.wrap(RocksStore.inMemory(settings), settings.faults());
  }

  /**
   * {@code lag} when it can be a consistency lag: zero, or a whole number of milliseconds or more;
   * IllegalArgumentException saying why otherwise.
   */
  static Duration checkedLag(Duration lag) {
    if (lag.isNegative()) {
      throw new IllegalArgumentException("the consistency lag cannot be negative: " + lag);
    }
    if (!lag.isZero() && lag.toMillis() == 0) {
      throw new IllegalArgumentException("the consistency lag is counted in milliseconds: " + lag);
    }
    return lag;
  }

  /** Where the store is: a directory, or a name in memory. For logs and the operator only. */
  String location();

  /** Whether writes are synced to a directory (not in memory). */
  boolean isDurable();

  /** Whether the store can write now, and if not, why; changes only on a write or a recovery. */
  Health health();

  /** Runs {@code listener} after each time the store recovered from a storage fault by itself. */
  void onRecovery(Runnable listener);

  /**
   * A numeric property of the database, such as RocksDB's {@code rocksdb.cur-size-all-mem-tables}:
   * for a metrics endpoint. Empty while the storage is closed or being reopened, or for a property
   * it does not know.
   */
  OptionalLong longProperty(String name);

  /** Block cache hits since the store opened, or -1 when not counted ({@link Settings#statistics}). */
  long blockCacheHits();

  /** Block cache misses since the store opened, or -1 when not counted ({@link Settings#statistics}). */
  long blockCacheMisses();

  /**
   * Entries RocksDB's reads stepped over since the store opened (deleted keys' tombstones, and
   * versions a newer one hides), or -1 when it was opened without {@link Settings#statistics}.
   */
  long entriesSkipped();

  /**
   * Compacts the key ranges where deletes have gathered since they were last compacted, so that
   * reads stop stepping over their tombstones ({@code Tombstones} says which ranges, and why);
   * answers how many. For the engine's background tick, and for tests by hand. A failure is logged,
   * not thrown: it only leaves reads as slow as they were. A close stops one under way.
   */
  int compactDeleted();

  @Override
  byte[] get(byte[] key);

  /**
   * The values of {@code keys} (null where absent), all read from one snapshot: a batch written
   * meanwhile is seen whole or not at all, which is what makes a multi-item read serializable.
   */
  List<byte[]> getAll(List<byte[]> keys);

  /** Reads a counter written with {@link Batch#addToCounter}; 0 when absent. */
  default long counter(byte[] key) {
    return Batch.counterValue(get(key));
  }

  /** A new, empty batch for {@link #write}; its maker closes it. */
  Batch batch();

  /** The batches of this store made and not yet closed (a leak check). */
  long openBatches();

  /**
   * Applies the batch atomically and durably (see the contract). An empty batch writes nothing.
   *
   * @throws StorageUnavailableException when the storage cannot write now; nothing of the batch
   *     was acknowledged
   * @throws IllegalStateException when the batch is closed
   */
  void write(Batch batch);

  /** Writes what {@code ops} puts into a fresh batch: the batch is made, written and closed here. */
  default void write(java.util.function.Consumer<Batch> ops) {
    try (Batch batch = batch()) {
      ops.accept(batch);
      write(batch);
    }
  }

  /**
   * If the store cannot write and a retry is due, tries to make it writable again. Does nothing
   * when writes work, when a retry is not due yet, or when another thread is recovering now.
   */
  void recoverIfDue();

  /** Up to {@code limit} entries with {@code from <= key < to}, in key order, from one snapshot. */
  List<Entry> scan(byte[] from, byte[] to, int limit);

  /**
   * A cursor over the entries with {@code from <= key < to}, in key order or reversed, reading one
   * snapshot: a page of a Query or Scan sees the table as it was when the page began, however long
   * it reads. The caller closes it.
   */
  @Override
  Cursor cursor(byte[] from, byte[] to, boolean reverse);

  /**
   * A frozen view of the whole store: every read through it sees the store as it was when the view
   * was taken, whatever is written meanwhile. What a backup copies, or a point-in-time restore
   * reads. The caller closes it.
   */
  View view();

  /**
   * Makes eventually consistent reads ({@link #pastView}) see the store as it was up to {@code lag}
   * ago, as DynamoDB's eventually consistent reads and GSI queries may (by this store's clock);
   * {@code Duration.ZERO} turns it off.
   */
  void consistencyLag(Duration lag);

  /** The lag of {@link #consistencyLag(Duration)}; zero when off. */
  Duration consistencyLag();

  /**
   * A view of the store as an eventually consistent read sees it now ({@link #consistencyLag}), or
   * null when that is the store as it is (no lag, or nothing written within it). The caller closes it.
   */
  View pastView();

  /** The cursors and views open now (a leak check). */
  int openReaders();

  /** Closes the cursors and views still open, then the database. Idempotent. */
  @Override
  void close();

  /** See {@link Store#view()}. Thread-safe for reads; closed once. */
  interface View extends AutoCloseable, Reads {
    /** The value of {@code key} as of the view, or null. */
    @Override
    byte[] get(byte[] key);

    /** A counter ({@link Batch#addToCounter}) as of the view; 0 when absent. */
    default long counter(byte[] key) {
      return Batch.counterValue(get(key));
    }

    /** A cursor over {@code [from, to)} as of the view; closed by the caller, before the view. */
    @Override
    Cursor cursor(byte[] from, byte[] to, boolean reverse);

    @Override
    void close();
  }

  /** See {@link Store#cursor}. One reader at a time. */
  interface Cursor extends AutoCloseable {
    /** Moves to the next entry; {@code false} when there is none. */
    boolean next();

    /** The entry's key: an array of the caller's own, which the cursor never writes again. */
    byte[] key();

    /**
     * The entry's value: an array of the caller's own, which the cursor never writes again (a read's
     * answer keeps the stored items it returns, {@code StoredItem}).
     */
    byte[] value();

    @Override
    void close();
  }

  /**
   * Operations applied together by {@link Store#write(Batch)}, made by {@link Store#batch()} and
   * closed by its maker. Plain Java: it holds no native memory (an implementation turns it into its
   * own only inside {@code write}), so closing it costs nothing, but the store counts the batches
   * not closed. The arrays given to it are kept, not copied: they must not change after. Single use.
   */
  final class Batch implements AutoCloseable {
    static final byte PUT = 0;
    static final byte DELETE = 1;
    static final byte DELETE_RANGE = 2;
    static final byte MERGE = 3;

    record Op(byte kind, byte[] a, byte[] b) {}

    final List<Op> ops = new ArrayList<>();
    /** What this batch adds to each counter so far, for writers that need a counter's value as of their batch. */
    private final Map<ByteBuffer, Long> counterDeltas = new HashMap<>();
    private final AtomicLong open;
    private int markedSize = -1;
    private Map<ByteBuffer, Long> markedDeltas;
    private boolean closed;

    /** A batch counted in {@code open} until closed. */
    Batch(AtomicLong open) {
      this.open = open;
      open.incrementAndGet();
    }

    /** A counter's stored bytes as a number; 0 for none. */
    static long counterValue(byte[] stored) {
      return stored == null ? 0 : ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    public Batch put(byte[] key, byte[] value) {
      ops.add(new Op(PUT, key, value));
      return this;
    }

    public Batch delete(byte[] key) {
      ops.add(new Op(DELETE, key, null));
      return this;
    }

    /** Removes every key in {@code [from, to)}. */
    public Batch deleteRange(byte[] from, byte[] to) {
      ops.add(new Op(DELETE_RANGE, from, to));
      return this;
    }

    /** Adds {@code delta} (which may be negative: uint64 addition wraps) to a counter. */
    public Batch addToCounter(byte[] key, long delta) {
      counterDeltas.merge(ByteBuffer.wrap(key), delta, Long::sum);
      ops.add(new Op(MERGE, key, counterBytes(delta)));
      return this;
    }

    /**
     * Remembers the batch as it is, so a writer that turns out to be refused halfway can take its
     * part back ({@link #rollbackToMark}); {@link #releaseMark} forgets the mark. One mark at a time.
     */
    public void mark() {
      markedSize = ops.size();
      markedDeltas = new HashMap<>(counterDeltas);
    }

    /** Takes back every put, delete and counter addition since {@link #mark}. */
    public void rollbackToMark() {
      if (markedSize < 0) {
        throw new IllegalStateException("no mark to roll back to");
      }
      ops.subList(markedSize, ops.size()).clear();
      counterDeltas.clear();
      counterDeltas.putAll(markedDeltas);
      markedSize = -1;
      markedDeltas = null;
    }

    /** Keeps what was added since {@link #mark}. */
    public void releaseMark() {
      markedSize = -1;
      markedDeltas = null;
    }

    /** The sum of what this batch adds to counter {@code key} (0 when it adds nothing). */
    public long counterDelta(byte[] key) {
      return counterDeltas.getOrDefault(ByteBuffer.wrap(key), 0L);
    }

    public int count() {
      return ops.size();
    }

    /**
     * The operations to apply, in order, with each counter's additions made one: a batch adds to
     * its table's counters (item count, size, each index's) once per item it writes, and RocksDB
     * walks a key's run of merge entries on every merge, folding them every 16. Only where the
     * sum is the same whatever the order: no put or delete of a counter's key in the batch and no
     * range delete at all (the additions commute with each other, not with those); else the
     * operations as they were added.
     */
    List<Op> applied() {
      int merges = 0;
      for (Op op : ops) {
        if (op.kind() == MERGE) {
          merges++;
        }
      }
      if (merges == counterDeltas.size()) {
        return ops; // no counter, or each added to once: the common single-item write
      }
      List<Op> out = new ArrayList<>(ops.size() - merges + counterDeltas.size());
      java.util.Set<ByteBuffer> added = new java.util.HashSet<>();
      for (Op op : ops) {
        if (op.kind() != MERGE) {
          if (op.kind() == DELETE_RANGE || counterDeltas.containsKey(ByteBuffer.wrap(op.a()))) {
            return ops;
          }
          out.add(op);
          continue;
        }
        ByteBuffer key = ByteBuffer.wrap(op.a());
        Long sum = counterDeltas.get(key);
        if (sum == null) {
          return ops; // an addition not made by addToCounter: applied as it is
        }
        if (added.add(key)) {
          out.add(new Op(MERGE, op.a(), counterBytes(sum)));
        }
      }
      return out;
    }

    /** A counter's value as stored: 64-bit little-endian. */
    static byte[] counterBytes(long value) {
      return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    /** Throws when closed: a closed batch is never written. */
    void checkOpen() {
      if (closed) {
        throw new IllegalStateException("the batch is closed");
      }
    }

    /** Drops the operations and stops counting this batch as open. Idempotent. */
    @Override
    public void close() {
      if (!closed) {
        closed = true;
        ops.clear();
        open.decrementAndGet();
      }
    }
  }
}
