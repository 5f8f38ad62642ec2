package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.spring.test.PartitaTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The slice: a ModelClient on a fresh embedded database with the table made, and none of the application's other
 * parts (its service, its reports component, and the clock configuration that component needs).
 */
@PartitaTest
class ShopSliceTest {
  @Autowired ApplicationContext context;
  @Autowired ModelClient db;
  @Autowired DynamoDbClient dynamo;

  @Test
  void onlyTheDataLayerIsThere() {
    assertThat(dynamo.getClass().getName()).isEqualTo("io.partita.embedded.EmbeddedDynamoDbClient");
    assertThat(context.getBeanNamesForType(OrderService.class)).isEmpty();
    assertThat(context.getBeanNamesForType(ShopReports.class)).isEmpty();
    assertThat(context.getBeanNamesForType(java.time.Clock.class)).isEmpty();
  }

  /** The same first write as ShopSliceAgainTest's, configured alike: both succeed only if each class has its own database. */
  @Test
  void theDatabaseIsThisClasssOwn() {
    db.entity(ShopModel.CUSTOMER).create(new Customer("first", "First", "first@example.com"));
    assertThat(db.entity(ShopModel.CUSTOMER).get(Key.of("id", "first"))).isPresent();
  }
}
