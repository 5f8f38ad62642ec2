package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query and Scan on secondary indexes: the guides' overloaded, sparse GSIs, an LSI, projections. */
class IndexQueryTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    dynamo.createTable(b -> b.tableName("shop").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S),
            def("GSI1PK", ScalarAttributeType.S), def("GSI1SK", ScalarAttributeType.S),
            def("status", ScalarAttributeType.S), def("total", ScalarAttributeType.N), def("placedAt", ScalarAttributeType.S))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(
            gsi("GSI1", ProjectionType.ALL, key("GSI1PK", KeyType.HASH), key("GSI1SK", KeyType.RANGE)),
            gsi("ByStatus", ProjectionType.KEYS_ONLY, key("status", KeyType.HASH), key("total", KeyType.RANGE)))
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByPlacedAt")
            .keySchema(key("PK", KeyType.HASH), key("placedAt", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes("total").build())
            .build()));
    // users (profile items are not orders: no GSI1 keys, no status: sparse)
    for (String u : List.of("alice", "bob")) {
      put(Map.of("PK", s("USER#" + u), "SK", s("PROFILE"), "email", s(u + "@example.com")));
    }
    order("alice", "001", "2025-01-05", "PENDING", "30");
    order("alice", "002", "2025-02-11", "SHIPPED", "120");
    order("bob", "003", "2025-01-20", "PENDING", "75");
    order("bob", "004", "2025-03-02", "PENDING", "10");
  }

  private void order(String user, String id, String date, String status, String total) {
    // overloaded GSI1: orders by status, newest first by date (GSI1SK = date#id)
    put(Map.of("PK", s("USER#" + user), "SK", s("ORDER#" + id), "GSI1PK", s("ORDERS#" + status),
        "GSI1SK", s(date + "#" + id), "status", s(status), "total", n(total), "placedAt", s(date), "note", s("n" + id)));
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private void put(Map<String, AttributeValue> item) {
    dynamo.putItem(b -> b.tableName("shop").item(item));
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static GlobalSecondaryIndex gsi(String name, ProjectionType projection, KeySchemaElement... keys) {
    return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys)
        .projection(Projection.builder().projectionType(projection).build()).build();
  }

  private QueryResponse query(String index, String condition, Map<String, AttributeValue> values,
      Consumer<QueryRequest.Builder> more) {
    QueryRequest.Builder b = QueryRequest.builder().tableName("shop").indexName(index)
        .keyConditionExpression(condition).expressionAttributeValues(values);
    more.accept(b);
    return dynamo.query(b.build());
  }

  private static List<String> sks(QueryResponse r) {
    return r.items().stream().map(i -> i.get("SK").s()).toList();
  }

  @Test
  void anOverloadedGsiServesOrdersByStatusAcrossUsers() {
    QueryResponse pending = query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")), b -> {});
    assertEquals(List.of("ORDER#001", "ORDER#003", "ORDER#004"), sks(pending));
    QueryResponse january = query("GSI1", "GSI1PK = :p AND begins_with(GSI1SK, :m)",
        Map.of(":p", s("ORDERS#PENDING"), ":m", s("2025-01")), b -> b.scanIndexForward(false));
    assertEquals(List.of("ORDER#003", "ORDER#001"), sks(january));
    assertEquals("n003", january.items().get(0).get("note").s(), "ALL projection holds every attribute");
  }

  @Test
  void indexPagesCarryTheIndexKeysAndTheTableKeys() {
    QueryResponse first = query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")), b -> b.limit(2));
    assertEquals(Map.of("GSI1PK", s("ORDERS#PENDING"), "GSI1SK", s("2025-01-20#003"), "PK", s("USER#bob"),
        "SK", s("ORDER#003")), first.lastEvaluatedKey());
    QueryResponse rest = query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")),
        b -> b.limit(2).exclusiveStartKey(first.lastEvaluatedKey()));
    assertEquals(List.of("ORDER#004"), sks(rest));
    assertFalse(rest.hasLastEvaluatedKey());
  }

  @Test
  void anUpdateMovesTheItemBetweenIndexPartitions_andRemovingAKeyLeavesTheIndex() {
    dynamo.updateItem(b -> b.tableName("shop").key(Map.of("PK", s("USER#bob"), "SK", s("ORDER#003")))
        .updateExpression("SET GSI1PK = :s, #st = :st").expressionAttributeNames(Map.of("#st", "status"))
        .expressionAttributeValues(Map.of(":s", s("ORDERS#SHIPPED"), ":st", s("SHIPPED"))));
    assertEquals(List.of("ORDER#001", "ORDER#004"),
        sks(query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")), b -> {})));
    assertEquals(List.of("ORDER#003", "ORDER#002"),
        sks(query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#SHIPPED")), b -> {})));
    dynamo.updateItem(b -> b.tableName("shop").key(Map.of("PK", s("USER#alice"), "SK", s("ORDER#001")))
        .updateExpression("REMOVE GSI1PK"));
    assertEquals(List.of("ORDER#004"), sks(query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")), b -> {})));
    assertEquals(3, dynamo.scan(b -> b.tableName("shop").indexName("GSI1")).count(), "a scan sees only indexed items");
  }

  @Test
  void aKeysOnlyGsiReturnsKeys_andRefusesWhatItDoesNotHold() {
    QueryResponse r = query("ByStatus", "#s = :s AND #t > :t", Map.of(":s", s("PENDING"), ":t", n("20")),
        b -> b.expressionAttributeNames(Map.of("#s", "status", "#t", "total")));
    assertEquals(List.of(Map.of("PK", s("USER#alice"), "SK", s("ORDER#001"), "status", s("PENDING"), "total", n("30")),
        Map.of("PK", s("USER#bob"), "SK", s("ORDER#003"), "status", s("PENDING"), "total", n("75"))), r.items());
    assertValidation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for "
        + "global secondary index ByStatus because its projection type is not ALL",
        () -> query("ByStatus", "#s = :s", Map.of(":s", s("PENDING")),
            b -> b.select(Select.ALL_ATTRIBUTES).expressionAttributeNames(Map.of("#s", "status"))));
    assertValidation("One or more parameter values were invalid: Global secondary index ByStatus does not project [note]",
        () -> query("ByStatus", "#s = :s", Map.of(":s", s("PENDING")),
            b -> b.projectionExpression("note").expressionAttributeNames(Map.of("#s", "status"))));
    assertValidation("Consistent reads are not supported on global secondary indexes",
        () -> query("GSI1", "GSI1PK = :p", Map.of(":p", s("ORDERS#PENDING")), b -> b.consistentRead(true)));
    assertValidation("The table does not have the specified index: Nope",
        () -> query("Nope", "GSI1PK = :p", Map.of(":p", s("x")), b -> {}));
  }

  @Test
  void aLocalIndexSortsTheCollectionAnotherWay_andFetchesWhatItDoesNotProject() {
    QueryResponse byDate = query("ByPlacedAt", "PK = :p AND placedAt >= :d",
        Map.of(":p", s("USER#bob"), ":d", s("2025-01-01")), b -> b.consistentRead(true));
    assertEquals(List.of("ORDER#003", "ORDER#004"), sks(byDate));
    assertFalse(byDate.items().get(0).containsKey("note"), "INCLUDE projects the keys and total only");
    assertTrue(byDate.items().get(0).containsKey("total"));
    QueryResponse all = query("ByPlacedAt", "PK = :p", Map.of(":p", s("USER#bob")), b -> b.select(Select.ALL_ATTRIBUTES));
    assertEquals("n003", all.items().get(0).get("note").s(), "an LSI fetches unprojected attributes from the table");
  }

  /**
   * Found by the differential test (diff_i_*): a filter on an LSI read made Partita fetch the table's item and return
   * it whole; what comes back is still the index's projected attributes (default Select ALL_PROJECTED_ATTRIBUTES).
   */
  @Test
  void aFilterOnALocalIndexReturnsOnlyTheProjectedAttributes() {
    QueryResponse q = query("ByPlacedAt", "PK = :p", Map.of(":p", s("USER#bob"), ":t", n("50")),
        b -> b.filterExpression("#t > :t").expressionAttributeNames(Map.of("#t", "total")));
    assertEquals(List.of(Map.of("PK", s("USER#bob"), "SK", s("ORDER#003"), "placedAt", s("2025-01-20"),
        "total", n("75"))), q.items());
    assertEquals(2, q.scannedCount());
    var scan = dynamo.scan(b -> b.tableName("shop").indexName("ByPlacedAt").filterExpression("#t > :t")
        .expressionAttributeNames(Map.of("#t", "total"))
        .expressionAttributeValues(Map.of(":t", n("50"))));
    assertEquals(2, scan.count());
    scan.items().forEach(i -> assertEquals(java.util.Set.of("PK", "SK", "placedAt", "total"), i.keySet()));
    QueryResponse all = query("ByPlacedAt", "PK = :p", Map.of(":p", s("USER#bob"), ":t", n("50")),
        b -> b.filterExpression("#t > :t").expressionAttributeNames(Map.of("#t", "total")).select(Select.ALL_ATTRIBUTES));
    assertEquals("n003", all.items().get(0).get("note").s(), "ALL_ATTRIBUTES still fetches the whole item");
  }

  /** DynamoDB's multi-attribute GSI keys: a partition key of two attributes, a sort key of two. */
  @Test
  void multiAttributeGsiKeys() {
    dynamo.createTable(b -> b.tableName("metrics").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("id", ScalarAttributeType.S), def("tenant", ScalarAttributeType.S),
            def("region", ScalarAttributeType.S), def("year", ScalarAttributeType.N), def("month", ScalarAttributeType.N))
        .keySchema(key("id", KeyType.HASH))
        .globalSecondaryIndexes(gsi("ByTenantRegion", ProjectionType.ALL, key("tenant", KeyType.HASH),
            key("region", KeyType.HASH), key("year", KeyType.RANGE), key("month", KeyType.RANGE))));
    int id = 0;
    for (String region : List.of("eu", "us")) {
      for (int year = 2024; year <= 2025; year++) {
        for (int month = 1; month <= 12; month += 5) {
          Map<String, AttributeValue> item = Map.of("id", s("m" + id++), "tenant", s("acme"),
              "region", s(region), "year", n(Integer.toString(year)), "month", n(Integer.toString(month)));
          dynamo.putItem(b -> b.tableName("metrics").item(item));
        }
      }
    }
    QueryResponse r = dynamo.query(b -> b.tableName("metrics").indexName("ByTenantRegion")
        .keyConditionExpression("tenant = :t AND #r = :r AND #y = :y AND #m > :m")
        .expressionAttributeNames(Map.of("#r", "region", "#y", "year", "#m", "month"))
        .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("eu"), ":y", n("2025"), ":m", n("1"))));
    assertEquals(List.of("6", "11"), r.items().stream().map(i -> i.get("month").n()).toList());
    QueryResponse years = dynamo.query(b -> b.tableName("metrics").indexName("ByTenantRegion")
        .keyConditionExpression("tenant = :t AND #r = :r AND #y >= :y")
        .expressionAttributeNames(Map.of("#r", "region", "#y", "year"))
        .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("us"), ":y", n("2025"))).scanIndexForward(false));
    assertEquals(List.of("11", "6", "1"), years.items().stream().map(i -> i.get("month").n()).toList());
  }

  private static void assertValidation(String message, Runnable r) {
    DynamoDbException e = assertThrows(DynamoDbException.class, r::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

}
