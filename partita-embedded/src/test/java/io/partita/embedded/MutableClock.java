package io.partita.embedded;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * A clock a test moves by hand (transaction token windows, Time to Live, stream iterators); public
 * for the server's tests, which get this module's test jar.
 */
public final class MutableClock extends Clock {
  private volatile Instant now;

  public MutableClock(Instant start) {
    this.now = start;
  }

  public MutableClock() {
    this(Instant.parse("2026-11-21T10:00:00Z"));
  }

  public void advance(Duration d) {
    now = now.plus(d);
  }

  public long epochSecond() {
    return now.getEpochSecond();
  }

  @Override
  public ZoneOffset getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(java.time.ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
