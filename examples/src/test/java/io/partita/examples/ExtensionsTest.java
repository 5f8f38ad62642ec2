package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.extensions.Extensions;
import io.partita.examples.extensions.Extensions.Extension;
import io.partita.examples.extensions.Extensions.ExtensionItem;
import io.partita.examples.extensions.Extensions.Version;

/** The extensions and versions example on both backends: the four access patterns. */
class ExtensionsTest {

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theFourAccessPatterns(Backend backend) {
    Extensions x = new Extensions(backend.client(), Backend.freshTable("Extensions"));
    x.db.createTable();
    x.seed();
    assertEquals("Hides what should be hidden", x.extension("Stealth").orElseThrow().description());
    List<ExtensionItem> all = x.withVersions("Stealth");
    assertEquals(3, all.size());
    assertTrue(all.get(0) instanceof Extension, "METADATA# sorts before VERSION#");
    assertEquals(List.of("1.0.0", "1.1.0"), x.versionsOf("Stealth").stream().map(Version::version)
        .collect(Collectors.toList()));
    assertEquals(2, x.version("Stealth", "1.1.0").orElseThrow().revision());
    assertEquals(Optional.empty(), x.version("Stealth", "9.9.9"));
    assertEquals(List.of("2.0.0"), x.versionsOf("Catex").stream().map(Version::version)
        .collect(Collectors.toList()));
    assertEquals(4, x.model.worksheet().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| #")).count());
  }

  @Test
  void mainRuns() {
    Extensions.main(new String[0]);
  }
}
