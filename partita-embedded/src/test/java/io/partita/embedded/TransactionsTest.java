package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.time.Duration;
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
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
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
    assertEquals("1 validation error detected: Value '[101 TransactWriteItem]' at 'transactItems' failed to satisfy "
        + "constraint: Member must have length less than or equal to 100", tooMany.awsErrorDetails().errorMessage());
    assertThrows(ResourceNotFoundException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(
        TransactWriteItem.builder().put(p -> p.tableName("nope").item(Map.of("PK", s("X"), "SK", s("Y")))).build())));
    // a key that does not match the schema: the action's ValidationError reason (Amazon DynamoDB, issue 12)
    assertEquals(List.of("ValidationError: The provided key element does not match the schema"),
        reasons(() -> dynamo.transactWriteItems(b -> b.transactItems(
            TransactWriteItem.builder().delete(d -> d.tableName("shop").key(Map.of("PK", s("X")))).build()))));
    DynamoDbException noUpdate = assertThrows(DynamoDbException.class, () -> dynamo.transactWriteItems(b -> b.transactItems(
        TransactWriteItem.builder().update(u -> u.tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y")))).build())));
    assertEquals("1 validation error detected: Value null at 'transactItems.1.member.update.updateExpression' failed to "
        + "satisfy constraint: Member must not be null", noUpdate.awsErrorDetails().errorMessage());
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
    clock.advance(Duration.ofMinutes(10).plusSeconds(1));
    dynamo.transactWriteItems(order("o2", 1).toBuilder().clientRequestToken("token-1").build());
    assertEquals(n("1"), stock());
  }

  @Test
  void aRepeatedRequestReportsTheReadOfItsItems_whateverCapacityItAsksFor() {
    TransactWriteItemsRequest first = order("o1", 1).toBuilder().clientRequestToken("t").build();
    dynamo.transactWriteItems(first);
    var again = dynamo.transactWriteItems(first.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
    assertEquals(List.of(ConsumedCapacity.builder().tableName("shop").capacityUnits(2.0).readCapacityUnits(2.0).build()),
        again.consumedCapacity(), "nothing written: two strongly consistent reads");
    assertEquals(n("2"), stock());
  }

  @Test
  void aCancelledTransactionDoesNotKeepItsToken() {
    TransactWriteItemsRequest tooMuch = order("o1", 5).toBuilder().clientRequestToken("t").build();
    assertThrows(TransactionCanceledException.class, () -> dynamo.transactWriteItems(tooMuch));
    dynamo.putItem(b -> b.tableName("shop").item(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1"), "stock", n("10"))));
    dynamo.transactWriteItems(tooMuch);
    assertEquals(n("5"), stock());
    dynamo.transactWriteItems(tooMuch);
    assertEquals(n("5"), stock(), "succeeded now: applied once");
  }

  @Test
  void capacityOfTransactionsIsTwiceThePlainOne() {
    var r = dynamo.transactWriteItems(order("o1", 1).toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
    assertEquals(List.of(ConsumedCapacity.builder().tableName("shop").capacityUnits(6.0).writeCapacityUnits(6.0).build()),
        r.consumedCapacity(), "two items under 1 KB and the order's GSI1 entry, each written transactionally: 3 × 2 units");
    TransactGetItemsResponse g = dynamo.transactGetItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .transactItems(get("PRODUCT#p1"), get("ORDER#o1"), get("ORDER#missing")));
    assertEquals(List.of(ConsumedCapacity.builder().tableName("shop").capacityUnits(6.0).readCapacityUnits(6.0).build()),
        g.consumedCapacity(), "three reads under 4 KB, each 2 units");
    // a ConditionCheck reads: twice a strongly consistent read; INDEXES gives the table's share
    var c = dynamo.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).transactItems(
        TransactWriteItem.builder().conditionCheck(x -> x.tableName("shop").key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1")))
            .conditionExpression("attribute_exists(PK)")).build(),
        TransactWriteItem.builder().put(x -> x.tableName("shop").item(Map.of("PK", s("N#1"), "SK", s("N#1")))).build()));
    assertEquals(List.of(ConsumedCapacity.builder().tableName("shop").capacityUnits(4.0).readCapacityUnits(2.0)
        .writeCapacityUnits(2.0).table(software.amazon.awssdk.services.dynamodb.model.Capacity.builder()
            .capacityUnits(4.0).readCapacityUnits(2.0).writeCapacityUnits(2.0).build()).build()), c.consumedCapacity());
  }

  @Test
  void itemCollectionMetricsOnlyForTablesWithLocalIndexes() {
    var r = dynamo.transactWriteItems(order("o1", 1).toBuilder().returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE).build());
    assertFalse(r.hasItemCollectionMetrics(), "no table with local indexes written: no map, as for PutItem");
  }

  private TransactWriteItem putItem(Map<String, AttributeValue> item) {
    return TransactWriteItem.builder().put(p -> p.tableName("shop").item(item)).build();
  }

  private static TransactWriteItem stockAtLeast(int n) {
    return TransactWriteItem.builder().conditionCheck(c -> c.tableName("shop")
        .key(Map.of("PK", s("PRODUCT#p1"), "SK", s("PRODUCT#p1"))).conditionExpression("stock >= :n")
        .expressionAttributeValues(Map.of(":n", n(Integer.toString(n))))).build();
  }

  private List<String> reasons(Runnable r) {
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class, r::run);
    return e.cancellationReasons().stream().map(x -> x.code() + (x.message() == null ? "" : ": " + x.message())).toList();
  }

  private String validation(Runnable r) {
    DynamoDbException e = assertThrows(DynamoDbException.class, r::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage());
    return e.awsErrorDetails().errorMessage();
  }

  /**
   * Which errors refuse the whole request and which are an action's cancellation reason: the API
   * reference's list of ValidationError reasons, the service's observed answers (docs/dynamodb-messages.md),
   * and Partita's choice where neither says.
   */
  @Test
  void writeTimeErrorsAreTheActionsReasons_requestErrorsRefuseTheRequest() {
    // an index key of the wrong scalar type is found when the item is written: the action's reason
    assertEquals(List.of("ConditionalCheckFailed: The conditional request failed",
            "ValidationError: One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S "
                + "Actual: N IndexName: GSI1"),
        reasons(() -> dynamo.transactWriteItems(b -> b.transactItems(stockAtLeast(5),
            putItem(Map.of("PK", s("X"), "SK", s("Y"), "GSI1PK", n("1")))))));
    // an update of a key attribute too, before the action's condition
    assertEquals(List.of("None", "ValidationError: One or more parameter values were invalid: Cannot update attribute SK. "
            + "This attribute is part of the key"),
        reasons(() -> dynamo.transactWriteItems(b -> b.transactItems(stockAtLeast(1),
            TransactWriteItem.builder().update(u -> u.tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y")))
                .updateExpression("SET SK = :v").conditionExpression("attribute_exists(PK)")
                .expressionAttributeValues(Map.of(":v", s("Z")))).build()))));
    // and an update making the item too large
    assertEquals(List.of("ValidationError: Item size to update has exceeded the maximum allowed size"),
        reasons(() -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().update(u -> u
            .tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y"))).updateExpression("SET a = :v, b = :v")
            .expressionAttributeValues(Map.of(":v", s("x".repeat(210 * 1024))))).build()))));
    // an empty index key, an index key that is no scalar, a Put item too large: the request
    assertTrue(validation(() -> dynamo.transactWriteItems(b -> b.transactItems(stockAtLeast(5),
        putItem(Map.of("PK", s("X"), "SK", s("Y"), "GSI1PK", s(""))))))
        .startsWith("One or more parameter values are not valid. A value specified for a secondary index key is not supported."));
    assertEquals("One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: SS "
        + "IndexName: GSI1", validation(() -> dynamo.transactWriteItems(b -> b.transactItems(stockAtLeast(5),
        putItem(Map.of("PK", s("X"), "SK", s("Y"), "GSI1PK", AttributeValue.fromSs(List.of("a"))))))));
    assertEquals("Item size has exceeded the maximum allowed size", validation(() -> dynamo.transactWriteItems(b -> b
        .transactItems(stockAtLeast(5), putItem(Map.of("PK", s("X"), "SK", s("Y"), "big", s("x".repeat(400 * 1024))))))));
    assertEquals(n("3"), stock());
  }

  /** DynamoDB's order: each action's structure and expressions, then each action against its table. */
  @Test
  void validationOrderAndMessages() {
    TransactWriteItem unknownTable = TransactWriteItem.builder().put(p -> p.tableName("nope").item(Map.of("PK", s("X")))).build();
    TransactWriteItem badSyntax = TransactWriteItem.builder().conditionCheck(c -> c.tableName("shop")
        .key(Map.of("PK", s("X"), "SK", s("Y"))).conditionExpression("attribute_exists(")).build();
    assertTrue(validation(() -> dynamo.transactWriteItems(b -> b.transactItems(unknownTable, badSyntax)))
        .startsWith("Invalid ConditionExpression: Syntax error"), "a later action's expression before an earlier one's table");
    assertEquals("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request",
        validation(() -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().build(), badSyntax))));
    assertTrue(validation(() -> dynamo.transactWriteItems(b -> b.transactItems(badSyntax, TransactWriteItem.builder().build())))
        .startsWith("Invalid ConditionExpression: Syntax error"), "structure and expressions action by action");
    assertEquals("1 validation error detected: Value null at 'transactItems.2.member.delete.key' failed to satisfy constraint: Member must not be null",
        validation(() -> dynamo.transactWriteItems(b -> b.transactItems(stockAtLeast(1),
            TransactWriteItem.builder().delete(d -> d.tableName("shop")).build()))));
    assertEquals("1 validation error detected: Value null at 'transactItems.1.member.put.tableName' failed to satisfy constraint: Member must not be null",
        validation(() -> dynamo.transactWriteItems(b -> b.transactItems(
            TransactWriteItem.builder().put(p -> p.item(Map.of("PK", s("X"), "SK", s("Y")))).build()))));
    assertEquals(List.of("ValidationError: The provided key element does not match the schema"),
        reasons(() -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().delete(d -> d
            .tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y"), "a", s("Z")))).build()))));
    assertEquals("1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have "
        + "length greater than or equal to 1",
        validation(() -> dynamo.transactWriteItems(b -> b.transactItems(List.of()))));
    assertEquals("1 validation error detected: Value '" + "t".repeat(37) + "' at 'clientRequestToken' failed to satisfy "
        + "constraint: Member must have length less than or equal to 36",
        validation(() -> dynamo.transactWriteItems(b -> b.clientRequestToken("t".repeat(37)).transactItems(stockAtLeast(1)))));
    assertEquals("1 validation error detected: Value 'ALL_NEW' at 'transactItems.1.member.conditionCheck."
        + "returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]",
        validation(() -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().conditionCheck(c -> c
            .tableName("shop").key(Map.of("PK", s("X"), "SK", s("Y"))).conditionExpression("attribute_exists(PK)")
            .returnValuesOnConditionCheckFailure("ALL_NEW")).build()))));
    assertEquals("1 validation error detected: Value null at 'transactItems.1.member.get.key' failed to satisfy constraint: Member must not be null",
        validation(() -> dynamo.transactGetItems(b -> b.transactItems(TransactGetItem.builder().get(g -> g.tableName("shop")).build()))));
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
