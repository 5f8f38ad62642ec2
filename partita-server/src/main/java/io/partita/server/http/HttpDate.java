package io.partita.server.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The {@code Date} header, formatted once per second rather than per answer. The SDKs read it to
 * correct their clock after a "Signature expired" refusal.
 */
final class HttpDate {
  private static volatile Cached cached = new Cached(-1, "");

  private record Cached(long second, String text) {}

  private HttpDate() {}

  static String now() {
    long second = System.currentTimeMillis() / 1000;
    Cached c = cached;
    if (c.second != second) {
      c = new Cached(second, DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochSecond(second)
          .atOffset(ZoneOffset.UTC)));
      cached = c;
    }
    return c.text;
  }
}
