package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Seeded generator of item requests (PutItem, GetItem, UpdateItem, DeleteItem) and reads (Query, Scan) over a small key
 * space, so that requests hit existing items often. The generator never looks at answers: a seed alone determines the
 * whole sequence.
 *
 * <p>Two tables: {@code composite} (pk S HASH, sk N RANGE) and {@code hashOnly} (pk S HASH).
 */
final class OpGenerator {

  /** Top-level attribute names; {@code name} and {@code status} are reserved words and always go through #aliases. */
  static final String[] TOP = {"a", "b", "c", "l", "m", "s", "n", "ss", "ns", "bs", "name", "status"};
  /** Map keys used inside M values and in nested paths. */
  static final String[] SUB = {"x", "y", "a"};
  static final String[] STRINGS = {"", "a", "ab", "abc", "b", "ba", "x", "hello", "Hello", "é", "zz"};
  /** Numbers in several spellings; several spellings of the same value on purpose. */
  static final String[] NUMBERS = {"0", "-0", "0.0", "1", "1.0", "1.50", "15E-1", "2", "-1", "-2.5", "10", "1e1", "100",
      "1E2", "0.001", "3.14159", "12345678901234567890", "-7.000", "99999999999999999999999999999999999999"};
  static final String[] TYPES = {"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"};

  /** The Random of every choice; {@link #legacy} swaps in {@link #legacyRandom} while it builds a legacy request. */
  private Random r;
  /**
   * The choices of the legacy requests (issue 14), a Random of their own: each seed generates the same expression
   * requests it did before they were added, some of them replaced by a legacy one.
   */
  private final Random legacyRandom;
  /** Whether {@link #condition} may name the key attribute {@code pk} (not in a Query's FilterExpression). */
  private boolean keysInConditions = true;
  private final String composite;
  private final String hashOnly;

  OpGenerator(long seed, String composite, String hashOnly) {
    this.r = new Random(seed);
    this.legacyRandom = new Random(seed * 31 + 14);
    this.composite = composite;
    this.hashOnly = hashOnly;
  }

  /**
   * One generated request: PutItemRequest, GetItemRequest, UpdateItemRequest, DeleteItemRequest, QueryRequest (as often
   * as GetItem) or ScanRequest (less often).
   */
  Object next() {
    boolean comp = r.nextInt(3) != 0;
    String table = comp ? composite : hashOnly;
    int k = r.nextInt(100);
    Object req;
    if (k < 21) req = put(table, comp);
    else if (k < 37) req = get(table, comp);
    else if (k < 53) req = query(table, comp);
    else if (k < 82) req = update(table, comp);
    else if (k < 94) req = delete(table, comp);
    else req = scan(table, comp);
    if (r.nextInt(100) < 4) req = breakIt(req);
    if (legacyRandom.nextInt(100) < LEGACY_PERCENT) {
      Random expressions = r;
      r = legacyRandom;
      try {
        req = legacy(req, table, comp);
      } finally {
        r = expressions;
      }
    }
    return req;
  }

  // ------------------------------------------------------------------ requests

