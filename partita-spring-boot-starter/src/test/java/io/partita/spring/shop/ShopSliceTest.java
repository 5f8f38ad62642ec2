package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.spring.test.PartitaTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The slice: a ModelClient on a fresh embedded database with the table made, and none of the application's other
 * parts (its service, its reports component, and the clock configuration that component needs).
 */
@PartitaTest(properties = "partita.model.listeners.slf4j.enabled=false") // no WARN line for the injected fault
class ShopSliceTest {
  @Autowired ApplicationContext context;
  @Autowired ModelClient db;
  @Autowired DynamoDbClient dynamo;
  @Autowired Partita engine;

  @Test
  void onlyTheDataLayerIsThere() {
    assertThat(dynamo.getClass().getName()).isEqualTo("io.partita.embedded.EmbeddedDynamoDbClient");
    assertThat(context.getBeanNamesForType(OrderService.class)).isEmpty();
    assertThat(context.getBeanNamesForType(ShopReports.class)).isEmpty();
    assertThat(context.getBeanNamesForType(java.time.Clock.class)).isEmpty();
  }

  /** The engine is a bean: a test switches failures on through it, as a busy DynamoDB would answer. */
  @Test
  void faultsSwitchedOnThroughTheEngine() {
    engine.injectFaults(Faults.rate(1.0, 7));
    try {
      assertThatThrownBy(() -> db.entity(ShopModel.CUSTOMER).get(Key.of("id", "anyone")))
          .isInstanceOf(DynamoDbException.class);
    } finally {
      engine.injectFaults(Faults.NONE);
    }
    assertThat(db.entity(ShopModel.CUSTOMER).get(Key.of("id", "anyone"))).isEmpty();
  }

  /** The same first write as ShopSliceAgainTest's, configured alike: both succeed only if each class has its own database. */
  @Test
  void theDatabaseIsThisClasssOwn() {
    db.entity(ShopModel.CUSTOMER).create(new Customer("first", "First", "first@example.com"));
    assertThat(db.entity(ShopModel.CUSTOMER).get(Key.of("id", "first"))).isPresent();
  }
}
