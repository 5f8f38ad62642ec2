package io.partita.model.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.AlreadyExistsException;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;
import io.partita.server.SdkOverHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Guide 002 §10, a move from two tables to one, on Partita in process and over HTTP: the dual-write window writes
 * both tables or neither; the copy from each legacy table is killed in the middle and resumed to an exact result,
 * leaving alone what the window wrote; an item the legacy table holds that is not a record of it stops the copy,
 * naming it; reads move pattern by pattern through a shadow stage.
 */
class MoveTablesTest {
  /** The old tables' items: one table per entity, keyed by their own attributes, no type attribute. */
  record LegacyCustomer(String customerId, String name, String email) {}

  record LegacyOrder(String orderId, String customerId, Instant createdAt, long totalCents, String status) {}

  /** The single table's records. */
  record Customer(String customerId, String name, String email) {}

  record Order(String customerId, String orderId, Instant createdAt, long totalCents, String status) {}

  private static final DynamoDbClient EMBEDDED = PartitaDynamoDb.inMemory();
  private static final DynamoDbClient OVER_HTTP = SdkOverHttp.inMemoryServer();
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

  /** By name: JUnit would close a client given as an argument after each test. */
  static Stream<String> backends() {
    return Stream.of("embedded", "over HTTP");
  }

  private static DynamoDbClient client(String backend) {
    return backend.equals("embedded") ? EMBEDDED : OVER_HTTP;
  }

  @AfterAll
  static void close() {
    POOL.shutdownNow();
    EMBEDDED.close();
    OVER_HTTP.close();
  }

  private final Entity<Customer> customer = Entity.of(Customer.class).key("CUSTOMER#{customerId}", "PROFILE");
  private final Entity<Order> order = Entity.of(Order.class).key("CUSTOMER#{customerId}", "ORDER#{orderId}");
  private final AccessPattern<Order> ordersOf = AccessPattern.of("orders of a customer", order)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();

  /** A fresh world: the two legacy tables and the new one, with names no other test uses. */
  private final class World {
    final DynamoDbClient dynamo;
    final LegacyTable<LegacyCustomer> customers;
    final LegacyTable<LegacyOrder> orders;
    final Model model;

    World(DynamoDbClient dynamo) {
      this.dynamo = dynamo;
      int n = TABLES.incrementAndGet();
      customers = LegacyTable.of("Customers_" + n, LegacyCustomer.class, "customerId");
      orders = LegacyTable.of("Orders_" + n, LegacyOrder.class, "orderId");
      model = Model.builder(TableSchema.named("shop_" + n)).entities(customer, order).patterns(ordersOf).build();
      ModelClient.create(model, dynamo).createTable();
      for (String t : List.of(customers.name(), orders.name())) {
        String key = t.startsWith("Customers") ? "customerId" : "orderId";
        dynamo.createTable(c -> c.tableName(t).billingMode("PAY_PER_REQUEST")
            .attributeDefinitions(a -> a.attributeName(key).attributeType(ScalarAttributeType.S))
            .keySchema(k -> k.attributeName(key).keyType("HASH")));
      }
    }

    DynamoDbClient window(DynamoDbClient through) {
      DynamoDbClient w = DualWrite.of(through, model, customer).alsoTo(customers,
          c -> new LegacyCustomer(c.customerId(), c.name(), c.email())).client();
      return DualWrite.of(w, model, order).alsoTo(orders, o -> new LegacyOrder(o.orderId(), o.customerId(),
          o.createdAt(), o.totalCents(), o.status())).client();
    }

    Map<String, AttributeValue> legacyItem(LegacyTable<?> table, String id) {
      return dynamo.getItem(g -> g.tableName(table.name()).key(Map.of(table.keyAttributes().get(0),
          AttributeValue.fromS(id))).consistentRead(true)).item();
    }

    List<Map<String, AttributeValue>> all(String table) {
      List<Map<String, AttributeValue>> out = new ArrayList<>();
      Map<String, AttributeValue> after = null;
      do {
        Map<String, AttributeValue> start = after;
        ScanResponse r = dynamo.scan(s -> s.tableName(table).exclusiveStartKey(start).consistentRead(true));
        out.addAll(r.items());
        after = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
      } while (after != null);
      return out;
    }
  }

