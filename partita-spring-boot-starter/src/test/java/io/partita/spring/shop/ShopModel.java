package io.partita.spring.shop;

import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Model;
import io.partita.model.TableSchema;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The shop's single table: customers and their orders. The starter builds the ModelClient from this bean. */
@Configuration(proxyBeanMethods = false)
public class ShopModel {
  public static final Entity<Customer> CUSTOMER = Entity.of(Customer.class).key("CUSTOMER#{id}", "PROFILE");
  public static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .generatedId("orderId", Ids.ULID)
      .timestamps("createdAt", "updatedAt");
  public static final AccessPattern<Order> ORDERS_OF_CUSTOMER = AccessPattern.of("Orders of a customer", ORDER)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();

  @Bean
  public Model model() {
    return Model.builder(TableSchema.named("Shop")).entities(CUSTOMER, ORDER).patterns(ORDERS_OF_CUSTOMER).build();
  }
}
