package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code partita serve --memory SIZE}: the sizes it takes and the ones it refuses, with a reason. */
class ByteSizeTest {
  @Test
  void sizesAreBytesOrKibMibGib() {
    assertEquals(256L << 20, ByteSize.parse("256m"));
    assertEquals(256L << 20, ByteSize.parse("256M"));
    assertEquals(1L << 30, ByteSize.parse("1g"));
    assertEquals(32768L << 10, ByteSize.parse("32768k"));
    assertEquals(16L << 20, ByteSize.parse(Long.toString(16L << 20)));
  }

  @Test
  void nonsenseAndTooLittleAreRefusedWithAReason() {
    assertTrue(assertThrows(CommandLine.TypeConversionException.class, () -> ByteSize.parse("lots")).getMessage()
        .contains("not a size"));
    assertTrue(assertThrows(CommandLine.TypeConversionException.class, () -> ByteSize.parse("-1g")).getMessage()
        .contains("not a size"));
    assertTrue(assertThrows(CommandLine.TypeConversionException.class, () -> ByteSize.parse("99999999999g"))
        .getMessage().contains("not a size"));
    assertTrue(assertThrows(CommandLine.TypeConversionException.class, () -> ByteSize.parse("8m")).getMessage()
        .contains("at least 16m"));
  }

  @Test
  void serveHelpDocumentsTheOptionAndItsDefault() {
    String help = new CommandLine(new ServeCommand()).getUsageMessage();
    assertTrue(help.contains("--memory=SIZE"), help);
    assertTrue(help.contains("default: 256m"), help);
  }
}