  private static LegacyOrder legacyOrder(int i) {
    return new LegacyOrder(String.format("o%05d", i), "c" + (i % 40), Instant.parse("2026-04-01T00:00:00Z")
        .plusSeconds(3600L * i), 100L * i, i % 3 == 0 ? "SHIPPED" : "NEW");
  }

  private static Order newOrder(LegacyOrder o) {
    return new Order(o.customerId(), o.orderId(), o.createdAt(), o.totalCents(), o.status());
  }

  @ParameterizedTest
  @MethodSource("backends")
  void theWindowWritesBothTablesOrNeither(String backend) {
    DynamoDbClient dynamo = client(backend);
    World w = new World(dynamo);
    ModelClient db = ModelClient.create(w.model, w.window(dynamo));
    Order o = new Order("c1", "o1", Instant.parse("2026-04-02T10:00:00Z"), 4200, "NEW");
    db.entity(order).put(o);
    assertEquals(w.orders.encode(new LegacyOrder("o1", "c1", o.createdAt(), 4200, "NEW")), w.legacyItem(w.orders, "o1"));
    db.entity(customer).put(new Customer("c1", "Ada", "ada@example.com"));
    assertEquals("Ada", w.legacyItem(w.customers, "c1").get("name").s());

    // the caller's condition fails: ConditionalCheckFailedException, as without the window (the model says
    // AlreadyExistsException for it), and nothing written
    assertThrows(AlreadyExistsException.class, () -> db.entity(order).create(o));
    // an update: both tables hold its result
    Order shipped = db.entity(order).update(Key.of("customerId", "c1", "orderId", "o1")).set("status", "SHIPPED")
        .execute();
    assertEquals("SHIPPED", shipped.status());
    assertEquals("SHIPPED", w.legacyItem(w.orders, "o1").get("status").s());

    // a delete removes both, and the legacy item of a record the copy has not brought over yet
    w.dynamo.putItem(p -> p.tableName(w.orders.name()).item(w.orders.encode(legacyOrder(7))));
    db.entity(order).delete(Key.of("customerId", "c7", "orderId", "o00007"));
    Map<String, AttributeValue> notCopied = w.legacyItem(w.orders, "o00007");
    assertTrue(notCopied == null || notCopied.isEmpty(), "the legacy item outlived the delete: " + notCopied);
    db.entity(order).delete(Key.of("customerId", "c1", "orderId", "o1"));
    assertTrue(db.entity(order).get(Key.of("customerId", "c1", "orderId", "o1")).isEmpty());
    Map<String, AttributeValue> gone = w.legacyItem(w.orders, "o1");
    assertTrue(gone == null || gone.isEmpty(), "the legacy item outlived the delete: " + gone);

    // fails closed: once the legacy table refuses writes (here: it is gone), the new table takes none either
    Order kept = new Order("c2", "o2", o.createdAt(), 10, "NEW");
    db.entity(order).put(kept);
    dynamo.deleteTable(d -> d.tableName(w.orders.name()));
    Order refused = new Order("c2", "o3", o.createdAt(), 1, "NEW");
    assertThrows(RuntimeException.class, () -> db.entity(order).put(refused));
    assertTrue(db.entity(order).get(Key.of("customerId", "c2", "orderId", "o3")).isEmpty(),
        "the new table kept a put the legacy table refused");
    // an update, the one two-step write, is undone when its legacy write fails
    ModelException undone = assertThrows(ModelException.class, () -> db.entity(order)
        .update(Key.of("customerId", "c2", "orderId", "o2")).set("status", "SHIPPED").execute());
    assertTrue(undone.getMessage().contains("undone"), undone.getMessage());
    assertEquals(Optional.of(kept), db.entity(order).get(Key.of("customerId", "c2", "orderId", "o2"), true));
    assertThrows(RuntimeException.class, () -> db.entity(order).delete(Key.of("customerId", "c2", "orderId", "o2")));
    assertEquals(Optional.of(kept), db.entity(order).get(Key.of("customerId", "c2", "orderId", "o2"), true));
  }

