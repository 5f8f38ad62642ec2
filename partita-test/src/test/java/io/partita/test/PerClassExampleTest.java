package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_BY_STATUS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

// README: "One table for the class"
@ModelTest(lifecycle = ModelTest.Lifecycle.PER_CLASS)
@Fixture("shop.json")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerClassExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @BeforeAll
  static void moreOrders(ModelClient db) {
    db.entity(ORDER).put(new Shop.Order("c3", "o9", "PAID", BigDecimal.ONE));
  }

  @Test
  @Order(1)
  void seesWhatBeforeAllWrote(ModelClient db, RecordingListener requests) {
    assertEquals(3, paid(db).size()); // o2 and o3 from the fixture, o9 from @BeforeAll
    assertEquals(List.of("Query"), requests.operations()); // the @BeforeAll put is not this test's
    db.entity(ORDER).delete(Key.of("customerId", "c3", "orderId", "o9"));
  }

  @Test
  @Order(2)
  void seesWhatTheTestBeforeDid(ModelClient db, Switches switches) {
    assertEquals(2, paid(db).size());
    switches.throttleWrites(5); // left on on purpose: the next test must not see it
  }

  @Test
  @Order(3)
  void noSwitchIsLeftOn(ModelClient db) {
    db.entity(ORDER).put(new Shop.Order("c3", "o10", "NEW", BigDecimal.ONE));
  }

  @Nested
  class Nested_ {
    @Test
    void sharesTheOuterClassesTable(ModelClient db) {
      assertEquals(List.of("o2", "o3"), paid(db).stream().map(Shop.Order::orderId).toList());
    }
  }

  private static List<Shop.Order> paid(ModelClient db) {
    return db.query(ORDERS_BY_STATUS).partition(Key.of("status", "PAID")).all();
  }
}
