package io.partita.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The database's clock: it starts at the real time and then moves only when the test moves it, so what depends on
 * time in the engine (throughput refilling, a storage retry falling due, Time to Live) depends on the test alone.
 */
final class ManualClock extends Clock {
  private volatile Instant now = Instant.now();

  void advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("the clock moves forward only, not by " + by);
    }
    synchronized (this) {
      now = now.plus(by);
    }
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  /** This clock seen in {@code zone}: the same instant, moved by the same test. */
  @Override
  public Clock withZone(ZoneId zone) {
    return zone.equals(ZoneOffset.UTC) ? this : new Zoned(this, zone);
  }

  /** A zone's view of a {@link ManualClock}: it reads the clock's instant, so it moves when the clock does. */
  private static final class Zoned extends Clock {
    private final ManualClock clock;
    private final ZoneId zone;

    Zoned(ManualClock clock, ZoneId zone) {
      this.clock = clock;
      this.zone = zone;
    }

    @Override
    public Instant instant() {
      return clock.instant();
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
      return clock.withZone(other);
    }
  }
}
