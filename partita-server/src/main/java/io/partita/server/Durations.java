package io.partita.server;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time interval as the command line and the admin API write it: a whole number with {@code ms},
 * {@code s}, {@code m} or {@code h} ({@code 500ms}, {@code 2s}, {@code 1m}), or {@code 0}.
 */
public final class Durations {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

  private Durations() {}

  /** The interval {@code value} writes; IllegalArgumentException saying how to write one otherwise. */
  public static Duration parse(String value) {
    Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
    if (!m.matches() || (m.group(2) == null && Long.parseLong(m.group(1)) != 0)) {
      throw new IllegalArgumentException("'" + value + "' is not an interval: write a number with ms, s, m"
          + " or h (500ms, 2s, 1m), or 0 for never");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2) == null ? "s" : m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
  }
}
