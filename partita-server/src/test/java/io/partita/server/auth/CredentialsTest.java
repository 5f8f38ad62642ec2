package io.partita.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredentialsTest {
  @Test
  void looksUpSecretsByAccessKeyId() {
    Map<String, String> pairs = new LinkedHashMap<>();
    pairs.put("AKID1", "secret-one");
    pairs.put("AKID2", "secret-two");
    Credentials credentials = Credentials.of(pairs);
    pairs.put("AKID3", "added-later");

    assertFalse(credentials.isEmpty());
    assertEquals("secret-one", credentials.secretFor("AKID1"));
    assertEquals("secret-two", credentials.secretFor("AKID2"));
    assertNull(credentials.secretFor("AKID3"), "a copy, not a view");
    assertNull(credentials.secretFor("akid1"), "ids are case-sensitive");
    assertNull(credentials.secretFor(null));
  }

  @Test
  void toStringNeverShowsASecret() {
    Credentials credentials = Credentials.of(Map.of("AKID1", "very-secret-value"));
    assertFalse(credentials.toString().contains("very-secret-value"));
    assertTrue(credentials.toString().contains("AKID1"));
  }

  @Test
  void noneIsEmpty() {
    assertTrue(Credentials.none().isEmpty());
    assertTrue(Credentials.of(Map.of()).isEmpty());
    assertNull(Credentials.none().secretFor("AKID1"));
  }

  @Test
  void blankIdsAndSecretsAreRefusedWithoutShowingSecrets() {
    assertThrows(IllegalArgumentException.class, () -> Credentials.of(Map.of(" ", "secret")));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Credentials.of(Map.of("AKID1", "")));
    assertTrue(e.getMessage().contains("AKID1"));
    Map<String, String> withNull = new HashMap<>();
    withNull.put("AKID1", null);
    assertThrows(IllegalArgumentException.class, () -> Credentials.of(withNull));
  }
}
