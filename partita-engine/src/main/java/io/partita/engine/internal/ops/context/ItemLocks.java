package io.partita.engine.internal.ops.context;

import java.util.Arrays;
import java.util.Collection;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks over item storage keys (in a table with local indexes, over the item collection's
 * key prefix instead: {@link ItemCollections#lockKey}). A conditional write holds its item's stripe from the read
 * of the old item to the write of the new one, which makes read-check-write atomic per item.
 * Readers never take these locks. Whoever needs several items at once (a transaction, an index
 * backfill) takes their stripes through {@link #lockAll} in ascending stripe order, so two such
 * holders can never wait on each other in a cycle, and a single-item writer holds only one.
 */
public final class ItemLocks {
  private static final int STRIPES = 4096;
  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

  /** The stripes held by one {@link #lockAll} call; closing releases them. */
  public interface Held extends AutoCloseable {
    @Override
    void close();
  }

  ItemLocks() {
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  /** Locks the stripes of all {@code storageKeys}, each once, lowest stripe first. */
  public Held lockAll(Collection<byte[]> storageKeys) {
    int[] stripes = storageKeys.size() == 1
        ? new int[] {stripe(storageKeys.iterator().next())} // the single-item write: no sorting
        : storageKeys.stream().mapToInt(ItemLocks::stripe).sorted().distinct().toArray();
    int taken = 0;
    try {
      for (int s : stripes) {
        locks[s].lock();
        taken++;
      }
    } catch (RuntimeException | Error e) {
      unlock(stripes, taken);
      throw e;
    }
    int held = taken;
    return () -> unlock(stripes, held);
  }

  private void unlock(int[] stripes, int count) {
    for (int i = count - 1; i >= 0; i--) {
      locks[stripes[i]].unlock();
    }
  }

  private static int stripe(byte[] storageKey) {
    int h = Arrays.hashCode(storageKey);
    h ^= (h >>> 16);
    return h & (STRIPES - 1);
  }
}
