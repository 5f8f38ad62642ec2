package io.partita.engine.internal.storage;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The store in plain Java, for a database held in memory: no native library, nothing to extract or
 * load, a fresh store in microseconds. A sorted map of keys (unsigned byte order) to their versions,
 * newest first, each stamped with the sequence number of the batch that wrote it (null: deleted).
 *
 * <p>How it keeps the contract: writes are serialized; a batch writes all its versions with the
 * next sequence number and only then publishes that number, so a reader — which reads as of the
 * number published when it began — sees a batch whole or not at all. Snapshots (cursors, views,
 * {@link #pastView}) register the number they read at; a key's versions older than the oldest
 * registered snapshot (or than the number published, which a reader starting meanwhile reads at) are
 * dropped when the key is written next, and a deletion no snapshot can still see removes the key;
 * {@link #compactDeleted} sweeps the whole map for what writes left behind.
 *
 * <p>It has no memory budget ({@link Store.Settings#memoryBytes} is RocksDB's) and no statistics;
 * everything it holds is on the Java heap.
 */
final class MemoryStore implements Store {
  /** One value of a key, and the older ones a snapshot may still read. */
  private record Version(long seq, byte[] value, Version older) {
    /** The version a reader at {@code snapshot} sees, or null when the key did not exist then. */
    Version at(long snapshot) {
      Version v = this;
      while (v != null && v.seq > snapshot) {
        v = v.older;
      }
      return v;
    }
  }

  private final ConcurrentSkipListMap<byte[], Version> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
  private final ReentrantLock writes = new ReentrantLock();
  private volatile long published;
  private volatile boolean closed;
  private final String name;
  private final Store.Settings settings;
  private final AtomicLong openBatches = new AtomicLong();
  /** Snapshots in use, by sequence number: how many readers read at each. */
  private final ConcurrentSkipListMap<Long, Integer> snapshots = new ConcurrentSkipListMap<>();
  private final Set<Reader> readers = ConcurrentHashMap.newKeySet();
  /** For eventually consistent reads: the sequence numbers published at each tick of the lag. */
  private final ArrayDeque<long[]> past = new ArrayDeque<>();
  private volatile long lagMillis;

  private MemoryStore(String name, Store.Settings settings) {
    this.name = name;
    this.settings = settings;
  }

  static MemoryStore open(Store.Settings settings) {
    return new MemoryStore("memory:" + Integer.toHexString(System.identityHashCode(new Object())), settings);
  }

  // ---- the contract's descriptive parts

  @Override
  public String location() {
    return name;
  }

  @Override
  public boolean isDurable() {
    return false;
  }

  @Override
  public Health health() {
    return new Health(true, null, null, 0, 0); // no device to fail: faults are FaultInjectingStore's
  }

  @Override
  public void onRecovery(Runnable listener) {
    // never unwritable, never recovers
  }

  @Override
  public void recoverIfDue() {
  }

  @Override
  public OptionalLong longProperty(String property) {
    return OptionalLong.empty();
  }

  @Override
  public long blockCacheHits() {
    return -1;
  }

  @Override
  public long blockCacheMisses() {
    return -1;
  }

  @Override
  public long entriesSkipped() {
    return -1;
  }

  // ---- reads

  private void checkOpen() {
    if (closed) {
      throw new StorageUnavailableException("the store is closed", null);
    }
  }

  /** A copy: the contract gives readers arrays of their own, and the store's must never change. */
  private byte[] read(byte[] key, long snapshot) {
    Version head = map.get(key);
    Version v = head == null ? null : head.at(snapshot);
    return v == null || v.value == null ? null : v.value.clone();
  }

  /**
   * One key needs no registered snapshot: its chain of versions is immutable (a write puts a new
   * head, pruning makes new versions rather than changing old ones), so the chain taken from the map
   * still holds every version it had, and the newest of them published once the chain is in hand is
   * what the key held at some moment of this call. Registering, as the readers of many keys must,
   * cost each GetItem two updates of the snapshots' skip list and its lock.
   */
  @Override
  public byte[] get(byte[] key) {
    checkOpen();
    Version head = map.get(key);
    Version v = head == null ? null : head.at(published); // read after the chain: see above
    return v == null || v.value == null ? null : v.value.clone();
  }

  @Override
  public List<byte[]> getAll(List<byte[]> keys) {
    checkOpen();
    long at = registerPublished();
    try {
      List<byte[]> out = new ArrayList<>(keys.size());
      for (byte[] k : keys) {
        out.add(read(k, at));
      }
      return out;
    } finally {
      unregister(at);
    }
  }

  @Override
  public List<Entry> scan(byte[] from, byte[] to, int limit) {
    List<Entry> out = new ArrayList<>();
    try (Cursor c = cursor(from, to, false)) {
      while (out.size() < limit && c.next()) {
        out.add(new Entry(c.key(), c.value()));
      }
    }
    return out;
  }

  @Override
  public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
    checkOpen();
    return new SnapshotCursor(registerPublished(), from, to, reverse);
  }

  @Override
  public View view() {
    checkOpen();
    return new SnapshotView(registerPublished());
  }

  @Override
  public int openReaders() {
    return readers.size();
  }

  // ---- writes

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
    checkOpen();
    List<Batch.Op> ops = batch.applied();
    if (ops.isEmpty()) {
      return;
    }
    writes.lock();
    try {
      checkOpen();
      long now = settings.clock().millis();
      tickPast(now);
      long seq = published + 1;
      long oldest = oldestReader();
      for (Batch.Op op : ops) {
        switch (op.kind()) {
          case Batch.PUT -> put(op.a(), op.b(), seq, oldest);
          case Batch.DELETE -> put(op.a(), null, seq, oldest);
          case Batch.DELETE_RANGE -> {
            for (byte[] k : new ArrayList<>(map.subMap(op.a(), true, op.b(), false).keySet())) {
              if (map.get(k).value != null) {
                put(k, null, seq, oldest);
              }
            }
          }
          case Batch.MERGE -> {
            Version head = map.get(op.a());
            long current = Batch.counterValue(head == null ? null : head.value);
            long added = Batch.counterValue(op.b());
            put(op.a(), Batch.counterBytes(current + added), seq, oldest);
          }
          default -> throw new IllegalStateException("unknown batch operation " + op.kind());
        }
      }
      published = seq; // the batch becomes visible whole, here
    } finally {
      writes.unlock();
    }
  }

  /** Writes {@code value} (null: a deletion) as {@code key}'s newest version, dropping what no reader can see. */
  private void put(byte[] key, byte[] value, long seq, long oldestReader) {
    Version head = map.get(key);
    if (head != null && head.seq == seq) {
      head = head.older; // written twice in one batch: the last write is the batch's
    }
    // the versions this one replaces are read only by readers older than it: those registered, and those
    // that register before this batch is published (at the number published now)
    Version kept = prune(head, oldestReader);
    if (value == null && kept == null) {
      map.remove(key); // deleted, and no reader can see it was ever there
      return;
    }
    map.put(key, new Version(seq, value, kept));
  }

  /**
   * {@code v} and the versions behind it that a reader at {@code oldestReader} or later may still
   * read: every one newer than it, and the newest at or before it; null when that is nothing, or
   * only a deletion (such a reader sees no key).
   */
  private static Version prune(Version v, long oldestReader) {
    if (v == null) {
      return null;
    }
    if (v.seq <= oldestReader) {
      return v.value == null ? null : v.older == null ? v : new Version(v.seq, v.value, null);
    }
    Version older = prune(v.older, oldestReader);
    return older == v.older ? v : new Version(v.seq, v.value, older);
  }

  /**
   * The oldest sequence number a reader may read at: the oldest registered, or the one published now,
   * at which a reader registering while a write is under way still reads. Under the guard readers
   * register under, so a reader is either counted here or reads at a number no older than this:
   * never at one whose versions the writer is about to drop.
   */
  private long oldestReader() {
    synchronized (snapshots) {
      Map.Entry<Long, Integer> first = snapshots.firstEntry();
      return first == null ? published : Math.min(first.getKey(), published);
    }
  }

  @Override
  public int compactDeleted() {
    checkOpen();
    writes.lock();
    try {
      long oldest = oldestReader();
      int removed = 0;
      for (Iterator<Map.Entry<byte[], Version>> it = map.entrySet().iterator(); it.hasNext(); ) {
        Map.Entry<byte[], Version> e = it.next();
        Version kept = prune(e.getValue(), oldest);
        if (kept == null) {
          it.remove();
          removed++;
        } else if (kept != e.getValue()) {
          map.put(e.getKey(), kept);
        }
      }
      return removed > 0 ? 1 : 0; // one range, the whole store: deletions a reader held until now
    } finally {
      writes.unlock();
    }
  }

  // ---- the lag of eventually consistent reads

  @Override
  public void consistencyLag(Duration lag) {
    Store.checkedLag(lag);
    writes.lock();
    try {
      synchronized (past) {
        for (long[] p : past) {
          unregister(p[1]);
        }
        past.clear();
        lagMillis = lag.toMillis();
      }
    } finally {
      writes.unlock();
    }
  }

  @Override
  public Duration consistencyLag() {
    return Duration.ofMillis(lagMillis);
  }

  /** Before a write at {@code now}: keeps, once per tick of the lag, the state the write is about to change. */
  private void tickPast(long now) {
    long lag = lagMillis;
    if (lag == 0) {
      return;
    }
    synchronized (past) {
      retire(now - lag);
      long[] newest = past.peekLast();
      if (newest == null || now - newest[0] >= Math.max(1, lag / 64)) {
        past.addLast(new long[] {now, registerPublished()});
      }
    }
  }

  private void retire(long upTo) {
    while (!past.isEmpty() && past.peekFirst()[0] <= upTo) {
      unregister(past.removeFirst()[1]);
    }
  }

  @Override
  public View pastView() {
    checkOpen();
    long lag = lagMillis;
    if (lag == 0) {
      return null;
    }
    synchronized (past) {
      retire(settings.clock().millis() - lag);
      long[] oldest = past.peekFirst();
      return oldest == null ? null : new SnapshotView(register(oldest[1]));
    }
  }

  // ---- snapshots and their readers

  /** Registers a reader at the number published now (see {@link #oldestNeeded}). */
  private long registerPublished() {
    synchronized (snapshots) {
      return register(published);
    }
  }

  /** Registers one more reader at {@code seq}, a number some reader or the past already holds. */
  private long register(long seq) {
    snapshots.merge(seq, 1, Integer::sum);
    return seq;
  }

  private void unregister(long seq) {
    snapshots.computeIfPresent(seq, (k, n) -> n == 1 ? null : n - 1);
  }

  @Override
  public void close() {
    writes.lock();
    try {
      closed = true;
      for (Reader r : List.copyOf(readers)) {
        r.close();
      }
      map.clear();
    } finally {
      writes.unlock();
    }
  }

  /** A cursor or view: tracked while open, unusable once the store closed. */
  private abstract class Reader implements AutoCloseable {
    final long snapshot;
    private boolean done;

    Reader(long snapshot) {
      this.snapshot = snapshot;
      readers.add(this);
    }

    void checkReadable() {
      if (closed) {
        throw new StorageUnavailableException("the store is closed", null);
      }
    }

    @Override
    public void close() {
      synchronized (this) {
        if (done) {
          return;
        }
        done = true;
      }
      readers.remove(this);
      unregister(snapshot);
    }

    synchronized boolean isDone() {
      return done;
    }
  }

  private final class SnapshotView extends Reader implements View {
    SnapshotView(long snapshot) {
      super(snapshot);
    }

    @Override
    public byte[] get(byte[] key) {
      checkReadable();
      return read(key, snapshot);
    }

    @Override
    public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
      checkReadable();
      return new SnapshotCursor(register(snapshot), from, to, reverse);
    }
  }

  private final class SnapshotCursor extends Reader implements Cursor {
    private final Iterator<Map.Entry<byte[], Version>> entries;
    private byte[] key;
    private byte[] value;

    SnapshotCursor(long snapshot, byte[] from, byte[] to, boolean reverse) {
      super(snapshot);
      NavigableMap<byte[], Version> range = Arrays.compareUnsigned(from, to) >= 0
          ? new java.util.TreeMap<>() : map.subMap(from, true, to, false);
      entries = (reverse ? range.descendingMap() : range).entrySet().iterator();
    }

    @Override
    public boolean next() {
      checkReadable();
      if (isDone()) {
        throw new IllegalStateException("the cursor is closed");
      }
      while (entries.hasNext()) {
        Map.Entry<byte[], Version> e = entries.next();
        Version v = e.getValue().at(snapshot);
        if (v != null && v.value != null) {
          key = e.getKey().clone(); // the caller's own (the contract): the store's arrays never change
          value = v.value.clone();
          return true;
        }
      }
      key = null;
      value = null;
      return false;
    }

    @Override
    public byte[] key() {
      checkReadable();
      return key;
    }

    @Override
    public byte[] value() {
      checkReadable();
      return value;
    }
  }
}
