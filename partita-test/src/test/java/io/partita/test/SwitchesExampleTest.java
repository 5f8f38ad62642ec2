package io.partita.test;

import static io.partita.test.Shop.ORDER;
import static io.partita.test.Shop.ORDERS_OF_CUSTOMER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.ErrorCode;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TransactionCanceledException;
import io.partita.test.Shop.Order;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

// README: "Throttling and faults"
@ModelTest(storageFaults = true) // storageFailsOnTheNextWrite
class SwitchesExampleTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  private static final Order O1 = new Order("c1", "o1", "NEW", BigDecimal.TEN);

  @Test
  void theNextWritesAreThrottled(ModelClient db, Switches switches, RecordingListener requests) {
    switches.throttleWrites(2);

    for (int i = 0; i < 2; i++) {
      DynamoDbException e = assertThrows(DynamoDbException.class, () -> db.entity(ORDER).put(O1));
      assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
    }
    assertEquals(Optional.empty(), db.entity(ORDER).get(Key.of("customerId", "c1", "orderId", "o1")),
        "a throttled write writes nothing");
    db.entity(ORDER).put(O1); // the third goes through

    assertEquals(List.of("PutItem", "PutItem", "GetItem", "PutItem"), requests.operations());
    assertEquals(2, requests.requests().stream().filter(r -> r.error().isPresent()).count());
  }

  @Test
  void readsAreNotThrottledByThrottleWrites(ModelClient db, Switches switches) {
    switches.throttleWrites(1);

    assertEquals(List.of(), db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all());
    assertThrows(DynamoDbException.class, () -> db.entity(ORDER).put(O1));
    db.entity(ORDER).put(O1);
  }

  @Test
  void batchesAndTransactionsAreWritesToo(ModelClient db, Switches switches) {
    switches.throttleWrites(2);

    DynamoDbException e = assertThrows(DynamoDbException.class,
        () -> db.transaction().put(ORDER, O1).put(ORDER, new Order("c1", "o2", "NEW", BigDecimal.ONE)).execute());
    assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
    assertThrows(DynamoDbException.class, () -> db.batchWrite().put(ORDER, List.of(O1)).execute());

    db.transaction().put(ORDER, O1).execute();
    assertEquals(O1, db.entity(ORDER).get(Key.of("customerId", "c1", "orderId", "o1")).orElseThrow());
  }

  @Test
  void anyOperationCanFailWithARetryableError(ModelClient db, Switches switches) {
    switches.failRequests(1, ErrorCode.InternalServerError, "Query");

    DynamoDbException e = assertThrows(DynamoDbException.class,
        () -> db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all());
    assertEquals("InternalServerError", e.awsErrorDetails().errorCode());
    assertEquals(500, e.statusCode());
    assertEquals(List.of(), db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all());
  }

  @Test
  void theNextTransactionMeetsAConflict(ModelClient db, Switches switches) {
    switches.conflicts(1);

    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> db.transaction().put(ORDER, O1).execute());
    assertEquals("TransactionConflict", e.reasons().get(0).code());
    assertEquals(Optional.empty(), db.entity(ORDER).get(Key.of("customerId", "c1", "orderId", "o1")),
        "a conflicted transaction writes nothing");
    // the application's retry rides it out
    switches.conflicts(2);
    db.retryOnConflict(() -> db.transaction().put(ORDER, O1).execute());
    assertEquals(O1, db.entity(ORDER).get(Key.of("customerId", "c1", "orderId", "o1")).orElseThrow());
    // a single-item write meets one too
    switches.conflicts(1);
    DynamoDbException put = assertThrows(DynamoDbException.class, () -> db.entity(ORDER).put(O1));
    assertEquals("TransactionConflictException", put.awsErrorDetails().errorCode());
  }

  @Test
  void theEngineRefusesAnErrorDynamoDbWouldNotAnswerThatWay(Switches switches) {
    // the engine injects only what a busy or failing DynamoDB, or a concurrent transaction, answers
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> switches.failRequests(1, ErrorCode.ConditionalCheckFailedException));
    assertTrue(e.getMessage().startsWith("fault errors must be some of"), e.getMessage());
  }

  @Test
  void aMisspeltOperationIsRefusedNotIgnored(Switches switches) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> switches.failRequests(1, ErrorCode.InternalServerError, "Querry"));
    assertEquals("no operation is named Querry (DynamoDB's names: PutItem, Query, TransactWriteItems, ...)",
        e.getMessage());
  }

  @Test
  void storageFailsOnTheNextWrite(ModelClient db, Switches switches) {
    db.entity(ORDER).put(O1);
    switches.failStorageWrites(1);

    DynamoDbException e = assertThrows(DynamoDbException.class,
        () -> db.entity(ORDER).put(new Order("c1", "o2", "NEW", BigDecimal.ONE)));
    assertEquals("ServiceUnavailable", e.awsErrorDetails().errorCode());
    // reads go on while the storage cannot write, and the failed write left nothing
    assertEquals(List.of("o1"),
        db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all().stream().map(Order::orderId).toList());

    db.entity(ORDER).put(new Order("c1", "o2", "NEW", BigDecimal.ONE)); // the storage writes again
    assertEquals(2, db.query(ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "c1")).all().size());
  }
}
