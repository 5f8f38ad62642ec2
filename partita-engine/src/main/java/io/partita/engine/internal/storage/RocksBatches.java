package io.partita.engine.internal.storage;

import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * A {@link Store.Batch} turned into RocksDB's WriteBatch, the one native object a write makes. A
 * {@link Store.Batch} is plain Java; it becomes a WriteBatch only inside {@link RocksStore#write},
 * which closes it, so a batch that is never written (a refused conditional write) costs nothing but
 * garbage. The WriteBatches open are counted across every store, so a test can see none is left.
 */
final class RocksBatches {
  /** The native WriteBatches open now, in every store (a test's leak check). */
  private static final AtomicLong OPEN = new AtomicLong();

  private RocksBatches() {}

  /** The native WriteBatches open in this process now (a leak check). */
  static long openNative() {
    return OPEN.get();
  }

  /** An empty WriteBatch, counted until closed; the caller closes it. */
  static WriteBatch empty() {
    WriteBatch b = new WriteBatch() {
      @Override
      public void close() {
        if (isOwningHandle()) {
          OPEN.decrementAndGet();
        }
        super.close();
      }
    };
    OPEN.incrementAndGet();
    return b;
  }

  /** The RocksDB batch of {@code batch}'s operations; the caller closes it. */
  static WriteBatch of(Store.Batch batch) throws RocksDBException {
    WriteBatch rocks = empty();
    try {
      for (Store.Batch.Op op : batch.applied()) {
        switch (op.kind()) {
          case Store.Batch.PUT -> rocks.put(op.a(), op.b());
          case Store.Batch.DELETE -> rocks.delete(op.a());
          case Store.Batch.DELETE_RANGE -> rocks.deleteRange(op.a(), op.b());
          case Store.Batch.MERGE -> rocks.merge(op.a(), op.b());
          default -> throw new IllegalStateException("unknown batch operation " + op.kind());
        }
      }
      return rocks;
    } catch (RocksDBException | RuntimeException e) {
      rocks.close();
      throw e;
    }
  }
}
