package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * KeyConditions and QueryFilter (issue 14): the legacy Query compiles into the key condition and
 * filter a KeyConditionExpression and FilterExpression bind to, so both forms answer the same pages;
 * the service's checks and messages in its order (docs/legacy-parameters.md sections 4, 6, 7 and 9,
 * recorded by dynalite's test/query.js and scylladb's test_key_conditions.py / test_query_filter.py
 * against the service).
 */
class LegacyQueryTest {
  private static final String INVALID = "One or more parameter values were invalid: ";
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    dynamo.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.S),
            def("gpk", ScalarAttributeType.S), def("gsk", ScalarAttributeType.N))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
            .keySchema(key("gpk", KeyType.HASH), key("gsk", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    Fixtures.createTable(dynamo, "hashOnly", null);
    for (String user : List.of("alice", "bob")) {
      for (int o = 1; o <= 6; o++) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s("USER#" + user));
        item.put("sk", s("ORDER#" + o));
        item.put("gpk", s("STATUS#" + (o % 2 == 0 ? "open" : "shipped")));
        item.put("gsk", n(Integer.toString(o * 10)));
        item.put("total", n(Integer.toString(o * 7)));
        if (o % 3 == 0) {
          item.put("note", s("gift " + o));
        }
        dynamo.putItem(b -> b.tableName("app").item(item));
      }
    }
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  /**
   * Every sort-key operator, both directions, paged by Limit: the legacy form and the expression
   * form give the same items, counts, LastEvaluatedKeys and consumed capacity, page by page.
   */
  @Test
  void everySortKeyOperatorPagesAsTheExpressionForm() {
    Object[][] sorts = {
      {null, List.of(), ""},
      {"EQ", List.of(s("ORDER#3")), " AND sk = :v0"},
      {"LT", List.of(s("ORDER#3")), " AND sk < :v0"},
      {"LE", List.of(s("ORDER#3")), " AND sk <= :v0"},
      {"GT", List.of(s("ORDER#3")), " AND sk > :v0"},
      {"GE", List.of(s("ORDER#3")), " AND sk >= :v0"},
      {"BEGINS_WITH", List.of(s("ORDER#")), " AND begins_with(sk, :v0)"},
      {"BETWEEN", List.of(s("ORDER#2"), s("ORDER#5")), " AND sk BETWEEN :v0 AND :v1"},
    };
    for (Object[] sort : sorts) {
      for (boolean forward : new boolean[] {true, false}) {
        for (int limit : new int[] {1, 2, 4, 100}) {
          @SuppressWarnings("unchecked")
          List<AttributeValue> values = (List<AttributeValue>) sort[1];
          Map<String, Condition> legacy = new LinkedHashMap<>();
          legacy.put("pk", cond("EQ", s("USER#alice")));
          if (sort[0] != null) {
            legacy.put("sk", cond((String) sort[0], values.toArray(AttributeValue[]::new)));
          }
          Map<String, AttributeValue> bound = new HashMap<>();
          bound.put(":p", s("USER#alice"));
          for (int i = 0; i < values.size(); i++) {
            bound.put(":v" + i, values.get(i));
          }
          QueryRequest legacyRequest = QueryRequest.builder().tableName("app").keyConditions(legacy)
              .scanIndexForward(forward).limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
          QueryRequest expression = QueryRequest.builder().tableName("app")
              .keyConditionExpression("pk = :p" + sort[2]).expressionAttributeValues(bound)
              .scanIndexForward(forward).limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
          assertSamePages(expression, legacyRequest, sort[0] + " forward=" + forward + " limit=" + limit);
        }
      }
    }
  }

  /**
   * QueryFilter with ConditionalOperator and AttributesToGet, against FilterExpression and
   * ProjectionExpression (legacy names are literal: "total", a reserved word, needs no placeholder).
   */
  @Test
  void aQueryFilterAndAttributesToGetPageAsTheExpressionForms() {
    Map<String, Condition> keys = Map.of("pk", cond("EQ", s("USER#bob")));
    Map<String, Condition> filter = new LinkedHashMap<>();
    filter.put("total", cond("GE", n("20")));
    filter.put("note", cond("NOT_NULL"));
    for (String operator : new String[] {"AND", "OR"}) {
      for (int limit : new int[] {1, 3, 100}) {
        QueryRequest legacy = QueryRequest.builder().tableName("app").keyConditions(keys).queryFilter(filter)
            .conditionalOperator(operator).attributesToGet("sk", "total").limit(limit).build();
        QueryRequest expression = QueryRequest.builder().tableName("app").keyConditionExpression("pk = :p")
            .filterExpression("#t >= :t " + operator + " attribute_exists(note)")
            .projectionExpression("sk, #t").expressionAttributeNames(Map.of("#t", "total"))
            .expressionAttributeValues(Map.of(":p", s("USER#bob"), ":t", n("20"))).limit(limit).build();
        assertSamePages(expression, legacy, operator + " limit=" + limit);
      }
    }
    // on the index, with Select COUNT
    QueryRequest legacy = QueryRequest.builder().tableName("app").indexName("byG")
        .keyConditions(Map.of("gpk", cond("EQ", s("STATUS#open")), "gsk", cond("BETWEEN", n("20"), n("60"))))
        .queryFilter(Map.of("total", cond("LT", n("40")))).select(Select.COUNT).build();
    QueryRequest expression = QueryRequest.builder().tableName("app").indexName("byG")
        .keyConditionExpression("gpk = :p AND gsk BETWEEN :a AND :b").filterExpression("#t < :t")
        .expressionAttributeNames(Map.of("#t", "total"))
        .expressionAttributeValues(Map.of(":p", s("STATUS#open"), ":a", n("20"), ":b", n("60"), ":t", n("40")))
        .select(Select.COUNT).build();
    assertSamePages(expression, legacy, "index count");
    assertEquals(6, dynamo.query(legacy).scannedCount());
    assertEquals(4, dynamo.query(legacy).count());
  }

  /** KeyConditions beside a FilterExpression or a ProjectionExpression is a valid request. */
  @Test
  void keyConditionsMixWithFilterAndProjectionExpressions() {
    QueryResponse r = dynamo.query(b -> b.tableName("app").keyConditions(Map.of("pk", cond("EQ", s("USER#alice"))))
        .filterExpression("#t > :t").expressionAttributeNames(Map.of("#t", "total")).projectionExpression("sk").expressionAttributeValues(Map.of(":t", n("30"))));
    assertEquals(List.of(Map.of("sk", s("ORDER#5")), Map.of("sk", s("ORDER#6"))), r.items());
  }

  /** A multi-attribute GSI key: equality on every partition attribute, a prefix of the sort attributes. */
  @Test
  void multiAttributeIndexKeys() {
    dynamo.createTable(b -> b.tableName("metrics").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("id", ScalarAttributeType.S), def("tenant", ScalarAttributeType.S),
            def("region", ScalarAttributeType.S), def("year", ScalarAttributeType.N), def("month", ScalarAttributeType.N))
        .keySchema(key("id", KeyType.HASH))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byTenant")
            .keySchema(key("tenant", KeyType.HASH), key("region", KeyType.HASH), key("year", KeyType.RANGE),
                key("month", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    int id = 0;
    for (int year = 2024; year <= 2025; year++) {
      for (int month = 1; month <= 12; month += 5) {
        Map<String, AttributeValue> item = Map.of("id", s("m" + id++), "tenant", s("acme"), "region", s("eu"),
            "year", n(Integer.toString(year)), "month", n(Integer.toString(month)));
        dynamo.putItem(b -> b.tableName("metrics").item(item));
      }
    }
    Map<String, Condition> conditions = new LinkedHashMap<>();
    conditions.put("tenant", cond("EQ", s("acme")));
    conditions.put("region", cond("EQ", s("eu")));
    conditions.put("year", cond("EQ", n("2025")));
    conditions.put("month", cond("GT", n("1")));
    QueryResponse r = dynamo.query(b -> b.tableName("metrics").indexName("byTenant").keyConditions(conditions));
    assertEquals(List.of("6", "11"), r.items().stream().map(i -> i.get("month").n()).toList());
    conditions.remove("year");
    exactly("RANGE key attributes year must have equality conditions specified in the query because a condition is "
        + "present on key attribute month",
        () -> dynamo.query(b -> b.tableName("metrics").indexName("byTenant").keyConditions(conditions)));
    conditions.remove("region");
    exactly("Query condition missed key schema element: region",
        () -> dynamo.query(b -> b.tableName("metrics").indexName("byTenant").keyConditions(conditions)));
  }

  /** The refusals and their order: before the table is known, then per key attribute in schema order. */
  @Test
  void misuseIsRefusedWithTheServicesMessagesInItsOrder() {
    // before the table: entries, the count, ConditionalOperator, the Either rule (a missing table answers later)
    exactly("Conditions can be of length 1 or 2 only", () -> keys("missing", Map.of()));
    exactly("Conditions can be of length 1 or 2 only", () -> keys("missing",
        Map.of("a", cond("EQ", s("x")), "b", cond("EQ", s("x")), "c", cond("EQ", s("x")))));
    exactly(INVALID + "Invalid number of argument(s) for the EQ ComparisonOperator",
        () -> keys("missing", Map.of("pk", cond("EQ"))));
    exactly(INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
        () -> keys("missing", Map.of("pk", cond("EQ", s("x")), "sk", cond("BEGINS_WITH", n("3")))));
    exactly("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
        () -> keys("missing", Map.of("pk", cond("EQ", s("x")), "sk", cond("BETWEEN", s("b"), s("a")))));
    exactly("ConditionalOperator cannot be used without Filter or Expected",
        () -> dynamo.query(b -> b.tableName("missing").conditionalOperator("AND")));
    exactly("ConditionalOperator cannot be used without Filter or Expected",
        () -> dynamo.query(b -> b.tableName("app").keyConditions(Map.of("pk", cond("EQ", s("x"))))
            .conditionalOperator("OR")));
    exactly("ConditionalOperator can only be used when Filter or Expected has two or more elements",
        () -> dynamo.query(b -> b.tableName("app").keyConditions(Map.of("pk", cond("EQ", s("x"))))
            .queryFilter(Map.of("total", cond("NULL"))).conditionalOperator("OR")));
    exactly("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        () -> dynamo.query(b -> b.tableName("app").queryFilter(Map.of("total", cond("NULL")))));
    exactly("ExpressionAttributeValues can only be specified when using expressions: FilterExpression and "
            + "KeyConditionExpression are null",
        () -> dynamo.query(b -> b.tableName("app").keyConditions(Map.of("pk", cond("EQ", s("x"))))
            .projectionExpression("sk").expressionAttributeValues(Map.of(":v", s("x")))));
    exactly("Requested resource not found",
        () -> keys("missing", Map.of("pk", cond("NULL"))));
    // after the table: per key attribute in schema order (dynalite's test/query.js)
    exactly("Query key condition not supported",
        () -> keys("hashOnly", Map.of("pk", cond("EQ", s("x")), "sk", cond("EQ", s("x")))));
    exactly("Query condition missed key schema element: pk", () -> keys("app", Map.of("z", cond("NULL"))));
    exactly("Query condition missed key schema element: pk", () -> keys("app", Map.of("sk", cond("EQ", s("x")))));
    exactly("Query condition missed key schema element: sk",
        () -> keys("app", ordered("pk", cond("EQ", s("x")), "c", cond("NULL"))));
    for (String op : new String[] {"NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN"}) {
      AttributeValue[] values = op.endsWith("NULL") ? new AttributeValue[0] : new AttributeValue[] {s("x")};
      exactly("Attempted conditional constraint is not an indexable operation", () -> keys("app", Map.of("pk", cond(op, values))));
      exactly("Attempted conditional constraint is not an indexable operation",
          () -> keys("app", ordered("pk", cond("EQ", s("x")), "sk", cond(op, values))));
    }
    exactly(INVALID + "Condition parameter type does not match schema type", () -> keys("app", Map.of("pk", cond("EQ", n("3")))));
    exactly(INVALID + "Condition parameter type does not match schema type",
        () -> keys("app", ordered("pk", cond("EQ", s("x")), "sk", cond("GT", n("3")))));
    for (String op : new String[] {"LE", "LT", "GE", "GT", "BEGINS_WITH"}) {
      exactly("Query key condition not supported", () -> keys("app", Map.of("pk", cond(op, s("x")))));
    }
    // the hash key's faults come before the sort key's
    exactly("Attempted conditional constraint is not an indexable operation",
        () -> keys("app", ordered("sk", cond("EQ", n("1")), "pk", cond("NE", s("x")))));
    exactly("The table does not have the specified index: nope",
        () -> dynamo.query(b -> b.tableName("app").indexName("nope").keyConditions(Map.of("pk", cond("EQ", s("x"))))));
    exactly("Query condition missed key schema element: gpk",
        () -> dynamo.query(b -> b.tableName("app").indexName("byG").keyConditions(Map.of("pk", cond("EQ", s("x"))))));
    // a QueryFilter on a key attribute, named by its parameter
    exactly("QueryFilter can only contain non-primary key attributes: Primary key attribute: sk",
        () -> dynamo.query(b -> b.tableName("app").keyConditions(Map.of("pk", cond("EQ", s("x"))))
            .queryFilter(Map.of("sk", cond("EQ", s("x"))))));
    exactly("QueryFilter can only contain non-primary key attributes: Primary key attribute: gsk",
        () -> dynamo.query(b -> b.tableName("app").indexName("byG").keyConditions(Map.of("gpk", cond("EQ", s("x"))))
            .queryFilter(Map.of("gsk", cond("EQ", n("1"))))));
    exactly("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{QueryFilter} Expression parameters: {KeyConditionExpression}",
        () -> dynamo.query(b -> b.tableName("app").keyConditionExpression("pk = :p")
            .expressionAttributeValues(Map.of(":p", s("x"))).queryFilter(Map.of("total", cond("NULL")))));
  }

  /** Pages the two requests to the end and compares every page. */
  private void assertSamePages(QueryRequest expected, QueryRequest actual, String what) {
    Map<String, AttributeValue> start = null;
    int pages = 0;
    do {
      Map<String, AttributeValue> from = start;
      QueryResponse e = dynamo.query(expected.toBuilder().exclusiveStartKey(from).build());
      QueryResponse a = dynamo.query(actual.toBuilder().exclusiveStartKey(from).build());
      assertEquals(e.items(), a.items(), what + " page " + pages);
      assertEquals(e.count(), a.count(), what);
      assertEquals(e.scannedCount(), a.scannedCount(), what);
      assertEquals(e.lastEvaluatedKey(), a.lastEvaluatedKey(), what);
      assertEquals(e.consumedCapacity(), a.consumedCapacity(), what);
      start = e.hasLastEvaluatedKey() ? e.lastEvaluatedKey() : null;
      pages++;
    } while (start != null && pages < 50);
    assertNull(start, what + ": paged past 50 pages");
  }

  private void keys(String table, Map<String, Condition> conditions) {
    dynamo.query(b -> b.tableName(table).keyConditions(conditions));
  }

  private static Map<String, Condition> ordered(String k1, Condition c1, String k2, Condition c2) {
    Map<String, Condition> m = new LinkedHashMap<>();
    m.put(k1, c1);
    m.put(k2, c2);
    return m;
  }

  private static Condition cond(String operator, AttributeValue... values) {
    Condition.Builder b = Condition.builder().comparisonOperator(operator);
    return (values.length == 0 ? b : b.attributeValueList(new ArrayList<>(List.of(values)))).build();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static void exactly(String message, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }
}