  private PutItemRequest put(String table, boolean comp) {
    PutItemRequest.Builder b = PutItemRequest.builder().tableName(table).item(item(comp));
    Expr e = new Expr();
    if (r.nextInt(10) < 4) b.conditionExpression(condition(e, 2));
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.ALL_OLD, null));
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private GetItemRequest get(String table, boolean comp) {
    GetItemRequest.Builder b = GetItemRequest.builder().tableName(table).key(key(comp));
    if (r.nextBoolean()) b.consistentRead(r.nextBoolean());
    if (r.nextInt(10) < 4) {
      Expr e = new Expr();
      b.projectionExpression(projection(e, false));
      e.apply(b::expressionAttributeNames, v -> {});
    }
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  /** A ProjectionExpression of 1 to 3 paths; with {@code keys}, a key attribute is sometimes among them. */
  private String projection(Expr e, boolean keys) {
    int n = 1 + r.nextInt(3);
    List<String> tops = shuffledTops();
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < n; i++) paths.add(path(e, r.nextInt(8) == 0 ? pick(TOP) : tops.get(i)));
    if (keys && r.nextInt(4) == 0) paths.add(r.nextInt(paths.size() + 1), e.name(pick("pk", "sk")));
    return String.join(", ", paths);
  }

  /** Sort key values for key conditions: the spellings {@link #key} writes, and values between and around them. */
  static final String[] SORT_VALUES = {"1", "1.0", "10E-1", "2", "2.00", "3", "0", "-1", "1.5", "2.5", "4", "100"};

  /**
   * Query on the partition of a key the generator writes, with a random sort key condition (composite table), paging
   * (Limit, ExclusiveStartKey, ScanIndexForward), Select, filter and projection. About 4% are broken in one of several
   * ways ({@link #breakQuery}); a few more are invalid by construction (BETWEEN bounds reversed, begins_with on the N
   * sort key, a start key from another partition or outside the sort key condition).
   */
  private QueryRequest query(String table, boolean comp) {
    QueryRequest.Builder b = QueryRequest.builder().tableName(table);
    Expr e = new Expr();
    String pk = pick("a", "b", "c", "a", "b", "c", "d");
    String hash = r.nextInt(8) == 0 ? e.value(s(pk)) + " = " + e.name("pk") : e.name("pk") + " = " + e.value(s(pk));
    String sort = null;
    if (comp && r.nextInt(10) < 7) {
      String sk = e.name("sk");
      int op = r.nextInt(15);
      if (op < 10) {
        String o = pick("=", "<", "<=", ">", ">=");
        sort = r.nextInt(8) == 0
            ? e.value(n(pick(SORT_VALUES))) + " " + flip(o) + " " + sk
            : sk + " " + o + " " + e.value(n(pick(SORT_VALUES)));
      } else if (op < 14) {
        String x = pick(SORT_VALUES), y = pick(SORT_VALUES);
        boolean reversed = r.nextInt(8) == 0; // the upper bound below the lower one: a ValidationException
        boolean inOrder = new BigDecimal(x).compareTo(new BigDecimal(y)) <= 0;
        String lo = inOrder != reversed ? x : y;
        String hi = inOrder != reversed ? y : x;
        sort = sk + " BETWEEN " + e.value(n(lo)) + " AND " + e.value(n(hi));
      } else {
        // sk is N: begins_with is refused, with one message for an N operand and another for an S operand
        sort = "begins_with(" + sk + ", " + e.value(r.nextBoolean() ? s("1") : n("1")) + ")";
      }
    }
    String keyCondition = sort == null ? hash : r.nextInt(6) == 0 ? sort + " AND " + hash : hash + " AND " + sort;
    if (r.nextInt(10) == 0) keyCondition = "(" + keyCondition + ")";
    b.keyConditionExpression(keyCondition);
    if (r.nextInt(3) != 0) b.scanIndexForward(r.nextInt(3) != 0 ? r.nextBoolean() : Boolean.TRUE);
    if (r.nextBoolean()) b.limit(1 + r.nextInt(5));
    int select = r.nextInt(20);
    if (select < 3) {
      b.select(Select.COUNT);
    } else if (select < 5) {
      b.select(Select.SPECIFIC_ATTRIBUTES).projectionExpression(projection(e, true));
    } else if (select < 6) {
      b.select(Select.ALL_ATTRIBUTES);
    } else if (select < 12) {
      b.projectionExpression(projection(e, true));
    }
    if (r.nextInt(10) < 3) {
      keysInConditions = false; // a Query filter may not read key attributes (that variant is in breakQuery)
      b.filterExpression(condition(e, r.nextInt(3)));
      keysInConditions = true;
    }
    if (r.nextInt(4) == 0) {
      Map<String, AttributeValue> start = new LinkedHashMap<>();
      start.put("pk", s(r.nextInt(8) == 0 ? pick("a", "b", "c", "d") : pk)); // another partition: a ValidationException
      if (comp) start.put("sk", n(pick(SORT_VALUES)));
      b.exclusiveStartKey(start);
    }
    if (r.nextBoolean()) b.consistentRead(r.nextBoolean());
    b.returnConsumedCapacity(capacity());
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    return b.build();
  }

  private static String flip(String op) {
    return switch (op) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> op;
    };
  }

  /**
   * What both forms of Scan draw alike, in the same order: one segment of a parallel scan (one in
   * {@code segmentOdds}), a few ExclusiveStartKeys, read consistency, and the capacity asked for.
   */
  private void scanTail(ScanRequest.Builder b, boolean comp, int segmentOdds) {
    if (r.nextInt(segmentOdds) == 0) {
      int total = 1 + r.nextInt(4);
      b.totalSegments(total).segment(r.nextInt(total));
    }
    if (r.nextInt(12) == 0) {
      Map<String, AttributeValue> start = new LinkedHashMap<>();
      start.put("pk", s(pick("a", "b", "c", "d")));
      if (comp) start.put("sk", n(pick(SORT_VALUES)));
      b.exclusiveStartKey(start);
    }
    if (r.nextBoolean()) b.consistentRead(r.nextBoolean());
    b.returnConsumedCapacity(capacity());
  }

  /**
   * Scan of a whole table, or a page of it (Limit), or one segment of a parallel scan, with filter, projection and
   * Select; a few with an ExclusiveStartKey.
   */
  private ScanRequest scan(String table, boolean comp) {
    ScanRequest.Builder b = ScanRequest.builder().tableName(table);
    Expr e = new Expr();
    if (r.nextInt(10) < 4) b.limit(1 + r.nextInt(5));
    int select = r.nextInt(20);
    if (select < 3) {
      b.select(Select.COUNT);
    } else if (select < 4) {
      b.select(Select.SPECIFIC_ATTRIBUTES).projectionExpression(projection(e, true));
    } else if (select < 9) {
      b.projectionExpression(projection(e, true));
    }
    if (r.nextInt(10) < 4) b.filterExpression(condition(e, r.nextInt(3)));
    scanTail(b, comp, 5);
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    return b.build();
  }

  private UpdateItemRequest update(String table, boolean comp) {
    UpdateItemRequest.Builder b = UpdateItemRequest.builder().tableName(table).key(key(comp));
    Expr e = new Expr();
    boolean noUpdate = r.nextInt(20) == 0;
    if (!noUpdate) b.updateExpression(updateExpression(e));
    if (r.nextInt(10) < 4) b.conditionExpression(condition(e, 2));
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    if (noUpdate) {
      // without UpdateExpression, UPDATED_OLD and UPDATED_NEW are not generated (kept so, so that every seed
      // replays the sequence it always did)
      b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.ALL_NEW, null));
    } else {
      b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD, ReturnValue.ALL_NEW,
          ReturnValue.UPDATED_NEW, null));
    }
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private DeleteItemRequest delete(String table, boolean comp) {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(table).key(key(comp));
    Expr e = new Expr();
    if (r.nextInt(10) < 5) b.conditionExpression(condition(e, 2));
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, null));
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  /** Makes a request deliberately invalid in one of several ways. */
  private Object breakIt(Object req) {
    if (req instanceof QueryRequest q) return breakQuery(q);
    if (req instanceof ScanRequest sc) return breakScan(sc);
    int how = r.nextInt(6);
    if (req instanceof PutItemRequest p) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(p.item());
      switch (how) {
        case 0: item.remove("pk"); break;
        case 1: item.put("pk", n("1")); break;
        case 2: item.put("pk", s("")); break;
        case 3: item.put("a", AttributeValue.builder().ss(List.of()).build()); break;
        case 4: return p.toBuilder().returnValues(ReturnValue.UPDATED_NEW).build();
        default: item.put("a", n("1E126")); break;
      }
      return p.toBuilder().item(item).build();
    }
    if (req instanceof GetItemRequest g) {
      switch (how) {
        case 0: return g.toBuilder().key(with(g.key(), "zz", s("x"))).build();
        case 1: return g.toBuilder().projectionExpression("a, a.x").expressionAttributeNames(null).build();
        case 2: return g.toBuilder().projectionExpression("name").expressionAttributeNames(null).build();
        case 3: return g.toBuilder().key(with(g.key(), "pk", n("1"))).build();
        default: return g.toBuilder().projectionExpression("a,, b").expressionAttributeNames(null).build();
      }
    }
    if (req instanceof UpdateItemRequest u) {
      Map<String, AttributeValue> vals = new LinkedHashMap<>(u.hasExpressionAttributeValues() ? u.expressionAttributeValues() : Map.of());
      switch (how) {
        case 0:
          vals.put(":unused", n("1"));
          return u.toBuilder().expressionAttributeValues(vals).build();
        case 1: return u.toBuilder().updateExpression("SET pk = :k").expressionAttributeValues(Map.of(":k", s("q")))
            .conditionExpression(null).expressionAttributeNames(null).build();
        case 2: return u.toBuilder().updateExpression((u.updateExpression() == null ? "" : u.updateExpression()) + " )").build();
        case 3: return u.toBuilder().updateExpression("SET a = :v, a.x = :v").expressionAttributeValues(Map.of(":v", n("1")))
            .conditionExpression(null).expressionAttributeNames(null).build();
        case 4: return u.toBuilder().updateExpression("SET a = a + :v").expressionAttributeValues(Map.of(":v", s("x")))
            .conditionExpression(null).expressionAttributeNames(null).build();
        default: return u.toBuilder().key(Map.of("pk", s("a"))).build();
      }
    }
    DeleteItemRequest d = (DeleteItemRequest) req;
    switch (how) {
      case 0: return d.toBuilder().returnValues(ReturnValue.ALL_NEW).build();
      case 1: return d.toBuilder().key(with(d.key(), "pk", s(""))).build();
      case 2: return d.toBuilder().conditionExpression("attribute_exists(pk) AND").expressionAttributeNames(null)
          .expressionAttributeValues(null).build();
      case 3: return d.toBuilder().conditionExpression("a BETWEEN :hi AND :lo").expressionAttributeNames(null)
          .expressionAttributeValues(Map.of(":hi", n("5"), ":lo", n("1"))).build();
      default: return d.toBuilder().conditionExpression("attribute_type(a, :t)").expressionAttributeNames(null)
          .expressionAttributeValues(Map.of(":t", s("STRING"))).build();
    }
  }

  /**
   * A key condition and its values replaced; the names and values the filter and projection use are kept, the ones
   * only the old key condition used are dropped.
   */
  private static QueryRequest withKeyCondition(QueryRequest q, String keyCondition, Object... values) {
    String rest = (q.filterExpression() == null ? "" : q.filterExpression()) + " "
        + (q.projectionExpression() == null ? "" : q.projectionExpression());
    Map<String, AttributeValue> vals = new LinkedHashMap<>();
    if (q.hasExpressionAttributeValues()) q.expressionAttributeValues().forEach((k, v) -> { if (mentions(rest, k)) vals.put(k, v); });
    vals.putAll(Av.item(values));
    Map<String, String> names = new LinkedHashMap<>();
    if (q.hasExpressionAttributeNames()) q.expressionAttributeNames().forEach((k, v) -> { if (mentions(rest, k)) names.put(k, v); });
    return q.toBuilder().keyConditionExpression(keyCondition).expressionAttributeValues(vals)
        .expressionAttributeNames(names.isEmpty() ? null : names).build();
  }

  /** Whether {@code expression} uses the placeholder {@code token} (#name or :value). */
  private static boolean mentions(String expression, String token) {
    return java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(token) + "(?![A-Za-z0-9_])").matcher(expression).find();
  }

  private QueryRequest breakQuery(QueryRequest q) {
    boolean comp = q.tableName().equals(composite);
    switch (r.nextInt(8)) {
      case 0: // no condition on the partition key
        return withKeyCondition(q, comp ? "sk = :kk" : "a = :kk", ":kk", n("1"));
      case 1:
        return withKeyCondition(q, "pk = :kp OR " + (comp ? "sk" : "a") + " = :kk", ":kp", s("a"), ":kk", n("1"));
      case 2: { // a filter on a key attribute
        Map<String, AttributeValue> vals = new LinkedHashMap<>(q.hasExpressionAttributeValues() ? q.expressionAttributeValues() : Map.of());
        vals.put(":kf", n("2"));
        String f = pick("sk > :kf", "attribute_exists(pk) AND a = :kf", "a = :kf OR sk = :kf");
        if (!comp) f = f.replace("sk", "pk");
        if (q.filterExpression() != null) f = "(" + q.filterExpression() + ") AND (" + f + ")";
        return q.toBuilder().filterExpression(f).expressionAttributeValues(vals).build();
      }
      case 3: return q.toBuilder().limit(r.nextBoolean() ? 0 : -1).build();
      case 4: // the partition key value of the wrong type
        return withKeyCondition(q, "pk = :kp", ":kp", n("1"));
      case 5: // a sort key value of the wrong type, or a sort key condition on the hash-only table
        return withKeyCondition(q, "pk = :kp AND sk " + pick("=", ">", "<=") + " :kk", ":kp", s("b"), ":kk", comp ? s("1") : n("1"));
      case 6:
        return q.toBuilder().indexName(pick("nope", "gsi")).build();
      default: // a start key that does not fit the key schema
        return q.toBuilder().exclusiveStartKey(comp
            ? pick(Map.of("pk", s("a")), Map.of("pk", s("a"), "sk", s("1")), Map.of("pk", s("a"), "sk", n("1"), "a", n("1")))
            : pick(Map.of("pk", n("1")), Map.of("pk", s("a"), "sk", n("1")), Map.of("a", s("a")))).build();
    }
  }

  private ScanRequest breakScan(ScanRequest sc) {
    boolean comp = sc.tableName().equals(composite);
    switch (r.nextInt(7)) {
      case 0: return sc.toBuilder().segment(r.nextInt(2)).totalSegments(null).build();
      case 1: return sc.toBuilder().segment(null).totalSegments(1 + r.nextInt(3)).build();
      case 2: {
        int total = r.nextInt(3);
        return sc.toBuilder().totalSegments(total).segment(total + r.nextInt(2)).build();
      }
      case 3: return sc.toBuilder().limit(0).build();
      case 4: return sc.toBuilder().select(Select.COUNT).projectionExpression(sc.projectionExpression() == null ? "a" : sc.projectionExpression()).build();
      case 5: return sc.toBuilder().indexName("nope").build();
      default: return sc.toBuilder().exclusiveStartKey(comp ? Map.of("pk", s("a")) : Map.of("pk", n("1"))).build();
    }
  }

  // ------------------------------------------------------------------ expressions

  /** Collects ExpressionAttributeNames and ExpressionAttributeValues while an expression is generated. */
  final class Expr {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();

    String name(String attr) {
      boolean reserved = attr.equals("name") || attr.equals("status");
      if (!reserved && r.nextInt(4) != 0) return attr;
      for (Map.Entry<String, String> e : names.entrySet()) if (e.getValue().equals(attr)) return e.getKey();
      String alias = "#" + (char) ('a' + names.size()) + attr.length();
      names.put(alias, attr);
      return alias;
    }

    String value(AttributeValue v) {
      String p = ":v" + values.size();
      values.put(p, v);
      return p;
    }

    void apply(java.util.function.Consumer<Map<String, String>> n, java.util.function.Consumer<Map<String, AttributeValue>> v) {
      if (!names.isEmpty()) n.accept(names);
      if (!values.isEmpty()) v.accept(values);
    }
  }

  /**
   * A document path under {@code top}: mostly the bare name; nested paths mostly follow the shape generated items have
   * ({@code m} holds a map, {@code l} a list) so that they often resolve, and sometimes do not.
   */
  private String path(Expr e, String top) {
    StringBuilder p = new StringBuilder(e.name(top));
    int depth = r.nextInt(10) < 6 ? 0 : 1 + (r.nextInt(3) == 0 ? 1 : 0);
    boolean shaped = r.nextInt(5) != 0;
    for (int i = 0; i < depth; i++) {
      boolean index = (shaped && i == 0 && (top.equals("l") || top.equals("m"))) ? top.equals("l") : r.nextBoolean();
      if (index) p.append('[').append(r.nextInt(3)).append(']');
      else p.append('.').append(e.name(pick(SUB)));
    }
    return p.toString();
  }

  /** The path an update action writes: nested mostly where generated items have structure (m, l). */
  private String target(Expr e, String top) {
    boolean structured = top.equals("m") || top.equals("l");
    if (r.nextInt(10) < (structured ? 5 : 8)) return e.name(top);
    return path(e, top);
  }

  private List<String> shuffledTops() {
    List<String> t = new ArrayList<>(Arrays.asList(TOP));
    Collections.shuffle(t, r);
    return t;
  }

  String updateExpression(Expr e) {
    List<String> tops = shuffledTops();
    List<String> set = new ArrayList<>(), remove = new ArrayList<>(), add = new ArrayList<>(), del = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      String top = r.nextInt(12) == 0 ? pick(TOP) : tops.get(i); // mostly distinct top-level names: fewer overlaps
      int kind = r.nextInt(10);
      if (kind < 5) {
        set.add(target(e, top) + " = " + setRhs(e, top));
      } else if (kind < 7) {
        remove.add(target(e, top));
      } else if (kind < 9) {
        String p = r.nextInt(3) == 0 ? path(e, top) : e.name(top);
        AttributeValue v = switch (r.nextInt(5)) {
          case 0, 1 -> n(pick(NUMBERS));
          case 2 -> ns(numberSet());
          case 3 -> ss(stringSet());
          default -> randomValue(1); // mostly an invalid operand type
        };
        add.add(p + " " + e.value(v));
      } else {
        String p = r.nextInt(3) == 0 ? path(e, top) : e.name(top);
        AttributeValue v = switch (r.nextInt(4)) {
          case 0 -> ns(numberSet());
          case 1, 2 -> ss(stringSet());
          default -> bs(new byte[] {1}, new byte[] {2});
        };
        del.add(p + " " + e.value(v));
      }
    }
    List<String> sections = new ArrayList<>();
    if (!set.isEmpty()) sections.add(kw("SET") + " " + String.join(", ", set));
    if (!remove.isEmpty()) sections.add(kw("REMOVE") + " " + String.join(", ", remove));
    if (!add.isEmpty()) sections.add(kw("ADD") + " " + String.join(", ", add));
    if (!del.isEmpty()) sections.add(kw("DELETE") + " " + String.join(", ", del));
    Collections.shuffle(sections, r);
    return String.join(" ", sections);
  }

  private String kw(String k) {
    return r.nextInt(10) == 0 ? k.toLowerCase() : k;
  }

  private String setRhs(Expr e, String top) {
    switch (r.nextInt(9)) {
      case 0: case 1: return e.value(randomValue(0));
      case 2: return path(e, pick(TOP));
      case 3: return (r.nextBoolean() ? path(e, top) : "if_not_exists(" + path(e, top) + ", " + e.value(n("0")) + ")")
          + " + " + e.value(n(pick(NUMBERS)));
      case 4: return e.name(top) + " - " + e.value(n(pick(NUMBERS)));
      case 5: return "if_not_exists(" + path(e, top) + ", " + e.value(randomValue(1)) + ")";
      case 6: return "list_append(" + e.name(top) + ", " + e.value(l(randomValue(2))) + ")";
      case 7: return "list_append(" + e.value(l(randomValue(2), randomValue(2))) + ", " + path(e, top) + ")";
      default: return "if_not_exists(" + e.name(top) + ", " + e.value(n("0")) + ") + " + e.value(n(pick(NUMBERS)));
    }
  }

  String condition(Expr e, int depth) {
    int k = r.nextInt(depth > 0 ? 14 : 10);
    switch (k) {
      case 0: case 1: {
        String left = r.nextInt(4) == 0 ? "size(" + path(e, pick(TOP)) + ")" : path(e, pick(TOP));
        String right = r.nextInt(8) == 0 ? path(e, pick(TOP)) : e.value(comparable());
        if (r.nextInt(6) == 0) { String t = left; left = right; right = t; }
        return left + " " + pick("=", "<>", "<", "<=", ">", ">=") + " " + right;
      }
      case 2: {
        AttributeValue lo, hi;
        if (r.nextBoolean()) {
          BigDecimal a = new BigDecimal(pick(NUMBERS)), b = new BigDecimal(pick(NUMBERS));
          lo = n(a.min(b).toString());
          hi = n(a.max(b).toString());
        } else {
          String a = pick(STRINGS), b = pick(STRINGS);
          lo = s(a.compareTo(b) <= 0 ? a : b);
          hi = s(a.compareTo(b) <= 0 ? b : a);
        }
        return path(e, pick(TOP)) + " BETWEEN " + e.value(lo) + " AND " + e.value(hi);
      }
      case 3: {
        int n = 1 + r.nextInt(4);
        List<String> vs = new ArrayList<>();
        for (int i = 0; i < n; i++) vs.add(e.value(comparable()));
        return path(e, pick(TOP)) + " IN (" + String.join(", ", vs) + ")";
      }
      case 4: return "attribute_exists(" + path(e, pick(TOP)) + ")";
      case 5: return "attribute_not_exists(" + path(e, pick(TOP)) + ")";
      case 6: return "attribute_type(" + path(e, pick(TOP)) + ", " + e.value(s(pick(TYPES))) + ")";
      case 7: return "begins_with(" + path(e, pick(TOP)) + ", " + e.value(r.nextInt(4) == 0 ? b(new byte[] {1}) : s(pick(STRINGS))) + ")";
      case 8: return "contains(" + path(e, pick(TOP)) + ", " + e.value(comparable()) + ")";
      case 9:
        if (!keysInConditions) return "attribute_not_exists(" + path(e, pick(TOP)) + ")";
        return r.nextBoolean() ? "attribute_exists(pk)" : "attribute_not_exists(pk)";
      case 10: case 11: return "(" + condition(e, depth - 1) + ") " + pick("AND", "OR", "and", "or") + " " + condition(e, depth - 1);
      case 12: return "NOT " + (r.nextBoolean() ? "(" + condition(e, depth - 1) + ")" : condition(e, depth - 1));
      default: return condition(e, depth - 1) + " AND " + condition(e, depth - 1) + " OR " + condition(e, depth - 1);
    }
  }

  /** A value for comparisons: mostly S, N, B; occasionally a type that comparisons reject. */
  private AttributeValue comparable() {
    int k = r.nextInt(20);
    if (k < 9) return n(pick(NUMBERS));
    if (k < 17) return s(pick(STRINGS));
    if (k < 19) return b(new byte[] {(byte) r.nextInt(3)});
    return randomValue(1);
  }

  // ------------------------------------------------------------------ legacy parameters (issue 14)

  /**
   * Which legacy parameters are generated: the ones Partita serves on main (docs/legacy-parameters.md). Expected,
   * ConditionalOperator, ScanFilter and AttributesToGet (GetItem, BatchGetItem, Scan) are always on; the others are
   * switched on once they landed on main and passed (both have: every legacy parameter is served). Off, a Query
   * still carries the legacy parameters that make a mixing error beside its KeyConditionExpression, and an
   * UpdateItem Expected without any update.
   */
  static final boolean KEY_CONDITIONS = true;    // KeyConditions, QueryFilter (and AttributesToGet) on Query
  static final boolean ATTRIBUTE_UPDATES = true;  // AttributeUpdates on UpdateItem
  /** Percent of the requests replaced by a legacy request of the same operation and table. */
  static final int LEGACY_PERCENT = 20;

  /** The ComparisonOperators. */
  static final String[] OPERATORS = {"EQ", "NE", "LE", "LT", "GE", "GT", "NOT_NULL", "NULL", "CONTAINS", "NOT_CONTAINS",
      "BEGINS_WITH", "IN", "BETWEEN"};

  /** A legacy request of the same operation on the same table as {@code req}. */
  private Object legacy(Object req, String table, boolean comp) {
    if (req instanceof PutItemRequest) return legacyPut(table, comp);
    if (req instanceof DeleteItemRequest) return legacyDelete(table, comp);
    if (req instanceof UpdateItemRequest) return legacyUpdate(table, comp);
    if (req instanceof GetItemRequest) return legacyGet(table, comp);
    if (req instanceof ScanRequest) return legacyScan(table, comp);
    QueryRequest q = (QueryRequest) req;
    if (KEY_CONDITIONS) return legacyQuery(table, comp);
    // until KeyConditions are served: legacy parameters beside the KeyConditionExpression, a mixing error
    return switch (r.nextInt(4)) {
      case 0 -> q.toBuilder().attributesToGet(attributesToGet(true)).build();
      case 1 -> q.toBuilder().queryFilter(filterMap(1 + r.nextInt(2), false)).build();
      case 2 -> q.toBuilder().conditionalOperator(pick("AND", "OR")).build();
      default -> q.toBuilder().keyConditions(Map.of("pk", cond("EQ", s("a")))).build();
    };
  }

  private PutItemRequest legacyPut(String table, boolean comp) {
    PutItemRequest.Builder b = PutItemRequest.builder().tableName(table).item(item(comp));
    expected(b::expected, b::conditionalOperator);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.ALL_OLD, null));
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return mixWrite(b.build(), r.nextInt(12) == 0);
  }

  private DeleteItemRequest legacyDelete(String table, boolean comp) {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(table).key(key(comp));
    expected(b::expected, b::conditionalOperator);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, null));
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return mixWrite(b.build(), r.nextInt(12) == 0);
  }

  private UpdateItemRequest legacyUpdate(String table, boolean comp) {
    UpdateItemRequest.Builder b = UpdateItemRequest.builder().tableName(table).key(key(comp));
    if (ATTRIBUTE_UPDATES && r.nextInt(10) < 8) b.attributeUpdates(attributeUpdates());
    expected(b::expected, b::conditionalOperator);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD, ReturnValue.ALL_NEW,
        ReturnValue.UPDATED_NEW, null));
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    b.returnConsumedCapacity(capacity());
    return mixWrite(b.build(), r.nextInt(12) == 0);
  }

  /**
   * With {@code fault}, a legacy write made invalid by an expression parameter beside it (the mixing error), or by
   * ExpressionAttributeValues or Names without any expression.
   */
  @SuppressWarnings("unchecked")
  private <T> T mixWrite(T req, boolean fault) {
    if (!fault) return req;
    int how = r.nextInt(4);
    Map<String, AttributeValue> one = Map.of(":v", n("1"));
    if (req instanceof PutItemRequest p) {
      PutItemRequest.Builder b = p.toBuilder();
      return (T) (switch (how) {
        case 0, 1 -> b.conditionExpression("attribute_exists(a) OR a = :v").expressionAttributeValues(one);
        case 2 -> b.expressionAttributeValues(one);
        default -> b.expressionAttributeNames(Map.of("#a", "a"));
      }).build();
    }
    if (req instanceof DeleteItemRequest d) {
      DeleteItemRequest.Builder b = d.toBuilder();
      return (T) (switch (how) {
        case 0, 1 -> b.conditionExpression("attribute_not_exists(#a)").expressionAttributeNames(Map.of("#a", "a"));
        case 2 -> b.expressionAttributeValues(one);
        default -> b.expressionAttributeNames(Map.of("#a", "a"));
      }).build();
    }
    UpdateItemRequest.Builder b = ((UpdateItemRequest) req).toBuilder();
    return (T) (switch (how) {
      case 0 -> b.updateExpression("SET a = :v").expressionAttributeValues(one);
      case 1 -> b.conditionExpression("attribute_exists(a)");
      case 2 -> b.expressionAttributeValues(one);
      default -> b.expressionAttributeNames(Map.of("#a", "a"));
    }).build();
  }

  /** Sets an Expected of 0 to 3 entries (mostly 1 or 2) and sometimes a ConditionalOperator. */
  private void expected(java.util.function.Consumer<Map<String, ExpectedAttributeValue>> setExpected,
      java.util.function.Consumer<String> setOperator) {
    int n = r.nextInt(10) < 2 ? 0 : r.nextInt(10) < 7 ? 1 : 2 + r.nextInt(2);
    if (n > 0 || r.nextInt(15) == 0) {
      Map<String, ExpectedAttributeValue> m = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        String name = r.nextInt(8) == 0 ? "pk" : pick(TOP);
        m.put(name, expectation(name));
      }
      setExpected.accept(m);
    }
    String co = conditionalOperator(n);
    if (co != null) setOperator.accept(co);
  }

  /** AND or OR, mostly for two or more entries; for fewer (or lowercase, off the enum) a ValidationException. */
  private String conditionalOperator(int entries) {
    int k = r.nextInt(20);
    if (entries >= 2) return k < 12 ? pick("AND", "OR", "OR") : k == 12 ? "and" : null;
    return k == 0 ? pick("AND", "OR") : null;
  }

  /**
   * One Expected entry: the Value / Exists form, the ComparisonOperator form (Value standing in for a one-element
   * list), or one of the invalid shapes of docs/legacy-parameters.md §5.
   */
  private ExpectedAttributeValue expectation(String name) {
    ExpectedAttributeValue.Builder b = ExpectedAttributeValue.builder();
    int k = r.nextInt(44);
    if (k < 9) {
      b.value(legacyValue(name, "EQ"));
      if (r.nextBoolean()) b.exists(true);
      return b.build();
    }
    if (k < 14) return b.exists(false).build();
    if (k < 38) {
      // the operators often true of generated items twice as often, so that more writes pass their condition
      String op = r.nextBoolean() ? pick(OPERATORS) : pick("NE", "NULL", "NOT_NULL", "NOT_CONTAINS", "LE", "GE");
      List<AttributeValue> vs = legacyValues(name, op);
      b.comparisonOperator(op);
      if (vs.size() == 1 && r.nextInt(3) == 0) b.value(vs.get(0));
      else if (!vs.isEmpty() || r.nextBoolean()) b.attributeValueList(vs);
      return b.build();
    }
    AttributeValue v = legacyValue(name, "EQ");
    return switch (k) {
      case 38 -> b.value(v).comparisonOperator("LT").attributeValueList(v).build();
      case 39 -> b.exists(r.nextBoolean()).comparisonOperator(pick("LT", "EQ")).value(v).build();
      case 40 -> b.comparisonOperator(pick("LT", "EQ", "BETWEEN", "IN")).build();
      case 41 -> b.attributeValueList(v).exists(r.nextBoolean() ? Boolean.TRUE : null).build();
      case 42 -> r.nextBoolean() ? b.build() : b.exists(true).build();
      default -> b.exists(false).value(v).build();
    };
  }

  /**
   * The values of a condition with operator {@code op} on attribute {@code name}: mostly the right count and types,
   * sometimes a wrong count, mixed types, a BETWEEN reversed, or a type the operator refuses.
   */
  private List<AttributeValue> legacyValues(String name, String op) {
    List<AttributeValue> vs = new ArrayList<>();
    boolean wrongCount = r.nextInt(40) == 0;
    switch (op) {
      case "NULL", "NOT_NULL" -> {
        if (wrongCount) vs.add(legacyValue(name, "EQ"));
      }
      case "BETWEEN" -> {
        if (wrongCount) {
          vs.add(n("1"));
          if (r.nextBoolean()) { vs.add(n("2")); vs.add(n("3")); }
        } else if (r.nextInt(20) == 0) {
          vs.add(ss("a"));
          vs.add(ss("b"));
        } else if (r.nextInt(15) == 0) {
          vs.add(n("1"));
          vs.add(s("b"));
        } else {
          AttributeValue x = legacyValue(name, "LT");
          if (Vals_type(x).equals("other")) { // a type BETWEEN refuses, twice
            vs.add(x);
            vs.add(x);
            return vs;
          }
          AttributeValue y = ordered(Vals_type(x));
          boolean inOrder = compare(x, y) <= 0;
          boolean reversed = r.nextInt(10) == 0;
          vs.add(inOrder != reversed ? x : y);
          vs.add(inOrder != reversed ? y : x);
        }
      }
      case "IN" -> {
        int n = wrongCount ? 0 : 1 + r.nextInt(3);
        AttributeValue first = legacyValue(name, "IN");
        if (n > 0) vs.add(first);
        for (int i = 1; i < n; i++) {
          vs.add(r.nextInt(15) == 0 ? (Vals_type(first).equals("S") ? n("1") : s("a")) : ordered(Vals_type(first)));
        }
      }
      default -> {
        int n = wrongCount ? pick(0, 2) : 1;
        for (int i = 0; i < n; i++) vs.add(legacyValue(name, op));
      }
    }
    return vs;
  }

  /** The type name of a scalar value (S, N, B; anything else as "other"). */
  private static String Vals_type(AttributeValue v) {
    if (v.s() != null) return "S";
    if (v.n() != null) return "N";
    if (v.b() != null) return "B";
    return "other";
  }

  /** Another value of the ordered type {@code type} (S, N or B; else an N). */
  private AttributeValue ordered(String type) {
    return switch (type) {
      case "S" -> s(pick(NONEMPTY_STRINGS));
      case "B" -> b(new byte[] {(byte) r.nextInt(3)});
      default -> n(pick(NUMBERS));
    };
  }

  /** The order of two values of one type S, N or B. */
  private static int compare(AttributeValue x, AttributeValue y) {
    if (x.n() != null) return new BigDecimal(x.n()).compareTo(new BigDecimal(y.n()));
    if (x.s() != null) return java.util.Arrays.compareUnsigned(x.s().getBytes(java.nio.charset.StandardCharsets.UTF_8),
        y.s().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return java.util.Arrays.compareUnsigned(x.b().asByteArray(), y.b().asByteArray());
  }

  /**
   * Strings for legacy values: an empty S inside an AttributeValueList is not established
   * (docs/legacy-parameters.md, "Not established"), so none is sent.
   */
  static final String[] NONEMPTY_STRINGS = {"a", "ab", "abc", "b", "ba", "x", "hello", "Hello", "é", "zz"};

  /**
   * A value for operator {@code op} on attribute {@code name}: mostly of the kind the attribute holds in generated
   * items (so that conditions are often true), 1 in 30 of a type the operator refuses. Never a NULL value for EQ/NE
   * nor a BOOL or NULL for CONTAINS (not established), never an empty S or B.
   */
  private AttributeValue legacyValue(String name, String op) {
    if (r.nextInt(40) == 0) {
      switch (op) {
        case "LT", "LE", "GT", "GE", "IN", "BETWEEN": return pick(ss("a"), ns("1"), l(n("1")), m("x", n("1")), bool(true));
        case "CONTAINS", "NOT_CONTAINS": return pick(ss("a"), ns("1"), l(n("1")), m("x", n("1")));
        case "BEGINS_WITH": return pick(n("1"), ss("a"), bool(false));
        default: break;
      }
    }
    switch (op) {
      case "EQ", "NE": {
        AttributeValue v = r.nextInt(3) == 0 ? randomValue(1) : affine(name);
        if (v.nul() != null) return bool(true);
        if ("".equals(v.s())) return s("a");
        if (v.b() != null && v.b().asByteArray().length == 0) return b(new byte[] {1});
        return v;
      }
      case "CONTAINS", "NOT_CONTAINS":
        return switch (name) {
          case "ss" -> s(pick("a", "b", "c", "d", "hello"));
          case "ns" -> n(pick(NUMBERS));
          case "bs" -> pick(b(new byte[] {1}), b(new byte[] {2, 3}), b(new byte[] {0}));
          case "s" -> s(pick("a", "b", "l", "el", "ab", "x"));
          default -> pick(s(pick(NONEMPTY_STRINGS)), n(pick(NUMBERS)), b(new byte[] {(byte) r.nextInt(3)}));
        };
      case "BEGINS_WITH":
        return r.nextInt(5) == 0 ? b(new byte[] {(byte) r.nextInt(3)}) : s(pick("a", "h", "H", "ab", "x", "z", "é"));
      default: // LT LE GT GE IN BETWEEN
        if (name.equals("n") || (!name.equals("s") && r.nextBoolean())) return n(pick(NUMBERS));
        return r.nextInt(6) == 0 ? b(new byte[] {(byte) r.nextInt(3)}) : s(pick(NONEMPTY_STRINGS));
    }
  }

  private static Condition cond(String op, AttributeValue... values) {
    return Condition.builder().comparisonOperator(op).attributeValueList(values).build();
  }

  /**
   * A ScanFilter or QueryFilter of {@code n} entries; {@code keys}: the key attributes may be named (a Scan's may, a
   * Query's may not). Rarely an operator off the enum.
   */
  private Map<String, Condition> filterMap(int n, boolean keys) {
    Map<String, Condition> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String name = keys && r.nextInt(8) == 0 ? "pk" : pick(TOP);
      String op = r.nextInt(80) == 0 ? "eq" : pick(OPERATORS);
      m.put(name, Condition.builder().comparisonOperator(op).attributeValueList(legacyValues(name, op)).build());
    }
    return m;
  }

  /** 1 to 3 attribute names (with {@code keys}, sometimes a key); 1 in 15 names one twice (refused). */
  private List<String> attributesToGet(boolean keys) {
    List<String> names = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    List<String> tops = shuffledTops();
    for (int i = 0; i < n; i++) names.add(tops.get(i));
    if (keys && r.nextInt(4) == 0) names.add(r.nextInt(names.size() + 1), pick("pk", "sk"));
    if (r.nextInt(15) == 0) names.add(names.get(0));
    return names;
  }

  private GetItemRequest legacyGet(String table, boolean comp) {
    GetItemRequest.Builder b = GetItemRequest.builder().tableName(table).key(key(comp));
    if (r.nextBoolean()) b.consistentRead(r.nextBoolean());
    b.attributesToGet(attributesToGet(true));
    if (r.nextInt(15) == 0) b.projectionExpression("a");
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private ScanRequest legacyScan(String table, boolean comp) {
    ScanRequest.Builder b = ScanRequest.builder().tableName(table);
    if (r.nextInt(10) < 4) b.limit(1 + r.nextInt(5));
    int n = r.nextInt(10) < 7 ? 1 + r.nextInt(3) : 0;
    if (n > 0 || r.nextInt(8) == 0) b.scanFilter(filterMap(n, true));
    String co = conditionalOperator(n);
    if (co != null) b.conditionalOperator(co);
    int sel = r.nextInt(20);
    if (sel < 7) b.attributesToGet(attributesToGet(true));
    if (sel < 2) b.select(Select.SPECIFIC_ATTRIBUTES);
    else if (sel < 3) b.select(pick(Select.COUNT, Select.ALL_ATTRIBUTES)); // beside AttributesToGet: refused
    else if (sel < 6) b.select(Select.COUNT);
    scanTail(b, comp, 6);
    switch (r.nextInt(24)) {
      case 0 -> b.filterExpression("attribute_exists(a)");
      case 1 -> b.projectionExpression("a");
      case 2 -> b.expressionAttributeValues(Map.of(":v", n("1")));
      default -> { }
    }
    return b.build();
  }

  /**
   * A Query with KeyConditions: equality on the partition key and mostly a sort key condition, with QueryFilter or a
   * FilterExpression, AttributesToGet or a ProjectionExpression (KeyConditions may stand beside expressions,
   * docs/legacy-parameters.md §2), paging; 1 in 8 broken in one of the ways of §7.
   */
  private QueryRequest legacyQuery(String table, boolean comp) {
    QueryRequest.Builder b = QueryRequest.builder().tableName(table);
    Expr e = new Expr();
    String pk = pick("a", "b", "c", "a", "b", "c", "d");
    Map<String, Condition> kc = new LinkedHashMap<>();
    Condition hash = cond("EQ", s(pk));
    Condition sort = null;
    if (comp && r.nextInt(10) < 7) {
      String op = pick("EQ", "LT", "LE", "GT", "GE", "BETWEEN", "BETWEEN", "EQ", "GE", "BEGINS_WITH");
      if (op.equals("BETWEEN")) {
        String x = pick(SORT_VALUES), y = pick(SORT_VALUES);
        boolean inOrder = new BigDecimal(x).compareTo(new BigDecimal(y)) <= 0;
        boolean reversed = r.nextInt(10) == 0;
        sort = cond(op, n(inOrder != reversed ? x : y), n(inOrder != reversed ? y : x));
      } else if (op.equals("BEGINS_WITH")) {
        sort = cond(op, r.nextBoolean() ? s("1") : n("1")); // refused on the N sort key, each with its message
      } else {
        sort = cond(op, n(pick(SORT_VALUES)));
      }
    }
    if (sort != null && r.nextInt(6) == 0) kc.put("sk", sort);
    kc.put("pk", hash);
    if (sort != null) kc.put("sk", sort);
    if (r.nextInt(8) == 0) {
      switch (r.nextInt(9)) {
        case 0 -> kc.remove("pk");                                                        // missed key schema element
        case 1 -> kc.put("pk", cond(pick("LE", "GT", "BEGINS_WITH"), s(pk)));             // not supported
        case 2 -> kc.put("pk", cond("EQ", n("1")));                                      // type mismatch
        case 3 -> kc.put("pk", r.nextBoolean() ? cond("NE", s(pk)) : cond("NOT_NULL"));   // not indexable
        case 4 -> { kc.put("sk", cond("EQ", n("1"))); kc.put("a", cond("EQ", n("1"))); } // 3 entries, or 2 on hash
        case 5 -> kc.clear();                                                            // length 1 or 2
        case 6 -> kc.put("sk", cond(pick("EQ", "GE"), s("1")));                          // type mismatch, or hash-only
        case 7 -> b.keyConditionExpression("pk = :kp").expressionAttributeValues(Map.of(":kp", s(pk))); // mixing
        default -> { kc.remove("sk"); kc.put("a", cond(pick("EQ", "NULL"), n("1"))); }   // a non-key attribute
      }
    }
    b.keyConditions(kc);
    if (r.nextInt(3) != 0) b.scanIndexForward(r.nextInt(3) != 0 ? r.nextBoolean() : Boolean.TRUE);
    if (r.nextBoolean()) b.limit(1 + r.nextInt(5));
    int filter = r.nextInt(10);
    int entries = 0;
    if (filter < 3) {
      entries = 1 + r.nextInt(3);
      Map<String, Condition> qf = filterMap(entries, false);
      if (r.nextInt(12) == 0) qf.put(comp && r.nextBoolean() ? "sk" : "pk", cond("NOT_NULL")); // refused on a key
      b.queryFilter(qf);
    } else if (filter < 5) {
      keysInConditions = false;
      b.filterExpression(condition(e, r.nextInt(3)));
      keysInConditions = true;
    }
    String co = conditionalOperator(entries);
    if (co != null) b.conditionalOperator(co);
    int select = r.nextInt(20);
    if (select < 3) {
      b.select(Select.COUNT);
    } else if (select < 5) {
      b.select(Select.SPECIFIC_ATTRIBUTES).attributesToGet(attributesToGet(true));
    } else if (select < 9) {
      b.attributesToGet(attributesToGet(true));
    } else if (select < 11) {
      b.projectionExpression(projection(e, true));
    }
    if (r.nextInt(4) == 0) {
      Map<String, AttributeValue> start = new LinkedHashMap<>();
      start.put("pk", s(r.nextInt(8) == 0 ? pick("a", "b", "c", "d") : pk));
      if (comp) start.put("sk", n(pick(SORT_VALUES)));
      b.exclusiveStartKey(start);
    }
    if (r.nextBoolean()) b.consistentRead(r.nextBoolean());
    b.returnConsumedCapacity(capacity());
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    return b.build();
  }

  /**
   * AttributeUpdates of 0 to 3 entries: PUT (the default when Action is absent), ADD of numbers, sets and lists,
   * DELETE of an attribute or of set elements; 1 in 20 refused as a request (no Value but not DELETE, DELETE of a
   * scalar, ADD of a type ADD refuses, a key attribute).
   */
  private Map<String, AttributeValueUpdate> attributeUpdates() {
    Map<String, AttributeValueUpdate> m = new LinkedHashMap<>();
    int n = r.nextInt(12) == 0 ? 0 : 1 + r.nextInt(3);
    List<String> tops = shuffledTops();
    for (int i = 0; i < n; i++) {
      String name = r.nextInt(30) == 0 ? pick("pk", "sk") : tops.get(i);
      AttributeValueUpdate.Builder u = AttributeValueUpdate.builder();
      int k = r.nextInt(60);
      if (k < 18) {
        u.value(r.nextInt(10) < 7 ? affine(name) : randomValue(0));
        if (r.nextBoolean()) u.action("PUT");
      } else if (k < 34) {
        u.action("ADD").value(switch (r.nextInt(6)) {
          case 0, 1 -> n(pick(NUMBERS));
          case 2 -> ns(numberSet());
          case 3 -> ss(stringSet());
          case 4 -> l(randomValue(2));
          default -> affine(name); // of the attribute's kind: an N, a set, a list, or refused
        });
      } else if (k < 42) {
        u.action("DELETE");
      } else if (k < 56) {
        u.action("DELETE").value(switch (r.nextInt(4)) {
          case 0 -> ns(numberSet());
          case 1, 2 -> ss(stringSet());
          default -> bs(new byte[] {1}, new byte[] {2, 3});
        });
      } else if (k < 57) {
        if (r.nextBoolean()) u.action("PUT");
      } else if (k < 58) {
        u.action("DELETE").value(pick(s("a"), n("1"), l(n("1"))));
      } else {
        u.action("ADD").value(pick(s("a"), b(new byte[] {1}), bool(true), m("x", n("1"))));
      }
      m.put(name, u.build());
    }
    return m;
  }

  // ------------------------------------------------------------------ items and values

  /** Every distinct key {@link #key} can produce (numerically distinct sort keys). */
  static List<Map<String, AttributeValue>> allKeys(boolean comp) {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (String pk : List.of("a", "b", "c")) {
      if (!comp) {
        keys.add(Map.of("pk", s(pk)));
        continue;
      }
      for (String sk : List.of("1", "2", "3")) {
        keys.add(Map.of("pk", s(pk), "sk", n(sk)));
      }
    }
    return keys;
  }

  private Map<String, AttributeValue> key(boolean comp) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    k.put("pk", s(pick("a", "b", "c")));
    if (comp) k.put("sk", n(pick("1", "1.0", "10E-1", "2", "2.00", "3")));
    return k;
  }

  Map<String, AttributeValue> item(boolean comp) {
    Map<String, AttributeValue> item = key(comp);
    for (String t : TOP) {
      if (r.nextInt(10) >= (t.equals("m") || t.equals("l") ? 6 : 4)) continue;
      item.put(t, r.nextInt(10) < 7 ? affine(t) : randomValue(0));
    }
    return item;
  }

  /** A value of the type the attribute name suggests, so that paths and set operations often apply. */
  private AttributeValue affine(String name) {
    switch (name) {
      case "l": return randomList(0);
      case "m": return randomMap(0);
      case "s": return s(pick(STRINGS));
      case "n": return n(pick(NUMBERS));
      case "ss": return ss(stringSet());
      case "ns": return ns(numberSet());
      case "bs": return bs(new byte[] {1}, new byte[] {2, 3});
      default: return randomValue(0);
    }
  }

  AttributeValue randomValue(int depth) {
    int t = r.nextInt(depth >= 2 ? 8 : 10);
    switch (t) {
      case 0: return s(pick(STRINGS));
      case 1: return n(pick(NUMBERS));
      case 2: {
        byte[] bs = new byte[r.nextInt(3)];
        r.nextBytes(bs);
        return b(bs);
      }
      case 3: return bool(r.nextBoolean());
      case 4: return nul();
      case 5: return ss(stringSet());
      case 6: return ns(numberSet());
      case 7: return bs(new byte[] {0}, new byte[] {(byte) (1 + r.nextInt(3))});
      case 8: return randomList(depth);
      default: return randomMap(depth);
    }
  }

  private AttributeValue randomList(int depth) {
    int n = r.nextInt(4);
    List<AttributeValue> l = new ArrayList<>();
    for (int i = 0; i < n; i++) l.add(randomValue(depth + 1));
    return l(l);
  }

  private AttributeValue randomMap(int depth) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (String k : SUB) if (r.nextBoolean()) m.put(k, randomValue(depth + 1));
    return m(m);
  }

  private String[] stringSet() {
    Set<String> s = new LinkedHashSet<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) s.add(pick("a", "b", "c", "d", "hello"));
    return s.toArray(String[]::new);
  }

  /** Numerically distinct numbers, in random spellings. */
  private String[] numberSet() {
    Map<BigDecimal, String> byValue = new LinkedHashMap<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      String x = pick(NUMBERS);
      byValue.putIfAbsent(new BigDecimal(x).stripTrailingZeros(), x);
    }
    return byValue.values().toArray(String[]::new);
  }

  private void rvOnFailure(java.util.function.Consumer<ReturnValuesOnConditionCheckFailure> c) {
    int k = r.nextInt(3);
    if (k == 0) c.accept(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    else if (k == 1) c.accept(ReturnValuesOnConditionCheckFailure.NONE);
  }

  private ReturnConsumedCapacity capacity() {
    return r.nextInt(10) < 8 ? ReturnConsumedCapacity.TOTAL : pick(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.NONE);
  }

  @SafeVarargs
  private <T> T pick(T... xs) {
    return xs[r.nextInt(xs.length)];
  }
}
