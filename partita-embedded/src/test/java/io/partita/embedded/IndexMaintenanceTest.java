package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Index entries are written in the same batch as their item: sparse, replaced when their keys
 * change, removed with the item, with exact ItemCount and IndexSizeBytes, and index key attributes
 * of the wrong type refused.
 */
class IndexMaintenanceTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    createTable();
  }

  private void createTable() {
    dynamo.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S),
            def("GSI1PK", ScalarAttributeType.S), def("GSI1SK", ScalarAttributeType.N), def("LSK", ScalarAttributeType.S))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(key("GSI1PK", KeyType.HASH), key("GSI1SK", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("LSI1")
            .keySchema(key("PK", KeyType.HASH), key("LSK", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private TableDescription describe() {
    return dynamo.describeTable(b -> b.tableName("app")).table();
  }

  private long gsiCount() {
    GlobalSecondaryIndexDescription gsi = describe().globalSecondaryIndexes().get(0);
    return gsi.itemCount();
  }

  private long lsiCount() {
    return describe().localSecondaryIndexes().get(0).itemCount();
  }

  private static final Map<String, AttributeValue> KEY = Map.of("PK", s("USER#a"), "SK", s("ORDER#1"));

  @Test
  void entriesFollowTheirItem_sparse_replaced_removed() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("PK", s("USER#a"), "SK", s("ORDER#1"),
        "GSI1PK", s("STATUS#open"), "GSI1SK", n("5"))));
    assertEquals(1, gsiCount());
    assertEquals(0, lsiCount(), "no LSK: not in the local index");
    assertTrue(describe().globalSecondaryIndexes().get(0).indexSizeBytes() > 0);

    dynamo.putItem(b -> b.tableName("app").item(Map.of("PK", s("USER#b"), "SK", s("ORDER#2"), "GSI1PK", s("x"))));
    assertEquals(1, gsiCount(), "GSI1SK missing: the index is sparse");

    dynamo.updateItem(b -> b.tableName("app").key(KEY).updateExpression("SET GSI1PK = :p, LSK = :l")
        .expressionAttributeValues(Map.of(":p", s("STATUS#shipped"), ":l", s("2025"))));
    assertEquals(1, gsiCount(), "a changed index key replaces the entry");
    assertEquals(1, lsiCount());

    dynamo.updateItem(b -> b.tableName("app").key(KEY).updateExpression("REMOVE GSI1SK"));
    assertEquals(0, gsiCount());
    assertEquals(0L, describe().globalSecondaryIndexes().get(0).indexSizeBytes());

    dynamo.deleteItem(b -> b.tableName("app").key(KEY));
    assertEquals(0, lsiCount());
    assertEquals(0L, describe().localSecondaryIndexes().get(0).indexSizeBytes());
  }

  @Test
  void indexKeysOfTheWrongTypeOrEmptyAreRefusedAndNothingIsWritten() {
    DynamoDbException wrongType = assertThrows(DynamoDbException.class, () -> dynamo.putItem(b -> b.tableName("app")
        .item(Map.of("PK", s("USER#a"), "SK", s("ORDER#1"), "GSI1PK", n("1")))));
    // the service's words (dynamoose issue 296 quotes them)
    assertEquals("One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: N "
        + "IndexName: GSI1", wrongType.awsErrorDetails().errorMessage());
    assertFalse(dynamo.getItem(b -> b.tableName("app").key(KEY)).hasItem());

    DynamoDbException viaUpdate = assertThrows(DynamoDbException.class, () -> dynamo.updateItem(b -> b.tableName("app")
        .key(KEY).updateExpression("SET GSI1SK = :v").expressionAttributeValues(Map.of(":v", s("five")))));
    assertEquals("ValidationException", viaUpdate.awsErrorDetails().errorCode());
    assertFalse(dynamo.getItem(b -> b.tableName("app").key(KEY)).hasItem());

    DynamoDbException empty = assertThrows(DynamoDbException.class, () -> dynamo.putItem(b -> b.tableName("app")
        .item(Map.of("PK", s("USER#a"), "SK", s("ORDER#1"), "LSK", s("")))));
    assertTrue(empty.awsErrorDetails().errorMessage().endsWith("IndexName: LSI1, IndexKey: LSK"),
        empty.awsErrorDetails().errorMessage());
    assertEquals(0, gsiCount());
    assertEquals(0, lsiCount());
  }

  /**
   * Index keys are checked before the ConditionExpression: a request that could never be written is refused as
   * invalid whatever the stored item holds (Partita's order; the service's could not be established).
   */
  @Test
  void aPutWithABadIndexKeyIsRefusedBeforeItsConditionIsEvaluated() {
    for (AttributeValue gsi1pk : List.of(n("1"), s(""))) {
      DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.putItem(b -> b.tableName("app")
          .item(Map.of("PK", s("USER#a"), "SK", s("ORDER#1"), "GSI1PK", gsi1pk))
          .conditionExpression("attribute_exists(PK)")));
      assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    }
    assertFalse(dynamo.getItem(b -> b.tableName("app").key(KEY)).hasItem());
  }

  @Test
  void deleteTableDropsTheIndexesWithIt() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("PK", s("USER#a"), "SK", s("ORDER#1"),
        "GSI1PK", s("STATUS#open"), "GSI1SK", n("5"), "LSK", s("x"))));
    dynamo.deleteTable(b -> b.tableName("app"));
    createTable();
    assertEquals(0, gsiCount(), "a recreated table starts with empty indexes");
    assertEquals(0, lsiCount());
  }
}
