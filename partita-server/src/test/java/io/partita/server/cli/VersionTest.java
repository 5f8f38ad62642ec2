package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 17: {@code partita --version} said "(development build)" unless run from a jar whose
 * manifest named a version, which the {@code ./partita} script never does. It now prints the pom's
 * version (handed to this test by surefire) from classes as from jars.
 */
class VersionTest {
  private static final String POM_VERSION = System.getProperty("partita.expected.version");

  @Test
  void versionAndVIsThePomsVersion() {
    assertFalse(POM_VERSION == null || POM_VERSION.isBlank(), "surefire did not pass the pom's version");
    for (String flag : new String[] {"--version", "-V"}) {
      StringWriter out = new StringWriter();
      int exit = PartitaCommand.commandLine().setOut(new PrintWriter(out)).execute(flag);
      assertEquals(0, exit);
      assertEquals("Partita " + POM_VERSION, out.toString().strip());
    }
  }

  @Test
  void versionIsAVersionNumber() {
    assertEquals(POM_VERSION, PartitaCommand.version());
    // 0.1.0, 0.1.0-SNAPSHOT, 1.2.3-rc1: never a placeholder
    assertFalse(PartitaCommand.version().contains("$") || PartitaCommand.version().contains("development"));
  }
}
