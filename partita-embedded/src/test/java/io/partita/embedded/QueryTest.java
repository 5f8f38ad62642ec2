package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query through the embedded client: the guides' item-collection reads. */
class QueryTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
    Fixtures.createTable(dynamo, "series", ScalarAttributeType.N);
    for (String user : List.of("alice", "bob", "alicia")) {
      put("USER#" + user, "PROFILE", Map.of("kind", s("user")));
      for (int o = 1; o <= 5; o++) {
        put("USER#" + user, "ORDER#2025-00" + o, Map.of("kind", s("order"), "total", n(Integer.toString(o * 10))));
      }
    }
    for (String t : List.of("-5", "-0.5", "0", "0.5", "1", "10", "100", "1e10")) {
      dynamo.putItem(b -> b.tableName("series").item(Map.of("pk", s("sensor"), "sk", n(t))));
    }
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private void put(String pk, String sk, Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> item = new HashMap<>(extra);
    item.put("pk", s(pk));
    item.put("sk", s(sk));
    dynamo.putItem(b -> b.tableName("app").item(item));
  }

  private List<String> sks(QueryResponse r) {
    return r.items().stream().map(i -> i.get("sk").s() != null ? i.get("sk").s() : i.get("sk").n()).toList();
  }

  private QueryResponse query(String table, String keyCondition, Map<String, AttributeValue> values,
      Consumer<QueryRequest.Builder> more) {
    QueryRequest.Builder b = QueryRequest.builder().tableName(table).keyConditionExpression(keyCondition)
        .expressionAttributeValues(values);
    more.accept(b);
    return dynamo.query(b.build());
  }

  private QueryResponse alice(String sortCondition, Map<String, AttributeValue> values) {
    Map<String, AttributeValue> all = new HashMap<>(values);
    all.put(":p", s("USER#alice"));
    return query("app", "pk = :p" + (sortCondition.isEmpty() ? "" : " AND " + sortCondition), all, b -> {});
  }

  @Test
  void aWholeItemCollectionInSortKeyOrder_andOnlyThatCollection() {
    QueryResponse r = alice("", Map.of());
    assertEquals(List.of("ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003", "ORDER#2025-004", "ORDER#2025-005",
        "PROFILE"), sks(r));
    assertTrue(r.items().stream().allMatch(i -> i.get("pk").s().equals("USER#alice")), "USER#alicia must not leak in");
    assertEquals(6, r.count());
    assertEquals(6, r.scannedCount());
  }

  @Test
  void everySortKeyOperator() {
    assertEquals(List.of("ORDER#2025-003"), sks(alice("sk = :v", Map.of(":v", s("ORDER#2025-003")))));
    assertEquals(List.of("ORDER#2025-001", "ORDER#2025-002"), sks(alice("sk < :v", Map.of(":v", s("ORDER#2025-003")))));
    assertEquals(List.of("ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003"),
        sks(alice("sk <= :v", Map.of(":v", s("ORDER#2025-003")))));
    assertEquals(List.of("ORDER#2025-004", "ORDER#2025-005", "PROFILE"),
        sks(alice("sk > :v", Map.of(":v", s("ORDER#2025-003")))));
    assertEquals(List.of("ORDER#2025-003", "ORDER#2025-004", "ORDER#2025-005", "PROFILE"),
        sks(alice("sk >= :v", Map.of(":v", s("ORDER#2025-003")))));
    assertEquals(List.of("ORDER#2025-002", "ORDER#2025-003", "ORDER#2025-004"),
        sks(alice("sk BETWEEN :a AND :b", Map.of(":a", s("ORDER#2025-002"), ":b", s("ORDER#2025-004")))));
    assertEquals(List.of("ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003", "ORDER#2025-004", "ORDER#2025-005"),
        sks(alice("begins_with(sk, :o)", Map.of(":o", s("ORDER#")))));
    assertEquals(List.of(), sks(alice("begins_with(sk, :o)", Map.of(":o", s("ORDER#2026")))));
    // a prefix of a key is less than the key: <= "ORDER#2025-00" excludes every order
    assertEquals(List.of(), sks(alice("sk <= :v", Map.of(":v", s("ORDER#2025-00")))));
  }

  @Test
  void numberSortKeysInNumericOrder() {
    QueryResponse all = query("series", "pk = :p", Map.of(":p", s("sensor")), b -> {});
    assertEquals(List.of("-5", "-0.5", "0", "0.5", "1", "10", "100", "10000000000"), sks(all));
    QueryResponse between = query("series", "pk = :p AND sk BETWEEN :a AND :b",
        Map.of(":p", s("sensor"), ":a", n("-0.5"), ":b", n("10")), b -> {});
    assertEquals(List.of("-0.5", "0", "0.5", "1", "10"), sks(between));
    QueryResponse greater = query("series", "pk = :p AND sk > :a", Map.of(":p", s("sensor"), ":a", n("1")), b -> {});
    assertEquals(List.of("10", "100", "10000000000"), sks(greater));
  }

  @Test
  void newestFirstWithLimit_theGuidesLatestOrdersPattern() {
    QueryResponse latest = query("app", "pk = :p AND begins_with(sk, :o)",
        Map.of(":p", s("USER#alice"), ":o", s("ORDER#")), b -> b.scanIndexForward(false).limit(2));
    assertEquals(List.of("ORDER#2025-005", "ORDER#2025-004"), sks(latest));
    QueryResponse next = query("app", "pk = :p AND begins_with(sk, :o)",
        Map.of(":p", s("USER#alice"), ":o", s("ORDER#")),
        b -> b.scanIndexForward(false).limit(2).exclusiveStartKey(latest.lastEvaluatedKey()));
    assertEquals(List.of("ORDER#2025-003", "ORDER#2025-002"), sks(next));
  }

  @Test
  void pagingForwardAndBackwardVisitsEachItemOnce() {
    for (boolean forward : new boolean[] {true, false}) {
      List<String> seen = new ArrayList<>();
      Map<String, AttributeValue> start = null;
      do {
        Map<String, AttributeValue> from = start;
        QueryResponse page = query("app", "pk = :p", Map.of(":p", s("USER#bob")),
            b -> b.limit(4).scanIndexForward(forward).exclusiveStartKey(from));
        seen.addAll(sks(page));
        start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
      } while (start != null);
      List<String> expected = new ArrayList<>(List.of("ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003",
          "ORDER#2025-004", "ORDER#2025-005", "PROFILE"));
      if (!forward) {
        java.util.Collections.reverse(expected);
      }
      assertEquals(expected, seen);
    }
  }

  @Test
  void filterCountsAfterTheKeyConditionAndCannotReadKeys() {
    QueryResponse big = query("app", "pk = :p", Map.of(":p", s("USER#alice"), ":t", n("30")),
        b -> b.filterExpression("#t > :t").expressionAttributeNames(Map.of("#t", "total")));
    assertEquals(List.of("ORDER#2025-004", "ORDER#2025-005"), sks(big));
    assertEquals(2, big.count());
    assertEquals(6, big.scannedCount());
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> query("app", "pk = :p",
        Map.of(":p", s("USER#alice"), ":s", s("x")), b -> b.filterExpression("sk = :s")));
    assertEquals("Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
        e.awsErrorDetails().errorMessage());
  }

  @Test
  void countProjectionAndCapacity() {
    QueryResponse count = query("app", "pk = :p", Map.of(":p", s("USER#alice")), b -> b.select(Select.COUNT));
    assertEquals(6, count.count());
    assertFalse(count.hasItems());
    QueryResponse projected = query("app", "pk = :p", Map.of(":p", s("USER#alice")),
        b -> b.projectionExpression("sk").limit(1));
    assertEquals(List.of(Map.of("sk", s("ORDER#2025-001"))), projected.items());
    assertEquals(0.5, query("app", "pk = :p", Map.of(":p", s("USER#alice")),
        b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
    assertEquals(0.0, query("app", "pk = :p", Map.of(":p", s("USER#nobody")),
        b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
  }

  @Test
  void refusals() {
    assertValidation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        () -> dynamo.query(b -> b.tableName("app")));
    assertValidation("The provided starting key does not match the range key predicate",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")),
            b -> b.exclusiveStartKey(Map.of("pk", s("USER#bob"), "sk", s("PROFILE")))));
    assertValidation("Limit must be greater than or equal to 1",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")), b -> b.limit(0)));
    assertValidation("Query condition missed key schema element",
        () -> query("app", "sk = :p", Map.of(":p", s("USER#alice")), b -> {}));
  }

  private static void assertValidation(String message, Runnable request) {
    DynamoDbException e = assertThrows(DynamoDbException.class, request::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertTrue(e.awsErrorDetails().errorMessage().startsWith(message), e.awsErrorDetails().errorMessage());
  }
}
