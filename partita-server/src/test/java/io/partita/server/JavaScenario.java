package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The single-table scenario of clients/README.md, step for step, with the AWS SDK for Java v2: the
 * same data and checks as the AWS CLI, boto3 and JavaScript scripts.
 */
final class JavaScenario {
  private static final String PK = "USER#alice";
  private static final Map<String, AttributeValue> PROFILE = Map.of(
      "PK", s(PK), "SK", s("PROFILE"), "entity", s("User"), "username", s("alice"),
      "email", s("alice@example.com"), "createdAt", s("2025-01-15T10:00:00Z"),
      "tags", AttributeValue.fromSs(List.of("admin", "beta")),
      "prefs", AttributeValue.fromM(Map.of("theme", s("dark"), "notifications", AttributeValue.fromBool(true))),
      "avatar", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0x00, (byte) 0xFF, 0x10, (byte) 0x80, 0x7F})));
  /** GSI1 (overloaded, sparse): orders by status (GSI1PK), by date (GSI1SK); the profile has neither. */
  private static final String PENDING_INDEX = "ORDERS#PENDING";
  private static final String SHIPPED_INDEX = "ORDERS#SHIPPED";
  private static final List<Map<String, AttributeValue>> ORDERS = List.of(
      order(1, "129.99", "SKU-RED-MUG", "2", "2025-01-05", Map.of()),
      order(2, "12345678901234567890.123456789012345678", "SKU-GPU-9000", "1", "2025-02-11", Map.of()),
      order(3, "0.5", "SKU-STICKER", "10", "2025-01-20", Map.of("note", AttributeValue.fromNul(true))));
  private static final String SHIPPED_AT = "2025-01-16T09:30:00Z";

  private final DynamoDbClient dynamo;
  private final String table = "scenario-java-" + UUID.randomUUID().toString().substring(0, 12);

  JavaScenario(DynamoDbClient dynamo) {
    this.dynamo = dynamo;
  }

  void run() {
    createTable();
    try {
      dynamo.putItem(b -> b.tableName(table).item(PROFILE));
      ORDERS.forEach(o -> dynamo.putItem(b -> b.tableName(table).item(o)));
      assertEquals(PROFILE, get("PROFILE"));
      for (Map<String, AttributeValue> o : ORDERS) {
        assertEquals(o, get(o.get("SK").s()));
      }
      Map<String, AttributeValue> shipped = conditionalUpdate();
      queryItemCollection(shipped);
      queryIndex(shipped);
      putIfAbsentFails();
      errors();
      Map<String, AttributeValue> old = dynamo.deleteItem(b -> b.tableName(table).key(key("ORDER#2025-002"))
          .returnValues(ReturnValue.ALL_OLD)).attributes();
      assertEquals(ORDERS.get(1), old);
      assertEquals(null, get("ORDER#2025-002"));
      // later issues add: transactions and the batch load
    } finally {
      dynamo.deleteTable(b -> b.tableName(table));
    }
    assertFalse(dynamo.listTables().tableNames().contains(table));
  }

  private void createTable() {
    String name = dynamo.createTable(b -> b.tableName(table)
        .attributeDefinitions(def("PK"), def("SK"), def("GSI1PK"), def("GSI1SK"))
        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(KeySchemaElement.builder().attributeName("GSI1PK").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("GSI1SK").keyType(KeyType.RANGE).build())
            .projection(p -> p.projectionType(ProjectionType.ALL)).build())
        .billingMode(BillingMode.PAY_PER_REQUEST)).tableDescription().tableName();
    assertEquals(table, name);
    dynamo.waiter().waitUntilTableExists(b -> b.tableName(table));
    var description = dynamo.describeTable(b -> b.tableName(table)).table();
    assertEquals(TableStatus.ACTIVE, description.tableStatus());
    assertEquals(List.of("GSI1"), description.globalSecondaryIndexes().stream().map(i -> i.indexName()).toList());
    assertEquals(IndexStatus.ACTIVE, description.globalSecondaryIndexes().get(0).indexStatus());
  }

  /** Steps 5 and 6; returns order 1 as shipped. */
  private Map<String, AttributeValue> conditionalUpdate() {
    UpdateItemRequest ship = UpdateItemRequest.builder().tableName(table).key(key("ORDER#2025-001"))
        .updateExpression("SET #s = :shipped, shippedAt = :t, GSI1PK = :shippedIndex ADD version :one")
        .conditionExpression("#s = :pending")
        .expressionAttributeNames(Map.of("#s", "status"))
        .expressionAttributeValues(Map.of(":shipped", s("SHIPPED"), ":pending", s("PENDING"), ":t", s(SHIPPED_AT),
            ":shippedIndex", s(SHIPPED_INDEX), ":one", AttributeValue.fromN("1")))
        .returnValues(ReturnValue.ALL_NEW).build();
    Map<String, AttributeValue> shipped = new HashMap<>(ORDERS.get(0));
    shipped.put("status", s("SHIPPED"));
    shipped.put("shippedAt", s(SHIPPED_AT));
    shipped.put("GSI1PK", s(SHIPPED_INDEX));
    shipped.put("version", AttributeValue.fromN("1"));
    assertEquals(shipped, dynamo.updateItem(ship).attributes());
    ConditionalCheckFailedException again = assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.updateItem(ship));
    assertEquals(400, again.statusCode());
    assertEquals(shipped, get("ORDER#2025-001"));
    return shipped;
  }

  /** Steps 6a-6e: Query and Scan over the item collection as steps 1-6 left it. */
  private void queryItemCollection(Map<String, AttributeValue> shipped) {
    // 6a: the whole item collection, in sort-key order, each item as GetItem returned it
    QueryResponse all = dynamo.query(b -> b.tableName(table).keyConditionExpression("PK = :pk")
        .expressionAttributeValues(Map.of(":pk", s(PK))).consistentRead(true));
    assertEquals(List.of("ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003", "PROFILE"), sortKeys(all.items()));
    assertEquals(List.of(shipped, ORDERS.get(1), ORDERS.get(2), PROFILE), all.items());
    assertEquals(4, all.count());
    assertEquals(4, all.scannedCount());
    assertFalse(all.hasLastEvaluatedKey());

    // 6b: latest orders first, two per page
    QueryRequest latest = QueryRequest.builder().tableName(table)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
        .expressionAttributeValues(Map.of(":pk", s(PK), ":order", s("ORDER#")))
        .scanIndexForward(false).limit(2).build();
    QueryResponse page1 = dynamo.query(latest);
    assertEquals(List.of("ORDER#2025-003", "ORDER#2025-002"), sortKeys(page1.items()));
    assertEquals(List.of(ORDERS.get(2), ORDERS.get(1)), page1.items());
    assertEquals(2, page1.count());
    assertEquals(key("ORDER#2025-002"), page1.lastEvaluatedKey());
    QueryResponse page2 = dynamo.query(latest.toBuilder().exclusiveStartKey(page1.lastEvaluatedKey()).build());
    assertEquals(List.of(shipped), page2.items());
    assertEquals(1, page2.count());
    assertFalse(page2.hasLastEvaluatedKey(), "no LastEvaluatedKey when the page was not cut by Limit");

    // 6c: filter and projection; ScannedCount counts the items read before the filter
    QueryResponse shippedOrders = dynamo.query(b -> b.tableName(table)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
        .filterExpression("#s = :shipped").projectionExpression("SK, #s")
        .expressionAttributeNames(Map.of("#s", "status"))
        .expressionAttributeValues(Map.of(":pk", s(PK), ":order", s("ORDER#"), ":shipped", s("SHIPPED"))));
    assertEquals(List.of(Map.of("SK", s("ORDER#2025-001"), "status", s("SHIPPED"))), shippedOrders.items());
    assertEquals(1, shippedOrders.count());
    assertEquals(3, shippedOrders.scannedCount());

    // 6d: a filter may not read the key
    AwsServiceException keyFilter = assertThrows(AwsServiceException.class,
        () -> dynamo.query(b -> b.tableName(table).keyConditionExpression("PK = :pk").filterExpression("SK = :x")
            .expressionAttributeValues(Map.of(":pk", s(PK), ":x", s("PROFILE")))));
    assertEquals("ValidationException", keyFilter.awsErrorDetails().errorCode());
    assertEquals(400, keyFilter.statusCode());
    String message = keyFilter.awsErrorDetails().errorMessage();
    assertTrue(message.contains("Filter Expression can only contain non-primary key attributes"), message);

    // 6e: count the table
    ScanResponse counted = dynamo.scan(b -> b.tableName(table).select(Select.COUNT));
    assertEquals(4, counted.count());
    assertEquals(4, counted.scannedCount());
    assertFalse(counted.hasItems());
  }

  /** Steps 6f-6h: Query the sparse GSI1 (orders by status, by date); the profile is never in it. */
  private void queryIndex(Map<String, AttributeValue> shipped) {
    QueryRequest pending = QueryRequest.builder().tableName(table).indexName("GSI1")
        .keyConditionExpression("GSI1PK = :p").expressionAttributeValues(Map.of(":p", s(PENDING_INDEX))).build();
    // 6f: the pending orders in GSI1SK order, each the full item (Projection ALL)
    QueryResponse all = dynamo.query(pending);
    assertEquals(List.of("2025-01-20#003", "2025-02-11#002"),
        all.items().stream().map(i -> i.get("GSI1SK").s()).toList());
    assertEquals(List.of(ORDERS.get(2), ORDERS.get(1)), all.items());
    assertEquals(2, all.count());
    assertEquals(2, all.scannedCount());
    assertFalse(all.hasLastEvaluatedKey());

    // 6g: one per page; the LastEvaluatedKey holds the index keys and the table keys
    QueryResponse page1 = dynamo.query(pending.toBuilder().limit(1).build());
    assertEquals(List.of(ORDERS.get(2)), page1.items());
    Map<String, AttributeValue> order3 = ORDERS.get(2);
    assertEquals(Map.of("GSI1PK", order3.get("GSI1PK"), "GSI1SK", order3.get("GSI1SK"), "PK", order3.get("PK"),
        "SK", order3.get("SK")), page1.lastEvaluatedKey());
    QueryResponse page2 = dynamo.query(pending.toBuilder().exclusiveStartKey(page1.lastEvaluatedKey()).build());
    assertEquals(List.of(ORDERS.get(1)), page2.items());
    assertFalse(page2.hasLastEvaluatedKey());
    QueryResponse shippedOrders = dynamo.query(b -> b.tableName(table).indexName("GSI1")
        .keyConditionExpression("GSI1PK = :s").expressionAttributeValues(Map.of(":s", s(SHIPPED_INDEX))));
    assertEquals(List.of(shipped), shippedOrders.items());

    // 6h: a GSI has no consistent reads
    AwsServiceException consistent = assertThrows(AwsServiceException.class,
        () -> dynamo.query(pending.toBuilder().consistentRead(true).build()));
    assertEquals("ValidationException", consistent.awsErrorDetails().errorCode());
    assertEquals(400, consistent.statusCode());
    String message = consistent.awsErrorDetails().errorMessage();
    assertTrue(message.contains("Consistent read cannot be true when querying a GSI"), message);
  }

  private static List<String> sortKeys(List<Map<String, AttributeValue>> items) {
    return items.stream().map(i -> i.get("SK").s()).toList();
  }

  private void putIfAbsentFails() {
    Map<String, AttributeValue> replacement = new HashMap<>(PROFILE);
    replacement.put("email", s("alice@new.example.com"));
    ConditionalCheckFailedException e = assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.putItem(b -> b.tableName(table).item(replacement).conditionExpression("attribute_not_exists(PK)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    assertEquals("ConditionalCheckFailedException", e.awsErrorDetails().errorCode());
    assertEquals(PROFILE, e.item());
    assertEquals(PROFILE, get("PROFILE"));
  }

  private void errors() {
    AwsServiceException invalid = assertThrows(AwsServiceException.class,
        () -> dynamo.getItem(b -> b.tableName(table).key(Map.of("PK", s(PK)))));
    assertEquals("ValidationException", invalid.awsErrorDetails().errorCode());
    assertEquals(400, invalid.statusCode());
    assertThrows(ResourceNotFoundException.class,
        () -> dynamo.getItem(b -> b.tableName(table + "-missing").key(key("PROFILE"))));
  }

  private Map<String, AttributeValue> get(String sk) {
    var r = dynamo.getItem(b -> b.tableName(table).key(key(sk)).consistentRead(true));
    return r.hasItem() ? r.item() : null;
  }

  private static Map<String, AttributeValue> order(int n, String amount, String sku, String qty, String date,
      Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> item = new HashMap<>(Map.of("PK", s(PK), "SK", s("ORDER#2025-00" + n),
        "entity", s("Order"), "status", s("PENDING"), "amount", AttributeValue.fromN(amount),
        "items", AttributeValue.fromL(List.of(AttributeValue.fromM(Map.of("sku", s(sku),
            "qty", AttributeValue.fromN(qty))))),
        "GSI1PK", s(PENDING_INDEX), "GSI1SK", s(date + "#00" + n)));
    item.putAll(extra);
    return Map.copyOf(item);
  }

  private static Map<String, AttributeValue> key(String sk) {
    return Map.of("PK", s(PK), "SK", s(sk));
  }

  private static AttributeDefinition def(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }
}
