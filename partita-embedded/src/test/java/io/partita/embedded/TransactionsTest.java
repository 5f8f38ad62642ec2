package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** TransactWriteItems and TransactGetItems through the embedded client: the guides' inventory example and the rules. */
class TransactionsTest {
  private final MutableClock clock = new MutableClock();
  private Partita partita;
  private DynamoDbClient dynamo;

  /** A clock the test moves, for the token window. */
  static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-11-21T10:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @BeforeEach
  void open() {
    partita = Partita.with().clock(clock).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    dynamo.createTable(b -> b.tableName("shop").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
        .attributeDefinitions(attr("PK"), attr("SK"), attr("GSI1PK"), attr("GSI1SK"))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(KeySchemaElement.builder().attributeName("GSI1PK").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("GSI1SK").keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1"), "stock", n("3"))));
  }

  private static AttributeDefinition attr(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  @AfterEach
  void close() {
    partita.close();
  }

  /** The guides' example: decrement the stock if enough is left, and create the order. */
  private static TransactWriteItemsRequest order(String orderId, int quantity) {
    return TransactWriteItemsRequest.builder().transactItems(
        TransactWriteItem.builder().update(u -> u.tableName("shop")
            .key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1")))
            .updateExpression("SET stock = stock - :q")
            .conditionExpression("stock >= :q")
            .expressionAttributeValues(Map.of(":q", n(Integer.toString(quantity))))
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build(),
        TransactWriteItem.builder().put(p -> p.tableName("shop")
            .item(Map.of("PK", s("ORDER#" + orderId), "SK", s("ORDER#" + orderId), "quantity", n(Integer.toString(quantity)),
                "GSI1PK", s("PRODUCT#p1"), "GSI1SK", s("ORDER#" + orderId)))
            .conditionExpression("attribute_not_exists(PK)")).build()).build();
  }

  private AttributeValue stock() {
    return dynamo.getItem(b -> b.tableName("shop").key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1")))).item().get("stock");
  }

  private int ordersInIndex() {
    return dynamo.query(b -> b.tableName("shop").indexName("GSI1").keyConditionExpression("GSI1PK = :p")
        .expressionAttributeValues(Map.of(":p", s("PRODUCT#p1")))).count();
  }

  @Test
  void anOrderDecrementsTheStockAndCreatesTheOrder_indexIncluded() {
    dynamo.transactWriteItems(order("o1", 2));
    assertEquals(n("1"), stock());
    assertEquals(1, ordersInIndex());
  }

  @Test
  void aFailedConditionCancelsEveryAction_withReasonsInRequestOrder() {
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> dynamo.transactWriteItems(order("o1", 5)));
    assertEquals("Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]",
        e.awsErrorDetails().errorMessage());
    List<CancellationReason> reasons = e.cancellationReasons();
    assertEquals(2, reasons.size());
    assertEquals("ConditionalCheckFailed", reasons.get(0).code());
    assertEquals("The conditional request failed", reasons.get(0).message());
    assertEquals(n("3"), reasons.get(0).item().get("stock"), "ALL_OLD returns the item that failed the condition");
    assertEquals("None", reasons.get(1).code());
    assertNull(reasons.get(1).message());
    assertEquals(n("3"), stock(), "nothing applied");
    assertEquals(0, ordersInIndex(), "the order's index entry was not written either");
    assertFalse(dynamo.getItem(b -> b.tableName("shop").key(Map.of("PK", s("ORDER#o1"), "SK", s("ORDER#o1")))).hasItem());
  }

  @Test
  void everyFailingActionHasItsReason_andARuntimeTypeErrorIsAValidationError() {
    dynamo.transactWriteItems(order("o1", 1));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("PK", s("NOTE#1"), "SK", s("NOTE#1"), "text", s("hello"))));
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> dynamo.transactWriteItems(b -> b
        .transactItems(
            TransactWriteItem.builder().conditionCheck(c -> c.tableName("shop")
                .key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1"))).conditionExpression("stock > :z")
                .expressionAttributeValues(Map.of(":z", n("0")))).build(),
            TransactWriteItem.builder().put(p -> p.tableName("shop")
                .item(Map.of("PK", s("ORDER#o1"), "SK", s("ORDER#o1"))).conditionExpression("attribute_not_exists(PK)")).build(),
            TransactWriteItem.builder().update(u -> u.tableName("shop")
                .key(Map.of("PK", s("NOTE#1"), "SK", s("NOTE#1"))).updateExpression("ADD #t :one")
                .expressionAttributeNames(Map.of("#t", "text"))
                .expressionAttributeValues(Map.of(":one", n("1")))).build())));
    assertEquals(List.of("None", "ConditionalCheckFailed", "ValidationError"),
        e.cancellationReasons().stream().map(CancellationReason::code).toList());
    assertTrue(e.cancellationReasons().get(2).message().contains("An operand in the update expression has an incorrect data type"),
        e.cancellationReasons().get(2).message());
  }

  @Test
  void validationErrorsRefuseTheWholeRequest() {
    TransactWriteItem put = TransactWriteItem.builder().put(p -> p.tableName("shop")
        .item(Map.of("PK", s("X"), "SK", s("Y")))).build();
    DynamoDbException twice = assertThrows(DynamoDbException.class,
        () -> dynamo.transactWriteItems(b -> b.transactItems(put, put)));
    assertEquals("Transaction request cannot include multiple operations on one item", twice.awsErrorDetails().errorMessage());
    List<TransactWriteItem> many = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      int k = i;
      many.add(TransactWriteItem.builder().put(p -> p.tableName("shop").item(Map.of("PK", s("X" + k), "SK", s("Y")))).build());
    }
    DynamoDbException tooMany = assertThrows(DynamoDbException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(many)));
    assertEquals("ValidationException", tooMany.awsErrorDetails().errorCode());
    assertTrue(tooMany.awsErrorDetails().errorMessage().contains("Member must have length less than or equal to 100"));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(
        TransactWriteItem.builder().put(p -> p.tableName("nope").item(Map.of("PK", s("X"), "SK", s("Y")))).build())));
    DynamoDbException badKey = assertThrows(DynamoDbException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(
        TransactWriteItem.builder().delete(d -> d.tableName("shop").key(Map.of("PK", s("X")))).build())));
    assertEquals("The provided key element does not match the schema", badKey.awsErrorDetails().errorMessage());
    DynamoDbException noUpdate = assertThrows(DynamoDbException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(
        TransactWriteItem.builder().update(u -> u.tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y")))).build())));
    assertTrue(noUpdate.awsErrorDetails().errorMessage().contains("transactItems.1.member.update.updateExpression"));
    assertEquals(1, dynamo.scan(b -> b.tableName("shop")).count(), "nothing was written by any refused request");
  }

  @Test
  void aClientRequestTokenAppliesTheTransactionOnce_forTenMinutes() {
    TransactWriteItemsRequest first = order("o1", 1).toBuilder().clientRequestToken("token-1").build();
    dynamo.transactWriteItems(first);
    dynamo.transactWriteItems(first);
    assertEquals(n("2"), stock(), "the retry succeeded without applying again");
    IdempotentParameterMismatchException mismatch = assertThrows(IdempotentParameterMismatchException.class,
        () -> dynamo.transactWriteItems(order("o2", 1).toBuilder().clientRequestToken("token-1").build()));
    assertEquals("IdempotentParameterMismatchException", mismatch.awsErrorDetails().errorCode());
    clock.advance(Duration.ofMinutes(10).plusSeconds(1));
    assertThrows(TransactionCanceledException.class, () -> dynamo.transactWriteItems(first),
        "after the window the token is forgotten: the same request runs again, and its order exists now");
    dynamo.transactWriteItems(order("o2", 1).toBuilder().clientRequestToken("token-1").build());
    assertEquals(n("1"), stock());
  }

  @Test
  void aCancelledTransactionDoesNotKeepItsToken() {
    TransactWriteItemsRequest tooMuch = order("o1", 5).toBuilder().clientRequestToken("t").build();
    assertThrows(TransactionCanceledException.class, () -> dynamo.transactWriteItems(tooMuch));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1"), "stock", n("10"))));
    dynamo.transactWriteItems(tooMuch);
    assertEquals(n("5"), stock());
  }

  @Test
  void capacityOfTransactionsIsTwiceThePlainOne() {
    var r = dynamo.transactWriteItems(order("o1", 1).toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
    assertEquals(List.of(ConsumedCapacity.builder().tableName("shop").capacityUnits(6.0).build()), r.consumedCapacity(),
        "two items under 1 KB and the order's GSI1 entry, each written transactionally: 3 × 2 units");
    TransactGetItemsResponse g = dynamo.transactGetItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .transactItems(get("PRODUCT#p1"), get("ORDER#o1"), get("ORDER#missing")));
    assertEquals(6.0, g.consumedCapacity().get(0).capacityUnits(), "three reads under 4 KB, each 2 units");
  }

  private static TransactGetItem get(String pk) {
    return TransactGetItem.builder().get(x -> x.tableName("shop").key(Map.of("PK", s(pk), "SK", s(pk)))).build();
  }

  @Test
  void transactGetItemsAnswersInRequestOrder_missingItemsEmpty_projected() {
    dynamo.transactWriteItems(order("o1", 1));
    TransactGetItemsResponse r = dynamo.transactGetItems(b -> b.transactItems(get("ORDER#o1"), get("ORDER#none"),
        TransactGetItem.builder().get(x -> x.tableName("shop").key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1")))
            .projectionExpression("#s").expressionAttributeNames(Map.of("#s", "stock"))).build()));
    assertEquals(3, r.responses().size());
    assertEquals(n("1"), r.responses().get(0).item().get("quantity"));
    assertFalse(r.responses().get(1).hasItem());
    assertEquals(Map.of("stock", n("2")), r.responses().get(2).item());
    DynamoDbException twice = assertThrows(DynamoDbException.class,
        () -> dynamo.transactGetItems(b -> b.transactItems(get("ORDER#o1"), get("ORDER#o1"))));
    assertEquals("Transaction request cannot include multiple operations on one item", twice.awsErrorDetails().errorMessage());
  }
}
