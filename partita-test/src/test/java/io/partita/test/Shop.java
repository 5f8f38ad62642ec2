package io.partita.test;

import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Model;
import io.partita.model.TableSchema;
import java.math.BigDecimal;
import java.util.Set;

/** The model the kit's tests and README examples use: customers and their orders in one table. */
final class Shop {
  private Shop() {}

  record Customer(String customerId, String name, Set<String> tags) {}

  record Order(String customerId, String orderId, String status, BigDecimal total) {}

  static final Entity<Customer> CUSTOMER = Entity.of(Customer.class).key("CUSTOMER#{customerId}", "PROFILE");
  static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("gsi1", "STATUS#{status}", "ORDER#{orderId}");

  /** A pattern whose key is whole: served by a GetItem. */
  static final AccessPattern<Customer> CUSTOMER_BY_ID = AccessPattern.of("Customer by id", CUSTOMER)
      .partition("CUSTOMER#{customerId}").sortEq("PROFILE").build();
  static final AccessPattern<Order> ORDERS_OF_CUSTOMER = AccessPattern.of("Orders of a customer", ORDER)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();
  static final AccessPattern<Order> ORDERS_BY_STATUS = AccessPattern.of("Orders by status", ORDER)
      .index("gsi1").partition("STATUS#{status}").sortBeginsWith("ORDER#").build();

  static final Model MODEL = model(TableSchema.named("Shop"));

  /** The same model on a provisioned table, for throttling. */
  static Model model(TableSchema table) {
    return Model.builder(table.globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(CUSTOMER, ORDER)
        .patterns(CUSTOMER_BY_ID, ORDERS_OF_CUSTOMER, ORDERS_BY_STATUS)
        .build();
  }
}
