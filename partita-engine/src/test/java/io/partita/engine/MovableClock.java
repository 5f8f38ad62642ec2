package io.partita.engine;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock the engine's tests move by hand (expiry, retries, minutes of counts, recovery windows). */
public final class MovableClock extends Clock {
  private final AtomicLong millis;

  public MovableClock(Instant start) {
    this.millis = new AtomicLong(start.toEpochMilli());
  }

  public MovableClock() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  public void setMillis(long epochMillis) {
    millis.set(epochMillis);
  }

  public void advanceMillis(long delta) {
    millis.addAndGet(delta);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public long millis() {
    return millis.get();
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis.get());
  }
}
