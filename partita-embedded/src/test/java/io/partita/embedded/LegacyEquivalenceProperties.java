package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Property: a legacy request and the expression request that means the same give identical answers
 * (items, counts, pages, LastEvaluatedKeys, consumed capacity, condition outcomes), for random
 * conditions over every ComparisonOperator and value type, on random data (issue 14's evidence). A
 * legacy condition is refused exactly when docs/legacy-parameters.md section 3 says the operator does
 * not take the value's type (or BETWEEN's bounds are reversed); that rule is written out here on its
 * own, not taken from the engine. The translation to expressions is this test's own too.
 */
class LegacyEquivalenceProperties {
  private static final List<String> ATTRIBUTES = List.of("a", "b", "tags", "list", "flag", "none");
  private static final List<String> OPERATORS = List.of(
      "EQ", "NE", "LE", "LT", "GE", "GT", "NULL", "NOT_NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN");
  private static DynamoDbClient dynamo;

  /** One legacy condition entry: attribute, operator, values. */
  record Entry(String attribute, String operator, List<AttributeValue> values) {}

  @BeforeContainer
  static void open() {
    dynamo = PartitaDynamoDb.inMemory();
    for (String table : List.of("data", "legacy", "expression")) {
      Fixtures.createTable(dynamo, table, ScalarAttributeType.S);
    }
    java.util.Random random = new java.util.Random(14);
    for (String pk : List.of("A", "B")) {
      for (int i = 0; i < 15; i++) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(pk));
        item.put("sk", s("k" + (char) ('a' + i)));
        // each attribute absent, or of one of several types, so type mismatches are exercised
        putSome(item, "a", random, n(Integer.toString(random.nextInt(6))), s("x" + random.nextInt(4)),
            AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) random.nextInt(3)})));
        putSome(item, "b", random, s("ab" + random.nextInt(3)), s("b"), n("1"));
        putSome(item, "tags", random, AttributeValue.fromSs(List.of("x0", "x" + random.nextInt(4))),
            AttributeValue.fromNs(List.of("1", Integer.toString(random.nextInt(5) + 2))), s("x1"));
        putSome(item, "list", random, AttributeValue.fromL(List.of(n("1"), s("x" + random.nextInt(3)))), n("2"));
        putSome(item, "flag", random, AttributeValue.fromBool(random.nextBoolean()), AttributeValue.fromNul(true));
        for (String table : List.of("data", "legacy", "expression")) {
          dynamo.putItem(b -> b.tableName(table).item(item));
        }
      }
    }
  }

  @AfterContainer
  static void close() {
    dynamo.close();
  }

  private static void putSome(Map<String, AttributeValue> item, String name, java.util.Random random,
      AttributeValue... choices) {
    int pick = random.nextInt(choices.length + 1);
    if (pick < choices.length) {
      item.put(name, choices[pick]);
    }
  }

  // ------------------------------------------------------------------ generators

  @Provide
  Arbitrary<List<Entry>> filters() {
    return entries().list().ofMinSize(1).ofMaxSize(3).uniqueElements(Entry::attribute);
  }

  private static Arbitrary<Entry> entries() {
    return Combinators.combine(Arbitraries.of(ATTRIBUTES), Arbitraries.of(OPERATORS), values().list().ofSize(3))
        .as((attribute, operator, pool) -> new Entry(attribute, operator, switch (operator) {
          case "NULL", "NOT_NULL" -> List.of();
          case "BETWEEN" -> pool.subList(0, 2);
          case "IN" -> pool;
          default -> pool.subList(0, 1);
        }));
  }

  /** Values of every kind, mostly scalars close to the data's. */
  private static Arbitrary<AttributeValue> values() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(0, 6).map(i -> n(Integer.toString(i)))),
        net.jqwik.api.Tuple.of(4, Arbitraries.of("x0", "x1", "x", "ab", "ab1", "b", "a").map(Fixtures::s)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 3)
            .map(i -> AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) (int) i})))),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(AttributeValue.fromSs(List.of("x0")), AttributeValue.fromNs(List.of("1", "2")))),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(AttributeValue.fromBool(true), AttributeValue.fromNul(true),
            AttributeValue.fromL(List.of(n("1"), s("x0"))))));
  }

  // ------------------------------------------------------------------ properties

  @Property(tries = 150)
  void aScanFilterPagesAsItsFilterExpression(@ForAll("filters") List<Entry> filter, @ForAll boolean or,
      @ForAll("limits") int limit) {
    String operator = filter.size() > 1 && or ? "OR" : null;
    ScanRequest legacy = ScanRequest.builder().tableName("data").scanFilter(legacyFilter(filter))
        .conditionalOperator(operator).limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    if (refused(filter, () -> dynamo.scan(legacy))) {
      return;
    }
    Translation t = translate(filter, operator);
    ScanRequest expression = ScanRequest.builder().tableName("data").filterExpression(t.expression)
        .expressionAttributeNames(t.names).expressionAttributeValues(t.values.isEmpty() ? null : t.values)
        .limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    samePages(start -> page(dynamo.scan(expression.toBuilder().exclusiveStartKey(start).build())),
        start -> page(dynamo.scan(legacy.toBuilder().exclusiveStartKey(start).build())));
  }

  @Property(tries = 150)
  void aLegacyQueryPagesAsItsExpressionForm(@ForAll("filters") List<Entry> filter, @ForAll boolean or,
      @ForAll("limits") int limit, @ForAll("sortConditions") Entry sort, @ForAll boolean forward,
      @ForAll boolean attributesToGet) {
    String operator = filter.size() > 1 && or ? "OR" : null;
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> keys = new LinkedHashMap<>();
    keys.put("pk", condition(new Entry("pk", "EQ", List.of(s("A")))));
    if (sort != null) {
      keys.put("sk", condition(sort));
    }
    QueryRequest.Builder legacy = QueryRequest.builder().tableName("data").keyConditions(keys)
        .queryFilter(legacyFilter(filter)).conditionalOperator(operator).scanIndexForward(forward).limit(limit)
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
    if (attributesToGet) {
      legacy.attributesToGet("sk", "a", "tags");
    }
    if (refused(filter, () -> dynamo.query(legacy.build()))) {
      return;
    }
    Translation f = translate(filter, operator);
    Translation k = translate(sort == null ? List.of(new Entry("pk", "EQ", List.of(s("A"))))
        : List.of(new Entry("pk", "EQ", List.of(s("A"))), sort), null);
    Map<String, String> names = new HashMap<>(f.names);
    names.putAll(k.names);
    Map<String, AttributeValue> values = new HashMap<>(f.values);
    // the two translations number their values alike: the key's are renamed apart
    k.values.forEach((name, v) -> values.put(name.replace(":v", ":k"), v));
    QueryRequest.Builder expression = QueryRequest.builder().tableName("data")
        .keyConditionExpression(k.expression.replace(":v", ":k")).filterExpression(f.expression)
        .expressionAttributeNames(names).expressionAttributeValues(values)
        .scanIndexForward(forward).limit(limit).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
    if (attributesToGet) {
      expression.projectionExpression("sk, a, tags");
    }
    QueryRequest e = expression.build();
    QueryRequest l = legacy.build();
    samePages(start -> page(dynamo.query(e.toBuilder().exclusiveStartKey(start).build())),
        start -> page(dynamo.query(l.toBuilder().exclusiveStartKey(start).build())));
  }

  /** Expected on PutItem and DeleteItem: the same outcome, the same item after, as ConditionExpression. */
  @Property(tries = 150)
  void expectedDecidesAsItsConditionExpression(@ForAll("filters") List<Entry> expected, @ForAll boolean or,
      @ForAll("keys") String sk, @ForAll boolean delete) {
    String operator = expected.size() > 1 && or ? "OR" : null;
    Map<String, AttributeValue> key = Map.of("pk", s("B"), "sk", s(sk));
    Map<String, ExpectedAttributeValue> legacyExpected = new LinkedHashMap<>();
    for (Entry e : expected) {
      legacyExpected.put(e.attribute, ExpectedAttributeValue.builder().comparisonOperator(e.operator)
          .attributeValueList(e.values.isEmpty() ? null : e.values).build());
    }
    Map<String, AttributeValue> written = new HashMap<>(key);
    written.put("a", n(Integer.toString(sk.hashCode() & 3)));
    Outcome legacy = outcome(() -> {
      if (delete) {
        dynamo.deleteItem(b -> b.tableName("legacy").key(key).expected(legacyExpected).conditionalOperator(operator));
      } else {
        dynamo.putItem(b -> b.tableName("legacy").item(written).expected(legacyExpected).conditionalOperator(operator));
      }
    });
    if (legacy == Outcome.REFUSED) {
      assertTrue(anyRefused(expected), "refused, but section 3 accepts " + expected);
      return;
    }
    assertTrue(!anyRefused(expected), "accepted, but section 3 refuses " + expected);
    Translation t = translate(expected, operator);
    Outcome expression = outcome(() -> {
      if (delete) {
        dynamo.deleteItem(b -> b.tableName("expression").key(key).conditionExpression(t.expression)
            .expressionAttributeNames(t.names).expressionAttributeValues(t.values.isEmpty() ? null : t.values));
      } else {
        dynamo.putItem(b -> b.tableName("expression").item(written).conditionExpression(t.expression)
            .expressionAttributeNames(t.names).expressionAttributeValues(t.values.isEmpty() ? null : t.values));
      }
    });
    assertEquals(expression, legacy, expected.toString());
    assertEquals(dynamo.getItem(b -> b.tableName("expression").key(key)).item(),
        dynamo.getItem(b -> b.tableName("legacy").key(key)).item());
  }

  @Provide
  Arbitrary<Integer> limits() {
    return Arbitraries.of(1, 2, 5, 100);
  }

  @Provide
  Arbitrary<String> keys() {
    return Arbitraries.of("ka", "kb", "kc", "kd");
  }

  /** A sort-key condition of every kind KeyConditions takes, or none. */
  @Provide
  Arbitrary<Entry> sortConditions() {
    Arbitrary<AttributeValue> bound = Arbitraries.integers().between(0, 15).map(i -> s("k" + (char) ('a' + i)));
    return Combinators.combine(Arbitraries.of("EQ", "LT", "LE", "GT", "GE", "BEGINS_WITH", "BETWEEN", "NONE"),
        bound, bound).as((op, x, y) -> switch (op) {
          case "NONE" -> null;
          case "BEGINS_WITH" -> new Entry("sk", op, List.of(s(x.s().substring(0, 1 + (y.s().charAt(1) & 1)))));
          case "BETWEEN" -> new Entry("sk", op, x.s().compareTo(y.s()) <= 0 ? List.of(x, y) : List.of(y, x));
          default -> new Entry("sk", op, List.of(x));
        });
  }

  // ------------------------------------------------------------------ the rule and the translation

  /** Section 3's type rule, written out on its own: whether the service refuses this entry. */
  static boolean refusedEntry(Entry e) {
    if (e.values.isEmpty()) {
      return false;
    }
    String type = type(e.values.get(0));
    for (AttributeValue v : e.values) {
      if (!type(v).equals(type)) {
        return true; // one type per AttributeValueList
      }
    }
    boolean scalar = Set.of("S", "N", "B").contains(type);
    boolean accepted = switch (e.operator) {
      case "EQ", "NE" -> true;
      case "BEGINS_WITH" -> type.equals("S") || type.equals("B");
      default -> scalar;
    };
    if (accepted && e.operator.equals("BETWEEN")) {
      return compare(e.values.get(0), e.values.get(1)) > 0;
    }
    return !accepted;
  }

  private static boolean anyRefused(List<Entry> entries) {
    return entries.stream().anyMatch(LegacyEquivalenceProperties::refusedEntry);
  }

  /** Runs a legacy request; true (and checked against the rule) when it was refused. */
  private static boolean refused(List<Entry> entries, Runnable request) {
    net.jqwik.api.statistics.Statistics.collect(anyRefused(entries) ? "refused" : "compared");
    if (anyRefused(entries)) {
      DynamoDbException e = assertThrows(DynamoDbException.class, request::run, "section 3 refuses " + entries);
      assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
      return true;
    }
    request.run();
    return false;
  }

  private static int compare(AttributeValue x, AttributeValue y) {
    return switch (type(x)) {
      case "N" -> new java.math.BigDecimal(x.n()).compareTo(new java.math.BigDecimal(y.n()));
      case "S" -> Integer.signum(compareBytes(x.s().getBytes(java.nio.charset.StandardCharsets.UTF_8),
          y.s().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      default -> Integer.signum(compareBytes(x.b().asByteArray(), y.b().asByteArray()));
    };
  }

  private static int compareBytes(byte[] x, byte[] y) {
    return java.util.Arrays.compareUnsigned(x, y);
  }

  private static String type(AttributeValue v) {
    return switch (v.type()) {
      case S -> "S";
      case N -> "N";
      case B -> "B";
      case SS -> "SS";
      case NS -> "NS";
      case BS -> "BS";
      case BOOL -> "BOOL";
      case NUL -> "NULL";
      case L -> "L";
      case M -> "M";
      default -> throw new IllegalArgumentException(String.valueOf(v));
    };
  }

  record Translation(String expression, Map<String, String> names, Map<String, AttributeValue> values) {}

  /** The expression that means what the legacy entries mean (docs/legacy-parameters.md section 3). */
  static Translation translate(List<Entry> entries, String operator) {
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    for (Entry e : entries) {
      String path = "#" + e.attribute;
      names.put(path, e.attribute);
      List<String> v = new ArrayList<>();
      for (AttributeValue value : e.values) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, value);
        v.add(placeholder);
      }
      parts.add(switch (e.operator) {
        case "EQ" -> path + " = " + v.get(0);
        case "NE" -> path + " <> " + v.get(0);
        case "LT" -> path + " < " + v.get(0);
        case "LE" -> path + " <= " + v.get(0);
        case "GT" -> path + " > " + v.get(0);
        case "GE" -> path + " >= " + v.get(0);
        case "NULL" -> "attribute_not_exists(" + path + ")";
        case "NOT_NULL" -> "attribute_exists(" + path + ")";
        case "CONTAINS" -> "contains(" + path + ", " + v.get(0) + ")";
        // false of a missing attribute, as CONTAINS is (scylladb's test_expected.py, run against the service)
        case "NOT_CONTAINS" -> "attribute_exists(" + path + ") AND NOT contains(" + path + ", " + v.get(0) + ")";
        case "BEGINS_WITH" -> "begins_with(" + path + ", " + v.get(0) + ")";
        case "IN" -> path + " IN (" + String.join(", ", v) + ")";
        case "BETWEEN" -> path + " BETWEEN " + v.get(0) + " AND " + v.get(1);
        default -> throw new IllegalArgumentException(e.operator);
      });
    }
    String joiner = "OR".equals(operator) ? " OR " : " AND ";
    // parentheses only where they group: the expression language refuses redundant ones
    return new Translation(parts.size() == 1 ? parts.get(0) : "(" + String.join(")" + joiner + "(", parts) + ")",
        names, values);
  }

  private static Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> legacyFilter(List<Entry> entries) {
    Map<String, software.amazon.awssdk.services.dynamodb.model.Condition> out = new LinkedHashMap<>();
    for (Entry e : entries) {
      out.put(e.attribute, condition(e));
    }
    return out;
  }

  private static software.amazon.awssdk.services.dynamodb.model.Condition condition(Entry e) {
    return software.amazon.awssdk.services.dynamodb.model.Condition.builder().comparisonOperator(e.operator)
        .attributeValueList(e.values.isEmpty() ? null : e.values).build();
  }

  // ------------------------------------------------------------------ comparing answers

  /** What a page answers, everything a client sees. */
  record Page(List<Map<String, AttributeValue>> items, Integer count, Integer scanned,
      Map<String, AttributeValue> last, Object capacity) {}

  private static Page page(ScanResponse r) {
    return new Page(r.items(), r.count(), r.scannedCount(), r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null,
        r.consumedCapacity());
  }

  private static Page page(QueryResponse r) {
    return new Page(r.items(), r.count(), r.scannedCount(), r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null,
        r.consumedCapacity());
  }

  private static void samePages(Function<Map<String, AttributeValue>, Page> expected,
      Function<Map<String, AttributeValue>, Page> actual) {
    Map<String, AttributeValue> start = null;
    for (int pages = 0; pages < 60; pages++) {
      Page e = expected.apply(start);
      assertEquals(e, actual.apply(start), "page " + pages);
      start = e.last;
      if (start == null) {
        return;
      }
    }
    assertNull(start, "paged past 60 pages");
  }

  enum Outcome { WRITTEN, FAILED, REFUSED }

  private static Outcome outcome(Runnable write) {
    try {
      write.run();
      return Outcome.WRITTEN;
    } catch (ConditionalCheckFailedException e) {
      return Outcome.FAILED;
    } catch (DynamoDbException e) {
      assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
      return Outcome.REFUSED;
    }
  }
}
