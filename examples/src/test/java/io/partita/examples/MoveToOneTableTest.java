package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.examples.moving.MoveToOneTable;
import io.partita.examples.moving.MoveToOneTable.LegacyCustomer;
import io.partita.examples.moving.MoveToOneTable.LegacyOrder;
import io.partita.examples.moving.MoveToOneTable.Order;
import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.model.migrate.Cutover;
import io.partita.model.migrate.MigrationRecord;
import io.partita.model.migrate.ShadowRead;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The long guide's §10 from two tables to one, on both backends: the old code's data, the window open, the copy killed
 * in the middle and run again, the pattern shadowed clean and cut over, the old tables left as the new one.
 */
class MoveToOneTableTest {
  private static LegacyOrder legacyOrder(int i) {
    return new LegacyOrder(String.format("o%04d", i), "c" + (i % 25), Instant.parse("2026-11-01T00:00:00Z")
        .plusSeconds(3600L * i), 100L * i, "PLACED");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void twoTablesBecomeOneWithACrashInTheCopy(Backend backend) {
    DynamoDbClient dynamo = backend.client();
    List<ShadowRead.Difference<Order>> differences = new ArrayList<>();
    MoveToOneTable shop = new MoveToOneTable(dynamo, Backend.freshTable("move") + "_", d -> {
      synchronized (differences) {
        differences.add(d);
      }
    });
    shop.createLegacyTables();
    for (int i = 0; i < 400; i++) {
      if (i < 25) {
        shop.oldCodeRegisters(new LegacyCustomer("c" + i, "Customer " + i, "c" + i + "@example.com"));
      }
      shop.oldCodePlaces(legacyOrder(i));
    }
    ModelClient db = shop.window();
    db.createTable();
    // the application writes through the window from now on: a new order, a changed one, a cancelled one
    Order placed = new Order("c3", "o9000", Instant.parse("2026-12-01T09:30:00Z"), 4200, "PLACED");
    db.entity(shop.order).put(placed);
    LegacyOrder seven = legacyOrder(7);
    Order shipped = new Order(seven.customerId(), seven.orderId(), seven.placedAt(), seven.totalCents(), "SHIPPED");
    db.entity(shop.order).put(shipped);
    LegacyOrder eight = legacyOrder(8);
    db.entity(shop.order).delete(Key.of("customerId", eight.customerId(), "placedAt", eight.placedAt(), "orderId",
        eight.orderId()));

    // the copy dies after 150 of its writes, and is run again
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      assertThrows(SdkClientException.class, () -> shop.copy(dyingAfter(dynamo, 150), pool));
      List<MigrationRecord> done = shop.copy(dynamo, pool);
      assertEquals(List.of(MigrationRecord.State.COMPLETED, MigrationRecord.State.COMPLETED),
          done.stream().map(MigrationRecord::state).toList());
    } finally {
      pool.shutdownNow();
    }

    // every old order is in the single table once, as the window last wrote it; the deleted one in neither table
    for (int i = 0; i < 400; i++) {
      LegacyOrder o = legacyOrder(i);
      var got = db.entity(shop.order).get(Key.of("customerId", o.customerId(), "placedAt", o.placedAt(), "orderId",
          o.orderId()));
      if (i == 8) {
        assertTrue(got.isEmpty(), "the deleted order came back");
        assertTrue(shop.legacyOrders.get(dynamo, Map.of("orderId", AttributeValue.fromS(o.orderId()))).isEmpty());
      } else {
        assertEquals(i == 7 ? "SHIPPED" : "PLACED", got.orElseThrow().status(), o.orderId());
      }
    }

    // the pattern shadowed: both ways agree (the window kept the old table current); then cut over
    assertEquals(Cutover.Stage.OLD, shop.cutOver(Cutover.Stage.SHADOW).before().orElseThrow());
    for (int c = 0; c < 25; c++) {
      shop.ordersOf(db, "c" + c);
    }
    assertEquals(List.of(), differences);
    shop.cutOver(Cutover.Stage.NEW);
    List<Order> c3 = shop.ordersOf(db, "c3");
    assertEquals(placed, c3.get(0), "newest first, from the single table");
    assertEquals(17, c3.size());
  }

  /** {@code delegate}, failing every call (a process gone) from the {@code after}+1-th put into the single table. */
  private static DynamoDbClient dyingAfter(DynamoDbClient delegate, int after) {
    AtomicInteger puts = new AtomicInteger();
    AtomicBoolean dead = new AtomicBoolean();
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (dead.get() || method.getName().equals("putItem") && args[0] instanceof PutItemRequest p
              && p.item().containsKey("_type") && puts.incrementAndGet() > after) {
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
