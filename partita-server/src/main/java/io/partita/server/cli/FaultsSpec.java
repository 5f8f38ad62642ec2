package io.partita.server.cli;

import io.partita.engine.Faults;
import picocli.CommandLine;

/** Reads {@code --faults SPEC} ({@link Faults#parse}). */
final class FaultsSpec implements CommandLine.ITypeConverter<Faults> {
  @Override
  public Faults convert(String spec) {
    try {
      return Faults.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException("--faults: " + e.getMessage());
    }
  }
}
