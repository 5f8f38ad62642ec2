package io.partita.model.internal;

import java.time.Clock;
import java.util.UUID;

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, the version, 12 bits {@code rand_a}, the variant and 62
 * bits {@code rand_b}. Monotonic by RFC 9562 §6.2 method 2: within one millisecond the 74 random bits of the
 * previous id are incremented, so ids from one generator are strictly increasing, as UUIDs and as text. Thread-safe.
 */
public final class UuidV7Generator {
  // 74 random bits: rand_a (12) high, rand_b (62) low, starting low in rand_b so many increments fit in a millisecond
  private final MonotonicRandom state;

  public UuidV7Generator(Clock clock) {
    this.state = new MonotonicRandom(clock, 12, 62, true);
  }

  public synchronized UUID next() {
    state.advance();
    long msb = (state.millis() << 16) | (7L << 12) | state.high();
    long lsb = (2L << 62) | state.low();
    return new UUID(msb, lsb);
  }

  /** The millisecond timestamp of a version 7 UUID. */
  public static long millis(UUID uuid) {
    return uuid.getMostSignificantBits() >>> 16;
  }
}
