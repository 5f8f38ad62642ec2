package io.partita.engine.internal.ops.context;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The items a TransactWriteItems is writing at this moment, by exact storage key, so that what
 * meets them is refused as Amazon DynamoDB refuses it instead of waiting (docs/dynamodb-messages.md,
 * question (d)): a PutItem, UpdateItem or DeleteItem of such an item gets TransactionConflictException,
 * and another transaction that writes or reads it is cancelled with a TransactionConflict reason.
 * The item locks cannot tell this: they are striped, and two items may share a stripe.
 *
 * <p>A transaction claims its items before it takes their locks and releases them after its
 * write, so "ongoing" is the time it holds or waits for them. A single-item write that checked
 * just before a transaction claimed its item is not refused: it waits on the lock and is
 * serialized before or after the transaction, as any retry of it would be.
 */
public final class OngoingTransactions {
  private final Set<ByteBuffer> items = ConcurrentHashMap.newKeySet();
  /** Runs while a transaction holds its claims, before its locks (tests use it to hold one there). */
  volatile Runnable whileClaimed;

  /**
   * Claims {@code keys} for one transaction. Answers null when all were claimed; otherwise claims
   * none and answers which of them another transaction holds.
   */
  public boolean[] claim(List<byte[]> keys) {
    List<ByteBuffer> taken = new ArrayList<>(keys.size());
    boolean[] conflicts = null;
    for (int i = 0; i < keys.size(); i++) {
      ByteBuffer k = ByteBuffer.wrap(keys.get(i));
      if (items.add(k)) {
        taken.add(k);
      } else {
        if (conflicts == null) conflicts = new boolean[keys.size()];
        conflicts[i] = true;
      }
    }
    if (conflicts != null) {
      taken.forEach(items::remove);
      return conflicts;
    }
    Runnable hook = whileClaimed;
    if (hook != null) hook.run();
    return null;
  }

  public void release(List<byte[]> keys) {
    for (byte[] k : keys) {
      items.remove(ByteBuffer.wrap(k));
    }
  }

  /** Which of {@code keys} a transaction is writing now, or null when none is. */
  public boolean[] held(List<byte[]> keys) {
    boolean[] held = null;
    for (int i = 0; i < keys.size(); i++) {
      if (ongoing(keys.get(i))) {
        if (held == null) held = new boolean[keys.size()];
        held[i] = true;
      }
    }
    return held;
  }

  /** Whether a transaction is writing the item with this storage key now. */
  public boolean ongoing(byte[] key) {
    return !items.isEmpty() && items.contains(ByteBuffer.wrap(key));
  }
}
