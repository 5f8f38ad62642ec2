package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
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
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

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
  /** Step 11's batch load: products p01..p30 (stock 10 * n), all in the GSI1 partition PRODUCTS. */
  private static final String PRODUCTS_INDEX = "PRODUCTS";
  private static final int PRODUCT_COUNT = 30;
  private static final int BATCH_WRITE_MAX = 25;
  private static final int MAX_ROUNDS = 8;

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
      batchLoad();
      transactions();
      // further steps go here, before DeleteTable
    } finally {
      dynamo.deleteTable(b -> b.tableName(table));
    }
    assertFalse(dynamo.listTables().tableNames().contains(table));
  }

  /** Step 11: the batch load (30 products), read back by BatchGetItem and through GSI1. */
  private void batchLoad() {
    // 11a: 30 puts, more than BatchWriteItem takes: in calls of 25 and 5, each followed through
    // UnprocessedItems until empty, as the guides say
    List<WriteRequest> requests = new ArrayList<>();
    for (int n = 1; n <= PRODUCT_COUNT; n++) {
      Map<String, AttributeValue> item = product(n, 10 * n);
      requests.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
    }
    List<Integer> sizes = new ArrayList<>();
    for (int start = 0; start < requests.size(); start += BATCH_WRITE_MAX) {
      Map<String, List<WriteRequest>> pending =
          Map.of(table, requests.subList(start, Math.min(start + BATCH_WRITE_MAX, requests.size())));
      sizes.add(pending.get(table).size());
      for (int attempt = 0; !pending.isEmpty(); attempt++) {
        assertTrue(attempt < MAX_ROUNDS, "UnprocessedItems still not empty after " + MAX_ROUNDS + " calls: " + pending);
        if (attempt > 0) {
          sleep(50L << (attempt - 1));
        }
        Map<String, List<WriteRequest>> batch = pending;
        pending = dynamo.batchWriteItem(b -> b.requestItems(batch)).unprocessedItems();
      }
    }
    assertEquals(List.of(25, 5), sizes);

    // 11b: three products and a missing key, projected; the order of the items is unspecified
    BatchGetItemResponse got = dynamo.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder()
        .keys(List.of(productKey(1), productKey(15), productKey(99), productKey(30)))
        .projectionExpression("PK, stock").consistentRead(true).build())));
    assertEquals(Set.of(table), got.responses().keySet());
    assertEquals(Set.of(1, 15, 30).stream()
            .map(n -> Map.of("PK", productKey(n).get("PK"), "stock", AttributeValue.fromN(String.valueOf(10 * n))))
            .collect(Collectors.toSet()),
        Set.copyOf(got.responses().get(table)));
    assertEquals(3, got.responses().get(table).size());
    assertEquals(Map.of(), got.unprocessedKeys());

    // 11c: all 30 through GSI1, in product id order
    QueryResponse products = dynamo.query(b -> b.tableName(table).indexName("GSI1")
        .keyConditionExpression("GSI1PK = :p").expressionAttributeValues(Map.of(":p", s(PRODUCTS_INDEX))));
    assertEquals(PRODUCT_COUNT, products.count());
    assertEquals(IntStream.rangeClosed(1, PRODUCT_COUNT).mapToObj(JavaScenario::productId).toList(),
        products.items().stream().map(i -> i.get("GSI1SK").s()).toList());
    assertFalse(products.hasLastEvaluatedKey());

    // 11d: two requests for one item refuse the whole batch
    AwsServiceException duplicates = assertThrows(AwsServiceException.class,
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(
            WriteRequest.builder().putRequest(p -> p.item(product(31, 310))).build(),
            WriteRequest.builder().putRequest(p -> p.item(product(31, 1))).build())))));
    assertEquals("ValidationException", duplicates.awsErrorDetails().errorCode());
    assertEquals(400, duplicates.statusCode());
    assertFalse(dynamo.getItem(b -> b.tableName(table).key(productKey(31)).consistentRead(true)).hasItem());
  }

  /** Step 12: the guides' inventory transaction: take stock of p01 and place an order, or neither. */
  private void transactions() {
    Map<String, AttributeValue> order4 = order(4, "19.98", "p01", "2", "2025-03-01", Map.of()); // 10 -> 8
    Map<String, AttributeValue> order5 = order(5, "89.91", "p01", "9", "2025-03-02", Map.of()); // 9 > 8
    Map<String, AttributeValue> order6 = order(6, "9.99", "p01", "1", "2025-03-03", Map.of()); // 8 -> 7, once

    // 12a: enough stock: both applied
    assertEquals(2, orderCount());
    dynamo.transactWriteItems(buy(order4, null));
    assertEquals(AttributeValue.fromN("8"), stock());
    assertEquals(order4, get("ORDER#2025-004"));
    assertEquals(3, orderCount());

    // 12b: not enough stock: cancelled, reasons in request order, nothing applied
    TransactionCanceledException cancelled = assertThrows(TransactionCanceledException.class,
        () -> dynamo.transactWriteItems(buy(order5, null)));
    assertEquals("TransactionCanceledException", cancelled.awsErrorDetails().errorCode());
    assertEquals(400, cancelled.statusCode());
    assertTrue(cancelled.hasCancellationReasons(), "no CancellationReasons");
    assertEquals(List.of("ConditionalCheckFailed", "None"),
        cancelled.cancellationReasons().stream().map(CancellationReason::code).toList());
    assertEquals(AttributeValue.fromN("8"), stock());
    assertEquals(null, get("ORDER#2025-005"));
    assertEquals(3, orderCount());

    // 12c: the same request twice with one ClientRequestToken is applied once
    String token = UUID.randomUUID().toString();
    dynamo.transactWriteItems(buy(order6, token));
    dynamo.transactWriteItems(buy(order6, token));
    assertEquals(AttributeValue.fromN("7"), stock());
    assertEquals(order6, get("ORDER#2025-006"));
    assertEquals(4, orderCount());

    // 12d: both items, in request order
    List<ItemResponse> responses = dynamo.transactGetItems(b -> b.transactItems(
        TransactGetItem.builder().get(g -> g.tableName(table).key(key("ORDER#2025-004"))).build(),
        TransactGetItem.builder().get(g -> g.tableName(table).key(productKey(1))).build())).responses();
    assertEquals(List.of(order4, product(1, 7)), responses.stream().map(ItemResponse::item).toList());
  }

  /** Stock of p01 minus the order's quantity if there is enough, and the order put if it does not exist yet. */
  private TransactWriteItemsRequest buy(Map<String, AttributeValue> order, String token) {
    AttributeValue qty = order.get("items").l().get(0).m().get("qty");
    return TransactWriteItemsRequest.builder().clientRequestToken(token).transactItems(
        TransactWriteItem.builder().update(u -> u.tableName(table).key(productKey(1))
            .updateExpression("SET stock = stock - :q").conditionExpression("stock >= :q")
            .expressionAttributeValues(Map.of(":q", qty))).build(),
        TransactWriteItem.builder().put(p -> p.tableName(table).item(order)
            .conditionExpression("attribute_not_exists(PK)")).build()).build();
  }

  private AttributeValue stock() {
    return dynamo.getItem(b -> b.tableName(table).key(productKey(1)).consistentRead(true)).item().get("stock");
  }

  private int orderCount() {
    return dynamo.query(b -> b.tableName(table).keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
        .expressionAttributeValues(Map.of(":pk", s(PK), ":order", s("ORDER#"))).select(Select.COUNT)
        .consistentRead(true)).count();
  }

  private static String productId(int n) {
    return String.format("p%02d", n);
  }

  private static Map<String, AttributeValue> productKey(int n) {
    return Map.of("PK", s("PRODUCT#" + productId(n)), "SK", s("PRODUCT"));
  }

  private static Map<String, AttributeValue> product(int n, int stock) {
    return Map.of("PK", s("PRODUCT#" + productId(n)), "SK", s("PRODUCT"), "entity", s("Product"),
        "stock", AttributeValue.fromN(String.valueOf(stock)), "GSI1PK", s(PRODUCTS_INDEX), "GSI1SK", s(productId(n)));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
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
    assertTrue(message.contains("Consistent reads are not supported on global secondary indexes"), message);
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
