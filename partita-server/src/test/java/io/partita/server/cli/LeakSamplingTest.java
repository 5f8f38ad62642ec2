package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetector.Level;
import org.junit.jupiter.api.Test;

/** {@code partita serve} turns Netty's leak sampling off unless a level is named (ServeCommand.withoutLeakSampling). */
class LeakSamplingTest {
  private static final String PROPERTY = "io.netty.leakDetection.level";
  /** The property's older name, which Netty still reads. */
  private static final String OLDER = "io.netty.leakDetectionLevel";

  @Test
  void aLevelNamedIsKept() {
    Level before = ResourceLeakDetector.getLevel();
    String named = System.getProperty(PROPERTY);
    try {
      System.setProperty(PROPERTY, "simple");
      ResourceLeakDetector.setLevel(Level.SIMPLE);
      ServeCommand.withoutLeakSampling();
      assertEquals(Level.SIMPLE, ResourceLeakDetector.getLevel());
    } finally {
      restore(before, named);
    }
  }

  @Test
  void noLevelNamedTurnsSamplingOff() {
    Level before = ResourceLeakDetector.getLevel();
    String named = System.clearProperty(PROPERTY);
    String older = System.clearProperty(OLDER);
    try {
      ResourceLeakDetector.setLevel(Level.SIMPLE);
      ServeCommand.withoutLeakSampling();
      assertEquals(Level.DISABLED, ResourceLeakDetector.getLevel());
    } finally {
      restore(before, named);
      if (older != null) {
        System.setProperty(OLDER, older);
      }
    }
  }

  private static void restore(Level level, String named) {
    ResourceLeakDetector.setLevel(level);
    if (named == null) {
      System.clearProperty(PROPERTY);
    } else {
      System.setProperty(PROPERTY, named);
    }
  }
}
