package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 35, "keys that cannot drift": a field every write rewrites cannot feed the table key, and a write that replaces
 * an item cannot leave the library to fill a table key field in (the guide's date-in-key layout, {@code
 * ORDER#{createdAt}#{orderId}}, where a put with a null createdAt used to write a second order).
 */
class KeyDriftTest {

  record Order(String customerId, String orderId, Instant createdAt, Instant updatedAt, int total) {}

  record Ticket(String queue, String ticketId, String state, Instant createdAt) {}

  record Doc(String docId, String title, Instant createdAt, Instant updatedAt, Long version) {}

  private static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{createdAt}#{orderId}")
      .timestamps("createdAt", "updatedAt");
  private static final AccessPattern<Order> ORDERS = AccessPattern.of("Orders of a customer", ORDER)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();

  private static ModelClient client(Backend backend, Entity<?> entity, AccessPattern<?>... patterns) {
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Drift"))).entities(entity).patterns(patterns)
        .build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    return db;
  }

  @Test
  void aFieldEveryWriteRewritesCannotFeedTheTableKey() {
    record Note(String noteId, Instant createdAt, Instant updatedAt, Long version) {}
    ModelException updated = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Notes"))
        .entities(Entity.of(Note.class).key("NOTE#{noteId}", "AT#{updatedAt}").timestamps("createdAt", "updatedAt"))
        .build());
    assertEquals("Entity Note, field updatedAt: it is the updatedAt timestamp, which every write changes, and it"
        + " feeds the table key (pk 'NOTE#{noteId}', sk 'AT#{updatedAt}'); the key would drift with each write and"
        + " leave the item behind. Key the item by a field that never changes (an id, or createdAt); to sort by"
        + " updatedAt, put it in an index key", updated.getMessage());
    ModelException version = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Notes"))
        .entities(Entity.of(Note.class).key("NOTE#{noteId}", "V#{version:08d}").version("version")).build());
    assertTrue(version.getMessage().startsWith("Entity Note, field version: it is the version, which every write"
        + " changes, and it feeds the table key"), version.getMessage());
    assertEquals("version", version.field());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anUpdatedAtIndexKeyMovesWithEveryWrite(Backend backend) {
    // an index key is rewritten with the item: "recently updated" is what such an index is for
    Entity<Doc> doc = Entity.of(Doc.class).key("DOC#{docId}", "DOC").index("gsi1", "DOCS", "AT#{updatedAt}")
        .timestamps("createdAt", "updatedAt").version("version");
    AccessPattern<Doc> recent = AccessPattern.of("Recently updated", doc).index("gsi1").partition("DOCS")
        .sortBeginsWith("AT#").build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Docs")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(doc).patterns(recent).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    Doc first = db.entity(doc).create(new Doc("d1", "one", null, null, null));
    Doc changed = db.entity(doc).update(Key.of("docId", "d1")).set("title", "two").execute();
    assertTrue(changed.updatedAt().compareTo(first.updatedAt()) >= 0);
    List<Doc> found = db.query(recent).partition(Key.empty()).all();
    assertEquals(List.of(changed), found, "one index entry, at the new updatedAt");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aReplacingWriteWithANullDateInTheKeyIsRefusedAndWritesNothing(Backend backend) {
    ModelClient db = client(backend, ORDER, ORDERS);
    Order placed = db.entity(ORDER).create(new Order("c1", "o1", null, null, 10)); // create stamps createdAt
    Order blank = new Order("c1", "o1", null, null, 20);
    String expected = "Entity Order, field createdAt: a put with createdAt null would key the item by the write's own"
        + " timestamp (pk 'CUSTOMER#{customerId}', sk 'ORDER#{createdAt}#{orderId}'), beside the item already"
        + " stored for this record instead of replacing it; give the stored value, or use create() for a new item";
    List<Supplier<Object>> writes = List.of(
        () -> db.entity(ORDER).put(blank),
        () -> db.entity(ORDER).upsert(blank),
        () -> db.batchWrite().put(ORDER, blank).execute(),
        () -> db.transaction().put(ORDER, blank).execute());
    for (int i = 0; i < writes.size(); i++) {
      ValidationException e = assertThrows(ValidationException.class, writes.get(i)::get, "write " + i);
      assertEquals("createdAt", e.field());
      assertTrue(e.getMessage().contains("with createdAt null would key the item by the write's own timestamp"),
          e.getMessage());
    }
    ValidationException put = assertThrows(ValidationException.class, () -> db.entity(ORDER).put(blank));
    assertEquals(expected, put.getMessage());
    assertEquals(List.of(placed), db.query(ORDERS).partition(Key.of("customerId", "c1")).all(), "nothing written");

    // with the stored createdAt, a put replaces the order in place
    Order replaced = db.entity(ORDER).put(new Order("c1", "o1", placed.createdAt(), null, 20));
    List<Order> orders = db.query(ORDERS).partition(Key.of("customerId", "c1")).all();
    assertEquals(List.of(replaced), orders);
    assertEquals(20, orders.get(0).total());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aDefaultThatFeedsTheTableKeyIsNotFilledInByAReplacingWrite(Backend backend) {
    Entity<Ticket> ticket = Entity.of(Ticket.class).key("QUEUE#{queue}", "STATE#{state}#{ticketId}")
        .defaultValue("state", "OPEN").timestamps("createdAt", null);
    ModelClient db = client(backend, ticket);
    db.entity(ticket).create(new Ticket("q", "t1", null, null)); // a new item takes the default
    ValidationException e = assertThrows(ValidationException.class,
        () -> db.entity(ticket).put(new Ticket("q", "t1", null, null)));
    assertTrue(e.getMessage().startsWith("Entity Ticket, field state: a put with state null would key the item by its"
        + " default OPEN"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPutWhoseKeyGetsANewIdIsANewItemAndMayTakeTheTimestamp(Backend backend) {
    Entity<Order> generated = Entity.of(Order.class).key("CUSTOMER#{customerId}", "ORDER#{createdAt}#{orderId}")
        .generatedId("orderId", Ids.ULID).timestamps("createdAt", "updatedAt");
    ModelClient db = client(backend, generated);
    Order written = db.entity(generated).put(new Order("c1", null, null, null, 5));
    assertEquals(written, db.entity(generated).get(Key.of("customerId", "c1", "orderId", written.orderId(),
        "createdAt", written.createdAt())).orElseThrow());
  }
}
