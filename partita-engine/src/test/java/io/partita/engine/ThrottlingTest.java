package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.internal.ops.context.Throttle;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Throttling (issue 17, opt-in): PROVISIONED tables and their GSIs held to their units with five
 * minutes of burst, on-demand maxima, batches returning throttled tables' entries unprocessed,
 * transactions cancelled, all by a clock moved by hand. The refusals' texts and reasons are
 * DynamoDB's (docs/dynamodb-messages.md, "Throttling").
 */
class ThrottlingTest {
  private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/";
  private final MovableClock clock = new MovableClock();

  private Partita open() {
    return Partita.with().clock(clock).throttling(true).inMemory();
  }

  /** A PROVISIONED table of one read and one write unit, with a GSI of one of each on {@code g}. */
  private static void provisioned(Partita p, String name) {
    p.execute(CreateTableRequest.builder().tableName(name).billingMode("PROVISIONED")
        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("g").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .globalSecondaryIndexes(i -> i.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
            .projection(x -> x.projectionType("ALL"))
            .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L)))
        .build());
  }

  private static PutItemRequest put(String table, String pk, int bytes) {
    return PutItemRequest.builder().tableName(table).item(Map.of("pk", AttributeValue.fromS(pk),
        "g", AttributeValue.fromS("G"), "pad", AttributeValue.fromS("x".repeat(bytes)))).build();
  }

  private static GetItemRequest get(String table, String pk) {
    return GetItemRequest.builder().tableName(table).key(Map.of("pk", AttributeValue.fromS(pk))).consistentRead(true)
        .build();
  }

  private static List<String> reasons(PartitaException e) {
    return e.throttlingReasons().stream().map(r -> r.reason() + " " + r.resource()).toList();
  }

  @Test
  void aProvisionedTableAndItsIndexAreHeldToTheirUnitsAndARefusedWriteWritesNothing() {
    try (Partita p = open()) {
      provisioned(p, "orders");
      p.execute(put("orders", "a", 10)); // a new table has one second of units: this takes them
      PartitaException refused = assertThrows(PartitaException.class, () -> p.execute(put("orders", "b", 10)));
      assertEquals(ErrorCode.ProvisionedThroughputExceededException, refused.code());
      assertEquals(Throttle.TABLE_MESSAGE, refused.getMessage());
      assertEquals(List.of("TableWriteProvisionedThroughputExceeded " + ARN + "orders",
          "IndexWriteProvisionedThroughputExceeded " + ARN + "orders/index/byG"), reasons(refused));
      GetItemResponse nothing = p.execute(get("orders", "b"));
      assertTrue(!nothing.hasItem() || nothing.item().isEmpty(), "a refused write writes nothing");

      clock.advanceMillis(1000); // a second refills one unit
      p.execute(put("orders", "b", 10));

      // reads have their own bucket, refilled by the same second; a GSI query has the index's
      p.execute(get("orders", "a"));
      PartitaException read = assertThrows(PartitaException.class, () -> p.execute(get("orders", "a")));
      assertEquals(List.of("TableReadProvisionedThroughputExceeded " + ARN + "orders"), reasons(read));
      // the index's read bucket has filled since the table was made: two units, 0.5 a query of one small item
      QueryRequest byG = QueryRequest.builder().tableName("orders").indexName("byG").keyConditionExpression("g = :g")
          .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G"))).build();
      for (int i = 0; i < 4; i++) {
        p.execute(byG);
      }
      PartitaException index = assertThrows(PartitaException.class, () -> p.execute(byG));
      assertEquals(Throttle.INDEX_MESSAGE, index.getMessage());
      assertEquals(List.of("IndexReadProvisionedThroughputExceeded " + ARN + "orders/index/byG"), reasons(index));
    }
  }

  @Test
  void unusedUnitsAreKeptForFiveMinutesOfBurstAndABigWriteRunsIntoDebt() {
    try (Partita p = open()) {
      provisioned(p, "orders");
      p.execute(put("orders", "a", 10));
      clock.advanceMillis(3_600_000); // an idle hour keeps 300 seconds of units, no more
      for (int i = 0; i < 300; i++) {
        p.execute(get("orders", "a"));
      }
      assertThrows(PartitaException.class, () -> p.execute(get("orders", "a")));

      // writes: on a new table, an item of 10 KB costs 10 units with one there; it owes 9 and refills for 9 seconds
      provisioned(p, "fresh");
      PutItemResponse big = p.execute(put("fresh", "big", 10 * 1024 - 20).toBuilder()
          .returnConsumedCapacity("TOTAL").build());
      assertEquals(20.0, big.consumedCapacity().capacityUnits(), 0.001); // 10 for the table, 10 for the GSI
      assertNull(big.consumedCapacity().table(), "TOTAL asked, TOTAL answered: the throttle's own INDEXES stays inside");
      clock.advanceMillis(9_000);
      assertThrows(PartitaException.class, () -> p.execute(put("fresh", "c", 10)));
      clock.advanceMillis(500);
      PutItemResponse plain = p.execute(put("fresh", "c", 10));
      assertNull(plain.consumedCapacity(), "no capacity asked, none answered");
    }
  }

  @Test
  void anOnDemandMaximumRefusesWithThrottlingException() {
    try (Partita p = open()) {
      p.execute(CreateTableRequest.builder().tableName("capped").billingMode("PAY_PER_REQUEST")
          .onDemandThroughput(t -> t.maxReadRequestUnits(2L).maxWriteRequestUnits(5L))
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
      p.execute(get("capped", "a"));
      p.execute(get("capped", "a"));
      PartitaException e = assertThrows(PartitaException.class, () -> p.execute(get("capped", "a")));
      assertEquals(ErrorCode.ThrottlingException, e.code());
      assertEquals(Throttle.ON_DEMAND_MESSAGE, e.getMessage());
      assertEquals(List.of("TableReadMaxOnDemandThroughputExceeded " + ARN + "capped"), reasons(e));

      // an on-demand table without a maximum is never throttled
      p.execute(CreateTableRequest.builder().tableName("free").billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
      for (int i = 0; i < 1000; i++) {
        p.execute(get("free", "a"));
      }
    }
  }

  @Test
  void batchesReturnAThrottledTablesEntriesUnprocessedAndFailOnlyWhenEveryTableIsThrottled() {
    try (Partita p = open()) {
      provisioned(p, "slow");
      p.execute(CreateTableRequest.builder().tableName("fast").billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
      p.execute(put("slow", "s0", 10)); // takes slow's write unit
      p.execute(get("slow", "s0")); // and its read unit
      WriteRequest slowWrite = WriteRequest.builder().putRequest(PutRequest.builder()
          .item(put("slow", "s1", 10).item()).build()).build();
      WriteRequest fastWrite = WriteRequest.builder().putRequest(PutRequest.builder()
          .item(put("fast", "f1", 10).item()).build()).build();
      BatchWriteItemResponse w = p.execute(BatchWriteItemRequest.builder()
          .requestItems(Map.of("slow", List.of(slowWrite), "fast", List.of(fastWrite))).build());
      assertEquals(Map.of("slow", List.of(slowWrite)), w.unprocessedItems());
      assertTrue(p.<GetItemResponse>execute(get("fast", "f1")).hasItem());

      KeysAndAttributes slowKeys = KeysAndAttributes.builder().keys(Map.of("pk", AttributeValue.fromS("s0"))).build();
      KeysAndAttributes fastKeys = KeysAndAttributes.builder().keys(Map.of("pk", AttributeValue.fromS("f1"))).build();
      BatchGetItemResponse g = p.execute(BatchGetItemRequest.builder()
          .requestItems(Map.of("slow", slowKeys, "fast", fastKeys)).build());
      assertEquals(Map.of("slow", slowKeys), g.unprocessedKeys());
      assertEquals(1, g.responses().get("fast").size());

      // a batch is checked whole before it is split: 101 keys are too many, whichever tables have units
      List<Map<String, AttributeValue>> many = new java.util.ArrayList<>();
      for (int i = 0; i < 60; i++) {
        many.add(Map.of("pk", AttributeValue.fromS("m" + i)));
      }
      PartitaException tooMany = assertThrows(PartitaException.class, () -> p.execute(BatchGetItemRequest.builder()
          .requestItems(Map.of("slow", KeysAndAttributes.builder().keys(many).build(),
              "fast", KeysAndAttributes.builder().keys(many.subList(0, 41)).build())).build()));
      assertEquals(ErrorCode.ValidationException, tooMany.code());
      assertEquals("Too many items requested for the BatchGetItem call", tooMany.getMessage());

      PartitaException all = assertThrows(PartitaException.class, () -> p.execute(BatchWriteItemRequest.builder()
          .requestItems(Map.of("slow", List.of(slowWrite))).build()));
      assertEquals(ErrorCode.ProvisionedThroughputExceededException, all.code());

      clock.advanceMillis(1000); // the retry DynamoDB asks for, after a pause, goes through
      BatchWriteItemResponse retried = p.execute(BatchWriteItemRequest.builder()
          .requestItems(w.unprocessedItems()).build());
      assertTrue(retried.unprocessedItems().isEmpty());
    }
  }

  @Test
  void aBatchRunsAsManyOfATablesEntriesAsItsUnitsCoverAndReturnsTheRest() {
    try (Partita p = open()) {
      provisioned(p, "slow");
      clock.advanceMillis(3000); // one unit at creation and three more since
      List<WriteRequest> writes = new java.util.ArrayList<>();
      for (int i = 0; i < 10; i++) {
        writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(put("slow", "k" + i, 10).item()).build())
            .build());
      }
      BatchWriteItemResponse w = p.execute(BatchWriteItemRequest.builder().requestItems(Map.of("slow", writes)).build());
      assertEquals(writes.subList(4, 10), w.unprocessedItems().get("slow"));
      for (int i = 0; i < 10; i++) {
        String pk = "k" + i;
        clock.advanceMillis(1000); // each read needs its unit
        assertEquals(i < 4, p.<GetItemResponse>execute(get("slow", pk)).hasItem(), pk);
      }
    }
  }

  @Test
  void aTransactionWithAThrottledActionIsCancelledForThatAction() {
    try (Partita p = open()) {
      provisioned(p, "slow");
      p.execute(CreateTableRequest.builder().tableName("fast").billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
      p.execute(put("slow", "s0", 10));
      PartitaException e = assertThrows(PartitaException.class, () -> p.execute(TransactWriteItemsRequest.builder()
          .transactItems(TransactWriteItem.builder().put(x -> x.tableName("fast").item(put("fast", "f", 1).item())).build(),
              TransactWriteItem.builder().put(x -> x.tableName("slow").item(put("slow", "s", 1).item())).build())
          .build()));
      assertEquals(ErrorCode.TransactionCanceledException, e.code());
      assertEquals(List.of("None", "ProvisionedThroughputExceeded"),
          e.cancellationReasons().stream().map(CancellationReason::code).toList());
      assertEquals(Throttle.TABLE_MESSAGE, e.cancellationReasons().get(1).message());
      assertTrue(!p.<GetItemResponse>execute(get("fast", "f")).hasItem(), "a cancelled transaction writes nothing");
    }
  }

  @Test
  void aPartiqlStatementIsThrottledAsTheOperationItCompilesInto() {
    try (Partita p = open()) {
      provisioned(p, "orders");
      software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest insert =
          software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest.builder()
              .statement("INSERT INTO \"orders\" VALUE {'pk': 'a', 'g': 'G'}").build();
      p.execute(insert);
      PartitaException e = assertThrows(PartitaException.class, () -> p.execute(insert.toBuilder()
          .statement("INSERT INTO \"orders\" VALUE {'pk': 'b', 'g': 'G'}").build()));
      assertEquals(ErrorCode.ProvisionedThroughputExceededException, e.code());
      p.execute(software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest.builder()
          .statement("SELECT * FROM \"orders\" WHERE pk = 'a'").consistentRead(true).build());
      PartitaException read = assertThrows(PartitaException.class, () -> p.execute(
          software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest.builder()
              .statement("SELECT * FROM \"orders\" WHERE pk = 'a'").consistentRead(true).build()));
      assertEquals(List.of("TableReadProvisionedThroughputExceeded " + ARN + "orders"), reasons(read));

      // a batch: the statements the write unit cannot cover answer ProvisionedThroughputExceeded in their place
      clock.advanceMillis(1000);
      software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse batch = p.execute(
          software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest.builder().statements(
              s -> s.statement("INSERT INTO \"orders\" VALUE {'pk': 'c', 'g': 'G'}"),
              s -> s.statement("INSERT INTO \"orders\" VALUE {'pk': 'd', 'g': 'G'}")).build());
      assertEquals(java.util.Arrays.asList(null, "ProvisionedThroughputExceeded"), batch.responses().stream()
          .map(r -> r.error() == null ? null : r.error().codeAsString()).toList());
      assertEquals("orders", batch.responses().get(1).tableName());

      // a transaction with a statement on an exhausted table is cancelled for it
      PartitaException tx = assertThrows(PartitaException.class, () -> p.execute(
          software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest.builder().transactStatements(
              s -> s.statement("INSERT INTO \"orders\" VALUE {'pk': 'e', 'g': 'G'}")).build()));
      assertEquals(ErrorCode.TransactionCanceledException, tx.code());
      assertEquals("ProvisionedThroughputExceeded", tx.cancellationReasons().get(0).code());
    }
  }

  @Test
  void offByDefaultAndSwitchableWhileOpen() {
    try (Partita p = Partita.with().clock(clock).inMemory()) {
      provisioned(p, "orders");
      for (int i = 0; i < 50; i++) {
        p.execute(put("orders", "a" + i, 10));
      }
      p.throttle(true);
      assertTrue(p.throttles());
      p.execute(put("orders", "b", 10));
      assertThrows(PartitaException.class, () -> p.execute(put("orders", "c", 10)));
      p.throttle(false);
      p.execute(put("orders", "c", 10));
    }
  }

  @Test
  void aWriteThatFailsItsConditionStillPaysAUnit() {
    try (Partita p = open()) {
      provisioned(p, "orders");
      PartitaException failed = assertThrows(PartitaException.class, () -> p.execute(put("orders", "a", 10)
          .toBuilder().conditionExpression("attribute_exists(pk)").build()));
      assertEquals(ErrorCode.ConditionalCheckFailedException, failed.code());
      PartitaException refused = assertThrows(PartitaException.class, () -> p.execute(put("orders", "a", 10)));
      assertEquals(ErrorCode.ProvisionedThroughputExceededException, refused.code());
      ThrottlingReason first = refused.throttlingReasons().get(0);
      assertEquals("TableWriteProvisionedThroughputExceeded", first.reason());
    }
  }
}
