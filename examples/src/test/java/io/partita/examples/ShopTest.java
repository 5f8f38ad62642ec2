package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.ecommerce.Shop;
import io.partita.examples.ecommerce.Shop.CustomerItem;
import io.partita.examples.ecommerce.Shop.Order;
import io.partita.examples.ecommerce.Shop.OrderItem;
import io.partita.examples.ecommerce.Shop.OrderStatus;
import io.partita.examples.ecommerce.Shop.ProductItem;
import io.partita.model.Key;
import io.partita.model.TransactionCanceledException;

/** The e-commerce example on both backends: the access patterns, the inventory transaction, no overselling. */
class ShopTest {

  private static Shop shop(Backend backend) {
    Shop shop = new Shop(backend.client(), Backend.freshTable("Shop"));
    shop.db.createTable();
    shop.seed();
    return shop;
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theInventoryTransactionPlacesAnOrderOrNothing(Backend backend) {
    Shop shop = shop(backend);
    Order o = shop.placeOrder("c1", "PAR", Map.of("p1", 2, "p2", 1));
    assertEquals(0, new BigDecimal("119.30").compareTo(o.total()));
    assertEquals(OrderStatus.PLACED, o.status());
    assertEquals(Map.of("PAR", 8, "LYS", 2), shop.stock("p1"));
    assertEquals(Map.of("PAR", 24), shop.stock("p2"));
    List<OrderItem> lines = shop.db.query(shop.itemsOfOrder).partition(Key.of("orderId", o.orderId())).all();
    assertEquals(List.of("p1", "p2"), lines.stream().map(OrderItem::productId).collect(Collectors.toList()));

    // not enough at PAR for p3 (1 left): nothing of the order is written, the p1 line included
    Shop.OutOfStockException out = assertThrows(Shop.OutOfStockException.class,
        () -> shop.placeOrder("c2", "PAR", Map.of("p1", 1, "p3", 2)));
    assertEquals("p3", out.productId());
    assertEquals(Map.of("PAR", 8, "LYS", 2), shop.stock("p1"));
    assertEquals(Map.of("PAR", 1), shop.stock("p3"));
    assertEquals(List.of(), shop.db.query(shop.ordersOfCustomer).partition(Key.of("customerId", "c2")).all());

    // an unknown customer fails the condition check
    TransactionCanceledException unknown = assertThrows(TransactionCanceledException.class,
        () -> shop.placeOrder("nobody", "PAR", Map.of("p1", 1)));
    assertEquals("check", unknown.failures().get(0).action());
    assertEquals(Map.of("PAR", 8, "LYS", 2), shop.stock("p1"));

    // shipping moves the order from STATUS#PLACED to STATUS#SHIPPED in gsi1
    assertEquals(List.of(o.orderId()), shop.db.query(shop.ordersByStatus).partition(Key.of("status",
        OrderStatus.PLACED)).all().stream().map(Order::orderId).collect(Collectors.toList()));
    Order shipped = shop.ship(o);
    assertEquals(2L, shipped.version());
    assertEquals(List.of(), shop.db.query(shop.ordersByStatus).partition(Key.of("status", OrderStatus.PLACED))
        .all());
    assertEquals(List.of(shipped), shop.db.query(shop.ordersByStatus).partition(Key.of("status",
        OrderStatus.SHIPPED)).all());

    // the customer page: profile and orders in one Query; the product page: product and stock
    List<CustomerItem> page = shop.db.query(shop.customerPage).partition(Key.of("customerId", "c1")).all();
    assertEquals(2, page.size());
    assertTrue(page.get(0) instanceof Shop.Customer);
    assertEquals(shipped, page.get(1));
    List<ProductItem> product = shop.db.query(shop.productPage).partition(Key.of("productId", "p1")).all();
    assertEquals(3, product.size(), "the product and two locations");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void concurrentOrdersNeverOversell(Backend backend) throws Exception {
    Shop shop = shop(backend);
    int buyers = 6;
    AtomicInteger sold = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(buyers);
    List<Future<?>> done = new ArrayList<>();
    for (int b = 0; b < buyers; b++) {
      int buyer = b;
      done.add(pool.submit(() -> {
        for (int i = 0; i < 4; i++) {
          int quantity = 1 + (buyer + i) % 2;
          try {
            shop.placeOrder(buyer % 2 == 0 ? "c1" : "c2", "PAR", Map.of("p1", quantity));
            sold.addAndGet(quantity);
          } catch (Shop.OutOfStockException e) {
            refused.incrementAndGet();
          }
        }
        return null;
      }));
    }
    for (Future<?> f : done) {
      f.get(120, TimeUnit.SECONDS);
    }
    pool.shutdown();
    int stock = shop.stock("p1").get("PAR");
    assertTrue(stock >= 0, "never below zero");
    assertEquals(10, stock + sold.get(), "every unit sold is a unit gone, and no more");
    assertTrue(refused.get() > 0, "24 orders of 1 or 2 cannot all be served from 10");
    int ordered = 0;
    for (String c : List.of("c1", "c2")) {
      for (Order o : shop.db.query(shop.ordersOfCustomer).partition(Key.of("customerId", c)).all()) {
        ordered += shop.db.query(shop.itemsOfOrder).partition(Key.of("orderId", o.orderId())).all().get(0)
            .quantity();
      }
    }
    assertEquals(sold.get(), ordered, "the orders written are exactly the units sold");
    // a refusal means the stock was below the quantity (at most 2) then, and stock only goes down
    assertTrue(stock <= 1, "refused orders only once the stock ran low: " + stock);
  }

  @Test
  void mainRuns() {
    Shop.main(new String[0]);
  }
}
