package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Property: a PartiQL SELECT and the expression request that means the same (a Scan, or a Query on
 * the partition, with the WHERE as a FilterExpression and the same Limit) answer the same pages:
 * the same items in the same order, page by page, and the same refusals (issue 16's evidence).
 * Conditions are random trees of every comparison, BETWEEN, IN, IS [NOT] MISSING, begins_with,
 * contains, attribute_type and size over attributes of varying types, joined by AND, OR and NOT.
 * Each tree is written out twice by this test's own two printers, one per language, so the
 * engine's translation (partiql.Expressions) is checked against an independent one.
 */
class PartiQlEquivalenceProperties {
  private static final List<String> ATTRIBUTES = List.of("a", "b", "tags", "list", "flag", "none");
  private static DynamoDbClient dynamo;

  /** A condition with one rendering per language; values are shared, as parameters and as :v names. */
  interface Cond {
    String partiql();

    String expression();
  }

  @BeforeContainer
  static void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "data", ScalarAttributeType.S);
    Random random = new Random(16);
    for (String pk : List.of("A", "B")) {
      for (int i = 0; i < 15; i++) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(pk));
        item.put("sk", s("k" + (char) ('a' + i)));
        putSome(item, "a", random, n(Integer.toString(random.nextInt(6))), s("x" + random.nextInt(4)),
            AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) random.nextInt(3)})));
        putSome(item, "b", random, s("ab" + random.nextInt(3)), s("b"), n("1"));
        putSome(item, "tags", random, AttributeValue.fromSs(List.of("x0", "x" + (1 + random.nextInt(3)))),
            AttributeValue.fromNs(List.of("1", Integer.toString(random.nextInt(5) + 2))), s("x1"));
        putSome(item, "list", random, AttributeValue.fromL(List.of(n("1"), s("x" + random.nextInt(3)))), n("2"));
        putSome(item, "flag", random, AttributeValue.fromBool(random.nextBoolean()), AttributeValue.fromNul(true));
        dynamo.putItem(b -> b.tableName("data").item(item));
      }
    }
  }

  private static void putSome(Map<String, AttributeValue> item, String name, Random random, AttributeValue... choices) {
    int pick = random.nextInt(choices.length + 1);
    if (pick < choices.length) {
      item.put(name, choices[pick]);
    }
  }

  /** One generated statement: its condition and the values its placeholders stand for, in order. */
  record Case(Cond cond, List<AttributeValue> values, int limit) {}

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(1, 40)).as((seed, limit) -> {
      List<AttributeValue> values = new ArrayList<>();
      Cond cond = condition(new Random(seed), values, 3);
      return new Case(cond, values, limit);
    });
  }

  private static Cond condition(Random r, List<AttributeValue> values, int depth) {
    int kind = depth == 0 ? 3 + r.nextInt(7) : r.nextInt(10);
    switch (kind) {
      case 0, 1 -> {
        Cond left = condition(r, values, depth - 1);
        Cond right = condition(r, values, depth - 1);
        String op = kind == 0 ? "AND" : "OR";
        return cond("(" + left.partiql() + " " + op + " " + right.partiql() + ")",
            "(" + left.expression() + " " + op + " " + right.expression() + ")");
      }
      case 2 -> {
        Cond inner = condition(r, values, depth - 1);
        return cond("(NOT " + inner.partiql() + ")", "(NOT " + inner.expression() + ")");
      }
      case 3 -> {
        String attr = attribute(r);
        String op = List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6));
        AttributeValue v = op.equals("=") || op.equals("<>") ? anyValue(r) : orderedValue(r);
        return cond("\"" + attr + "\" " + op + " " + param(values, v), "#" + attr + " " + op + " " + ref(values));
      }
      case 4 -> {
        String attr = attribute(r);
        String low = param(values, orderedValue(r));
        String lowRef = ref(values);
        String high = param(values, orderedValue(r));
        String highRef = ref(values);
        // Bounds out of order are a refusal in both languages; keep them mostly in order.
        return cond("\"" + attr + "\" BETWEEN " + low + " AND " + high,
            "#" + attr + " BETWEEN " + lowRef + " AND " + highRef);
      }
      case 5 -> {
        String attr = attribute(r);
        int count = 1 + r.nextInt(3);
        List<String> p = new ArrayList<>();
        List<String> e = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          p.add(param(values, anyValue(r)));
          e.add(ref(values));
        }
        return cond("\"" + attr + "\" IN [" + String.join(", ", p) + "]",
            "#" + attr + " IN (" + String.join(", ", e) + ")");
      }
      case 6 -> {
        String attr = attribute(r);
        boolean not = r.nextBoolean();
        return cond("\"" + attr + "\" IS " + (not ? "NOT " : "") + "MISSING",
            (not ? "attribute_exists(#" : "attribute_not_exists(#") + attr + ")");
      }
      case 7 -> {
        String attr = attribute(r);
        String fn = r.nextBoolean() ? "begins_with" : "contains";
        AttributeValue v = fn.equals("begins_with") ? s(List.of("x", "ab", "a", "b").get(r.nextInt(4))) : anyValue(r);
        return cond(fn + "(\"" + attr + "\", " + param(values, v) + ")", fn + "(#" + attr + ", " + ref(values) + ")");
      }
      case 8 -> {
        String attr = attribute(r);
        String type = List.of("S", "N", "B", "SS", "NS", "L", "M", "BOOL", "NULL").get(r.nextInt(9));
        return cond("attribute_type(\"" + attr + "\", " + param(values, s(type)) + ")",
            "attribute_type(#" + attr + ", " + ref(values) + ")");
      }
      default -> {
        String attr = attribute(r);
        String op = List.of("=", "<", ">=").get(r.nextInt(3));
        return cond("size(\"" + attr + "\") " + op + " " + param(values, n(Integer.toString(r.nextInt(4)))),
            "size(#" + attr + ") " + op + " " + ref(values));
      }
    }
  }

  private static Cond cond(String partiql, String expression) {
    return new Cond() {
      public String partiql() {
        return partiql;
      }

      public String expression() {
        return expression;
      }

      public String toString() {
        return partiql;
      }
    };
  }

  private static String attribute(Random r) {
    return ATTRIBUTES.get(r.nextInt(ATTRIBUTES.size()));
  }

  private static String param(List<AttributeValue> values, AttributeValue v) {
    values.add(v);
    return "?";
  }

  /** The :v name of the value added last: both printers number values in the same order. */
  private static String ref(List<AttributeValue> values) {
    return ":v" + (values.size() - 1);
  }

  private static AttributeValue orderedValue(Random r) {
    return switch (r.nextInt(3)) {
      case 0 -> n(Integer.toString(r.nextInt(6)));
      case 1 -> s(List.of("x0", "x1", "x", "ab", "ab1", "b", "a").get(r.nextInt(7)));
      default -> AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) r.nextInt(3)}));
    };
  }

  private static AttributeValue anyValue(Random r) {
    return switch (r.nextInt(6)) {
      case 0, 1 -> orderedValue(r);
      case 2 -> AttributeValue.fromSs(List.of("x0"));
      case 3 -> AttributeValue.fromL(List.of(n("1"), s("x" + r.nextInt(3))));
      case 4 -> AttributeValue.fromBool(r.nextBoolean());
      default -> AttributeValue.fromNul(true);
    };
  }

  private static Map<String, String> names() {
    Map<String, String> names = new LinkedHashMap<>();
    ATTRIBUTES.forEach(a -> names.put("#" + a, a));
    return names;
  }

  private static Map<String, AttributeValue> valueMap(List<AttributeValue> values) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (int i = 0; i < values.size(); i++) {
      out.put(":v" + i, values.get(i));
    }
    return out;
  }

  /** Pages of items, or the error code of a refusal: what both sides must agree on. */
  private static Object pagesOfSelect(String statement, List<AttributeValue> parameters, int limit) {
    List<List<Map<String, AttributeValue>>> pages = new ArrayList<>();
    try {
      String token = null;
      do {
        String t = token;
        ExecuteStatementResponse r = dynamo.executeStatement(b -> b.statement(statement).limit(limit).nextToken(t)
            .parameters(parameters.isEmpty() ? null : parameters));
        pages.add(r.items());
        token = r.nextToken();
      } while (token != null);
      return pages;
    } catch (DynamoDbException e) {
      return e.awsErrorDetails().errorCode();
    }
  }

  private static Object pagesOfScan(Case c, boolean query) {
    List<List<Map<String, AttributeValue>>> pages = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>(names());
    Map<String, AttributeValue> values = valueMap(c.values());
    try {
      Map<String, AttributeValue> start = null;
      do {
        Map<String, AttributeValue> from = start;
        if (query) {
          names.put("#pk", "pk");
          values.put(":pk", s("A"));
          QueryResponse r = dynamo.query(b -> b.tableName("data").keyConditionExpression("#pk = :pk")
              .filterExpression(c.cond().expression())
              .expressionAttributeNames(usedNames(names, "#pk = :pk " + c.cond().expression()))
              .expressionAttributeValues(values).limit(c.limit()).exclusiveStartKey(from));
          pages.add(r.items());
          start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
        } else {
          ScanResponse r = dynamo.scan(b -> b.tableName("data").filterExpression(c.cond().expression())
              .expressionAttributeNames(usedNames(names, c.cond().expression()))
              .expressionAttributeValues(values.isEmpty() ? null : values)
              .limit(c.limit()).exclusiveStartKey(from));
          pages.add(r.items());
          start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
        }
      } while (start != null);
      return pages;
    } catch (DynamoDbException e) {
      return e.awsErrorDetails().errorCode();
    }
  }

  /** An expression request refuses names it does not use; give it only the ones the condition reads. */
  private static Map<String, String> usedNames(Map<String, String> all, String expression) {
    Map<String, String> out = new LinkedHashMap<>();
    all.forEach((k, v) -> {
      if (expression.matches(".*" + k + "\\b.*")) {
        out.put(k, v);
      }
    });
    return out;
  }

  @Property(tries = 150)
  void aSelectWithoutTheKeyAnswersAsAScanWithTheSameFilter(@ForAll("cases") Case c) {
    Object viaPartiql = pagesOfSelect("SELECT * FROM \"data\" WHERE " + c.cond().partiql(), c.values(), c.limit());
    Object viaScan = pagesOfScan(new Case(c.cond(), c.values(), c.limit()), false);
    assertEquals(viaScan, viaPartiql, c.cond().partiql());
  }

  @Property(tries = 150)
  void aSelectOnThePartitionAnswersAsAQueryWithTheSameFilter(@ForAll("cases") Case c) {
    List<AttributeValue> parameters = new ArrayList<>(c.values());
    parameters.add(s("A"));
    Object viaPartiql = pagesOfSelect("SELECT * FROM \"data\" WHERE (" + c.cond().partiql() + ") AND pk = ?",
        parameters, c.limit());
    Object viaQuery = pagesOfScan(c, true);
    assertEquals(viaQuery, viaPartiql, c.cond().partiql());
  }
}
