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

  private QueryResponse series(String sortCondition, Map<String, AttributeValue> values,
      Consumer<QueryRequest.Builder> more) {
    Map<String, AttributeValue> all = new HashMap<>(values);
    all.put(":p", s("sensor"));
    return query("series", "pk = :p AND " + sortCondition, all, more);
  }

  /**
   * A read that ends on the inclusive bound of {@code <=}, {@code >=} or BETWEEN (in the direction
   * read) says nothing follows, and that key is refused as ExclusiveStartKey (as Amazon DynamoDB
   * was reported to do for {@code >=} read backward); = and begins_with, and the
   * open end of a partition, still name the last key and accept it.
   */
  @Test
  void anInclusiveBoundEndsTheRead_andIsNoStartKey() {
    Map<String, AttributeValue> ten = Map.of(":v", n("10"));
    // series: -5 -0.5 0 0.5 1 10 100 1e10
    QueryResponse upTo = series("sk <= :v", ten, b -> b.limit(6));
    assertEquals(List.of("-5", "-0.5", "0", "0.5", "1", "10"), sks(upTo));
    assertFalse(upTo.hasLastEvaluatedKey(), "ended on the bound of <=");
    QueryResponse before = series("sk <= :v", ten, b -> b.limit(5));
    assertEquals(Map.of("pk", s("sensor"), "sk", n("1")), before.lastEvaluatedKey());
    QueryResponse down = series("sk >= :v", ten, b -> b.limit(3).scanIndexForward(false));
    assertEquals(List.of("10000000000", "100", "10"), sks(down));
    assertFalse(down.hasLastEvaluatedKey(), "ended on the bound of >= read backward");
    Map<String, AttributeValue> range = Map.of(":a", n("0"), ":b", n("1.0"));
    assertFalse(series("sk BETWEEN :a AND :b", range, b -> b.limit(3)).hasLastEvaluatedKey());
    assertFalse(series("sk BETWEEN :a AND :b", range, b -> b.limit(3).scanIndexForward(false)).hasLastEvaluatedKey());
    // the last key read decides, whether or not the filter kept it
    QueryResponse filtered = series("sk <= :v", ten, b -> b.limit(6).filterExpression("attribute_exists(nothing)"));
    assertEquals(0, filtered.count());
    assertFalse(filtered.hasLastEvaluatedKey());
    // the open end of a range, and = and begins_with: the last key is still named
    assertTrue(series("sk >= :v", ten, b -> b.limit(3)).hasLastEvaluatedKey(), "the partition's end is not looked for");
    assertTrue(series("sk = :v", ten, b -> b.limit(1)).hasLastEvaluatedKey());
    Map<String, AttributeValue> prefixed = new HashMap<>(Map.of(":p", s("USER#alice"), ":o", s("ORDER#2025-005")));
    assertTrue(query("app", "pk = :p AND begins_with(sk, :o)", prefixed, b -> b.limit(1)).hasLastEvaluatedKey());

    Map<String, AttributeValue> atTen = Map.of("pk", s("sensor"), "sk", n("10.0"));
    for (Runnable refused : List.<Runnable>of(
        () -> series("sk <= :v", ten, b -> b.exclusiveStartKey(atTen)),
        () -> series("sk >= :v", ten, b -> b.exclusiveStartKey(atTen).scanIndexForward(false)),
        () -> series("sk BETWEEN :a AND :b", Map.of(":a", n("0"), ":b", n("10")), b -> b.exclusiveStartKey(atTen)),
        () -> series("sk BETWEEN :a AND :b", Map.of(":a", n("10"), ":b", n("100")),
            b -> b.exclusiveStartKey(atTen).scanIndexForward(false)))) {
      assertValidation("The provided starting key does not match the range key predicate", refused);
    }
    // the other end of the same ranges, and =, are fine
    assertEquals(List.of("1", "0.5", "0", "-0.5", "-5"),
        sks(series("sk <= :v", ten, b -> b.exclusiveStartKey(atTen).scanIndexForward(false))));
    assertEquals(List.of("100", "10000000000"), sks(series("sk >= :v", ten, b -> b.exclusiveStartKey(atTen))));
    assertEquals(List.of(), sks(series("sk = :v", ten, b -> b.exclusiveStartKey(atTen))));
  }

  @Test
  void aHashOnlyTableQueryNeverNamesAKeyToGoOnFrom() {
    Fixtures.createTable(dynamo, "users", null);
    dynamo.putItem(b -> b.tableName("users").item(Map.of("pk", s("alice"))));
    QueryResponse r = query("users", "pk = :p", Map.of(":p", s("alice")), b -> b.limit(1));
    assertEquals(1, r.count());
    assertFalse(r.hasLastEvaluatedKey());
    QueryResponse after = query("users", "pk = :p", Map.of(":p", s("alice")),
        b -> b.exclusiveStartKey(Map.of("pk", s("alice"))));
    assertEquals(0, after.count());
    assertFalse(after.hasLastEvaluatedKey());
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
    // a Query that reads nothing still costs the minimum (recorded fact query-consumed-capacity-empty)
    assertEquals(0.5, query("app", "pk = :p", Map.of(":p", s("USER#nobody")),
        b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
  }

  @Test
  void refusals() {
    assertValidation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        () -> dynamo.query(b -> b.tableName("app")));
    assertValidation("The provided starting key does not match the range key predicate",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")),
            b -> b.exclusiveStartKey(Map.of("pk", s("USER#bob"), "sk", s("PROFILE")))));
    assertValidation("1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")), b -> b.limit(0)));
    assertValidation("Query condition missed key schema element",
        () -> query("app", "sk = :p", Map.of(":p", s("USER#alice")), b -> {}));
  }

  /**
   * Legacy and expression parameters together: both kinds listed in the service's order, and
   * KeyConditions counted only beside a KeyConditionExpression (dynalite's test/query.js, recorded
   * against the service): KeyConditions beside a FilterExpression is a valid request.
   */
  @Test
  void legacyParametersMixedWithExpressionsAreListedInTheServicesOrder() {
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> keys = Map.of("pk",
        software.amazon.awssdk.services.dynamodb.model.Condition.builder().comparisonOperator("EQ")
            .attributeValueList(s("USER#alice")).build());
    exactly("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{AttributesToGet, QueryFilter, KeyConditions} Expression parameters: "
            + "{ProjectionExpression, FilterExpression, KeyConditionExpression}",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")), b -> b.keyConditions(keys).queryFilter(keys)
            .attributesToGet("a").projectionExpression("a").filterExpression("a = :p")));
    exactly("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{AttributesToGet} Expression parameters: {FilterExpression}",
        () -> dynamo.query(b -> b.tableName("app").keyConditions(keys).attributesToGet("a").filterExpression("a = :p")
            .expressionAttributeValues(Map.of(":p", s("x")))));
    assertEquals(0, dynamo.query(b -> b.tableName("app").keyConditions(keys).filterExpression("a = :p")
        .expressionAttributeValues(Map.of(":p", s("x")))).count());
  }

  /**
   * When a Query has several faults, the one Partita reports (its own order; the service's is not
   * documented): every expression bound
   * (FilterExpression, ProjectionExpression, KeyConditionExpression), then unused names and values,
   * then the key condition read against the key, then ExclusiveStartKey, then a filter on key
   * attributes, then Select.
   */
  @Test
  void refusalsInPartitasOrder() {
    Map<String, AttributeValue> pv = Map.of(":p", s("USER#alice"), ":v", s("x"));
    exactly("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"= \"",
        () -> query("app", "pk = :p AND", Map.of(":p", s("USER#alice")), b -> b.filterExpression("a = ")));
    exactly("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
        + "these paths; path one: [a], path two: [a]", () -> query("app", "pk = :p OR sk = :v", pv, b -> b.projectionExpression("a, a")));
    exactly("Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator "
        + "or function; operator: =, first operand: [a]",
        () -> query("app", "pk = :p AND sk BETWEEN :v AND :p", pv, b -> b.filterExpression("a = a")));
    exactly("Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}",
        () -> query("app", "pk = :p OR sk = :v", Map.of(":p", s("USER#alice"), ":v", s("x"), ":u", s("y")), b -> {}));
    exactly("The provided starting key does not match the range key predicate",
        () -> query("app", "pk = :p", pv, b -> b.filterExpression("sk = :v")
            .exclusiveStartKey(Map.of("pk", s("USER#bob"), "sk", s("PROFILE")))));
    exactly("Type mismatch for attribute to update",
        () -> query("app", "pk = :p", pv, b -> b.filterExpression("sk = :v").exclusiveStartKey(Map.of("pk", n("1"), "sk", s("x")))));
    exactly("Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
        () -> query("app", "pk = :p", pv, b -> b.filterExpression("sk = :v").select(Select.COUNT).projectionExpression("a")));
    exactly("Invalid operator used in KeyConditionExpression: OR",
        () -> query("app", "pk = :p OR sk = :v", pv, b -> b.select(Select.COUNT).projectionExpression("a")));
    // a start key naming other attributes: a Query says no more, as Amazon DynamoDB
    exactly("The provided starting key is invalid",
        () -> query("app", "pk = :p", Map.of(":p", s("USER#alice")), b -> b.exclusiveStartKey(Map.of("pk", s("x"), "zz", s("y")))));
  }

  private static void exactly(String message, Runnable request) {
    DynamoDbException e = assertThrows(DynamoDbException.class, request::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  private static void assertValidation(String message, Runnable request) {
    DynamoDbException e = assertThrows(DynamoDbException.class, request::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertTrue(e.awsErrorDetails().errorMessage().startsWith(message), e.awsErrorDetails().errorMessage());
  }
}
