package io.partita.engine.ops;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks over item storage keys. A conditional write holds its item's stripe from the read
 * of the old item to the write of the new one, which makes read-check-write atomic per item.
 * Readers never take these locks. Transactions (later) take several stripes in index order, so
 * two of them can never wait on each other in a cycle.
 */
final class ItemLocks {
  private static final int STRIPES = 4096;
  private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

  ItemLocks() {
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  ReentrantLock forKey(byte[] storageKey) {
    int h = Arrays.hashCode(storageKey);
    h ^= (h >>> 16);
    return locks[h & (STRIPES - 1)];
  }
}
