package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.test.Shop.Order;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

// README: "Throttling and faults" (provisioned throughput)
@ModelTest(throttling = true)
@Fixture("shop.json") // five items on a table that takes one write a second: fixtures are not throttled
class ThrottlingExampleTest {
  /** One read and one write unit a second, for the table and for gsi1. */
  @TestModel
  static final Model MODEL = Shop.model(TableSchema.named("Shop").provisioned(1, 1));

  @Test
  void aWriteBeyondTheProvisionedThroughputIsRefused(ModelClient db, Switches switches) {
    db.entity(ORDER).put(new Order("c1", "o8", "NEW", BigDecimal.ONE)); // the second's one unit, spent

    ProvisionedThroughputExceededException e = assertThrows(ProvisionedThroughputExceededException.class,
        () -> db.entity(ORDER).put(new Order("c1", "o2", "NEW", BigDecimal.ONE)));
    assertEquals("TableWriteProvisionedThroughputExceeded", e.throttlingReasons().get(0).reason());

    switches.advanceClock(Duration.ofSeconds(1)); // the clock stands still until the test moves it
    db.entity(ORDER).put(new Order("c1", "o2", "NEW", BigDecimal.ONE));
  }

  @Test
  void readsHaveTheirOwnUnits(ModelClient db) {
    Key key = Key.of("customerId", "c1", "orderId", "o1");
    db.entity(ORDER).get(key); // an eventually consistent read: half a unit
    db.entity(ORDER).get(key);

    assertThrows(ProvisionedThroughputExceededException.class, () -> db.entity(ORDER).get(key));
  }
}
