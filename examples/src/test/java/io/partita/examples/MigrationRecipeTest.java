package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.migrate.DualWrite;
import io.partita.model.migrate.Migration;
import io.partita.model.migrate.MigrationRecord;
import io.partita.model.migrate.ShadowRead;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The long guide's §10 migration recipe on both backends: orders indexed by customer gain a status, and a new index
 * serves "orders of a status, newest first". (1) The new code writes through a dual-write window, so old readers keep
 * their index; (2) a parallel-scan backfill brings every old item to the new shape; (3) a shadow read compares the
 * old and the new way of answering the same question before the cut-over; (4) a write that bypasses the window is
 * found by the shadow read.
 */
class MigrationRecipeTest {
  /** The shape the old code wrote: orders of a customer on gsi1. */
  record OrderV1(String customer, String orderId, String day, long cents) {}

  /** The new shape: a status (PLACED for old orders), and orders of a status by day on gsi2. */
  record Order(String customer, String orderId, String day, long cents, String status) {}

  private static final Entity<OrderV1> OLD = Entity.of(OrderV1.class).name("Order")
      .key("CUSTOMER#{customer}", "ORDER#{orderId}").index("gsi1", "ORDERS#{customer}", "DAY#{day}#{orderId}");

  private static final Entity<Order> NEW = Entity.of(Order.class).name("Order")
      .key("CUSTOMER#{customer}", "ORDER#{orderId}").index("gsi2", "STATUS#{status}", "DAY#{day}#{orderId}")
      .schemaVersion(2)
      .upgrade(1, item -> {
        item.putIfAbsent("status", AttributeValue.fromS("PLACED"));
        return item;
      });

  @ParameterizedTest
  @EnumSource(Backend.class)
  void dualWriteBackfillShadowReadThenCutOver(Backend backend) throws Exception {
    DynamoDbClient dynamo = backend.client();
    TableSchema table = TableSchema.named(Backend.freshTable("Orders")).globalIndex("gsi1", "gsi1pk", "gsi1sk")
        .globalIndex("gsi2", "gsi2pk", "gsi2sk");
    AccessPattern<OrderV1> byCustomer = AccessPattern.of("Orders of a customer", OLD).index("gsi1")
        .partition("ORDERS#{customer}").sortBeginsWith("DAY#").build();
    Model oldModel = Model.builder(table).entities(OLD).patterns(byCustomer).build();
    AccessPattern<Order> byStatus = AccessPattern.of("Orders of a status by day", NEW).index("gsi2")
        .partition("STATUS#{status}").sortBeginsWith("DAY#").build();
    Model newModel = Model.builder(table).entities(NEW).patterns(byStatus).build();

    // before: 60 orders of 6 customers, written by the old code
    ModelClient oldCode = ModelClient.create(oldModel, dynamo);
    oldCode.createTable();
    for (int i = 0; i < 60; i++) {
      oldCode.entity(OLD).put(new OrderV1("c" + (i % 6), String.format("o%03d", i),
          String.format("2026-03-%02d", 1 + i % 28), 100L * i));
    }

    // (1) the window: the new code writes both shapes, old readers still find its orders on gsi1
    ModelClient newCode = ModelClient.create(newModel, DualWrite.of(dynamo, newModel, NEW)
        .alsoAs(oldModel, (Order o) -> new OrderV1(o.customer(), o.orderId(), o.day(), o.cents())).client());
    newCode.entity(NEW).put(new Order("c1", "o900", "2026-04-01", 999, "PLACED"));
    newCode.entity(NEW).update(Key.of("customer", "c2", "orderId", "o002")).set("status", "SHIPPED").execute();
    assertEquals(11, oldCode.query(byCustomer).partition(Key.of("customer", "c1")).all().size(),
        "the old readers see the order the new code wrote");

    // (2) the backfill: every old order to the new shape, the old index keys kept for the readers of the window
    ExecutorService pool = Executors.newFixedThreadPool(2);
    MigrationRecord done;
    try {
      done = Migration.of("2026-04-order-status", dynamo, newModel, NEW).retain("gsi1pk", "gsi1sk").segments(3)
          .run(pool);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(61, done.migrated() + done.current(), "the 60 old orders and the one written in the window");
    List<Order> placed = newCode.query(byStatus).partition(Key.of("status", "PLACED")).all();
    assertEquals(60, placed.size(), "every order but the shipped one is PLACED on the new index");
    assertEquals(List.of("o002"), newCode.query(byStatus).partition(Key.of("status", "SHIPPED")).all().stream()
        .map(Order::orderId).toList());

    // (3) the shadow read: a customer's orders the old way (the answer) and the new way (compared)
    List<ShadowRead.Difference<Order>> differences = new ArrayList<>();
    ShadowRead<Order> shadow = ShadowRead.of(Order::orderId, differences::add);
    ModelClient newReader = ModelClient.create(newModel, dynamo);
    Supplier<List<Order>> oldWay = () -> oldCode.query(byCustomer).partition(Key.of("customer", "c1")).all().stream()
        .map(o -> newReader.entity(NEW).get(Key.of("customer", o.customer(), "orderId", o.orderId())).orElseThrow())
        .toList();
    Supplier<List<Order>> newWay = () -> newReader.query(byStatus).partition(Key.of("status", "PLACED")).all()
        .stream().filter(o -> o.customer().equals("c1")).toList();
    assertEquals(11, shadow.list("orders of c1", oldWay, newWay).size());
    assertEquals(List.of(), differences.stream().filter(d -> d.kind() != ShadowRead.Difference.Kind.ORDER).toList());

    // (4) a write that bypasses the window has no old key: the shadow read reports it before the cut-over
    dynamo.putItem(p -> p.tableName(table.name()).item(newModel.encode(new Order("c1", "o901", "2026-04-02", 5,
        "PLACED"))));
    differences.clear();
    shadow.list("orders of c1", oldWay, newWay);
    assertEquals(List.of("o901"), differences.stream().filter(d -> d.kind() == ShadowRead.Difference.Kind.EXTRA)
        .map(d -> (String) d.identity()).toList(), differences.toString());
  }
}
