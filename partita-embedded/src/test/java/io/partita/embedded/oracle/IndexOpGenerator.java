package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Seeded generator of requests on the table with secondary indexes ({@code diff_i_*}): pk S HASH, sk S RANGE;
 * GSI {@code G1} (g1pk S, g1sk N) ALL; GSI {@code G2} (g2 S) KEYS_ONLY; LSI {@code L1} (pk, lsk S) INCLUDE [a].
 * Its own Random (seeded from the seed), so that adding it leaves {@link OpGenerator}'s sequences as they were.
 *
 * <p>Index attributes are present or absent at random (sparse indexes), mostly of the right type, sometimes of the
 * wrong type or an empty string (a ValidationException, for PutItem and UpdateItem alike).
 *
 * <p>Ties: index sort key values are made distinct per item, so that no two entries of an index partition of G1 or L1
 * ever share their index sort key: {@code g1sk} of the item with key number i (0..8, {@link #allKeys}) is 10*i + 0..2,
 * and {@code lsk} is a prefix (p, q, pq) followed by the item's sk. So Query pages on G1 and L1 are compared in order,
 * page by page. G2 has no sort key: DynamoDB does not define the order of entries of one g2 value (Partita and the
 * model order them by table key, but need not), so Queries on G2 are paged to the end and compared as multisets ({@link DifferentialTest.PagedQuery}).
 */
final class IndexOpGenerator {

  static final String[] PKS = {"a", "b", "c"};
  static final String[] SKS = {"1", "2", "3"};
  static final String[] G1PKS = {"x", "y", "z"};
  static final String[] G2S = {"u", "v"};
  static final String[] LSK_PREFIXES = {"p", "q", "pq"};
  /** Top-level non-key attributes besides the index keys. */
  static final String[] OTHER = {"a", "b"};

  private final Random r;
  /** Whether a Query's key condition goes as the legacy KeyConditions: a Random of its own, so that r's sequence stays. */
  private final Random legacy;
  private final String table;

  IndexOpGenerator(long seed, String table) {
    this.r = new Random(seed * 7919 + 17);
    this.legacy = new Random(seed * 7919 + 14);
    this.table = table;
  }

  /** Every key this generator writes. */
  static List<Map<String, AttributeValue>> allKeys() {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (String pk : PKS) for (String sk : SKS) keys.add(Map.of("pk", s(pk), "sk", s(sk)));
    return keys;
  }

  Object next() {
    int k = r.nextInt(100);
    if (k < 25) return put();
    if (k < 50) return update();
    if (k < 58) return delete();
    if (k < 90) return query();
    return scan();
  }

  // ------------------------------------------------------------------ writes

  private int keyNo;

  private Map<String, AttributeValue> key() {
    keyNo = r.nextInt(PKS.length * SKS.length);
    return new LinkedHashMap<>(Map.of("pk", s(PKS[keyNo / 3]), "sk", s(SKS[keyNo % 3])));
  }

  /** A value for index key attribute {@code attr} of the current key: mostly right, sometimes wrong type or "". */
  private AttributeValue indexValue(String attr) {
    int k = r.nextInt(100);
    if (k < 6) return attr.equals("g1sk") ? s("7") : pick(n("1"), b(new byte[] {1}), ss("x"));
    if (k < 11 && !attr.equals("g1sk")) return s("");
    return switch (attr) {
      case "g1pk" -> s(pick(G1PKS));
      case "g1sk" -> n(Integer.toString(10 * keyNo + r.nextInt(3)));
      case "g2" -> s(pick(G2S));
      default -> s(pick(LSK_PREFIXES) + SKS[keyNo % 3]);
    };
  }

  private AttributeValue otherValue() {
    return switch (r.nextInt(5)) {
      case 0, 1 -> n(Integer.toString(r.nextInt(4)));
      case 2, 3 -> s(pick("x", "y", "hello"));
      default -> m("x", n("1"));
    };
  }

  private PutItemRequest put() {
    Map<String, AttributeValue> item = key();
    for (String attr : new String[] {"g1pk", "g1sk", "g2", "lsk"}) {
      if (r.nextInt(10) < 6) item.put(attr, indexValue(attr));
    }
    for (String attr : OTHER) if (r.nextBoolean()) item.put(attr, otherValue());
    PutItemRequest.Builder b = PutItemRequest.builder().tableName(table).item(item);
    if (r.nextInt(10) < 2) {
      b.conditionExpression(pick("attribute_exists(g1pk)", "attribute_not_exists(g2)", "attribute_exists(pk)"));
    }
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, null));
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private UpdateItemRequest update() {
    UpdateItemRequest.Builder b = UpdateItemRequest.builder().tableName(table).key(key());
    List<String> set = new ArrayList<>(), remove = new ArrayList<>();
    Map<String, AttributeValue> vals = new LinkedHashMap<>();
    List<String> attrs = new ArrayList<>(List.of("g1pk", "g1sk", "g2", "lsk", "a", "b"));
    java.util.Collections.shuffle(attrs, r);
    int n = 1 + r.nextInt(3);
    for (String attr : attrs.subList(0, n)) {
      if (r.nextInt(10) < 6) {
        String p = ":v" + vals.size();
        vals.put(p, attr.length() == 1 ? otherValue() : indexValue(attr));
        set.add(attr + " = " + p);
      } else {
        remove.add(attr);
      }
    }
    String expr = (set.isEmpty() ? "" : "SET " + String.join(", ", set))
        + (remove.isEmpty() ? "" : (set.isEmpty() ? "" : " ") + "REMOVE " + String.join(", ", remove));
    b.updateExpression(expr);
    if (r.nextInt(10) < 2) b.conditionExpression(pick("attribute_exists(pk)", "attribute_not_exists(g1pk)"));
    if (!vals.isEmpty()) b.expressionAttributeValues(vals);
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD, ReturnValue.ALL_NEW,
        ReturnValue.UPDATED_NEW, null));
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private DeleteItemRequest delete() {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(table).key(key());
    b.returnValues(pick(ReturnValue.NONE, ReturnValue.ALL_OLD));
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  // ------------------------------------------------------------------ reads

  /** A Query on G1, G2 or L1: a QueryRequest (one page), or a {@link DifferentialTest.PagedQuery} (G2 always). */
  private Object query() {
    String index = pick("idx_G1", "idx_G1", "idx_G2", "idx_L1", "idx_L1");
    QueryRequest.Builder b = QueryRequest.builder().tableName(table).indexName(index);
    Map<String, AttributeValue> vals = new LinkedHashMap<>();
    String kc;
    switch (index) {
      case "idx_G1": {
        vals.put(":p", s(pick("x", "y", "z", "w")));
        kc = "g1pk = :p";
        int k = r.nextInt(10);
        if (k < 4) {
          vals.put(":s", n(Integer.toString(r.nextInt(90))));
          kc += " AND g1sk " + pick("=", "<", "<=", ">", ">=") + " :s";
        } else if (k < 6) {
          int lo = r.nextInt(90), hi = lo + r.nextInt(40);
          vals.put(":lo", n(Integer.toString(lo)));
          vals.put(":hi", n(Integer.toString(hi)));
          kc += " AND g1sk BETWEEN :lo AND :hi";
        } else if (k == 6) {
          vals.put(":s", s("1")); // begins_with on an N sort key, or a value of the wrong type: refused by both
          kc += r.nextBoolean() ? " AND begins_with(g1sk, :s)" : " AND g1sk = :s";
        }
        break;
      }
      case "idx_G2":
        vals.put(":p", s(pick("u", "v", "w")));
        kc = "g2 = :p";
        if (r.nextInt(12) == 0) { // no sort key on G2, or a condition on the table's key: refused by both
          vals.put(":s", s("1"));
          kc += " AND sk = :s";
        }
        break;
      default: {
        vals.put(":p", s(pick("a", "b", "c", "d")));
        kc = "pk = :p";
        int k = r.nextInt(10);
        if (k < 3) {
          vals.put(":s", s(pick("p", "q", "pq", "p2", "q", "pq3", "r")));
          kc += " AND begins_with(lsk, :s)";
        } else if (k < 6) {
          vals.put(":s", s(pick(LSK_PREFIXES) + pick(SKS)));
          kc += " AND lsk " + pick("=", "<", "<=", ">", ">=") + " :s";
        } else if (k < 7) {
          vals.put(":lo", s("p"));
          vals.put(":hi", s(pick("pq", "q", "q2", "z")));
          kc += " AND lsk BETWEEN :lo AND :hi";
        } else if (k == 7 && r.nextBoolean()) {
          vals.put(":s", s("1")); // the table's sort key in a Query of the LSI: refused by both
          kc += " AND sk = :s";
        }
      }
    }
    b.keyConditionExpression(kc);
    if (r.nextInt(3) != 0) b.scanIndexForward(r.nextBoolean());
    if (r.nextBoolean()) b.limit(1 + r.nextInt(3));
    // projections: mostly within what the index projects; sometimes beyond (a GSI refuses, an LSI fetches the item)
    List<String> projected = switch (index) {
      case "idx_G1" -> List.of("pk", "sk", "g1pk", "g1sk", "g2", "lsk", "a", "b");
      case "idx_G2" -> List.of("pk", "sk", "g2");
      default -> List.of("pk", "sk", "lsk", "a");
    };
    int sel = r.nextInt(20);
    if (sel < 2) {
      b.select(Select.COUNT);
    } else if (sel < 8) {
      List<String> ps = new ArrayList<>();
      int n = 1 + r.nextInt(3);
      for (int i = 0; i < n; i++) {
        String a = r.nextInt(8) == 0 ? pick("b", "g1pk", "a", "m") : pick(projected.toArray(String[]::new));
        if (!ps.contains(a)) ps.add(a);
      }
      b.projectionExpression(String.join(", ", ps));
      if (r.nextInt(4) == 0) b.select(Select.SPECIFIC_ATTRIBUTES);
    } else if (sel < 10) {
      b.select(r.nextInt(3) == 0 ? Select.ALL_ATTRIBUTES : Select.ALL_PROJECTED_ATTRIBUTES);
    }
    // filters only on what the index projects (a is in L1, everything in G1; nothing but keys in G2, which a Query
    // filter may not name): what a filter on attributes an index does not project does (an LSI fetches the item, a
    // GSI has nothing to read) is left out of the comparison
    if (!index.equals("idx_G2") && r.nextInt(10) < 3) {
      String f = index.equals("idx_L1") ? pick("a = :f", "attribute_exists(a)", "a > :f")
          : pick("a = :f", "attribute_exists(a)", "attribute_not_exists(b)", "a > :f", "b = :f");
      if (f.contains(":f")) vals.put(":f", r.nextBoolean() ? n("1") : s("x"));
      b.filterExpression(f);
    }
    if (index.equals("idx_G1")) b.consistentRead(r.nextInt(15) == 0 ? Boolean.TRUE : null); // true on a GSI: refused
    else if (index.equals("idx_L1") && r.nextBoolean()) b.consistentRead(r.nextBoolean());
    b.expressionAttributeValues(vals);
    b.returnConsumedCapacity(capacity());
    if (!index.equals("idx_G2") && r.nextInt(6) == 0) {
      // a start key of an entry that may or may not exist (each side must accept a well-formed one)
      Map<String, AttributeValue> start = new LinkedHashMap<>();
      int kn = r.nextInt(9);
      start.put("pk", s(index.equals("idx_L1") ? ((AttributeValue) vals.get(":p")).s() : PKS[kn / 3]));
      start.put("sk", s(SKS[kn % 3]));
      if (index.equals("idx_G1")) {
        start.put("g1pk", vals.get(":p"));
        start.put("g1sk", n(Integer.toString(10 * kn + r.nextInt(3))));
      } else {
        start.put("lsk", s(pick(LSK_PREFIXES) + SKS[kn % 3]));
      }
      b.exclusiveStartKey(start);
    }
    QueryRequest q = b.build();
    if (OpGenerator.KEY_CONDITIONS && legacy.nextInt(4) == 0) q = withKeyConditions(q);
    if (index.equals("idx_G2") || r.nextInt(3) == 0) return new DifferentialTest.PagedQuery(q);
    return q;
  }

  private static final java.util.regex.Pattern KEY_CONDITION = java.util.regex.Pattern.compile(
      "(\\w+) = (:\\w+)(?: AND (?:(\\w+) (=|<|<=|>|>=) (:\\w+)|(\\w+) BETWEEN (:\\w+) AND (:\\w+)"
          + "|begins_with\\((\\w+), (:\\w+)\\)))?");

  /**
   * The same Query with its KeyConditionExpression as the legacy KeyConditions (docs/legacy-parameters.md §7: the
   * index's key, the same answers), keeping the FilterExpression and ProjectionExpression beside it (§2 allows them).
   */
  static QueryRequest withKeyConditions(QueryRequest q) {
    java.util.regex.Matcher m = KEY_CONDITION.matcher(q.keyConditionExpression());
    if (!m.matches()) throw new IllegalStateException("unexpected key condition " + q.keyConditionExpression());
    Map<String, AttributeValue> vals = new LinkedHashMap<>(q.expressionAttributeValues());
    Map<String, Condition> kc = new LinkedHashMap<>();
    kc.put(m.group(1), Condition.builder().comparisonOperator("EQ").attributeValueList(vals.remove(m.group(2))).build());
    if (m.group(3) != null) {
      String op = switch (m.group(4)) {
        case "=" -> "EQ";
        case "<" -> "LT";
        case "<=" -> "LE";
        case ">" -> "GT";
        default -> "GE";
      };
      kc.put(m.group(3), Condition.builder().comparisonOperator(op).attributeValueList(vals.remove(m.group(5))).build());
    } else if (m.group(6) != null) {
      kc.put(m.group(6), Condition.builder().comparisonOperator("BETWEEN")
          .attributeValueList(vals.remove(m.group(7)), vals.remove(m.group(8))).build());
    } else if (m.group(9) != null) {
      kc.put(m.group(9), Condition.builder().comparisonOperator("BEGINS_WITH").attributeValueList(vals.remove(m.group(10))).build());
    }
    return q.toBuilder().keyConditionExpression(null).keyConditions(kc)
        .expressionAttributeValues(vals.isEmpty() ? null : vals).build();
  }

  private ScanRequest scan() {
    String index = pick("idx_G1", "idx_G2", "idx_L1");
    ScanRequest.Builder b = ScanRequest.builder().tableName(table).indexName(index);
    if (r.nextInt(10) < 3) b.limit(1 + r.nextInt(4));
    if (!index.equals("idx_G2") && r.nextInt(10) < 3) { // see query(): filters within the projection
      b.filterExpression(pick("attribute_exists(a)", "a = :f"));
      if (b.build().filterExpression().contains(":f")) b.expressionAttributeValues(Map.of(":f", n("1")));
    }
    if (r.nextInt(5) == 0) b.select(Select.COUNT);
    b.returnConsumedCapacity(capacity());
    return b.build();
  }

  private ReturnConsumedCapacity capacity() {
    return r.nextInt(10) < 7 ? ReturnConsumedCapacity.TOTAL : pick(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.NONE);
  }

  @SafeVarargs
  private <T> T pick(T... xs) {
    return xs[r.nextInt(xs.length)];
  }
}
