package io.partita.server.auth;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * SigV4's time stamps: ISO 8601 "basic format" in UTC, {@code 20150830T123600Z}, and the
 * eight-digit day {@code 20150830} of the credential scope.
 */
final class AmzDate {
  private static final DateTimeFormatter BASIC =
      DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
          .withZone(ZoneOffset.UTC)
          .withResolverStyle(ResolverStyle.STRICT);
  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("uuuuMMdd").withZone(ZoneOffset.UTC);

  private AmzDate() {}

  /** {@code text} as a basic-format time stamp, or {@code null} when it is not one. */
  static Instant parseBasic(String text) {
    if (text.length() != 16) {
      return null;
    }
    try {
      return BASIC.parse(text, Instant::from);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * {@code text} from a {@code Date} header: the basic format, or HTTP's own RFC 1123 format
   * ({@code Sun, 30 Aug 2015 12:36:00 GMT}), which AWS converts ("the ISO-8601 version of date from
   * HTTP"); {@code null} when it is neither.
   */
  static Instant parseHttpDate(String text) {
    Instant basic = parseBasic(text);
    if (basic != null) {
      return basic;
    }
    try {
      return DateTimeFormatter.RFC_1123_DATE_TIME.parse(text, Instant::from);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  static String basic(Instant instant) {
    return BASIC.format(instant);
  }

  static String day(Instant instant) {
    return DAY.format(instant);
  }
}
