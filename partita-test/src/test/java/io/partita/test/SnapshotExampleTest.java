package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_BY_STATUS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

// README: "Seed once, restore before each test"
@ModelTest(lifecycle = ModelTest.Lifecycle.PER_CLASS, restoreBeforeEach = "seeded")
@Fixture("shop.json")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SnapshotExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @BeforeAll
  static void seed(ModelClient db, Partita partita) {
    db.entity(ORDER).put(new Shop.Order("c3", "o9", "PAID", BigDecimal.ONE));
    partita.snapshot("seeded"); // the fixture's orders and o9
  }

  @Test
  @Order(1)
  void aTestChangesTheSeededData(ModelClient db) {
    assertEquals(3, paid(db).size());
    db.entity(ORDER).delete(Key.of("customerId", "c3", "orderId", "o9"));
    db.entity(ORDER).put(new Shop.Order("c4", "o11", "PAID", BigDecimal.TEN));
  }

  @Test
  @Order(2)
  void theNextStartsFromTheSnapshotAgain(ModelClient db) {
    assertEquals(List.of("o2", "o3", "o9"), paid(db).stream().map(Shop.Order::orderId).sorted().toList());
  }

  private static List<Shop.Order> paid(ModelClient db) {
    return db.query(ORDERS_BY_STATUS).partition(Key.of("status", "PAID")).all();
  }
}
