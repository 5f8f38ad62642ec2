package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code partita serve --ttl-interval INTERVAL}: the intervals it takes and the ones it refuses, with a reason. */
class IntervalTest {
  @Test
  void intervalsAreMillisecondsSecondsMinutesOrHours() {
    assertEquals(Duration.ofMillis(500), Interval.parse("500ms"));
    assertEquals(Duration.ofSeconds(2), Interval.parse("2s"));
    assertEquals(Duration.ofSeconds(2), Interval.parse("2S"));
    assertEquals(Duration.ofMinutes(1), Interval.parse("1m"));
    assertEquals(Duration.ofHours(3), Interval.parse("3h"));
    assertEquals(Duration.ZERO, Interval.parse("0"), "0 turns the sweep off");
  }

  @Test
  void nonsenseIsRefusedWithAReason() {
    for (String bad : new String[] {"soon", "-1s", "2", "1.5s", "2d", "9999999999s"}) {
      assertTrue(assertThrows(CommandLine.TypeConversionException.class, () -> Interval.parse(bad)).getMessage()
          .contains("not an interval"), bad);
    }
  }

  @Test
  void serveHelpDocumentsTheOptionAndItsDefault() {
    String help = new CommandLine(new ServeCommand()).getUsageMessage();
    assertTrue(help.contains("--ttl-interval=INTERVAL"), help);
    assertTrue(help.contains("default: 2s"), help);
  }
}
