package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.partita.model.TableSchema.Projection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** The fuller table definition: projections, local indexes, TTL enabled by createTable(), provisioned billing. */
class TableDefinitionTest {

  record Product(String sku, String category, String name, long price, int stock, Optional<Instant> expiresAt) {}

  record Review(String sku, String reviewId, String text) {}

  static final Entity<Product> PRODUCT = Entity.of(Product.class)
      .key("PRODUCT#{sku}", "PRODUCT")
      .index("byCategory", "CATEGORY#{category}", "PRICE#{price:010d}")   // INCLUDE: every field projected
      .index("keysOnly", "CATEGORY#{category}", "SKU#{sku}")
      .localIndex("byStock", "STOCK#{stock:08d}")
      .ttl("expiresAt");

  static TableSchema schema(String table) {
    return TableSchema.named(table)
        .globalIndex("byCategory", "gsi1pk", "gsi1sk",
            Projection.include("sku", "category", "name", "price", "stock", "expiresAt"))
        .globalIndex("keysOnly", "gsi2pk", "gsi2sk", Projection.keysOnly())
        .localIndex("byStock", "lsi1sk");
  }

  static final AccessPattern<Product> BY_CATEGORY = AccessPattern.of("Products of a category by price", PRODUCT)
      .index("byCategory").partition("CATEGORY#{category}").sortBeginsWith("PRICE#").build();

  static final AccessPattern<Product> LOW_STOCK = AccessPattern.of("Product by stock", PRODUCT)
      .index("byStock").partition("PRODUCT#{sku}").sortBeginsWith("STOCK#").build();

