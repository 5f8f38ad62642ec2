package io.partita.engine.internal.expr;

import static io.partita.engine.internal.expr.Fixtures.assertValidation;
import static io.partita.engine.internal.expr.Fixtures.b;
import static io.partita.engine.internal.expr.Fixtures.bool;
import static io.partita.engine.internal.expr.Fixtures.item;
import static io.partita.engine.internal.expr.Fixtures.l;
import static io.partita.engine.internal.expr.Fixtures.n;
import static io.partita.engine.internal.expr.Fixtures.names;
import static io.partita.engine.internal.expr.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.partita.engine.internal.expr.SortCondition.Op;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.value.ScalarType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * KeyConditionExpression validation. Where ExprErrors or a comment says so, a message is Amazon
 * DynamoDB's (docs/dynamodb-messages.md); the others, and the order in which problems are reported,
 * are Partita's own: the service's wording or order there could not be established.
 */
class KeyConditionTest {
  /** pk S, sk N. */
  static final KeySchemaSpec NUM = KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), new KeyDef("sk", ScalarType.N));
  /** pk S, sk S. */
  static final KeySchemaSpec STR = KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), new KeyDef("sk", ScalarType.S));
  /** pk N, sk B. */
  static final KeySchemaSpec BIN = KeySchemaSpec.of(new KeyDef("pk", ScalarType.N), new KeyDef("sk", ScalarType.B));
  /** pk S, no sort key. */
  static final KeySchemaSpec HASH = KeySchemaSpec.of(new KeyDef("pk", ScalarType.S), null);
  /** A multi-attribute GSI key: h1 S, h2 N; a S, b S, c N, d S. */
  static final KeySchemaSpec MULTI = new KeySchemaSpec(
      List.of(new KeyDef("h1", ScalarType.S), new KeyDef("h2", ScalarType.N)),
      List.of(new KeyDef("a", ScalarType.S), new KeyDef("b", ScalarType.S), new KeyDef("c", ScalarType.N),
          new KeyDef("d", ScalarType.S)));

  private static final Map<String, AttributeValue> VALUES = item(
      ":p", s("x"), ":q", s("y"), ":one", n("1"), ":five", n("5"), ":s", s("1"), ":t", s("5"), ":e", s(""),
      ":bin", b(1, 2), ":nobin", b(), ":l", l(n("1")), ":bool", bool(true), ":h2", n("2"),
      ":a", s("A"), ":b", s("B"), ":c", n("3"), ":d", s("D"), ":ty", s("N"),
      ":1e2", n("1e2"), ":99", n("99.0"));

  private static final String TYPE = ExprErrors.KEY_TYPE_MISMATCH;

  private static KeyCondition kc(KeySchemaSpec schema, String expression) {
    return new ExpressionContext(names("#k", "pk", "#s", "sk", "#x", "pk.x"), VALUES).keyCondition(expression, schema);
  }

  private static void refused(String message, KeySchemaSpec schema, String expression) {
    assertValidation(message, () -> kc(schema, expression));
  }

  private static void assertSort(KeyCondition k, String name, Op op, AttributeValue value, AttributeValue upper) {
    assertEquals(new SortCondition(name, op, value, upper), k.sort());
  }

  // ---- accepted ----

  @Test
  void partitionKeyAlone() {
    KeyCondition k = kc(NUM, "pk = :p");
    assertEquals(Map.of("pk", s("x")), k.hashValues());
    assertEquals(List.of(), k.sortPrefix());
    assertNull(k.sort());
    assertEquals(Map.of("pk", s("x")), kc(HASH, "pk = :p").hashValues());
  }

  @Test
  void everySortOperator() {
    assertSort(kc(NUM, "pk = :p AND sk = :one"), "sk", Op.EQ, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND sk < :one"), "sk", Op.LT, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND sk <= :one"), "sk", Op.LE, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND sk > :one"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND sk >= :one"), "sk", Op.GE, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND sk BETWEEN :one AND :five"), "sk", Op.BETWEEN, n("1"), n("5"));
    assertSort(kc(NUM, "pk = :p AND sk BETWEEN :one AND :one"), "sk", Op.BETWEEN, n("1"), n("1"));
    assertSort(kc(STR, "pk = :p AND begins_with(sk, :s)"), "sk", Op.BEGINS_WITH, s("1"), null);
    assertSort(kc(BIN, "pk = :one AND begins_with(sk, :bin)"), "sk", Op.BEGINS_WITH, b(1, 2), null);
    assertSort(kc(BIN, "pk = :one AND sk > :bin"), "sk", Op.GT, b(1, 2), null);
  }

  @Test
  void valueFirstIsReadAttributeFirst() {
    // Amazon DynamoDB accepts these (conformance suites run against it)
    assertEquals(Map.of("pk", s("x")), kc(NUM, ":p = pk").hashValues());
    assertSort(kc(NUM, "pk = :p AND :one = sk"), "sk", Op.EQ, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND :one < sk"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND :one <= sk"), "sk", Op.GE, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND :one > sk"), "sk", Op.LT, n("1"), null);
    assertSort(kc(NUM, "pk = :p AND :one >= sk"), "sk", Op.LE, n("1"), null);
  }

  @Test
  void namesOrderAndParentheses() {
    assertSort(kc(NUM, "#k = :p AND #s > :one"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "sk > :one AND pk = :p"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "(pk = :p) AND (sk > :one)"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "(pk = :p AND sk > :one)"), "sk", Op.GT, n("1"), null);
    assertSort(kc(NUM, "pk=:p and sk>:one"), "sk", Op.GT, n("1"), null);
  }

  @Test
  void valuesAreValidatedAndNormalized() {
    KeyCondition k = new ExpressionContext(null, item(":p", s("x"), ":v", n("1.50"))).keyCondition("pk = :p AND sk = :v", NUM);
    assertSort(k, "sk", Op.EQ, n("1.5"), null);
  }

  @Test
  void namesAndValuesAreMarkedUsed() {
    ExpressionContext ctx = new ExpressionContext(names("#k", "pk", "#f", "f"), item(":p", s("x"), ":v", n("1")));
    ctx.keyCondition("#k = :p", HASH);
    assertValidation("Value provided in ExpressionAttributeNames unused in expressions: keys: {#f}", ctx::checkAllUsed);
    ctx.condition("#f = :v", "FilterExpression");
    ctx.checkAllUsed();
  }

  @Test
  void multiAttributeKeys() {
    // the accepted shapes of a conformance suite run against Amazon DynamoDB (multiAttributeGsiKey)
    KeyCondition k = kc(MULTI, "h1 = :p AND h2 = :h2");
    assertEquals(List.of("h1", "h2"), List.copyOf(k.hashValues().keySet()));
    assertEquals(n("2"), k.hashValues().get("h2"));
    assertEquals(List.of(), k.sortPrefix());
    assertNull(k.sort());

    k = kc(MULTI, "h1 = :p AND h2 = :h2 AND a = :a");
    assertEquals(List.of(), k.sortPrefix());
    assertSort(k, "a", Op.EQ, s("A"), null);

    k = kc(MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND b < :b");
    assertEquals(List.of(new SortEquality("a", s("A"))), k.sortPrefix());
    assertSort(k, "b", Op.LT, s("B"), null);

    k = kc(MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND b = :b AND c = :c AND begins_with(d, :d)");
    assertEquals(List.of(new SortEquality("a", s("A")), new SortEquality("b", s("B")), new SortEquality("c", n("3"))),
        k.sortPrefix());
    assertSort(k, "d", Op.BEGINS_WITH, s("D"), null);

    k = kc(MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND b = :b AND c BETWEEN :one AND :five");
    assertSort(k, "c", Op.BETWEEN, n("1"), n("5"));

    // clauses in any order, any nesting of AND
    k = kc(MULTI, "b = :b AND (h2 = :h2 AND a = :a) AND h1 = :p");
    assertEquals(List.of("h1", "h2"), List.copyOf(k.hashValues().keySet()));
    assertEquals(List.of(new SortEquality("a", s("A"))), k.sortPrefix());
    assertSort(k, "b", Op.EQ, s("B"), null);
  }

  // ---- refused: operators and shapes (no table needed) ----

  @Test
  void operatorsOtherThanComparisonsBetweenAndBeginsWith() {
    refused("Invalid operator used in KeyConditionExpression: OR", NUM, "pk = :p OR sk = :one");
    refused("Invalid operator used in KeyConditionExpression: OR", NUM, "pk = :p AND (sk = :one OR sk = :five)");
    refused("Invalid operator used in KeyConditionExpression: NOT", NUM, "NOT pk = :p");
    refused("Invalid operator used in KeyConditionExpression: NOT", NUM, "pk = :p AND NOT sk = :one");
    refused("Invalid operator used in KeyConditionExpression: IN", NUM, "pk IN (:p)");
    refused("Invalid operator used in KeyConditionExpression: IN", NUM, "pk = :p AND sk IN (:one)");
    refused("Invalid operator used in KeyConditionExpression: <>", NUM, "pk <> :p");
    refused("Invalid operator used in KeyConditionExpression: <>", NUM, "pk = :p AND sk <> :one");
    refused("Invalid operator used in KeyConditionExpression: attribute_exists", NUM, "attribute_exists(pk)");
    refused("Invalid operator used in KeyConditionExpression: attribute_not_exists", NUM, "pk = :p AND attribute_not_exists(sk)");
    refused("Invalid operator used in KeyConditionExpression: attribute_type", NUM, "pk = :p AND attribute_type(sk, :ty)");
    refused("Invalid operator used in KeyConditionExpression: contains", NUM, "pk = :p AND contains(sk, :one)");
  }

  @Test
  void operandsMustBeOneTopLevelAttributeAndValues() {
    refused(ExprErrors.KEY_NESTED_OPERATION, NUM, "pk = :p AND size(sk) = :one");
    refused(ExprErrors.KEY_NESTED_OPERATION, NUM, "size(pk) = :one");
    refused("Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand",
        NUM, "pk = :p AND :one BETWEEN sk AND :five");
    refused("Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand",
        STR, "pk = :p AND begins_with(:s, sk)");
    refused("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition", NUM, "pk = sk");
    refused("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        NUM, "pk = :p AND sk BETWEEN pk AND :five");
    refused("Invalid condition in KeyConditionExpression: No key attribute specified", NUM, ":p = :p");
    refused("Invalid condition in KeyConditionExpression: No key attribute specified", NUM, "pk = :p AND sk > :one AND :one = :five");
  }

  @Test
  void nestedPathsAreRefused() {
    // Amazon DynamoDB's message for key and non-key attributes
    String nested = "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes";
    refused(nested, NUM, "pk.x = :p");
    refused(nested, NUM, "pk[0] = :p");
    refused(nested, NUM, "pk = :p AND sk.x = :one");
    refused(nested, NUM, "pk = :p AND sk[1] > :one");
    refused(nested, NUM, "#k.x = :p");
    refused(nested, NUM, "pk = :p AND a.b = :one");
    refused(nested, STR, "pk = :p AND begins_with(sk.x, :s)");
    // a name that contains a dot is one top-level attribute, not a path
    refused("Query condition missed key schema element: pk", NUM, "#x = :p");
  }

  @Test
  void oneConditionPerAttribute() {
    // Amazon DynamoDB's wording (conformance suite)
    String duplicate = "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key";
    refused(duplicate, NUM, "pk = :p AND pk = :q");
    refused(duplicate, NUM, "pk = :p AND sk > :one AND sk < :five");
    refused(duplicate, NUM, "#k = :p AND pk = :p");
    refused(duplicate, NUM, "pk = :p AND a = :one AND a = :five");
  }

  // ---- refused: against the key schema ----

  @Test
  void moreConditionsThanKeyAttributes() {
    // Amazon DynamoDB's wording (conformance suite), with or without a sort attribute in the key
    refused("The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
        NUM, "pk = :p AND sk > :one AND a = :five");
    refused("The number of query conditions (2) exceeds the number of key attributes defined in the schema (1)",
        HASH, "pk = :p AND sk = :one");
  }

  @Test
  void missingKeyAttributes() {
    // Amazon DynamoDB names the attribute (case query-missed-key-element)
    refused("Query condition missed key schema element: pk", NUM, "a = :one");
    refused("Query condition missed key schema element: pk", NUM, "sk = :one");
    refused("Query condition missed key schema element: pk", NUM, "a = :one AND b = :five");
    refused("Query condition missed key schema element: pk", HASH, "a = :one");
    // a condition on a non-key attribute next to the partition key: the sort key is named
    refused("Query condition missed key schema element: sk", NUM, "pk = :p AND a = :one");
    refused("Query condition missed key schema element: sk", NUM, "pk = :p AND a > :one");
  }

  @Test
  void partitionKeyNeedsEquality() {
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "pk < :p");
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "pk >= :p");
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "pk BETWEEN :p AND :q");
    refused(ExprErrors.KEY_NOT_SUPPORTED, STR, "begins_with(pk, :p)");
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "pk < :p AND sk = :one");
  }

  @Test
  void valuesMustHaveTheKeyType() {
    refused(TYPE, NUM, "pk = :one");
    refused(TYPE, NUM, "pk = :bool");
    refused(TYPE, NUM, "pk = :l");
    refused(TYPE, NUM, "pk = :p AND sk = :s");
    refused(TYPE, NUM, "pk = :p AND sk > :s");
    refused(TYPE, NUM, "pk = :p AND sk BETWEEN :s AND :t");
    refused(TYPE, NUM, "pk = :p AND sk = :bool");
    // begins_with only fits S and B keys: a prefix of another key type fails here or in binding
    refused(TYPE, NUM, "pk = :p AND begins_with(sk, :s)");
    refused(TYPE, STR, "pk = :p AND begins_with(sk, :bin)");
    refused(TYPE, BIN, "pk = :one AND begins_with(sk, :s)");
    refused("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        NUM, "pk = :p AND begins_with(sk, :one)");
    refused("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        STR, "pk = :p AND begins_with(sk, :one)");
  }

  @Test
  void emptyKeyValues() {
    refused("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
        NUM, "pk = :e");
    refused("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk",
        STR, "pk = :p AND sk > :e");
    refused("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk",
        STR, "pk = :p AND begins_with(sk, :e)");
    refused("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk",
        STR, "pk = :p AND sk BETWEEN :e AND :s");
    refused("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk",
        BIN, "pk = :one AND sk > :nobin");
  }

  @Test
  void expressionErrorsAreTheConditionGrammars() {
    refused("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
        + "lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}", NUM, "pk = :p AND sk BETWEEN :five AND :one");
    refused("Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; "
        + "lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:5}", NUM, "pk = :p AND sk BETWEEN :one AND :t");
    // the bounds as written, not normalized
    refused("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
        + "lower bound operand: AttributeValue: {N:1e2}, upper bound operand: AttributeValue: {N:99.0}", NUM, "pk = :p AND sk BETWEEN :1e2 AND :99");
    refused("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: >, operand type: L",
        NUM, "pk = :p AND sk > :l");
    refused("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: >=, operand type: BOOL",
        NUM, "pk = :p AND :bool >= sk");
    refused("Invalid KeyConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; "
        + "operator: =, first operand: [pk]", NUM, "pk = pk");
    refused("Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :nope",
        NUM, "pk = :nope");
    refused("Invalid KeyConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #nope",
        NUM, "#nope = :p");
    refused("Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"", NUM, "pk = :p AND");
    refused("Invalid KeyConditionExpression: The expression can not be empty;", NUM, "");
    refused("Invalid KeyConditionExpression: The expression has redundant parentheses;", NUM, "((pk = :p))");
    refused("Invalid KeyConditionExpression: Invalid function name; function: foo", NUM, "pk = :p AND foo(sk)");
    refused("Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: data", NUM, "data = :one");
    refused("Invalid KeyConditionExpression: Incorrect number of operands for operator or function; operator or function: begins_with, "
        + "number of operands: 3", STR, "pk = :p AND begins_with(sk, :s, :t)");
  }

  // ---- which problem is reported first ----

  @Test
  void bindingProblemsInTheOrderWritten() {
    String operand = "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N";
    String undefined = "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :nope";
    refused(operand, NUM, "begins_with(sk, :one) AND pk = :nope");
    refused(undefined, NUM, "pk = :nope AND begins_with(sk, :one)");
    refused(operand, NUM, "begins_with(sk, :one) AND #nope = :p");
    refused(undefined, NUM, "pk = :nope AND #nope = :p");
    refused("Invalid KeyConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; "
        + "operator: =, first operand: [pk]", NUM, "pk = pk AND sk = :nope");
    refused(undefined, NUM, "sk = :nope AND pk = pk");
  }

  @Test
  void bindingBeforeShapeBeforeSchema() {
    refused("Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :nope",
        NUM, "pk = :p OR sk = :nope");
    refused("Invalid KeyConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; "
        + "operator: =, first operand: [pk]", NUM, "NOT pk = pk");
    refused("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
        + "lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}", NUM, "a = :p AND sk BETWEEN :five AND :one");
    refused("Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        NUM, "pk = :p AND begins_with(sk, :one) AND sk = :five");
    // a nested path is met before the second condition on its attribute
    refused(ExprErrors.KEY_NESTED_PATH, NUM, "pk = :p AND sk.x = :one AND sk = :five");
    refused(ExprErrors.KEY_NESTED_PATH, NUM, "pk = :p AND sk = :one AND sk.x = :five");
    refused(ExprErrors.KEY_NESTED_OPERATION, NUM, "pk = :p AND size(sk) > :one AND a = :five");
    // shape before the count
    refused(ExprErrors.KEY_NESTED_PATH, NUM, "pk = :p AND a.b = :one AND a = :five");
  }

  @Test
  void schemaChecksInPartitasOrder() {
    String count = "The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)";
    String emptyPk = "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk";
    refused(count, NUM, "pk = :one AND sk = :one AND a = :five"); // the count before types
    refused(count, NUM, "pk = :e AND sk = :one AND a = :five");
    refused("Query condition missed key schema element: pk", NUM, "sk = :s AND a = :five");
    refused(TYPE, NUM, "pk = :one AND a = :one"); // the partition key's type before the missed sort key
    refused(TYPE, NUM, "a = :one AND pk = :one");
    refused(TYPE, NUM, "pk < :one AND sk = :s"); // its type before its operator
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "sk = :s AND pk < :p"); // its operator before the sort key's type
    refused(ExprErrors.KEY_NOT_SUPPORTED, NUM, "a = :one AND pk < :p"); // before the missed sort key
    refused(emptyPk, NUM, "pk = :e AND sk = :s"); // partition key first
    refused(emptyPk, NUM, "sk = :s AND pk = :e"); // in schema order, not written order
    refused(TYPE, NUM, "pk = :one AND sk = :e");
    refused(TYPE, BIN, "pk = :e"); // the type before emptiness
  }

  @Test
  void multiAttributeKeyRefusals() {
    // Amazon DynamoDB's wording (conformance suite multiAttributeGsiKey, run against the real service)
    refused("RANGE key attributes b must have equality conditions specified in the query because a condition is present on key attribute c",
        MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND c = :c");
    refused("RANGE key attributes b must have equality conditions specified in the query because a condition is present on key attribute c",
        MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND b > :b AND c = :c");
    refused("RANGE key attributes a must have equality conditions specified in the query because a condition is present on key attribute b",
        MULTI, "h1 = :p AND h2 = :h2 AND b = :b");
    // several attributes: the separator is a guess
    refused("RANGE key attributes a, b, c must have equality conditions specified in the query because a condition is present on key attribute d",
        MULTI, "h1 = :p AND h2 = :h2 AND begins_with(d, :d)");
    // every partition key attribute needs =, as a one-attribute partition key does
    refused("Query condition missed key schema element: h2", MULTI, "h1 = :p AND a = :a");
    refused(ExprErrors.KEY_NOT_SUPPORTED, MULTI, "h1 = :p AND h2 > :h2");
    refused(TYPE, MULTI, "h1 = :p AND h2 = :p");
    refused(TYPE, MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND c = :s");
    refused("Query condition missed key schema element: b", MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND x = :one");
    refused("The number of query conditions (7) exceeds the number of key attributes defined in the schema (6)",
        MULTI, "h1 = :p AND h2 = :h2 AND a = :a AND b = :b AND c = :c AND d = :d AND x = :one");
  }
}
