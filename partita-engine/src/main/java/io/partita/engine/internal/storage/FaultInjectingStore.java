package io.partita.engine.internal.storage;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * A store that passes every call on to another and fails the one {@link io.partita.engine.StorageFaults#failCall}
 * chose, with an I/O error: so a test can fail each step of a write path in turn (each get, each
 * cursor step, the write) and look for a partial write. Every store opened with {@link
 * io.partita.engine.StorageFaults} is one; the faults that need RocksDB's insides (a crash, a full disk, a failed
 * reopen) are injected by {@link RocksStore} itself. With no call chosen it is the store it wraps,
 * which the contract test checks.
 */
final class FaultInjectingStore implements Store {
  private final Store inner;
  private final FaultPlan faults;

  private FaultInjectingStore(Store inner, FaultPlan faults) {
    this.inner = inner;
    this.faults = faults;
  }

  /** {@code store}, wrapped when there are {@code faults} (null: none). */
  static Store wrap(Store store, FaultPlan faults) {
    return faults == null ? store : new FaultInjectingStore(store, faults);
  }

  /** Counts a read; throws as a failed read when it is the chosen call. */
  private void read(String what) {
    if (faults.countCall() != FaultPlan.Call.GO_ON) {
      throw new StorageException("storage " + what + " failed: a storage I/O error", null);
    }
  }

  @Override
  public void write(Batch batch) {
    FaultPlan.Call call = faults.countCall();
    if (call == FaultPlan.Call.FAIL_BEFORE) {
      batch.checkOpen();
      throw new StorageUnavailableException("a storage I/O error", null);
    }
    inner.write(batch);
    if (call == FaultPlan.Call.FAIL_AFTER) {
      // the disk took it but reported an error: the caller must not count it as acknowledged
      throw new StorageUnavailableException("a storage I/O error", null);
    }
  }

  @Override
  public byte[] get(byte[] key) {
    read("get");
    return inner.get(key);
  }

  @Override
  public List<byte[]> getAll(List<byte[]> keys) {
    read("get");
    return inner.getAll(keys);
  }

  @Override
  public long counter(byte[] key) {
    read("get");
    return inner.counter(key);
  }

  @Override
  public List<Entry> scan(byte[] from, byte[] to, int limit) {
    read("scan");
    return inner.scan(from, to, limit);
  }

  @Override
  public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
    read("cursor");
    return new CountedCursor(inner.cursor(from, to, reverse));
  }

  @Override
  public View view() {
    read("view");
    return new CountedView(inner.view());
  }

  @Override
  public View pastView() {
    read("view");
    View v = inner.pastView();
    return v == null ? null : new CountedView(v);
  }

  @Override
  public Batch batch() {
    return inner.batch();
  }

  @Override
  public long openBatches() {
    return inner.openBatches();
  }

  @Override
  public int openReaders() {
    return inner.openReaders();
  }

  @Override
  public String location() {
    return inner.location();
  }

  @Override
  public boolean isDurable() {
    return inner.isDurable();
  }

  @Override
  public Health health() {
    return inner.health();
  }

  @Override
  public void onRecovery(Runnable listener) {
    inner.onRecovery(listener);
  }

  @Override
  public OptionalLong longProperty(String name) {
    return inner.longProperty(name);
  }

  @Override
  public long blockCacheHits() {
    return inner.blockCacheHits();
  }

  @Override
  public long blockCacheMisses() {
    return inner.blockCacheMisses();
  }

  @Override
  public long entriesSkipped() {
    return inner.entriesSkipped();
  }

  @Override
  public int compactDeleted() {
    return inner.compactDeleted();
  }

  @Override
  public void recoverIfDue() {
    inner.recoverIfDue();
  }

  @Override
  public void consistencyLag(Duration lag) {
    inner.consistencyLag(lag);
  }

  @Override
  public Duration consistencyLag() {
    return inner.consistencyLag();
  }

  @Override
  public void close() {
    inner.close();
  }

  /** A cursor whose every step is a call that may fail. */
  private final class CountedCursor implements Cursor {
    private final Cursor inner;

    CountedCursor(Cursor inner) {
      this.inner = inner;
    }

    @Override
    public boolean next() {
      read("cursor");
      return inner.next();
    }

    @Override
    public byte[] key() {
      return inner.key();
    }

    @Override
    public byte[] value() {
      return inner.value();
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  /** A view whose reads are calls that may fail. */
  private final class CountedView implements View {
    private final View inner;

    CountedView(View inner) {
      this.inner = inner;
    }

    @Override
    public byte[] get(byte[] key) {
      read("get");
      return inner.get(key);
    }

    @Override
    public Cursor cursor(byte[] from, byte[] to, boolean reverse) {
      read("cursor");
      return new CountedCursor(inner.cursor(from, to, reverse));
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
