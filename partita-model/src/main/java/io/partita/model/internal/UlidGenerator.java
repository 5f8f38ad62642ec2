package io.partita.model.internal;

import java.time.Clock;

/**
 * ULIDs (https://github.com/ulid/spec): 48 bits of Unix milliseconds then 80 random bits, as 26 Crockford base-32
 * characters, so the text sorts by creation time. Monotonic: within one millisecond (or when the clock steps back)
 * the 80-bit random part of the previous id is incremented, so ids from one generator are strictly increasing.
 * Thread-safe.
 */
public final class UlidGenerator {
  private static final char[] CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

  private final MonotonicRandom state; // 80 random bits: 16 high, 64 low

  public UlidGenerator(Clock clock) {
    this.state = new MonotonicRandom(clock, 16, 64, false);
  }

  public synchronized String next() {
    state.advance();
    return encode(state.millis(), state.high(), state.low());
  }

  static String encode(long millis, long high16, long low64) {
    char[] out = new char[26];
    // 10 characters of time (50 bits, the top 2 always zero for 48-bit times)
    for (int i = 9; i >= 0; i--) {
      out[i] = CROCKFORD[(int) (millis & 31)];
      millis >>>= 5;
    }
    // 16 characters of randomness: 80 bits = high16 ++ low64, taken 5 bits at a time from the least significant end
    long lo = low64;
    long hi = high16;
    for (int i = 25; i >= 10; i--) {
      out[i] = CROCKFORD[(int) (lo & 31)];
      lo = (lo >>> 5) | ((hi & 31) << 59);
      hi >>>= 5;
    }
    return new String(out);
  }

  /** The millisecond timestamp of a ULID. */
  public static long millis(String ulid) {
    long t = 0;
    for (int i = 0; i < 10; i++) {
      t = (t << 5) | indexOf(ulid.charAt(i));
    }
    return t;
  }

  private static int indexOf(char c) {
    for (int i = 0; i < CROCKFORD.length; i++) {
      if (CROCKFORD[i] == Character.toUpperCase(c)) {
        return i;
      }
    }
    throw new IllegalArgumentException("not a Crockford base-32 character: " + c);
  }
}
