package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_OF_CUSTOMER;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.test.Shop.Order;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

// README: "A ready ModelClient"
@ModelTest
class ModelClientExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @Test
  void writesAndQueries(ModelClient db) {
    db.entity(ORDER).create(new Order("c1", "o1", "NEW", new BigDecimal("12.50")));
    db.entity(ORDER).create(new Order("c1", "o2", "PAID", new BigDecimal("8")));

    List<Order> orders = db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all();

    assertEquals(List.of("o1", "o2"), orders.stream().map(Order::orderId).toList());
  }

  /** A fresh table for every test: each repetition writes the same key with create(), which refuses an existing one. */
  @RepeatedTest(2)
  void startsEmpty(ModelClient db, DynamoDbClient dynamo) {
    assertEquals(0, dynamo.scan(b -> b.tableName("Shop")).count());
    db.entity(ORDER).create(new Order("c1", "o1", "NEW", BigDecimal.ONE));
  }
}
