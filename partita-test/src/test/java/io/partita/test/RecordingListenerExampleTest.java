package io.partita.test;

import static io.partita.test.Shop.CUSTOMER;
import static io.partita.test.Shop.CUSTOMER_BY_ID;
import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_BY_STATUS;
import static io.partita.test.Shop.ORDERS_OF_CUSTOMER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.Condition;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.test.RecordingListener.Request;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

// README: "What was sent"
@ModelTest
@Fixture("shop.json")
class RecordingListenerExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @Test
  void aPatternIsServedByOneQueryOfItsIndex(ModelClient db, RecordingListener requests) {
    db.query(ORDERS_BY_STATUS).partition(Key.of("status", "PAID")).all();

    requests.servedBy(ORDERS_BY_STATUS); // one Query, of gsi1, and no Scan
    Request query = requests.requests().get(0);
    assertEquals(Optional.of("gsi1"), query.index());
    assertEquals("Shop", query.table());
    // two items of well under 4 KB, read eventually consistent from the index: half a unit
    assertEquals(0.5, requests.capacityUsed());
  }

  @Test
  void aWholeKeyPatternIsServedByAGetItem(ModelClient db, RecordingListener requests) {
    db.query(CUSTOMER_BY_ID).partition(Key.of("customerId", "c1")).all();

    requests.servedBy(CUSTOMER_BY_ID);
    assertEquals(List.of("GetItem"), requests.operations());
  }

  @Test
  void recordsEveryRequestWithItsCapacity(ModelClient db, RecordingListener requests) {
    db.entity(ORDER).delete(Key.of("customerId", "c1", "orderId", "o1"));
    db.entity(CUSTOMER).get(Key.of("customerId", "c2"));

    assertEquals(List.of("DeleteItem", "GetItem"), requests.operations());
    // a delete of a small item costs one write unit, and one more for the gsi1 entry it removes; an eventually
    // consistent read of a small item half a read unit
    assertEquals(List.of(2.0, 0.5), requests.requests().stream().map(r -> r.consumedCapacity().orElseThrow()).toList());
  }

  @Test
  void aScanIsCaught(ModelClient db, RecordingListener requests) {
    db.entity(ORDER).scan().all();

    AssertionError e = assertThrows(AssertionError.class, requests::noScan);
    assertTrue(e.getMessage().startsWith("a Scan was sent; requests sent:\n  Scan Shop"), e.getMessage());
  }

  @Test
  void aPatternThatTookTwoQueriesIsNotServedByOne(ModelClient db, RecordingListener requests) {
    // a filter that drops c1's first order: with a limit of one, the page needs a second Query to fill
    db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1"))
        .filter(Condition.eq("status", "PAID")).limit(1).maxRequests(2).page();

    assertEquals(List.of("Query", "Query"), requests.operations());
    AssertionError e = assertThrows(AssertionError.class, () -> requests.servedBy(ORDERS_OF_CUSTOMER));
    assertTrue(e.getMessage().startsWith("access pattern 'Orders of a customer' was served by 2 requests, not one"),
        e.getMessage());
  }

  @Test
  void aPatternNotQueriedIsNotServed(ModelClient db, RecordingListener requests) {
    db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all();

    AssertionError e = assertThrows(AssertionError.class, () -> requests.servedBy(ORDERS_BY_STATUS));
    assertEquals("access pattern 'Orders by status' was served by 0 requests, not one; requests sent:\n"
        + "  Query Shop [Orders of a customer] 0.5 units", e.getMessage());
  }

  @Test
  void startsEmptyAfterTheFixtures(RecordingListener requests) {
    assertEquals(List.of(), requests.requests());
  }
}
