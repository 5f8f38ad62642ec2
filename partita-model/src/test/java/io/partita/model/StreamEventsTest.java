package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.embedded.StreamListener;
import io.partita.engine.Partita;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Stream records decoded into the model's entities: INSERT, MODIFY and REMOVE of each entity, items of no entity
 * reported as such, the typed decoder for a sealed interface, a record shaped as Amazon DynamoDB sends it, and the
 * refusals (a stream without images, an item that does not decode).
 */
class StreamEventsTest {
  sealed interface ShopItem permits Order, Customer {}

  record Order(String customerId, String orderId, String status, long version) implements ShopItem {}

  record Customer(String customerId, String name) implements ShopItem {}

  record Note(String noteId, String text) {}

  private final Entity<Order> order = Entity.of(Order.class).key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .version("version");
  private final Entity<Customer> customer = Entity.of(Customer.class)
      .key("CUSTOMER#{customerId}", "PROFILE");
  private final Entity<Note> note = Entity.of(Note.class).key("NOTE#{noteId}", "NOTE");
  private final Model model = Model.builder(TableSchema.named("shop")).entities(order, customer, note).build();

  private Partita partita;
  private DynamoDbClient dynamo;
  private ModelClient db;

  @BeforeEach
  void open() {
    partita = Partita.with().timeToLiveInterval(Duration.ZERO).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    db = ModelClient.create(model, dynamo);
    dynamo.createTable(model.table().createTableRequest().toBuilder().streamSpecification(s -> s.streamEnabled(true)
        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)).build());
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private List<software.amazon.awssdk.services.dynamodb.model.Record> records() {
    List<software.amazon.awssdk.services.dynamodb.model.Record> out = new ArrayList<>();
    try (StreamListener listener = StreamListener.subscribe(partita, "shop", out::addAll)) {
      listener.poll();
    }
    return out;
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  @Test
  void eachChangeOfAnEntityIsATypedEventAndOtherItemsAreReported() {
    db.entity(order).create(new Order("c1", "o1", "PLACED", 0));
    db.entity(order).update(Key.of("customerId", "c1", "orderId", "o1")).set("status", "SHIPPED").execute();
    db.entity(customer).create(new Customer("c1", "Ada"));
    db.entity(note).create(new Note("n1", "hello"));
    db.entity(order).delete(Key.of("customerId", "c1", "orderId", "o1"));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("pk", s("RAW"), "sk", s("1"))));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("pk", s("RAW"), "sk", s("2"), "_type", s("Ghost"))));
    // an entity's item whose type attribute a foreign write removed: a MODIFY of no entity
    dynamo.updateItem(b -> b.tableName("shop").key(Map.of("pk", s("NOTE#n1"), "sk", s("NOTE")))
        .updateExpression("REMOVE #t").expressionAttributeNames(Map.of("#t", "_type")));

    List<software.amazon.awssdk.services.dynamodb.model.Record> records = records();
    // by default an image of no entity is refused, saying which item and why
    UnrecognizedItemException refused = assertThrows(UnrecognizedItemException.class,
        () -> StreamEvents.of(model).decode(records));
    assertEquals("Table shop, item {pk=RAW, sk=1}: it has no type attribute _type, so no entity of the model is"
        + " recognised in it (an item the model did not write?); a table shared with items of other writers can skip"
        + " them with skipForeignItems()", refused.getMessage());
    assertEquals("shop", refused.table());
    assertEquals(Map.of("pk", s("RAW"), "sk", s("1")), refused.key());
    assertThrows(UnrecognizedItemException.class, () -> StreamEvents.of(model).decode(records.get(6)),
        "a type naming no entity");
    // a stream of a shared table opts in: the images the model did not write are reported, not refused
    List<StreamEvent<Object>> events = StreamEvents.of(model).skippingForeignItems().decode(records);
    assertEquals(8, events.size());
    assertEquals(new StreamEvent.Inserted<>(new Order("c1", "o1", "PLACED", 1)), events.get(0));
    assertEquals(new StreamEvent.Modified<>(new Order("c1", "o1", "PLACED", 1), new Order("c1", "o1", "SHIPPED", 2)),
        events.get(1));
    assertEquals(new StreamEvent.Inserted<>(new Customer("c1", "Ada")), events.get(2));
    assertEquals(new StreamEvent.Inserted<>(new Note("n1", "hello")), events.get(3));
    assertEquals(new StreamEvent.Removed<>(new Order("c1", "o1", "SHIPPED", 2)), events.get(4));
    for (int i = 5; i < 8; i++) {
      StreamEvent.Unrecognized<?> u = assertInstanceOf(StreamEvent.Unrecognized.class, events.get(i));
      assertSame(records.get(i), u.record(), "the record as it came");
      assertNull(u.before());
      assertNull(u.after());
    }
    // before() and after() on every event, for Java 17 handlers
    assertNull(events.get(0).before());
    assertEquals("SHIPPED", ((Order) events.get(1).after()).status());
    assertNull(events.get(4).after());

    // typed: a Note is no ShopItem, so it is reported, not decoded
    List<StreamEvent<ShopItem>> shop = StreamEvents.of(model, ShopItem.class).decode(records.subList(0, 5));
    assertEquals(new StreamEvent.Inserted<ShopItem>(new Order("c1", "o1", "PLACED", 1)), shop.get(0));
    assertInstanceOf(StreamEvent.Unrecognized.class, shop.get(3));
    ValidationException none = assertThrows(ValidationException.class, () -> StreamEvents.of(model, String.class));
    assertEquals("No entity of this model is a java.lang.String", none.getMessage());
  }

  /** A record as Amazon DynamoDB Streams sends it, built by hand: nothing of Partita is needed to decode it. */
  @Test
  void decodesARecordFromAnySource() {
    Map<String, AttributeValue> old = Map.of("pk", s("CUSTOMER#c9"), "sk", s("PROFILE"), "_type", s("Customer"),
        "customerId", s("c9"), "name", s("Bob"));
    Map<String, AttributeValue> now = new java.util.HashMap<>(old);
    now.put("name", s("Robert"));
    software.amazon.awssdk.services.dynamodb.model.Record record =
        software.amazon.awssdk.services.dynamodb.model.Record.builder()
            .eventID("e2fd9c34eff2d779b297b26f5fef4206").eventName(OperationType.MODIFY).eventVersion("1.1")
            .eventSource("aws:dynamodb").awsRegion("eu-west-1")
            .dynamodb(StreamRecord.builder().keys(Map.of("pk", s("CUSTOMER#c9"), "sk", s("PROFILE")))
                .oldImage(old).newImage(now).sequenceNumber("300000000000000499659").sizeBytes(120L)
                .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES).build())
            .build();
    assertEquals(new StreamEvent.Modified<>(new Customer("c9", "Bob"), new Customer("c9", "Robert")),
        StreamEvents.of(model).decode(record));
  }

  @Test
  void aStreamWithoutImagesAndAnItemThatDoesNotDecodeAreRefused() {
    software.amazon.awssdk.services.dynamodb.model.Record keysOnly =
        software.amazon.awssdk.services.dynamodb.model.Record.builder().eventID("e1").eventName(OperationType.REMOVE)
            .dynamodb(StreamRecord.builder().keys(Map.of("pk", s("NOTE#n1"), "sk", s("NOTE")))
                .streamViewType(StreamViewType.KEYS_ONLY).build())
            .build();
    ModelException e = assertThrows(ModelException.class, () -> StreamEvents.of(model).decode(keysOnly));
    assertEquals("Stream record e1 (REMOVE) has no OldImage: decoding into entities needs a stream of view type "
        + "NEW_AND_OLD_IMAGES, and this one is KEYS_ONLY", e.getMessage());

    // an item that says it is an Order but lacks a required field: an error, not a silent skip
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("pk", s("CUSTOMER#c1"), "sk", s("ORDER#o2"),
        "_type", s("Order"), "customerId", s("c1"), "orderId", s("o2"))));
    ModelException bad = assertThrows(ModelException.class, () -> StreamEvents.of(model).decode(records().get(0)));
    assertEquals("Order", bad.entity());
    assertEquals("status", bad.field());
    assertEquals("Table shop, item {pk=CUSTOMER#c1, sk=ORDER#o2} names entity Order but does not decode as one:"
        + " Entity Order, field status: cannot decode item CUSTOMER#c1 / ORDER#o2: is required but the item has no"
        + " attribute status", bad.getMessage());
    // skipping foreign items never skips a broken item of the model's own
    assertThrows(UnrecognizedItemException.class,
        () -> StreamEvents.of(model).skippingForeignItems().decode(records().get(0)));
  }
}
