package io.partita.server.wire;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids in DynamoDB's form: 52 characters of upper-case letters and digits. */
public final class RequestIds {
  private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  private RequestIds() {}

  public static String next() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    char[] id = new char[52];
    for (int i = 0; i < id.length; i++) {
      id[i] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return new String(id);
  }
}
