package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.spring.test.PartitaTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Configured exactly as ShopSliceTest, so Spring's context cache would hand both classes one context (and one
 * database) but for @PartitaTest's fresh context per class: both make the same customer with create, which refuses
 * a key that exists, so whichever class runs second fails if it sees the first one's item.
 */
@PartitaTest(properties = "partita.model.listeners.slf4j.enabled=false") // exactly ShopSliceTest's
class ShopSliceAgainTest {
  @Autowired ModelClient db;

  @Test
  void theDatabaseIsThisClasssOwn() {
    db.entity(ShopModel.CUSTOMER).create(new Customer("first", "First", "first@example.com"));
    assertThat(db.entity(ShopModel.CUSTOMER).get(Key.of("id", "first"))).isPresent();
  }
}
