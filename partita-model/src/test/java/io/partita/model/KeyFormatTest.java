package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Formatted placeholders in key templates, on every backend: padded numbers sort as numbers in a query. */
class KeyFormatTest {

  enum Season { WINTER, SUMMER }

  record Episode(String show, int number, Season season, String title) {}

  private static final Entity<Episode> EPISODE = Entity.of(Episode.class)
      .key("SHOW#{show:upper}", "EP#{number:04d}")
      .index("gsi1", "SEASON#{season:lower}", "EP#{number:04d}#{show}");
  private static final AccessPattern<Episode> EPISODES = AccessPattern.of("Episodes of a show", EPISODE)
      .partition("SHOW#{show:upper}").sortBeginsWith("EP#").build();
  private static final AccessPattern<Episode> RANGE = AccessPattern.of("Episodes in a range", EPISODE)
      .partition("SHOW#{show:upper}").sort(AccessPattern.SortOp.BETWEEN, "EP#{number:04d}").build();
  private static final AccessPattern<Episode> BY_SEASON = AccessPattern.of("Episodes of a season", EPISODE)
      .index("gsi1").partition("SEASON#{season:lower}").sortBeginsWith("EP#").build();

  private static ModelClient client(Backend backend, String table) {
    Model model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(EPISODE).patterns(EPISODES, RANGE, BY_SEASON).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    return db;
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void paddedNumbersComeBackInNumericOrder(Backend backend) {
    String table = Backend.freshTable("Shows");
    ModelClient db = client(backend, table);
    List<Integer> numbers = new ArrayList<>(IntStream.rangeClosed(1, 120).boxed().toList());
    Collections.shuffle(numbers, new Random(4));
    List<Episode> episodes = new ArrayList<>();
    for (int n : numbers) {
      episodes.add(new Episode("lost", n, n % 2 == 0 ? Season.WINTER : Season.SUMMER, "Episode " + n));
    }
    assertTrue(db.batchWrite().put(EPISODE, episodes).execute().unprocessedPuts().isEmpty());

    List<Integer> ascending = db.query(EPISODES).partition(Key.of("show", "lost")).stream()
        .map(Episode::number).toList();
    assertEquals(IntStream.rangeClosed(1, 120).boxed().toList(), ascending, "1, 2, … 10, … 100, not 1, 10, 100");
    List<Integer> latest = db.query(EPISODES).partition(Key.of("show", "LOST")).descending().limit(3).page()
        .items().stream().map(Episode::number).toList();
    assertEquals(List.of(120, 119, 118), latest, "the partition value is cased the same whatever its case");
    assertEquals(List.of(9, 10, 11), db.query(RANGE).partition(Key.of("show", "lost"))
        .sortBetween(Key.of("number", 9), Key.of("number", 11)).stream().map(Episode::number).toList());
    assertEquals(List.of(2, 4, 6), db.query(BY_SEASON).partition(Key.of("season", Season.WINTER)).limit(3).page()
        .items().stream().map(Episode::number).toList(), "index keys are formatted too");

    Map<String, AttributeValue> raw = backend.client().getItem(b -> b.tableName(table).key(Map.of(
        "pk", AttributeValue.fromS("SHOW#LOST"), "sk", AttributeValue.fromS("EP#0007")))).item();
    assertEquals("SEASON#summer", raw.get("gsi1pk").s(), "the format applies to the value, not the literal");
    assertEquals("EP#0007#lost", raw.get("gsi1sk").s());
    Key key = db.entity(EPISODE).keyFrom(raw);
    assertEquals(Key.of("show", "LOST", "number", 7), key, "decoding removes the padding; casing stays as stored");
    assertEquals(Optional.of("Episode 7"), db.entity(EPISODE).get(key).map(Episode::title));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void valuesAFormatCannotTakeAreRefusedNamingTheField(Backend backend) {
    ModelClient db = client(backend, Backend.freshTable("Shows"));
    ValidationException wide = assertThrows(ValidationException.class,
        () -> db.entity(EPISODE).create(new Episode("lost", 10_000, Season.WINTER, "too far")));
    assertEquals("Episode", wide.entity());
    assertEquals("number", wide.field());
    assertTrue(wide.getMessage().contains("at most 4 digits"), wide.getMessage());
    ValidationException negative = assertThrows(ValidationException.class,
        () -> db.entity(EPISODE).get(Key.of("show", "lost", "number", -1)));
    assertTrue(negative.getMessage().contains("at least 0"), negative.getMessage());
    ValidationException foreign = assertThrows(ValidationException.class,
        () -> db.entity(EPISODE).keyFrom(Map.of("pk", AttributeValue.fromS("SHOW#LOST"),
            "sk", AttributeValue.fromS("EP#7"))));
    assertTrue(foreign.getMessage().contains("does not match template 'EP#{number:04d}'"), foreign.getMessage());
  }

  record Named(String id, String title, int n) {}

  @Test
  void formatsMustFitTheFieldWhenTheModelIsBuilt() {
    ModelException e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("App"))
        .entities(Entity.of(Named.class).key("N#{title:04d}", "N")).build());
    assertEquals("title", e.field());
    assertTrue(e.getMessage().contains("0Nd pads whole numbers"), e.getMessage());
    e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("App"))
        .entities(Entity.of(Named.class).key("N#{n:upper}", "N")).build());
    assertTrue(e.getMessage().contains("upper and lower apply to String and enum fields"), e.getMessage());
    e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("App"))
        .entities(Entity.of(Named.class).key("N#{n:4d}", "N")).build());
    assertTrue(e.getMessage().contains("unknown format"), e.getMessage());
    Entity<Named> named = Entity.of(Named.class).key("N#{id}", "N#{n:04d}");
    e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("App")).entities(named)
        .patterns(AccessPattern.of("unpadded", named).partition("N#{id}").sort(AccessPattern.SortOp.GT, "N#{n}")
            .build()).build());
    assertTrue(e.getMessage().contains("not a leading part"), e.getMessage());
  }
}
