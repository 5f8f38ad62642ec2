package io.partita.engine.internal.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link Store} contract on the fault-injecting store with no fault chosen (it must then be the
 * store it wraps), and what a chosen fault does.
 */
class FaultInjectingStoreTest extends StoreContract {
  @TempDir Path dir;
  /** FaultPlan.failCall's second argument: whether the call is done before it fails. */
  private static final boolean BEFORE = false;
  private static final boolean AFTER = true;

  private final FaultPlan faults = new FaultPlan();

  @Override
  protected Store open(Store.Settings settings) {
    Store s = Store.open(dir, new Store.Settings(settings.memoryBytes(), settings.clock(), faults));
    assertInstanceOf(FaultInjectingStore.class, s);
    return s;
  }

  @Test
  void theChosenCallFailsOnce_aWriteBeforeItIsApplied() {
    write(batch -> batch.put(b(1), b(1)));
    faults.failCall(2, BEFORE);
    assertArrayEquals(b(1), store.get(b(1)), "the first call from now goes through");
    StorageUnavailableException e = assertThrows(StorageUnavailableException.class,
        () -> write(batch -> batch.put(b(1), b(2)).put(b(2), b(2))));
    assertEquals("a storage I/O error", e.getMessage());
    assertArrayEquals(b(1), store.get(b(1)), "nothing of the failed batch");
    assertNull(store.get(b(2)));
    write(batch -> batch.put(b(3), b(3)));
    assertArrayEquals(b(3), store.get(b(3)), "once only");
    assertEquals(0, store.openBatches(), "the failed write's batch was closed");
  }

  @Test
  void theChosenCallFailsOnce_aWriteAfterItIsApplied() {
    faults.failCall(1, AFTER);
    assertThrows(StorageUnavailableException.class, () -> write(batch -> batch.put(b(1), b(2)).put(b(2), b(2))));
    assertArrayEquals(b(2), store.get(b(1)), "applied whole, though reported failed");
    assertArrayEquals(b(2), store.get(b(2)));
  }

  @Test
  void everyReadIsACall_aCursorStepToo() {
    write(batch -> batch.put(b(1), b(1)).put(b(2), b(2)));
    long before = faults.calls();
    try (Store.Cursor c = store.cursor(b(0), b(9), false)) {
      assertTrue(c.next());
      faults.failCall(1, BEFORE);
      assertThrows(StorageException.class, c::next);
      assertTrue(c.next(), "the cursor goes on after the failed step");
    }
    assertEquals(4, faults.calls() - before, "the cursor's opening and each of its steps");
    faults.failCall(1, BEFORE);
    assertThrows(StorageException.class, () -> store.get(b(1)));
    faults.failCall(1, BEFORE);
    assertThrows(StorageException.class, () -> store.counter(b(1)));
    faults.failCall(1, BEFORE);
    assertThrows(StorageException.class, () -> store.view());
    assertEquals(0, store.openReaders(), "a refused cursor or view is never opened");
  }
}
