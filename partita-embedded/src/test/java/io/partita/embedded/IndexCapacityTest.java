package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * ReturnConsumedCapacity on a table with indexes, by the rules DynamoDB documents for index
 * writes; every expected value here follows from those rules (a 1.5 KB item: 2 units in an ALL
 * index, 1 in a KEYS_ONLY one).
 */
class IndexCapacityTest {
  private static final Map<String, AttributeValue> KEY = Map.of("pk", s("a"), "sk", s("b"));
  private static final AttributeValue BIG = s("x".repeat(1500));
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    dynamo.createTable(b -> b.tableName("ttt").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(attr("pk"), attr("sk"), attr("g"), attr("l"))
        .globalSecondaryIndexes(
            GlobalSecondaryIndex.builder().indexName("GGG").keySchema(key("g", KeyType.HASH))
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build(),
            GlobalSecondaryIndex.builder().indexName("KKK").keySchema(key("g", KeyType.HASH))
                .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("LLL").keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeDefinition attr(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType("S").build();
  }

  private static ConsumedCapacity expected(double table, Map<String, Double> global, Map<String, Double> local) {
    ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName("ttt").table(unit(table));
    double total = table;
    if (!global.isEmpty()) {
      b.globalSecondaryIndexes(new java.util.TreeMap<>(Map.copyOf(global).entrySet().stream()
          .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> unit(e.getValue())))));
      total += global.values().stream().mapToDouble(Double::doubleValue).sum();
    }
    if (!local.isEmpty()) {
      b.localSecondaryIndexes(new java.util.TreeMap<>(Map.copyOf(local).entrySet().stream()
          .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> unit(e.getValue())))));
      total += local.values().stream().mapToDouble(Double::doubleValue).sum();
    }
    return b.capacityUnits(total).build();
  }

  private static Capacity unit(double u) {
    return Capacity.builder().capacityUnits(u).build();
  }

  private ConsumedCapacity update(String expression, Map<String, AttributeValue> values) {
    return dynamo.updateItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).key(KEY)
        .updateExpression(expression).expressionAttributeValues(values.isEmpty() ? null : values)).consumedCapacity();
  }

  @Test
  void indexWritesAreChargedPerEntryWritten_movedOrRemoved() {
    Map<String, AttributeValue> item = Map.of("pk", s("a"), "sk", s("b"), "g", s("g1"), "data", BIG);
    assertEquals(expected(2, Map.of("GGG", 2.0, "KKK", 1.0), Map.of()),
        dynamo.putItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).item(item)).consumedCapacity(),
        "a new entry in each GSI, sized by what it projects");
    assertEquals(expected(2, Map.of(), Map.of()),
        dynamo.putItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).item(item)).consumedCapacity(),
        "the same item again leaves every entry as it was: no index write");
    assertEquals(expected(2, Map.of("GGG", 4.0, "KKK", 2.0), Map.of()), update("SET g = :g", Map.of(":g", s("g2"))),
        "a changed index key: the old entry removed and the new one written");
    assertEquals(expected(2, Map.of("GGG", 2.0), Map.of()), update("SET z = :g", Map.of(":g", s("g2"))),
        "a projected attribute changed: one write to the ALL index, none to KEYS_ONLY");
    assertEquals(expected(2, Map.of("GGG", 2.0), Map.of("LLL", 2.0)), update("SET l = :g", Map.of(":g", s("l1"))));
    assertEquals(expected(2, Map.of("GGG", 2.0, "KKK", 1.0), Map.of("LLL", 2.0)), update("REMOVE g", Map.of()),
        "the entries removed are charged; the LSI's projection changed");
    assertEquals(7.0, dynamo.putItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .item(Map.of("pk", s("a"), "sk", s("b"), "g", s("g1"), "l", s("l1"), "data", BIG))).consumedCapacity().capacityUnits());
    assertEquals(expected(2, Map.of("GGG", 2.0, "KKK", 1.0), Map.of("LLL", 2.0)),
        dynamo.deleteItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).key(KEY)).consumedCapacity());
    assertEquals(expected(1, Map.of(), Map.of()),
        dynamo.deleteItem(b -> b.tableName("ttt").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).key(KEY)).consumedCapacity(),
        "deleting nothing costs the minimum");
  }

  @Test
  void indexReadsAreChargedToTheIndex_andTransactionsTwice() {
    dynamo.putItem(b -> b.tableName("ttt").item(Map.of("pk", s("a"), "sk", s("b"), "g", s("g1"), "l", s("l1"), "data", BIG)));
    assertEquals(expected(0, Map.of("GGG", 0.5), Map.of()), dynamo.query(b -> b.tableName("ttt").indexName("GGG")
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).keyConditionExpression("g = :g")
        .expressionAttributeValues(Map.of(":g", s("g1")))).consumedCapacity());
    assertEquals(expected(0, Map.of(), Map.of("LLL", 0.5)), dynamo.query(b -> b.tableName("ttt").indexName("LLL")
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).keyConditionExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", s("a")))).consumedCapacity());
    assertEquals(expected(0, Map.of("KKK", 0.5), Map.of()), dynamo.scan(b -> b.tableName("ttt").indexName("KKK")
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity());
    ConsumedCapacity tx = dynamo.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).transactItems(
        TransactWriteItem.builder().put(p -> p.tableName("ttt").item(Map.of("pk", s("a"), "sk", s("d"), "g", s("g1"), "data", BIG))).build()))
        .consumedCapacity().get(0);
    // Partita's shape for a transaction: write units beside capacity units, per table and index (ConsumedCapacity's
    // members; which of them the service fills for a transaction could not be established)
    assertEquals(ConsumedCapacity.builder().tableName("ttt").capacityUnits(10.0).writeCapacityUnits(10.0)
        .table(Capacity.builder().capacityUnits(4.0).writeCapacityUnits(4.0).build())
        .globalSecondaryIndexes(Map.of("GGG", Capacity.builder().capacityUnits(4.0).writeCapacityUnits(4.0).build(),
            "KKK", Capacity.builder().capacityUnits(2.0).writeCapacityUnits(2.0).build())).build(), tx,
        "each write of a transaction costs twice, index writes included");
  }

  /** An LSI that does not project everything fetches the table item for what it lacks, each fetch a read of its own. */
  @Test
  void lsiReadsFetchingTableItemsAreChargedPerFetch() {
    dynamo.createTable(b -> b.tableName("kkk").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(attr("pk"), attr("sk"), attr("l"))
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("LLL").keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()));
    for (int i = 0; i < 3; i++) {
      int k = i;
      dynamo.putItem(b -> b.tableName("kkk").item(Map.of("pk", s("a"), "sk", s("s" + k), "l", s("l" + k), "data", s("x".repeat(5000)))));
    }
    java.util.function.Function<Boolean, ConsumedCapacity> all = consistent -> dynamo.query(b -> b.tableName("kkk")
        .indexName("LLL").select("ALL_ATTRIBUTES").consistentRead(consistent).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("a")))).consumedCapacity();
    // Table 3.0 + LLL 0.5, and consistent Table 6.0 + LLL 1.0 (three 5 KB items, 2 units each, fetched from the table)
    assertEquals(3.5, all.apply(false).capacityUnits());
    assertEquals(3.0, all.apply(false).table().capacityUnits());
    assertEquals(0.5, all.apply(false).localSecondaryIndexes().get("LLL").capacityUnits());
    assertEquals(7.0, all.apply(true).capacityUnits());
    assertEquals(0.5, dynamo.query(b -> b.tableName("kkk").indexName("LLL").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", s("a")))).consumedCapacity().capacityUnits(),
        "the index alone holds what was asked: no fetch");
  }
}
