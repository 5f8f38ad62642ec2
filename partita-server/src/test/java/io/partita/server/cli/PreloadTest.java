package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 37 (start-up): {@code partita serve} begins its later work on a second thread while the
 * command line is read, and warms its request paths once it listens. It starts for serve only, can be
 * switched off, and both threads end by themselves, leaving no database thread running behind them.
 */
class PreloadTest {
  @AfterEach
  void forgetThePreload() {
    Preload.forget(); // a later in-process serve in this JVM must not warm up because a test here started one
  }

  @Test
  void startsForServeOnly() {
    assertNull(Preload.startFor(new String[0]));
    assertNull(Preload.startFor(new String[] {"demo"}));
    assertNull(Preload.startFor(new String[] {"--help"}));
  }

  @Test
  void isSwitchedOffByItsProperty() {
    System.setProperty(Preload.SWITCH, "false");
    try {
      assertNull(Preload.startFor(new String[] {"serve", "--in-memory"}));
    } finally {
      System.clearProperty(Preload.SWITCH);
    }
  }

  @Test
  void endsByItselfLeavingNoThreadBehind() throws InterruptedException {
    Set<String> before = threads();
    Thread preload = Preload.startFor(new String[] {"serve", "--in-memory"});
    assertNotNull(preload);
    assertEndsLeavingNoDatabaseThread(preload, before);
    Preload.awaitLogging(); // open once it has run
  }

  /** The warm-up a server begins once it listens, after a preload, serves its requests and ends the same way. */
  @Test
  void theWarmUpAfterListeningEndsByItselfLeavingNoThreadBehind() throws InterruptedException {
    Set<String> before = threads();
    assertEndsLeavingNoDatabaseThread(Preload.startFor(new String[] {"serve", "--in-memory"}), before);
    Thread warmUp = Preload.afterListening();
    assertNotNull(warmUp, "a preload ran, so the warm-up follows");
    assertEndsLeavingNoDatabaseThread(warmUp, before);
  }

  private static void assertEndsLeavingNoDatabaseThread(Thread thread, Set<String> before) throws InterruptedException {
    assertTrue(thread.isDaemon(), "never holds the JVM up");
    thread.join(120_000);
    assertFalse(thread.isAlive(), "still running after two minutes");
    Set<String> left = threads();
    left.removeAll(before);
    // the scratch database's background threads stop when it is closed (a closed pool's threads may take a
    // moment to die: waited for, up to a minute)
    for (int i = 0; i < 1200 && left.stream().anyMatch(PreloadTest::aDatabases); i++) {
      Thread.sleep(50);
      left = threads();
      left.removeAll(before);
    }
    assertEquals(Set.of(), left.stream().filter(PreloadTest::aDatabases).collect(Collectors.toSet()));
  }

  /** A thread an engine starts (its background executor's, its Time to Live sweeper's). */
  private static boolean aDatabases(String thread) {
    return thread.startsWith("partita-background") || thread.startsWith("partita-ttl");
  }

  private static Set<String> threads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
        .collect(Collectors.toSet());
  }
}
