package io.partita.model.internal;

import java.security.SecureRandom;
import java.time.Clock;

/**
 * The time and random bits of a monotonic time-ordered id (ULID, UUIDv7): Unix milliseconds, then a random part of
 * {@code highBits + lowBits} bits. A new millisecond draws a new random part; within one millisecond, or when the
 * clock steps back, the previous random part is incremented (and on its overflow the millisecond borrowed from the
 * next), so successive values strictly increase. Not thread-safe: each generator advances its own under its lock.
 */
final class MonotonicRandom {
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final long highMask;
  private final long lowMask;
  private final long lowStart;
  private long millis = -1;
  private long high;
  private long low;

  /**
   * @param highBits bits of the random part's high word (at most 32)
   * @param lowBits bits of its low word (at most 64)
   * @param startLow whether a new millisecond clears the low word's top bit, so many increments fit before it
   *     overflows
   */
  MonotonicRandom(Clock clock, int highBits, int lowBits, boolean startLow) {
    this.clock = clock;
    this.highMask = (1L << highBits) - 1;
    this.lowMask = lowBits == 64 ? -1L : (1L << lowBits) - 1;
    this.lowStart = startLow ? lowMask >>> 1 : lowMask;
  }

  /** Moves to the next value; read it with {@link #millis()}, {@link #high()}, {@link #low()}. */
  void advance() {
    long now = clock.millis();
    if (now > millis) {
      millis = now;
      high = random.nextInt() & highMask;
      low = random.nextLong() & lowStart;
    } else if ((low = (low + 1) & lowMask) == 0 && (high = (high + 1) & highMask) == 0) {
      millis++; // every value of this millisecond used: borrow the next one rather than repeat
    }
  }

  long millis() {
    return millis;
  }

  long high() {
    return high;
  }

  long low() {
    return low;
  }
}
