package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The legacy conditions (issue 14, second part): Expected on PutItem, UpdateItem and DeleteItem,
 * ScanFilter on Scan, joined by ConditionalOperator. They compile into the conditions expressions
 * bind to, so a ScanFilter answers what the equivalent FilterExpression answers. Semantics and
 * messages with their sources: docs/legacy-parameters.md.
 */
class LegacyConditionsTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private static ExpectedAttributeValue exists(boolean exists) {
    return ExpectedAttributeValue.builder().exists(exists).build();
  }

  private static ExpectedAttributeValue value(AttributeValue v) {
    return ExpectedAttributeValue.builder().value(v).build();
  }

  private static ExpectedAttributeValue op(ComparisonOperator o, AttributeValue... values) {
    return ExpectedAttributeValue.builder().comparisonOperator(o).attributeValueList(values).build();
  }

  private static Map<String, AttributeValue> item(String pk, Object... attrs) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    m.put("pk", s(pk));
    m.put("sk", s("x"));
    for (int i = 0; i < attrs.length; i += 2) {
      m.put((String) attrs[i], (AttributeValue) attrs[i + 1]);
    }
    return m;
  }

  @Test
  void expectedGuardsCreatesAndVersionedSaves() {
    // the create-only idiom, and a versioned save as DynamoDBMapper sends it
    Map<String, ExpectedAttributeValue> absent = Map.of("pk", exists(false));
    dynamo.putItem(b -> b.tableName("app").item(item("a", "version", n("1"))).expected(absent));
    assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.putItem(b -> b.tableName("app").item(item("a", "version", n("1"))).expected(absent)));
    dynamo.putItem(b -> b.tableName("app").item(item("a", "version", n("2")))
        .expected(Map.of("version", value(n("1")))));
    assertThrows(ConditionalCheckFailedException.class, () -> dynamo.putItem(b -> b.tableName("app")
        .item(item("a", "version", n("2"))).expected(Map.of("version", value(n("1"))))));
    // UpdateItem and DeleteItem take it too
    dynamo.updateItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", s("x")))
        .expected(Map.of("version", op(ComparisonOperator.GE, n("2")))));
    assertThrows(ConditionalCheckFailedException.class, () -> dynamo.deleteItem(b -> b.tableName("app")
        .key(Map.of("pk", s("a"), "sk", s("x"))).expected(Map.of("version", op(ComparisonOperator.GT, n("2"))))));
    Map<String, ExpectedAttributeValue> either = new LinkedHashMap<>();
    either.put("version", op(ComparisonOperator.GT, n("2")));
    either.put("missing", op(ComparisonOperator.NULL));
    dynamo.deleteItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", s("x"))).expected(either)
        .conditionalOperator("OR"));
    assertNull(dynamo.getItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", s("x")))).item().get("pk"));
  }

  /** Every operator through ScanFilter, against the FilterExpression that means the same. */
  @Test
  void aScanFilterAnswersWhatTheSameFilterExpressionAnswers() {
    dynamo.putItem(b -> b.tableName("app").item(item("1", "a", n("5"), "s", s("hello"), "ss", AttributeValue.fromSs(List.of("x", "y")))));
    dynamo.putItem(b -> b.tableName("app").item(item("2", "a", n("10"), "s", s("help"))));
    dynamo.putItem(b -> b.tableName("app").item(item("3", "a", s("5"), "l", AttributeValue.fromL(List.of(n("1"), s("x"))))));
    dynamo.putItem(b -> b.tableName("app").item(item("4")));
    Object[][] cases = {
      {"a", ComparisonOperator.EQ, List.of(n("5")), "a = :v0"},
      {"a", ComparisonOperator.NE, List.of(n("5")), "a <> :v0"},
      {"a", ComparisonOperator.LT, List.of(n("10")), "a < :v0"},
      {"a", ComparisonOperator.LE, List.of(n("10")), "a <= :v0"},
      {"a", ComparisonOperator.GT, List.of(n("5")), "a > :v0"},
      {"a", ComparisonOperator.GE, List.of(n("5")), "a >= :v0"},
      {"s", ComparisonOperator.NOT_NULL, List.of(), "attribute_exists(s)"},
      {"s", ComparisonOperator.NULL, List.of(), "attribute_not_exists(s)"},
      {"s", ComparisonOperator.CONTAINS, List.of(s("el")), "contains(s, :v0)"},
      {"ss", ComparisonOperator.CONTAINS, List.of(s("x")), "contains(ss, :v0)"},
      {"l", ComparisonOperator.CONTAINS, List.of(s("x")), "contains(l, :v0)"},
      {"s", ComparisonOperator.NOT_CONTAINS, List.of(s("lo")), "attribute_exists(s) AND NOT contains(s, :v0)"},
      {"s", ComparisonOperator.BEGINS_WITH, List.of(s("hel")), "begins_with(s, :v0)"},
      {"a", ComparisonOperator.IN, List.of(n("5"), n("7")), "a IN (:v0, :v1)"},
      {"a", ComparisonOperator.BETWEEN, List.of(n("5"), n("9")), "a BETWEEN :v0 AND :v1"},
    };
    for (Object[] c : cases) {
      @SuppressWarnings("unchecked")
      List<AttributeValue> values = (List<AttributeValue>) c[2];
      Condition legacy = Condition.builder().comparisonOperator((ComparisonOperator) c[1]).attributeValueList(values).build();
      ScanResponse a = dynamo.scan(b -> b.tableName("app").scanFilter(Map.of((String) c[0], legacy)));
      Map<String, AttributeValue> bound = new LinkedHashMap<>();
      for (int i = 0; i < values.size(); i++) {
        bound.put(":v" + i, values.get(i));
      }
      ScanResponse e = dynamo.scan(b -> b.tableName("app").filterExpression((String) c[3])
          .expressionAttributeValues(bound.isEmpty() ? null : bound));
      assertEquals(e.items(), a.items(), c[1] + " on " + c[0]);
      assertEquals(e.count(), a.count());
      assertEquals(e.scannedCount(), a.scannedCount());
    }
    // two conditions, ANDed by default, ORed on request
    Map<String, Condition> two = new LinkedHashMap<>();
    two.put("a", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(n("5")).build());
    two.put("s", Condition.builder().comparisonOperator(ComparisonOperator.NULL).build());
    assertEquals(0, dynamo.scan(b -> b.tableName("app").scanFilter(two)).count());
    assertEquals(3, dynamo.scan(b -> b.tableName("app").scanFilter(two).conditionalOperator("OR")).count());
  }

  @Test
  void misuseIsRefusedWithTheServicesMessages() {
    String invalid = "One or more parameter values were invalid: ";
    expectRefused(invalid + "Value and AttributeValueList cannot be used together for Attribute: a",
        ExpectedAttributeValue.builder().value(n("1")).comparisonOperator("LT").attributeValueList(n("1")).build());
    expectRefused(invalid + "Exists and ComparisonOperator cannot be used together for Attribute: a",
        ExpectedAttributeValue.builder().exists(true).comparisonOperator("LT").build());
    expectRefused(invalid + "Value or AttributeValueList must be used with ComparisonOperator: LT for Attribute: a",
        ExpectedAttributeValue.builder().comparisonOperator("LT").build());
    expectRefused(invalid + "Invalid number of argument(s) for the NULL ComparisonOperator",
        ExpectedAttributeValue.builder().comparisonOperator("NULL").value(n("1")).build());
    expectRefused(invalid + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a",
        ExpectedAttributeValue.builder().attributeValueList(n("1")).build());
    expectRefused(invalid + "Value must be provided when Exists is null for Attribute: a",
        ExpectedAttributeValue.builder().build());
    expectRefused(invalid + "Value must be provided when Exists is true for Attribute: a", exists(true));
    expectRefused(invalid + "Value cannot be used when Exists is false for Attribute: a",
        ExpectedAttributeValue.builder().exists(false).value(n("1")).build());
    filterRefused(invalid + "Invalid number of argument(s) for the EQ ComparisonOperator", "EQ");
    filterRefused(invalid + "Invalid number of argument(s) for the BETWEEN ComparisonOperator", "BETWEEN", n("1"));
    filterRefused(invalid + "AttributeValues inside AttributeValueList must be of same type", "IN", n("1"), s("x"));
    filterRefused(invalid + "ComparisonOperator BEGINS_WITH is not valid for SS AttributeValue type", "BEGINS_WITH",
        AttributeValue.fromSs(List.of("x")));
    filterRefused(invalid + "ComparisonOperator LE is not valid for L AttributeValue type", "LE",
        AttributeValue.fromL(List.of(n("1"))));
    filterRefused("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
        "BETWEEN", n("4"), n("3"));
    // checked before the table is looked up, as the service does (dynalite's cases use missing tables)
    refused(invalid + "Value must be provided when Exists is true for Attribute: a", () -> dynamo.deleteItem(b -> b
        .tableName("missing").key(Map.of("pk", s("z"))).expected(Map.of("a", exists(true)))));
    refused(invalid + "Only DELETE action is allowed when no attribute value is specified", () -> dynamo.updateItem(b -> b
        .tableName("missing").key(Map.of("pk", s("z"))).attributeUpdates(Map.of("a",
            software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate.builder().build()))
        .expected(Map.of("a", exists(true)))));
    refused(invalid + "Invalid number of argument(s) for the EQ ComparisonOperator", () -> dynamo.scan(b -> b
        .tableName("missing").scanFilter(Map.of("a", Condition.builder().comparisonOperator("EQ").build()))));
    refused("ConditionalOperator can only be used when Filter or Expected has two or more elements",
        () -> dynamo.scan(b -> b.tableName("app").scanFilter(Map.of("a", Condition.builder()
            .comparisonOperator("NULL").build())).conditionalOperator("AND")));
    refused("ConditionalOperator cannot be used without Filter or Expected",
        () -> dynamo.putItem(b -> b.tableName("app").item(item("z")).conditionalOperator("OR")));
    refused("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{Expected} Expression parameters: {UpdateExpression}",
        () -> dynamo.updateItem(b -> b.tableName("app").key(Map.of("pk", s("z"), "sk", s("x")))
            .expected(Map.of("a", exists(false))).updateExpression("REMOVE b")));
  }

  private void expectRefused(String message, ExpectedAttributeValue x) {
    refused(message, () -> dynamo.putItem(b -> b.tableName("app").item(item("z")).expected(Map.of("a", x))));
  }

  private void filterRefused(String message, String operator, AttributeValue... values) {
    refused(message, () -> dynamo.scan(b -> b.tableName("app").scanFilter(Map.of("a", Condition.builder()
        .comparisonOperator(operator).attributeValueList(values).build()))));
  }

  private static void refused(String message, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }
}
