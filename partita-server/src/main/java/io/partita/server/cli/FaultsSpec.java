package io.partita.server.cli;

import io.partita.engine.ErrorCode;
import io.partita.engine.Faults;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/**
 * Reads {@code --faults rate=0.05[,errors=InternalServerError+ServiceUnavailable+ThrottlingException]
 * [,operations=PutItem+GetItem][,tables=Orders][,seed=42]} into {@link Faults}.
 */
final class FaultsSpec implements CommandLine.ITypeConverter<Faults> {
  @Override
  public Faults convert(String spec) {
    double rate = -1;
    List<ErrorCode> errors = new ArrayList<>(Faults.rate(0, 0).errors());
    Set<String> operations = new LinkedHashSet<>();
    Set<String> tables = new LinkedHashSet<>();
    long seed = 0;
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw new CommandLine.TypeConversionException("expected name=value in --faults, not '" + part + "'");
      }
      String name = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      try {
        switch (name) {
          case "rate" -> rate = Double.parseDouble(value);
          case "seed" -> seed = Long.parseLong(value);
          case "operations" -> operations.addAll(List.of(value.split("\\+")));
          case "tables" -> tables.addAll(List.of(value.split("\\+")));
          case "errors" -> {
            errors.clear();
            for (String e : value.split("\\+")) {
              errors.add(ErrorCode.valueOf(e));
            }
          }
          default -> throw new CommandLine.TypeConversionException("--faults knows rate, errors, operations, tables"
              + " and seed, not '" + name + "'");
        }
      } catch (IllegalArgumentException e) { // NumberFormatException, or no such ErrorCode
        throw new CommandLine.TypeConversionException("--faults: '" + value + "' is not a valid " + name);
      }
    }
    if (rate < 0) {
      throw new CommandLine.TypeConversionException("--faults needs rate=R, a fraction between 0 and 1");
    }
    try {
      return new Faults(rate, errors, operations, tables, seed);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException("--faults: " + e.getMessage());
    }
  }
}