  @ParameterizedTest
  @EnumSource(Backend.class)
  void createTableMakesProjectionsLocalIndexesThroughputAndTtl(Backend backend) {
    String table = Backend.freshTable("Shop");
    Model model = Model.builder(schema(table).provisioned(5, 4).indexThroughput("keysOnly", 2, 1))
        .entities(PRODUCT).patterns(BY_CATEGORY, LOW_STOCK).build();
    assertEquals(Optional.of("expiresAt"), model.table().timeToLiveAttribute(), "taken from the entity's ttl");
    ModelClient.create(model, backend.client()).createTable();

    TableDescription d = backend.client().describeTable(b -> b.tableName(table)).table();
    assertEquals(5L, d.provisionedThroughput().readCapacityUnits());
    assertEquals(4L, d.provisionedThroughput().writeCapacityUnits());
    assertTrue(d.billingModeSummary() == null || d.billingModeSummary().billingMode() == BillingMode.PROVISIONED,
        String.valueOf(d.billingModeSummary()));
    GlobalSecondaryIndexDescription byCategory = gsi(d, "byCategory");
    assertEquals(ProjectionType.INCLUDE, byCategory.projection().projectionType());
    assertEquals(Set.of("sku", "category", "name", "price", "stock", "expiresAt", "_type"),
        Set.copyOf(byCategory.projection().nonKeyAttributes()), "the type attribute is added to INCLUDE");
    assertEquals(5L, byCategory.provisionedThroughput().readCapacityUnits(), "an index gets the table's units");
    GlobalSecondaryIndexDescription keysOnly = gsi(d, "keysOnly");
    assertEquals(ProjectionType.KEYS_ONLY, keysOnly.projection().projectionType());
    assertEquals(2L, keysOnly.provisionedThroughput().readCapacityUnits());
    assertEquals(1L, keysOnly.provisionedThroughput().writeCapacityUnits());
    assertEquals(1, d.localSecondaryIndexes().size());
    LocalSecondaryIndexDescription lsi = d.localSecondaryIndexes().get(0);
    assertEquals("byStock", lsi.indexName());
    assertEquals("pk", lsi.keySchema().get(0).attributeName());
    assertEquals("lsi1sk", lsi.keySchema().get(1).attributeName());
    assertEquals(ProjectionType.ALL, lsi.projection().projectionType());

    var ttl = backend.client().describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription();
    assertEquals(TimeToLiveStatus.ENABLED, ttl.timeToLiveStatus());
    assertEquals("expiresAt", ttl.attributeName());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void onDemandByDefaultAndNoTtlWithoutAnEntityThatDeclaresIt(Backend backend) {
    String table = Backend.freshTable("Plain");
    Entity<Review> review = Entity.of(Review.class).key("PRODUCT#{sku}", "REVIEW#{reviewId}");
    Model model = Model.builder(TableSchema.named(table)).entities(review).build();
    ModelClient.create(model, backend.client()).createTable();
    TableDescription d = backend.client().describeTable(b -> b.tableName(table)).table();
    assertEquals(BillingMode.PAY_PER_REQUEST, d.billingModeSummary().billingMode());
    assertNotEnabled(backend.client().describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription()
        .timeToLiveStatus());
  }

  private static void assertNotEnabled(TimeToLiveStatus status) {
    assertFalse(status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING, String.valueOf(status));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void patternsOnAnIncludeIndexAndALocalIndexReadWholeRecordsAndUpdatesMoveLocalEntries(Backend backend) {
    String table = Backend.freshTable("Shop");
    Model model = Model.builder(schema(table)).entities(PRODUCT).patterns(BY_CATEGORY, LOW_STOCK).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    Instant expiry = Instant.parse("2030-01-01T00:00:00Z");
    List<Product> written = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      written.add(db.entity(PRODUCT).create(new Product("s" + i, "tea", "Tea " + i, 100 - i * 10, i * 3,
          i == 0 ? Optional.of(expiry) : Optional.empty())));
    }
    List<Product> byPrice = db.query(BY_CATEGORY).partition(Key.of("category", "tea")).all();
    assertEquals(List.of(written.get(4), written.get(3), written.get(2), written.get(1), written.get(0)), byPrice,
        "whole records, cheapest first, read through the INCLUDE index");

    // the local index: the item's own partition, another sort order; an update of stock moves its entry
    assertEquals(List.of(written.get(2)), db.query(LOW_STOCK).partition(Key.of("sku", "s2")).consistentRead()
        .all(), "a consistent read is allowed on a local index");
    db.entity(PRODUCT).update(Key.of("sku", "s2")).set("stock", 42).execute();
    Map<String, AttributeValue> raw = backend.client().getItem(b -> b.tableName(table)
        .key(Map.of("pk", AttributeValue.fromS("PRODUCT#s2"), "sk", AttributeValue.fromS("PRODUCT")))).item();
    assertEquals("STOCK#00000042", raw.get("lsi1sk").s());
    assertEquals(1, backend.client().query(b -> b.tableName(table).indexName("byStock")
        .keyConditionExpression("pk = :p AND lsi1sk = :s").expressionAttributeValues(Map.of(
            ":p", AttributeValue.fromS("PRODUCT#s2"), ":s", AttributeValue.fromS("STOCK#00000042")))).count());
    assertEquals(42, db.query(LOW_STOCK).partition(Key.of("sku", "s2")).all().get(0).stock());
  }

  @Test
  void aPatternOnAnIndexThatDoesNotProjectEveryFieldIsRefused() {
    AccessPattern<Product> onKeysOnly = AccessPattern.of("Products of a category", PRODUCT).index("keysOnly")
        .partition("CATEGORY#{category}").build();
    ModelException e = assertThrows(ModelException.class, () -> Model.builder(schema("Shop"))
        .entities(PRODUCT).patterns(onKeysOnly).build());
    assertEquals("Product", e.entity());
    assertEquals("sku", e.field(), e.getMessage()); // the first field the index leaves out
    assertTrue(e.getMessage().contains("index keysOnly projects KEYS_ONLY"), e.getMessage());

    TableSchema narrow = TableSchema.named("Shop")
        .globalIndex("byCategory", "gsi1pk", "gsi1sk", Projection.include("name", "price"))
        .globalIndex("keysOnly", "gsi2pk", "gsi2sk").localIndex("byStock", "lsi1sk");
    ModelException missing = assertThrows(ModelException.class, () -> Model.builder(narrow)
        .entities(PRODUCT).patterns(BY_CATEGORY).build());
    assertEquals("sku", missing.field(), missing.getMessage() + ": a field inside key text is still not its attribute");
    // with the index unused by patterns, the model builds: raw reads of the index remain the caller's
    Model.builder(narrow).entities(PRODUCT).patterns(LOW_STOCK).build();
  }

  @Test
  void tableDefinitionMistakesAreRefusedWhenDeclared() {
    record Event(String id, Instant at, Instant expires) {}
    record Session(String id, long deadline) {}
    Entity<Event> event = Entity.of(Event.class).key("EVENT#{id}", "E").ttl("expires");
    Entity<Session> session = Entity.of(Session.class).key("SESSION#{id}", "S").ttl("deadline");
    ModelException twoTtls = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Mixed"))
        .entities(event, session).build());
    assertEquals("deadline", twoTtls.field());
    assertTrue(twoTtls.getMessage().contains("one per table"), twoTtls.getMessage());
    Model.builder(TableSchema.named("Mixed")).entities(event, session.storedAs("deadline", "expires")).build();

    Entity<Review> wrongLocal = Entity.of(Review.class).key("PRODUCT#{sku}", "REVIEW#{reviewId}")
        .index("lsi", "REVIEW#{reviewId}", "X");
    ModelException local = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Shop")
        .localIndex("lsi", "lsisk")).entities(wrongLocal).build());
    assertTrue(local.getMessage().contains("shares the table's partition key"), local.getMessage());

    assertThrows(ModelException.class, () -> TableSchema.named("Shop").indexThroughput("gsi1", 1, 1),
        "units need a provisioned table");
    assertThrows(ModelException.class, () -> TableSchema.named("Shop").provisioned(0, 1));
    assertThrows(ModelException.class, () -> Projection.include());
  }

  private static GlobalSecondaryIndexDescription gsi(TableDescription d, String name) {
    return d.globalSecondaryIndexes().stream().filter(g -> g.indexName().equals(name)).findFirst().orElseThrow();
  }
}
