package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** {@code @ModelTest(faults = ...)}: the engine's own fault spec, on during every test of the class. */
@ModelTest(faults = "rate=1,errors=ServiceUnavailable,operations=PutItem")
@Fixture("shop.json") // loaded all the same: the faults are off while the kit writes
class FaultsAnnotationTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  private static final Shop.Order O9 = new Shop.Order("c1", "o9", "NEW", BigDecimal.ONE);

  @Test
  void everyPutFails(ModelClient db) {
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> db.entity(ORDER).put(O9));
    assertEquals("ServiceUnavailable", e.awsErrorDetails().errorCode());
    db.entity(ORDER).get(Key.of("customerId", "c1", "orderId", "o1")).orElseThrow(); // other operations go through
  }

  @Test
  void aSwitchStandsInForTheClassFaultsUntilItIsSpent(ModelClient db, Switches switches) {
    switches.failRequests(1, ErrorCode.InternalServerError, "GetItem");
    db.entity(ORDER).put(O9);
    Key key = Key.of("customerId", "c1", "orderId", "o9");
    assertEquals("InternalServerError", assertThrows(DynamoDbException.class, () -> db.entity(ORDER).get(key))
        .awsErrorDetails().errorCode());

    assertEquals(O9, db.entity(ORDER).get(key).orElseThrow());
    assertThrows(DynamoDbException.class, () -> db.entity(ORDER).put(O9)); // the class's faults are back
  }
}
