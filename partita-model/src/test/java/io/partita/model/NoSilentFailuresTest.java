package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 35, "no silent failure on reads": an item that exists but that the model cannot read as one of its entities
 * is an {@link UnrecognizedItemException} on every read path (get, batch get, transactional get, a one-entity query,
 * a collection query, a GetItem-served pattern), never an empty answer or a page that quietly leaves it out. Items of
 * the model's other entities are still skipped where a read asks for some entities only; foreign items are skipped
 * only when the client opts in, and a broken item of the model's own never is. Writes by key: a put or delete (single
 * or transactional) never replaces or removes an item that is not the entity's, foreign or another entity's.
 */
class NoSilentFailuresTest {

  sealed interface ShopItem permits Customer, Order {}

  record Customer(String customerId, String name) implements ShopItem {}

  record Order(String customerId, String orderId, String status) implements ShopItem {}

  private static final Entity<Customer> CUSTOMER = Entity.of(Customer.class).key("CUSTOMER#{customerId}", "PROFILE");
  private static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}");
  private static final AccessPattern<Order> ORDERS = AccessPattern.of("Orders of a customer", ORDER)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();
  private static final AccessPattern<Order> ONE_ORDER = AccessPattern.of("One order", ORDER)
      .partition("CUSTOMER#{customerId}").sortEq("ORDER#{orderId}").build();
  private static final AccessPattern<ShopItem> PAGE = AccessPattern.collection("Customer page", ShopItem.class,
      CUSTOMER, ORDER).partition("CUSTOMER#{customerId}").build();

  private static final Key O9 = Key.of("customerId", "c1", "orderId", "o9");

  private static final class Shop {
    final String table = Backend.freshTable("Shop");
    final Model model = Model.builder(TableSchema.named(table)).entities(CUSTOMER, ORDER)
        .patterns(ORDERS, ONE_ORDER, PAGE).build();
    final DynamoDbClient dynamo;
    final ModelClient db;

    Shop(DynamoDbClient dynamo) {
      this.dynamo = dynamo;
      db = ModelClient.create(model, dynamo);
      db.createTable();
      db.entity(CUSTOMER).create(new Customer("c1", "Ada"));
      db.entity(ORDER).create(new Order("c1", "o1", "PLACED"));
    }

    /** Writes {@code item} at order o9's key with the raw SDK, as another writer would. */
    void putAtO9(Map<String, AttributeValue> attributes) {
      Map<String, AttributeValue> item = new HashMap<>(attributes);
      item.put("pk", s("CUSTOMER#c1"));
      item.put("sk", s("ORDER#o9"));
      dynamo.putItem(b -> b.tableName(table).item(item));
    }

    /** Every read path that meets the item at o9, each as a call that must throw. */
    List<Supplier<Object>> reads(ModelClient client) {
      return List.of(
          () -> client.entity(ORDER).get(O9),
          () -> client.entity(ORDER).get(O9, true),
          () -> client.batchGet().get(ORDER, O9).execute(),
          () -> client.transactGet().get(ORDER, O9).execute(),
          () -> client.query(ORDERS).partition(Key.of("customerId", "c1")).page(),
          () -> client.query(ORDERS).partition(Key.of("customerId", "c1")).all(),
          () -> client.query(ONE_ORDER).partition(Key.of("customerId", "c1")).sort(Key.of("orderId", "o9")).page(),
          () -> client.query(PAGE).partition(Key.of("customerId", "c1")).page(),
          () -> client.query(ORDERS).partition(Key.of("customerId", "c1")).project("status").page());
    }
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static void everyReadRefuses(Shop shop, ModelClient client, String expected) {
    everyReadRefuses(shop, client, expected, shop.reads(client).size());
  }

  private static void everyReadRefuses(Shop shop, ModelClient client, String expected, int paths) {
    List<Supplier<Object>> reads = shop.reads(client);
    for (int i = 0; i < paths; i++) {
      Supplier<Object> read = reads.get(i);
      UnrecognizedItemException e = assertThrows(UnrecognizedItemException.class, read::get, "read path " + i);
      assertTrue(e.getMessage().contains(expected), "read path " + i + ": " + e.getMessage());
      assertEquals(shop.table, e.table());
      assertEquals(Map.of("pk", s("CUSTOMER#c1"), "sk", s("ORDER#o9")), e.key());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anItemWithoutTheTypeAttributeIsAnErrorOnEveryReadPath(Backend backend) {
    Shop shop = new Shop(backend.client());
    shop.putAtO9(Map.of("customerId", s("c1"), "orderId", s("o9"), "status", s("PLACED")));
    everyReadRefuses(shop, shop.db, "Table " + shop.table + ", item {pk=CUSTOMER#c1, sk=ORDER#o9}: it has no type"
        + " attribute _type, so no entity of the model is recognised in it");
    // a scan reads one entity through a filter on the type attribute: DynamoDB never returns the item to decode
    assertEquals(List.of(new Order("c1", "o1", "PLACED")), shop.db.entity(ORDER).scan().all());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anItemOfAnUnknownTypeIsAnErrorOnEveryReadPath(Backend backend) {
    Shop shop = new Shop(backend.client());
    shop.putAtO9(Map.of("_type", s("Refund"), "customerId", s("c1")));
    everyReadRefuses(shop, shop.db, "its type attribute _type is 'Refund', which names no entity of the model"
        + " (Customer, Order)");
    shop.putAtO9(Map.of("_type", AttributeValue.fromN("7")));
    everyReadRefuses(shop, shop.db, "its type attribute _type is not a string");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anItemOfAnEntityInAShapeTheModelDoesNotKnowIsAnErrorEvenWhenSkippingForeignItems(Backend backend) {
    Shop shop = new Shop(backend.client());
    ModelClient skipping = ModelClient.builder(shop.model, backend.client()).skipForeignItems().build();
    // a required field missing
    shop.putAtO9(Map.of("_type", s("Order"), "customerId", s("c1"), "orderId", s("o9")));
    String missing = "names entity Order but does not decode as one: Entity Order, field status: cannot decode item"
        + " CUSTOMER#c1 / ORDER#o9: is required but the item has no attribute status";
    // all but the projection: a projected read decodes absent fields as null (see the README's list of read paths)
    everyReadRefuses(shop, shop.db, missing, 8);
    UnrecognizedItemException e = assertThrows(UnrecognizedItemException.class,
        () -> skipping.entity(ORDER).get(O9));
    assertEquals("Order", e.entity());
    assertEquals("status", e.field());
    // a value of the wrong DynamoDB type
    shop.putAtO9(Map.of("_type", s("Order"), "customerId", s("c1"), "orderId", s("o9"),
        "status", AttributeValue.fromN("3")));
    everyReadRefuses(shop, skipping, "names entity Order but does not decode as one: Entity Order, field status");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aClientOfASharedTableSkipsForeignItemsWhenItOptsIn(Backend backend) {
    Shop shop = new Shop(backend.client());
    shop.putAtO9(Map.of("_type", s("Refund"), "customerId", s("c1")));
    ModelClient skipping = ModelClient.builder(shop.model, backend.client()).skipForeignItems().build();
    assertEquals(Optional.empty(), skipping.entity(ORDER).get(O9));
    assertEquals(List.of(), skipping.batchGet().get(ORDER, O9).execute().found());
    assertEquals(List.of(), skipping.transactGet().get(ORDER, O9).execute().found());
    Page<Order> orders = skipping.query(ORDERS).partition(Key.of("customerId", "c1")).page();
    assertEquals(List.of(new Order("c1", "o1", "PLACED")), orders.items());
    assertEquals(1, orders.skipped(), "skipped, and counted");
    Page<ShopItem> page = skipping.query(PAGE).partition(Key.of("customerId", "c1")).page();
    assertEquals(List.of(new Order("c1", "o1", "PLACED"), new Customer("c1", "Ada")), page.items());
    assertEquals(1, page.skipped());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void itemsOfTheModelsOtherEntitiesAndTheLibrarysOwnAreSkippedWithoutAnOptIn(Backend backend) {
    Shop shop = new Shop(backend.client());
    // a Customer item where an order would be: not an Order, so no Order there
    shop.putAtO9(Map.of("_type", s("Customer"), "customerId", s("c1"), "name", s("Ada")));
    assertEquals(Optional.empty(), shop.db.entity(ORDER).get(O9));
    assertEquals(List.of(), shop.db.batchGet().get(ORDER, O9).execute().found());
    Page<Order> orders = shop.db.query(ORDERS).partition(Key.of("customerId", "c1")).page();
    assertEquals(List.of(new Order("c1", "o1", "PLACED")), orders.items());
    assertEquals(1, orders.skipped());
    // the migration log's records are the library's own bookkeeping, never an entity and never an error
    shop.putAtO9(Map.of("_type", s("_migration"), "id", s("m1")));
    Page<ShopItem> page = shop.db.query(PAGE).partition(Key.of("customerId", "c1")).page();
    assertEquals(2, page.items().size());
    assertEquals(1, page.skipped());
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void theAsyncClientRefusesAsTheSyncOneDoes(AsyncBackend backend) {
    Shop shop = new Shop(backend.sync());
    shop.putAtO9(Map.of("customerId", s("c1"), "orderId", s("o9"), "status", s("PLACED")));
    AsyncModelClient async = AsyncModelClient.create(shop.model, backend.async());
    for (Supplier<CompletableFuture<?>> read : List.<Supplier<CompletableFuture<?>>>of(
        () -> async.entity(ORDER).get(O9),
        () -> async.query(ORDERS).partition(Key.of("customerId", "c1")).pageAsync())) {
      CompletionException e = assertThrows(CompletionException.class, () -> read.get().join());
      assertTrue(e.getCause() instanceof UnrecognizedItemException, String.valueOf(e.getCause()));
    }
  }

  // ---- writes by key

  private static final Order NEW_O9 = new Order("c1", "o9", "NEW");

  /** Every single and transactional put or delete by key at o9, each as a call that must be refused. */
  private static List<Runnable> writes(ModelClient client) {
    return List.of(
        () -> client.entity(ORDER).put(NEW_O9),
        () -> client.entity(ORDER).delete(O9),
        () -> client.entity(ORDER).delete(NEW_O9),
        () -> client.entity(ORDER).returningCurrentOnFailure().put(NEW_O9),
        () -> client.entity(ORDER).returningCurrentOnFailure().delete(O9),
        () -> client.transaction().put(ORDER, NEW_O9).execute(),
        () -> client.transaction().delete(ORDER, O9).returningCurrentOnFailure().execute());
  }

  private static void everyWriteRefuses(Shop shop, Map<String, AttributeValue> there, String holder) {
    shop.putAtO9(there);
    Map<String, AttributeValue> stored = shop.dynamo.getItem(b -> b.tableName(shop.table)
        .key(Map.of("pk", s("CUSTOMER#c1"), "sk", s("ORDER#o9")))).item();
    List<Runnable> writes = writes(shop.db);
    for (int i = 0; i < writes.size(); i++) {
      RuntimeException e = assertThrows(RuntimeException.class, writes.get(i)::run, "write path " + i);
      assertTrue(e.getMessage().contains("Entity Order: the item at CUSTOMER#c1 / ORDER#o9 belongs to another"
          + " entity"), "write path " + i + ": " + e.getMessage());
      if (i == 3 || i == 4 || i == 6) { // the item as it was came back: the message says what holds the key
        assertTrue(e.getMessage().contains(holder), "write path " + i + ": " + e.getMessage());
      }
      assertEquals(stored, shop.dynamo.getItem(b -> b.tableName(shop.table)
          .key(Map.of("pk", s("CUSTOMER#c1"), "sk", s("ORDER#o9")))).item(), "write path " + i + " left it alone");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPutOrDeleteByKeyLeavesAForeignItemAlone(Backend backend) {
    Shop shop = new Shop(backend.client());
    everyWriteRefuses(shop, Map.of("customerId", s("c1"), "orderId", s("o9"), "status", s("PLACED")),
        "(one without a type attribute _type)");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPutOrDeleteByKeyLeavesAnotherEntitysItemAlone(Backend backend) {
    Shop shop = new Shop(backend.client());
    everyWriteRefuses(shop, Map.of("_type", s("Customer"), "customerId", s("c1"), "name", s("Ada")),
        "(of type Customer)");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPutOrDeleteByKeyOfTheEntitysOwnItemOrOfNoItemStillWrites(Backend backend) {
    Shop shop = new Shop(backend.client());
    Key o1 = Key.of("customerId", "c1", "orderId", "o1");
    shop.db.entity(ORDER).put(new Order("c1", "o1", "SHIPPED"));
    assertEquals(Optional.of(new Order("c1", "o1", "SHIPPED")), shop.db.entity(ORDER).get(o1));
    assertEquals(Optional.of(new Order("c1", "o1", "SHIPPED")), shop.db.entity(ORDER).delete(o1));
    assertEquals(Optional.empty(), shop.db.entity(ORDER).delete(o1), "no item: nothing to refuse");
    shop.db.transaction().put(ORDER, NEW_O9).execute();
    shop.db.transaction().delete(ORDER, O9).execute();
    assertEquals(Optional.empty(), shop.db.entity(ORDER).get(O9));
  }
}
