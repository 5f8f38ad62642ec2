package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import io.partita.model.AccessPattern.SortOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * Multi-attribute GSI keys (issue 20): up to four partition and four sort key attributes per GSI key, each written
 * from its own template; a query gives every partition attribute a value and the sort attributes left to right, with
 * a condition only on the last one it uses. DynamoDB's rules: Amazon DynamoDB Developer Guide, "Multi-attribute keys
 * pattern" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.DesignPattern.MultiAttributeKeys.html)
 * and "Multi-attribute key schema" in "Using Global Secondary Indexes" (GSI.html#GSI.MultiAttributeKeys). The guide's
 * own example: tournament matches by tournament and region, then round and bracket.
 */
class MultiAttributeKeyTest {
  record Match(String matchId, String tournament, String region, String round, Optional<String> bracket,
      String winner) {}

  static final Entity<Match> MATCH = Entity.of(Match.class).key("MATCH#{matchId}", "MATCH#{matchId}")
      .index("byRound", List.of("{tournament}", "{region}"), List.of("{round}", "{bracket}", "{matchId}"));

  static TableSchema schema() {
    return TableSchema.named(Backend.freshTable("Esports")).globalIndex("byRound", List.of("gsi2tournament",
        "gsi2region"), List.of("gsi2round", "gsi2bracket", "gsi2match"));
  }

  static final List<String> PARTITION = List.of("{tournament}", "{region}");
  static final AccessPattern<Match> OF_REGION = AccessPattern.of("Matches of a region", MATCH).index("byRound")
      .partition(PARTITION).build();
  static final AccessPattern<Match> OF_ROUND = AccessPattern.of("Matches of a round", MATCH).index("byRound")
      .partition(PARTITION).sortOps(List.of("{round}"), SortOp.EQ, SortOp.GTE).build();
  static final AccessPattern<Match> OF_BRACKET = AccessPattern.of("Matches of a bracket", MATCH).index("byRound")
      .partition(PARTITION).sortOps(List.of("{round}", "{bracket}"), SortOp.BEGINS_WITH, SortOp.EQ).build();
  static final AccessPattern<Match> AFTER = AccessPattern.of("Matches after one", MATCH).index("byRound")
      .partition(PARTITION).sortOps(List.of("{round}", "{bracket}", "{matchId}"), SortOp.GT).build();

  @ParameterizedTest
  @EnumSource(Backend.class)
  void queriesUseEveryPartitionAttributeAndTheSortAttributesLeftToRight(Backend backend) {
    Model model = Model.builder(schema()).entities(MATCH).patterns(OF_REGION, OF_ROUND, OF_BRACKET, AFTER).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    List<KeySchemaElement> keySchema = backend.client().describeTable(b -> b.tableName(model.table().name()))
        .table().globalSecondaryIndexes().get(0).keySchema();
    assertEquals(List.of("gsi2tournament:HASH", "gsi2region:HASH", "gsi2round:RANGE", "gsi2bracket:RANGE",
        "gsi2match:RANGE"), keySchema.stream().map(k -> k.attributeName() + ":" + k.keyTypeAsString()).toList());

    List<Match> all = new ArrayList<>();
    String[] rounds = {"QUARTER", "SEMI", "FINAL"};
    String[] brackets = {"UPPER", "LOWER", "UPPER-B"};
    int n = 0;
    for (String tournament : List.of("WINTER", "SUMMER")) {
      for (String region : List.of("NA-EAST", "EU")) {
        for (String round : rounds) {
          for (String bracket : brackets) {
            String id = String.format("m%03d", n++);
            all.add(new Match(id, tournament, region, round, Optional.of(bracket), "p" + n));
          }
        }
      }
    }
    Match unseeded = new Match("m999", "WINTER", "NA-EAST", "SEMI", Optional.empty(), "none");
    all.add(unseeded);
    db.batchWrite().put(MATCH, all).execute();

    Key winterNa = Key.of("tournament", "WINTER", "region", "NA-EAST");
    Comparator<Match> indexOrder = Comparator.comparing(Match::round)
        .thenComparing(m -> m.bracket().orElse("")).thenComparing(Match::matchId);
    assertEquals(expected(all, m -> m.tournament().equals("WINTER") && m.region().equals("NA-EAST")
        && m.bracket().isPresent(), indexOrder), db.query(OF_REGION).partition(winterNa).all(),
        "every partition attribute compared; an item missing a key attribute is not in the index");
    assertEquals(expected(all, m -> m.tournament().equals("WINTER") && m.region().equals("NA-EAST")
        && m.round().equals("SEMI") && m.bracket().isPresent(), indexOrder),
        db.query(OF_ROUND).partition(winterNa).sort(Key.of("round", "SEMI")).all());
    assertEquals(expected(all, m -> m.tournament().equals("WINTER") && m.region().equals("NA-EAST")
        && m.round().compareTo("QUARTER") >= 0 && m.bracket().isPresent(), indexOrder),
        db.query(OF_ROUND).partition(winterNa).sort(SortOp.GTE, Key.of("round", "QUARTER")).all());
    // = on round, begins_with on bracket: UPPER and UPPER-B
    List<Match> upper = expected(all, m -> m.tournament().equals("WINTER") && m.region().equals("NA-EAST")
        && m.round().equals("SEMI") && m.bracket().orElse("").startsWith("UPPER"), indexOrder);
    assertEquals(2, upper.size());
    assertEquals(upper, db.query(OF_BRACKET).partition(winterNa).sort(Key.of("round", "SEMI", "bracket", "UPPER"))
        .all());
    assertEquals(upper.subList(0, 1), db.query(OF_BRACKET).partition(winterNa)
        .sort(SortOp.EQ, Key.of("round", "SEMI", "bracket", "UPPER")).all());
    // pages of one through the multi-attribute index: the cursor carries every key attribute
    List<Match> paged = new ArrayList<>();
    Page<Match> page = db.query(OF_REGION).partition(winterNa).limit(2).page();
    paged.addAll(page.items());
    while (page.cursor().isPresent()) {
      page = db.query(OF_REGION).partition(winterNa).limit(2).after(page.cursor().get()).page();
      paged.addAll(page.items());
    }
    assertEquals(db.query(OF_REGION).partition(winterNa).all(), paged);
    // GT on the last sort attribute: within the round and bracket given with =, not past them
    assertEquals(expected(all, m -> m.tournament().equals("WINTER") && m.region().equals("NA-EAST")
        && m.round().equals("SEMI") && m.bracket().equals(Optional.of("LOWER")), indexOrder),
        db.query(AFTER).partition(winterNa).sort(Key.of("round", "SEMI", "bracket", "LOWER", "matchId", "m")).all());

    // an update of one key attribute moves the entry; removing an Optional one takes the item out of the index
    db.entity(MATCH).update(Key.of("matchId", upper.get(0).matchId())).set("bracket", Optional.of("LOWER"))
        .execute();
    assertEquals(upper.subList(1, 2), db.query(OF_BRACKET).partition(winterNa)
        .sort(Key.of("round", "SEMI", "bracket", "UPPER")).all());
    db.entity(MATCH).update(Key.of("matchId", upper.get(1).matchId())).set("bracket", Optional.empty()).execute();
    assertEquals(List.of(), db.query(OF_BRACKET).partition(winterNa).sort(Key.of("round", "SEMI", "bracket",
        "UPPER")).all());
    db.entity(MATCH).update(Key.of("matchId", unseeded.matchId())).set("bracket", Optional.of("UPPER-C")).execute();
    assertEquals(List.of("m999"), db.query(OF_BRACKET).partition(winterNa)
        .sort(Key.of("round", "SEMI", "bracket", "UPPER")).all().stream().map(Match::matchId).toList());
    assertTrue(model.worksheet().contains("Query byRound: gsi2tournament = \"{tournament}\" AND gsi2region ="
        + " \"{region}\" AND gsi2round = \"{round}\" AND begins_with(gsi2bracket, \"{bracket}\")"), model.worksheet());
  }

  private static List<Match> expected(List<Match> all, Predicate<Match> keep, Comparator<Match> order) {
    return all.stream().filter(keep).sorted(order).toList();
  }

  @Test
  void theModelRefusesWhatDynamoDbWouldRefuseOrCouldNotServe() {
    ModelException five = assertThrows(ModelException.class, () -> TableSchema.named("Tab").globalIndex("gsi",
        List.of("a"), List.of("b", "c", "d", "e", "f")));
    assertEquals("Index gsi: a sort key has 0 to 4 attributes, not 5", five.getMessage());
    assertThrows(ModelException.class, () -> TableSchema.named("Tab").globalIndex("gsi", List.of(), List.of("b")));
    assertEquals("Index gsi names key attribute a twice", assertThrows(ModelException.class,
        () -> TableSchema.named("Tab").globalIndex("gsi", List.of("a", "b"), List.of("a"))).getMessage());

    // an entity gives one template per key attribute
    Entity<Match> short1 = Entity.of(Match.class).key("MATCH#{matchId}", "MATCH#{matchId}")
        .index("byRound", List.of("{tournament}"), List.of("{round}", "{bracket}", "{matchId}"));
    ModelException count = assertThrows(ModelException.class, () -> Model.builder(schema()).entities(short1).build());
    assertTrue(count.getMessage().contains("give one template per attribute, not 1 and 3"), count.getMessage());
    Entity<Match> single = Entity.of(Match.class).key("MATCH#{matchId}", "MATCH#{matchId}")
        .index("byRound", "{tournament}", "{round}");
    ModelException form = assertThrows(ModelException.class, () -> Model.builder(schema()).entities(single).build());
    assertTrue(form.getMessage().contains("has a multi-attribute key"), form.getMessage());

    // a pattern compares every partition attribute, and the sort ones before the last with =
    AccessPattern<Match> onePartition = AccessPattern.of("By tournament", MATCH).index("byRound")
        .partition("{tournament}").build();
    ModelException partial = assertThrows(ModelException.class,
        () -> Model.builder(schema()).entities(MATCH).patterns(onePartition).build());
    assertTrue(partial.getMessage().contains("give one partition template per attribute, not 1"),
        partial.getMessage());
    AccessPattern<Match> prefixFirst = AccessPattern.of("Prefix before last", MATCH).index("byRound")
        .partition(PARTITION).sortOps(List.of("SEMI", "{bracket}"), SortOp.EQ).build();
    ModelException notLast = assertThrows(ModelException.class,
        () -> Model.builder(schema()).entities(MATCH).patterns(prefixFirst).build());
    assertTrue(notLast.getMessage().contains("(compared with =) is not the entity's gsi2round template"),
        notLast.getMessage());
    ModelException export = assertThrows(ModelException.class, () -> schema().toTerraform("t"));
    assertTrue(export.getMessage().contains("use toCloudFormation()"), export.getMessage());
  }
}
