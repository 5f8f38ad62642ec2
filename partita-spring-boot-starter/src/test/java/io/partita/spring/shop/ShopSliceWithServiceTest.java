package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.model.ModelClient;
import io.partita.spring.test.PartitaTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.FilterType;

/** The slice with the service under test added by a filter, as a repository test would be written. */
@PartitaTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = OrderService.class))
class ShopSliceWithServiceTest {
  @Autowired ApplicationContext context;
  @Autowired OrderService orders;
  @Autowired ModelClient db;

  @Test
  void theServiceRunsInTheSlice() {
    assertThat(context.getBeanNamesForType(ShopReports.class)).isEmpty();
    // ShopSliceTest writes this customer too (a context of its own here in any case: its filters differ)
    orders.register("first", "First", "first@example.com");
    orders.place("first", 500);
    assertThat(orders.ordersOf("first")).hasSize(1);
  }
}
