package io.partita.server.cli;

import io.partita.server.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** A time interval option ({@link Durations}: {@code 500ms}, {@code 2s}, {@code 1m}, or {@code 0}). */
final class Interval implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    return parse(value);
  }

  static Duration parse(String value) {
    try {
      return Durations.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
