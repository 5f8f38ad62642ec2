package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Without {@code @ModelTest(storageFaults = true)} the kit's database is the store in plain Java, which cannot fail
 * its writes: asking it to is refused, saying what to declare, rather than passing without the fault.
 */
@ModelTest
class StorageFaultsOptInTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @Test
  void failingStorageWritesNeedsTheOptIn(Switches switches) {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> switches.failStorageWrites(1));
    assertTrue(e.getMessage().startsWith("failStorageWrites needs @ModelTest(storageFaults = true)"), e.getMessage());
  }
}