  @ParameterizedTest
  @MethodSource("backends")
  void aCopyFromTwoTablesKilledInTheMiddleResumesToAnExactResult(String backend) {
    DynamoDbClient dynamo = client(backend);
    World w = new World(dynamo);
    int n = 600;
    for (int i = 0; i < n; i++) {
      LegacyOrder o = legacyOrder(i);
      dynamo.putItem(p -> p.tableName(w.orders.name()).item(w.orders.encode(o)));
    }
    for (int c = 0; c < 40; c++) {
      LegacyCustomer lc = new LegacyCustomer("c" + c, "customer " + c, "c" + c + "@example.com");
      dynamo.putItem(p -> p.tableName(w.customers.name()).item(w.customers.encode(lc)));
    }
    // the window is open before the copy: an order changed through it is newer than its legacy item, which the
    // copy then must not bring back
    ModelClient db = ModelClient.create(w.model, w.window(dynamo));
    Order changed = new Order("c5", "o00005", legacyOrder(5).createdAt(), 1, "CANCELLED");
    db.entity(order).put(changed);

    // and a write through the window that comes between the copy's read of an item and its put (in whichever run
    // puts it): the copy's stale item must not replace it
    Order raced = new Order("c9", "o00009", legacyOrder(9).createdAt(), 2, "RETURNED");
    AtomicBoolean racedIn = new AtomicBoolean();
    DynamoDbClient racing = beforePutOf(dynamo, "ORDER#o00009", racedIn, () -> db.entity(order).put(raced));
    AtomicInteger puts = new AtomicInteger();
    DynamoDbClient dying = dyingAfter(racing, 250, puts);
    Migration<Order> first = Migration.copy("move-orders", dying, w.orders, w.model, order, MoveTablesTest::newOrder)
        .segments(3).pageSize(50);
    assertThrows(SdkClientException.class, () -> first.run(POOL));
    assertEquals(MigrationRecord.State.RUNNING,
        MigrationLog.in(dynamo, w.model.table()).record("move-orders").orElseThrow().state());

    MigrationRecord orders = Migration.copy("move-orders", racing, w.orders, w.model, order, MoveTablesTest::newOrder)
        .segments(3).pageSize(50).run(POOL);
    MigrationRecord customers = Migration.copy("move-customers", dynamo, w.customers, w.model, customer,
        c -> new Customer(c.customerId(), c.name(), c.email())).run(POOL);
    assertEquals(MigrationRecord.State.COMPLETED, orders.state());
    assertTrue(racedIn.get(), "the racing write ran");
    assertEquals(n, orders.migrated() + orders.current(), orders.toString());
    assertEquals(40, customers.migrated());

    ModelClient plain = ModelClient.create(w.model, dynamo);
    for (int i = 0; i < n; i++) {
      Order expected = i == 5 ? changed : i == 9 ? raced : newOrder(legacyOrder(i));
      assertEquals(Optional.of(expected), plain.entity(order).get(Key.of("customerId", expected.customerId(),
          "orderId", expected.orderId())), "order " + i);
    }
    // the pattern answers from the new table: c5's orders, one Query
    assertEquals(15, plain.query(ordersOf).partition(Key.of("customerId", "c5")).all().size());
    assertEquals(n + 40, w.all(w.model.table().name()).stream()
        .filter(i -> !i.get("pk").s().startsWith("_partita#")).count());
  }

  @ParameterizedTest
  @MethodSource("backends")
  void anItemTheLegacyTableHoldsThatIsNoRecordOfItStopsTheCopyNamingIt(String backend) {
    DynamoDbClient dynamo = client(backend);
    World w = new World(dynamo);
    dynamo.putItem(p -> p.tableName(w.orders.name()).item(w.orders.encode(legacyOrder(1))));
    // no totalCents: not an order this model knows
    dynamo.putItem(p -> p.tableName(w.orders.name()).item(Map.of("orderId", AttributeValue.fromS("broken"),
        "customerId", AttributeValue.fromS("c1"))));
    ModelException e = assertThrows(ModelException.class, () -> Migration.copy("move", dynamo, w.orders, w.model,
        order, MoveTablesTest::newOrder).run());
    assertTrue(e.getMessage().contains("broken") && e.getMessage().contains("is required"), e.getMessage());
    assertEquals(MigrationRecord.State.FAILED,
        MigrationLog.in(dynamo, w.model.table()).record("move").orElseThrow().state());
    // and a read of it by key says the same, never an empty answer
    ModelException read = assertThrows(ModelException.class, () -> w.orders.get(dynamo,
        Map.of("orderId", AttributeValue.fromS("broken"))));
    assertTrue(read.getMessage().contains("is required"), read.getMessage());
  }

