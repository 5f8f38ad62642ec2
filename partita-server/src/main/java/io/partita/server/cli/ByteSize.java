package io.partita.server.cli;

import io.partita.engine.Partita;
import java.util.Locale;
import picocli.CommandLine;

/**
 * A memory size on the command line: bytes, or a number with {@code k}, {@code m} or {@code g}
 * (powers of 1024, as the JVM's {@code -Xmx}); {@code 256m}, {@code 1g}. At least 16m, below which
 * RocksDB would flush its memtables every few hundred items.
 */
final class ByteSize implements CommandLine.ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    return parse(value);
  }

  static long parse(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    int shift = v.endsWith("k") ? 10 : v.endsWith("m") ? 20 : v.endsWith("g") ? 30 : 0;
    String digits = shift == 0 ? v : v.substring(0, v.length() - 1);
    long bytes;
    try {
      long n = Long.parseLong(digits);
      if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
        throw new NumberFormatException();
      }
      bytes = n << shift;
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not a size: write bytes, or a number with k, m"
          + " or g (256m, 1g)");
    }
    if (bytes < Partita.Options.MIN_MEMORY_BYTES) {
      throw new CommandLine.TypeConversionException("'" + value + "' is too little: at least "
          + (Partita.Options.MIN_MEMORY_BYTES >> 20) + "m");
    }
    return bytes;
  }
}
