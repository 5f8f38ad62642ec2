package io.partita.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Formatted placeholders: padded numbers sort as numbers, and matching a key reverses the formatting. */
class TemplateFormatTest {

  @Test
  void paddedNumbersSortInNumericOrderAndMatchBack() {
    Template t = Template.parse("SCORE#{n:08d}#{id}");
    Random random = new Random(20);
    List<Long> numbers = new ArrayList<>(List.of(0L, 1L, 2L, 9L, 10L, 11L, 99L, 100L, 99_999_999L));
    for (int i = 0; i < 5000; i++) {
      numbers.add((long) random.nextInt(100_000_000));
    }
    List<String> keys = new ArrayList<>();
    for (long n : numbers) {
      String key = t.render(f -> f.equals("n") ? Long.toString(n) : "x", false);
      assertEquals(8 + "SCORE##x".length(), key.length(), key);
      assertEquals(Map.of("n", Long.toString(n), "id", "x"), t.match(key), "matching reverses the padding");
      keys.add(key);
    }
    List<String> byText = new ArrayList<>(keys);
    byText.sort(Comparator.naturalOrder());
    List<Long> byNumber = new ArrayList<>(numbers);
    byNumber.sort(Comparator.naturalOrder());
    List<Long> textOrder = byText.stream().map(k -> Long.parseLong(t.match(k).get("n"))).toList();
    assertEquals(byNumber, textOrder, "text order is numeric order");
  }

  @Test
  void casingAndRefusedValues() {
    Template t = Template.parse("TAG#{tag:lower}#{code:upper}");
    assertEquals("TAG#java#EU", t.render(f -> f.equals("tag") ? "Java" : "eu", false));
    assertEquals(Map.of("tag", "java", "code", "EU"), t.match("TAG#java#EU"));
    Template padded = Template.parse("N#{n:03d}");
    RecordMapper.FieldException wide = assertThrows(RecordMapper.FieldException.class,
        () -> padded.render(f -> "1000", false));
    assertEquals("n", wide.field());
    assertTrue(wide.getMessage().contains("at most 3 digits"), wide.getMessage());
    assertThrows(RecordMapper.FieldException.class, () -> padded.render(f -> "-1", false));
    assertThrows(RecordMapper.FieldException.class, () -> padded.render(f -> "1.5", false));
    assertEquals("N#007", padded.render(f -> "7", false));
    assertNull(padded.match("N#7"), "an unpadded text was not written by this template");
    assertNull(padded.match("M#007"));
    assertEquals(Map.of("n", "0"), padded.match("N#000"));
    for (String bad : new String[] {"N#{n:8d}", "N#{n:00d}", "N#{n:039d}", "N#{n:caps}", "N#{n:}"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Template.parse(bad), bad);
      assertTrue(e.getMessage().contains("unknown format"), e.getMessage());
    }
    assertEquals(38, Template.parse("N#{n:038d}").tokens().get(1).width());
  }

  @Test
  void formatsAreCompared() {
    assertTrue(Template.parse("EP#{n:04d}").sameAs(Template.parse("EP#{n:04d}")));
    assertTrue(!Template.parse("EP#{n}").sameAs(Template.parse("EP#{n:04d}")));
    assertTrue(Template.parse("EP#").isPrefixOf(Template.parse("EP#{n:04d}")));
  }
}
