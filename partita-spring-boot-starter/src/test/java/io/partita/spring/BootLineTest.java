package io.partita.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;

/**
 * These tests run twice, on the Boot line the starter is built with (4.x) and, from boot3/, on 3.5; each pom tells
 * Surefire the version it means. This test makes sure the class path holds that version, so a dependency management
 * slip cannot run the "3.5" run on 4.x unnoticed.
 */
class BootLineTest {
  @Test
  void theClassPathHoldsTheIntendedBootLine() {
    String expected = System.getProperty("partita.spring-boot.version");
    assumeTrue(expected != null, "run by Maven, which names the intended version");
    assertThat(SpringBootVersion.getVersion()).isEqualTo(expected);
  }
}
