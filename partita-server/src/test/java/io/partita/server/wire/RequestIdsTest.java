package io.partita.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdsTest {
  @Test
  void anIdIsFiftyTwoUpperCaseLettersAndDigitsAndIdsDiffer() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      String id = RequestIds.next();
      assertTrue(id.matches("[A-Z0-9]{52}"), id);
      assertTrue(seen.add(id), "a repeated id: " + id);
    }
  }

  @Test
  void everyCharacterIsAboutEquallyLikely() {
    int[] counts = new int[128];
    int ids = 2000;
    for (int i = 0; i < ids; i++) {
      for (char c : RequestIds.next().toCharArray()) {
        counts[c]++;
      }
    }
    // 104,000 characters over 36: about 2,889 each, with a standard deviation near 53; a quarter off
    // is a skew no random ids would show
    double expected = ids * 52 / 36.0;
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    int total = 0;
    for (char c : alphabet.toCharArray()) {
      assertTrue(Math.abs(counts[c] - expected) < expected / 4, c + " came " + counts[c] + " times, not about " + expected);
      total += counts[c];
    }
    assertEquals(ids * 52, total);
  }
}
