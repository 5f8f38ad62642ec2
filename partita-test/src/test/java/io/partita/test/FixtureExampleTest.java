package io.partita.test;

import static io.partita.test.Shop.CUSTOMER;
import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_BY_STATUS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.test.Shop.Customer;
import io.partita.test.Shop.Order;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

// README: "Fixtures from JSON"
@ModelTest
@Fixture("shop.json") // next to this class: src/test/resources/io/partita/test/shop.json
class FixtureExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @Test
  void loadsTheItemsAsTheModelWritesThem(ModelClient db) {
    Customer ada = db.entity(CUSTOMER).get(Key.of("customerId", "c1")).orElseThrow();
    assertEquals(new Customer("c1", "Ada", Set.of("vip", "early")), ada);
    // the index keys were built by the model's templates: the GSI serves the fixture's orders
    List<Order> paid = db.query(ORDERS_BY_STATUS).partition(Key.of("status", "PAID")).all();
    assertEquals(List.of("o2", "o3"), paid.stream().map(Order::orderId).toList());
  }

  @Test
  @Fixture("/fixtures/more-orders.json") // a test's own, after the class's
  void addsATestsOwn(ModelClient db) {
    Order o4 = db.entity(ORDER).get(Key.of("customerId", "c2", "orderId", "o4")).orElseThrow();
    assertEquals(new BigDecimal("1"), o4.total());
    assertEquals(2, db.query(ORDERS_BY_STATUS).partition(Key.of("status", "NEW")).all().size());
  }
}
