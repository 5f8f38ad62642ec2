package io.partita.server.wire;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids in DynamoDB's form: 52 characters of upper-case letters and digits. */
public final class RequestIds {
  private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
  /** 36^12 < 2^63: twelve base-36 digits come out of one random long without bias worth noting. */
  private static final int DIGITS_PER_LONG = 12;

  private RequestIds() {}

  public static String next() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    char[] id = new char[52];
    long bits = 0;
    for (int i = 0; i < id.length; i++) {
      if (i % DIGITS_PER_LONG == 0) {
        bits = random.nextLong() >>> 1;
      }
      id[i] = ALPHABET[(int) (bits % ALPHABET.length)];
      bits /= ALPHABET.length;
    }
    return new String(id);
  }
}
