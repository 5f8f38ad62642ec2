package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The test clock in another zone reads the same instant and moves with it. */
class ManualClockTest {
  @Test
  void aZonesViewMovesWithTheClock() {
    ManualClock clock = new ManualClock();
    Clock paris = clock.withZone(ZoneId.of("Europe/Paris"));
    assertEquals(ZoneId.of("Europe/Paris"), paris.getZone());
    assertEquals(clock.instant(), paris.instant());
    clock.advance(Duration.ofHours(3));
    assertEquals(clock.instant(), paris.instant(), "the view reads the clock, not a copy of it");
    assertSame(clock, paris.withZone(ZoneOffset.UTC));
    assertSame(clock, clock.withZone(ZoneOffset.UTC));
  }
}