  @ParameterizedTest
  @MethodSource("backends")
  void readsMovePatternByPatternThroughAShadowStage(String backend) {
    DynamoDbClient dynamo = client(backend);
    World w = new World(dynamo);
    ModelClient db = ModelClient.create(w.model, w.window(dynamo));
    db.entity(order).put(newOrder(legacyOrder(40)));
    List<ShadowRead.Difference<Order>> differences = new ArrayList<>();
    ShadowRead<Order> shadow = ShadowRead.of(Order::orderId, differences::add);
    Cutover cutover = Cutover.in(dynamo, w.model.table());
    AtomicInteger oldReads = new AtomicInteger();
    AtomicInteger newReads = new AtomicInteger();
    java.util.function.Supplier<List<Order>> oldWay = () -> {
      oldReads.incrementAndGet();
      return w.all(w.orders.name()).stream().map(w.orders::decode).filter(o -> o.customerId().equals("c0"))
          .map(MoveTablesTest::newOrder).toList();
    };
    java.util.function.Supplier<List<Order>> newWay = () -> {
      newReads.incrementAndGet();
      return db.query(ordersOf).partition(Key.of("customerId", "c0")).all();
    };
    assertEquals(Cutover.Stage.OLD, cutover.pattern("orders of a customer").stage());
    assertEquals(1, cutover.list("orders of a customer", shadow, oldWay, newWay).size());
    assertEquals(List.of(1, 0), List.of(oldReads.get(), newReads.get()));
    cutover.set("orders of a customer", Cutover.Stage.SHADOW);
    cutover.list("orders of a customer", shadow, oldWay, newWay);
    assertEquals(List.of(2, 1), List.of(oldReads.get(), newReads.get()));
    assertEquals(List.of(), differences, "the window kept both tables alike");
    Cutover.Pattern now = cutover.set("orders of a customer", Cutover.Stage.NEW);
    assertEquals(Optional.of(Cutover.Stage.SHADOW), now.before());
    cutover.list("orders of a customer", shadow, oldWay, newWay);
    assertEquals(List.of(2, 2), List.of(oldReads.get(), newReads.get()));
  }

  @ParameterizedTest
  @MethodSource("backends")
  void anOldModelOfAnotherTableIsRefusedAtBuild(String backend) {
    DynamoDbClient dynamo = client(backend);
    World w = new World(dynamo);
    Model other = Model.builder(TableSchema.named("LegacyOrders")).entities(Entity.of(LegacyOrder.class)
        .key("ORDER#{orderId}", "ORDER")).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DualWrite.of(dynamo, w.model,
        order).alsoAs(other, o -> new LegacyOrder(o.orderId(), o.customerId(), o.createdAt(), o.totalCents(),
        o.status())));
    assertTrue(e.getMessage().contains("alsoTo"), e.getMessage());
    IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
        () -> LegacyTable.of("Orders", LegacyOrder.class, "orderNumber"));
    assertTrue(key.getMessage().contains("no component orderNumber"), key.getMessage());
  }

  /** {@code delegate}, running {@code first} once before the put of the item whose sort key is {@code sk}. */
  private static DynamoDbClient beforePutOf(DynamoDbClient delegate, String sk, AtomicBoolean ran, Runnable first) {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("putItem") && args[0] instanceof PutItemRequest p && p.item().containsKey("sk")
              && sk.equals(p.item().get("sk").s()) && ran.compareAndSet(false, true)) {
            first.run();
          }
          try {
            return method.invoke(delegate, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /** {@code delegate}, dead (every call fails) from the {@code deadAfter}+1-th order put into the new table on. */
  private static DynamoDbClient dyingAfter(DynamoDbClient delegate, int deadAfter, AtomicInteger puts) {
    AtomicBoolean dead = new AtomicBoolean();
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (dead.get()) {
            throw SdkClientException.create("simulated crash: the process is gone");
          }
          if (method.getName().equals("putItem") && args[0] instanceof PutItemRequest p
              && p.item().containsKey("_type") && puts.incrementAndGet() > deadAfter) {
            dead.set(true);
            throw SdkClientException.create("simulated crash: the process is gone");
          }
          try {
            return method.invoke(delegate, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
