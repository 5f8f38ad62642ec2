package io.partita.embedded;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/** A clock a test moves by hand (transaction token windows, Time to Live). */
final class MutableClock extends Clock {
  private volatile Instant now;

  MutableClock(Instant start) {
    this.now = start;
  }

  MutableClock() {
    this(Instant.parse("2026-11-21T10:00:00Z"));
  }

  void advance(Duration d) {
    now = now.plus(d);
  }

  long epochSecond() {
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
