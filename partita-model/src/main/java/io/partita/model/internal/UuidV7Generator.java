package io.partita.model.internal;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, the version, 12 bits {@code rand_a}, the variant and 62
 * bits {@code rand_b}. Monotonic by RFC 9562 §6.2 method 2: within one millisecond the 74 random bits of the
 * previous id are incremented, so ids from one generator are strictly increasing, as UUIDs and as text. Thread-safe.
 */
public final class UuidV7Generator {
  private static final long RAND_B_MASK = (1L << 62) - 1;

  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private long lastMillis = -1;
  private long randA; // 12 bits
  private long randB; // 62 bits

  public UuidV7Generator(Clock clock) {
    this.clock = clock;
  }

  public synchronized UUID next() {
    long now = clock.millis();
    if (now > lastMillis) {
      lastMillis = now;
      randA = random.nextInt() & 0xFFFL;
      randB = random.nextLong() & RAND_B_MASK;
      // start low in the random space so many increments fit in the millisecond
      randB &= ~(1L << 61);
    } else {
      randB = (randB + 1) & RAND_B_MASK;
      if (randB == 0) {
        randA = (randA + 1) & 0xFFFL;
        if (randA == 0) {
          lastMillis++;
        }
      }
    }
    long msb = (lastMillis << 16) | (7L << 12) | randA;
    long lsb = (2L << 62) | randB;
    return new UUID(msb, lsb);
  }

  /** The millisecond timestamp of a version 7 UUID. */
  public static long millis(UUID uuid) {
    return uuid.getMostSignificantBits() >>> 16;
  }
}
