package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.model.ModelListener;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The assertions on requests the model never sends wrong (a pattern's Query of another index, a batch for a
 * pattern), fed by hand to a listener of the test's own.
 */
class RecordingListenerTest {
  private final RecordingListener requests = new RecordingListener();

  private void sent(String operation, String pattern, DynamoDbRequest request, Double capacity) {
    requests.after(new ModelListener.Request(operation, "Shop", Optional.ofNullable(pattern), request),
        new ModelListener.Response(Duration.ofMillis(1),
            capacity == null ? OptionalDouble.empty() : OptionalDouble.of(capacity), Optional.empty()));
  }

  @Test
  void aPatternsQueryOfAnotherIndexIsNotServedByIt() {
    sent("Query", "Orders by status", QueryRequest.builder().tableName("Shop").build(), 0.5);

    AssertionError e = assertThrows(AssertionError.class, () -> requests.servedBy(Shop.ORDERS_BY_STATUS));
    assertEquals("access pattern 'Orders by status' should read gsi1 but read the table; requests sent:\n"
        + "  Query Shop [Orders by status] 0.5 units", e.getMessage());
  }

  @Test
  void aPatternServedByABatchIsNotServedByAQuery() {
    sent("BatchGetItem", "Customer by id", BatchGetItemRequest.builder().build(), null);

    AssertionError e = assertThrows(AssertionError.class, () -> requests.servedBy(Shop.CUSTOMER_BY_ID));
    assertEquals("access pattern 'Customer by id' was served by a BatchGetItem; requests sent:\n"
        + "  BatchGetItem Shop [Customer by id]", e.getMessage());
  }

  @Test
  void aScanOfAnIndexIsRecordedWithIt() {
    sent("Scan", null, ScanRequest.builder().tableName("Shop").indexName("gsi1").build(), 3.0);
    sent("Query", "Orders by status", QueryRequest.builder().tableName("Shop").indexName("gsi1").build(), 0.5);

    assertEquals(Optional.of("gsi1"), requests.requests().get(0).index());
    assertEquals(3.5, requests.capacityUsed());
    AssertionError e = assertThrows(AssertionError.class, () -> requests.servedBy(Shop.ORDERS_BY_STATUS));
    assertEquals("a Scan was sent; requests sent:\n  Scan Shop.gsi1 3.0 units\n"
        + "  Query Shop.gsi1 [Orders by status] 0.5 units", e.getMessage());
    requests.clear();
    assertEquals(List.of(), requests.operations());
  }

  @Test
  void aListenerOfTheTestsOwnCountsForNoSwitch() {
    AtomicInteger told = new AtomicInteger();
    RecordingListener kits = new RecordingListener(told::incrementAndGet);
    kits.after(new ModelListener.Request("GetItem", "Shop", Optional.empty(), QueryRequest.builder().build()),
        new ModelListener.Response(Duration.ZERO, OptionalDouble.empty(), Optional.empty()));
    assertEquals(1, told.get());
  }
}
