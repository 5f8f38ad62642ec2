package io.partita.spring.shop;

import java.util.List;

import io.partita.model.Key;
import io.partita.model.ModelClient;
import org.springframework.stereotype.Service;

/** The application's data access: everything through the ModelClient the starter made. */
@Service
public class OrderService {
  private final ModelClient db;

  public OrderService(ModelClient db) {
    this.db = db;
  }

  public Customer register(String id, String name, String email) {
    return db.entity(ShopModel.CUSTOMER).create(new Customer(id, name, email));
  }

  public Order place(String customerId, long totalCents) {
    db.entity(ShopModel.CUSTOMER).get(Key.of("id", customerId))
        .orElseThrow(() -> new IllegalArgumentException("no customer " + customerId));
    return db.entity(ShopModel.ORDER).create(new Order(customerId, null, totalCents, null, null));
  }

  /** Newest first. */
  public List<Order> ordersOf(String customerId) {
    return db.query(ShopModel.ORDERS_OF_CUSTOMER).partition(Key.of("customerId", customerId)).descending().all();
  }
}
