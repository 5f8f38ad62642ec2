package io.partita.embedded.oracle;

import static io.partita.embedded.oracle.Av.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Seeded generator of TransactWriteItems and TransactGetItems requests over two tables, for {@link
 * TransactionDifferentialTest}. The generator never looks at answers: a seed alone determines the whole sequence.
 *
 * <ul>
 *   <li>{@code composite} (pk S HASH, sk N RANGE): keys pk a..c × sk 1..3, each sort key in several spellings (1,
 *       1.0, 10E-1), so that two actions on one item may name it differently. Items, update expressions and
 *       conditions come from an {@link OpGenerator} (its own Random), so they are as varied as the single-item
 *       differential test's: nested paths, sets, lists, maps, runtime type errors, invalid expressions.</li>
 *   <li>{@code indexed} (pk S HASH, sk S RANGE; GSI idx_G1 (g1pk S, g1sk N) ALL; GSI idx_G2 (g2 S) KEYS_ONLY; LSI
 *       idx_L1 (pk, lsk S) INCLUDE [a]): index key attributes present or absent at random; a Put sometimes gives
 *       one the wrong type or an empty string. An Update only ever gives an index key a value of the right type (or
 *       an empty string); that is how the generator was first written, and so it stays, so that every seed replays
 *       the sequence it always did (DifferentialTest covers updates giving an index key the wrong type).</li>
 * </ul>
 *
 * <p>Requests have 1–10 actions (mostly 1–3) on distinct items, with now and then two actions on one item; about one
 * in eight is broken in one of many ways ({@link #breakWrite}, {@link #breakGet}): no actions, more than 100, a missing
 * UpdateExpression or ConditionExpression, wrong key types, unknown tables, unused or undefined expression names and
 * values, oversize items, index keys of the wrong type, and so on. A few carry a ClientRequestToken, some of them
 * repeating an earlier request with its token, or another request with an earlier token.
 */
final class TxOpGenerator {
  static final String[] PKS = {"a", "b", "c"};
  /** The composite table's sort keys 1, 2, 3, each in the spellings it may be written in. */
  static final String[][] SK_SPELLINGS = {{"1", "1.0", "10E-1"}, {"2", "2.00"}, {"3"}};
  static final String[] IDX_SKS = {"1", "2", "3"};
  static final String[] G1PKS = {"x", "y", "z"};
  static final String[] G2S = {"u", "v"};
  static final String[] LSK_PREFIXES = {"p", "q", "pq"};

  private final Random r;
  private final OpGenerator ops;
  private final String composite;
  private final String indexed;
  private final String tokenPrefix;
  private int tokens;
  private TransactWriteItemsRequest lastTokened;

  TxOpGenerator(long seed, String composite, String indexed) {
    this.r = new Random(seed * 1_000_003L + 11);
    this.ops = new OpGenerator(seed * 31 + 5, composite, "unused");
    this.composite = composite;
    this.indexed = indexed;
    this.tokenPrefix = "tok-" + seed + "-";
  }

  /** Every key of the composite table, in its first spelling. */
  static List<Map<String, AttributeValue>> compositeKeys() {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int no = 0; no < 9; no++) keys.add(Map.of("pk", s(PKS[no / 3]), "sk", n(SK_SPELLINGS[no % 3][0])));
    return keys;
  }

  /** PutItem requests that give both tables a first item at every key, so that early conditions find items. */
  List<PutItemRequest> seedItems() {
    List<PutItemRequest> puts = new ArrayList<>();
    for (int no = 0; no < 9; no++) {
      Map<String, AttributeValue> item = ops.item(true);
      item.putAll(compositeKey(no));
      puts.add(PutItemRequest.builder().tableName(composite).item(item).build());
      puts.add(PutItemRequest.builder().tableName(indexed).item(indexedItem(no, false)).build());
    }
    return puts;
  }

  /** The next request: a TransactWriteItemsRequest (about 7 in 10) or a TransactGetItemsRequest. */
  Object next() {
    return r.nextInt(100) < 70 ? write() : get();
  }

  // ------------------------------------------------------------------ TransactWriteItems

  /** Which item an action targets. */
  private record Target(boolean comp, int no) {}

  private List<Target> targets(int n) {
    List<Target> targets = new ArrayList<>();
    Set<Target> used = new HashSet<>();
    for (int i = 0; i < n; i++) {
      if (i > 0 && r.nextInt(40) == 0) {
        targets.add(targets.get(r.nextInt(targets.size()))); // two actions on one item (maybe spelled differently)
        continue;
      }
      boolean comp = r.nextInt(100) < 55;
      Target t;
      int tries = 0;
      do {
        // all 9 items of one table taken (10 actions, mostly on one table): the other table, rather than looping for
        // ever (a bound no sequence that ends ever reaches, so every other seed's sequence stays as it was)
        if (++tries > 10_000) comp = !comp;
        t = new Target(comp, r.nextInt(9));
      } while (!used.add(t));
      targets.add(t);
    }
    return targets;
  }

  private TransactWriteItemsRequest write() {
    int n = r.nextInt(10) < 7 ? 1 + r.nextInt(3) : 1 + r.nextInt(10);
    List<TransactWriteItem> actions = new ArrayList<>();
    for (Target t : targets(n)) actions.add(t.comp() ? compositeAction(t.no()) : indexedAction(t.no()));
    TransactWriteItemsRequest.Builder b = TransactWriteItemsRequest.builder().transactItems(actions);
    b.returnConsumedCapacity(capacity());
    int m = r.nextInt(10);
    if (m < 3) b.returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE);
    else if (m < 4) b.returnItemCollectionMetrics(ReturnItemCollectionMetrics.NONE);
    TransactWriteItemsRequest req = b.build();
    if (r.nextInt(100) < 10) req = breakWrite(req);
    if (r.nextInt(100) < 5) req = withToken(req);
    return req;
  }

  /** A ClientRequestToken: a new one, or the last one again with the same request, or with this other request. */
  private TransactWriteItemsRequest withToken(TransactWriteItemsRequest req) {
    int k = r.nextInt(3);
    if (lastTokened != null && k == 0) return lastTokened;
    String token = lastTokened != null && k == 1 ? lastTokened.clientRequestToken() : tokenPrefix + (++tokens);
    lastTokened = req.toBuilder().clientRequestToken(token).build();
    return lastTokened;
  }

  private Map<String, AttributeValue> compositeKey(int no) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    k.put("pk", s(PKS[no / 3]));
    k.put("sk", n(pick(SK_SPELLINGS[no % 3])));
    return k;
  }

  private Map<String, AttributeValue> indexedKey(int no) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    k.put("pk", s(PKS[no / 3]));
    k.put("sk", s(IDX_SKS[no % 3]));
    return k;
  }

  private TransactWriteItem compositeAction(int no) {
    OpGenerator.Expr e = ops.new Expr();
    Map<String, AttributeValue> key = compositeKey(no);
    int kind = r.nextInt(100);
    if (kind < 30) {
      Map<String, AttributeValue> item = ops.item(true);
      item.putAll(key);
      Put.Builder b = Put.builder().tableName(composite).item(item);
      if (r.nextInt(10) < 3) b.conditionExpression(ops.condition(e, 1));
      e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().put(b.build()).build();
    }
    if (kind < 65) {
      Update.Builder b = Update.builder().tableName(composite).key(key).updateExpression(ops.updateExpression(e));
      if (r.nextInt(10) < 3) b.conditionExpression(ops.condition(e, 1));
      e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().update(b.build()).build();
    }
    if (kind < 80) {
      Delete.Builder b = Delete.builder().tableName(composite).key(key);
      if (r.nextInt(10) < 4) b.conditionExpression(ops.condition(e, 1));
      e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().delete(b.build()).build();
    }
    ConditionCheck.Builder b = ConditionCheck.builder().tableName(composite).key(key).conditionExpression(ops.condition(e, 2));
    e.apply(b::expressionAttributeNames, b::expressionAttributeValues);
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    return TransactWriteItem.builder().conditionCheck(b.build()).build();
  }

  /** A value for index key {@code attr} of item {@code no}: mostly of the right type, sometimes not ({@code wrong}). */
  private AttributeValue indexValue(String attr, int no, boolean mayBeWrong) {
    int k = r.nextInt(100);
    if (mayBeWrong && k < 4) return attr.equals("g1sk") ? s("7") : pick(n("1"), b(new byte[] {1}), ss("x"));
    if (mayBeWrong && k < 8 && !attr.equals("g1sk")) return s("");
    return switch (attr) {
      case "g1pk" -> s(pick(G1PKS));
      // distinct per item, so that no two entries of a G1 partition tie
      case "g1sk" -> n(Integer.toString(10 * no + r.nextInt(3)));
      case "g2" -> s(pick(G2S));
      default -> s(pick(LSK_PREFIXES) + IDX_SKS[no % 3]);
    };
  }

  private AttributeValue aValue() {
    return switch (r.nextInt(8)) {
      case 0, 1, 2, 3 -> n(Integer.toString(r.nextInt(6)));
      case 4, 5 -> s(pick("x", "y", "hello"));
      case 6 -> ss(pick("x", "y"));
      default -> m("x", n("1"));
    };
  }

  private AttributeValue bValue() {
    return switch (r.nextInt(4)) {
      case 0, 1 -> ss(pick("x", "y"), "z");
      case 2 -> s(pick("pre", "prefix", "other"));
      default -> n("2");
    };
  }

  private Map<String, AttributeValue> indexedItem(int no, boolean mayBeWrong) {
    Map<String, AttributeValue> item = indexedKey(no);
    for (String attr : new String[] {"g1pk", "g1sk", "g2", "lsk"}) {
      if (r.nextInt(10) < 6) item.put(attr, indexValue(attr, no, mayBeWrong));
    }
    if (r.nextInt(10) < 7) item.put("a", aValue());
    if (r.nextBoolean()) item.put("b", bValue());
    return item;
  }

  /** A condition on the indexed table's items; its values go to {@code vals}. */
  private String indexedCondition(Map<String, AttributeValue> vals) {
    switch (r.nextInt(12)) {
      case 0: return "attribute_exists(pk)";
      case 1: return "attribute_not_exists(pk)";
      case 2: return "attribute_exists(g1pk)";
      case 3: return "attribute_not_exists(g2)";
      case 4: vals.put(":c", n(Integer.toString(r.nextInt(6)))); return "a = :c";
      case 5: vals.put(":c", n(Integer.toString(r.nextInt(6)))); return "a " + pick("<", "<=", ">", ">=", "<>") + " :c";
      case 6: vals.put(":t", s(pick("N", "S", "SS", "M"))); return "attribute_type(a, :t)";
      case 7: vals.put(":p", s("pre")); return "begins_with(b, :p)";
      case 8: vals.put(":c", n("1")); return "size(b) > :c";
      case 9: vals.put(":c", s("z")); return "contains(b, :c)";
      case 10: vals.put(":c", n(Integer.toString(r.nextInt(6)))); return "attribute_exists(pk) AND a <= :c";
      default: vals.put(":c", s(pick(G1PKS))); return "g1pk = :c OR attribute_not_exists(g1pk)";
    }
  }

  private TransactWriteItem indexedAction(int no) {
    Map<String, AttributeValue> key = indexedKey(no);
    Map<String, AttributeValue> vals = new LinkedHashMap<>();
    int kind = r.nextInt(100);
    if (kind < 30) {
      Put.Builder b = Put.builder().tableName(indexed).item(indexedItem(no, true));
      if (r.nextInt(4) == 0) b.conditionExpression(indexedCondition(vals));
      if (!vals.isEmpty()) b.expressionAttributeValues(vals);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().put(b.build()).build();
    }
    if (kind < 65) {
      List<String> set = new ArrayList<>(), remove = new ArrayList<>(), add = new ArrayList<>();
      List<String> attrs = new ArrayList<>(List.of("g1pk", "g1sk", "g2", "lsk", "a", "b"));
      java.util.Collections.shuffle(attrs, r);
      for (String attr : attrs.subList(0, 1 + r.nextInt(3))) {
        int how = r.nextInt(10);
        String v = ":v" + vals.size();
        if (attr.equals("a") && how < 4) {
          // arithmetic: a runtime type error when a is not a number (or, for a + :v, missing)
          vals.put(v, n(Integer.toString(1 + r.nextInt(3))));
          if (how < 2) add.add("a " + v);
          else set.add("a = " + pick("a + ", "if_not_exists(a, :z) + ", "a - ") + v);
          if (set.size() > 0 && set.get(set.size() - 1).contains(":z")) vals.put(":z", n("0"));
        } else if (attr.equals("b") && how < 3) {
          vals.put(v, ss(pick("x", "y", "w")));
          add.add("b " + v); // a runtime type error when b is not a string set
        } else if (how < 7) {
          // an index key only ever of the right type (or ""): see the class comment
          vals.put(v, attr.length() == 1 ? (attr.equals("a") ? aValue() : bValue())
              : r.nextInt(25) == 0 && !attr.equals("g1sk") ? s("") : indexValue(attr, no, false));
          set.add(attr + " = " + v);
        } else {
          remove.add(attr);
        }
      }
      List<String> sections = new ArrayList<>();
      if (!set.isEmpty()) sections.add("SET " + String.join(", ", set));
      if (!remove.isEmpty()) sections.add("REMOVE " + String.join(", ", remove));
      if (!add.isEmpty()) sections.add("ADD " + String.join(", ", add));
      Update.Builder b = Update.builder().tableName(indexed).key(key).updateExpression(String.join(" ", sections));
      if (r.nextInt(10) < 4) b.conditionExpression(indexedCondition(vals));
      if (!vals.isEmpty()) b.expressionAttributeValues(vals);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().update(b.build()).build();
    }
    if (kind < 80) {
      Delete.Builder b = Delete.builder().tableName(indexed).key(key);
      if (r.nextInt(10) < 3) b.conditionExpression(indexedCondition(vals));
      if (!vals.isEmpty()) b.expressionAttributeValues(vals);
      rvOnFailure(b::returnValuesOnConditionCheckFailure);
      return TransactWriteItem.builder().delete(b.build()).build();
    }
    ConditionCheck.Builder b = ConditionCheck.builder().tableName(indexed).key(key).conditionExpression(indexedCondition(vals));
    if (!vals.isEmpty()) b.expressionAttributeValues(vals);
    rvOnFailure(b::returnValuesOnConditionCheckFailure);
    return TransactWriteItem.builder().conditionCheck(b.build()).build();
  }

  /** Makes a TransactWriteItems request invalid (or unusual) in one of several ways. */
  private TransactWriteItemsRequest breakWrite(TransactWriteItemsRequest req) {
    List<TransactWriteItem> items = new ArrayList<>(req.transactItems());
    int i = r.nextInt(items.size());
    TransactWriteItem one = items.get(i);
    switch (r.nextInt(26)) {
      case 0:
        return req.toBuilder().transactItems(List.of()).build();
      case 1:
      case 2: {
        // many ConditionChecks on items that do not exist: 101 or more are refused; up to 100 pass, or one fails
        int n = r.nextInt(3) == 0 ? 101 + r.nextInt(3) : 26 + r.nextInt(75);
        boolean fail = r.nextBoolean();
        List<TransactWriteItem> many = new ArrayList<>();
        for (int k = 0; k < n; k++) {
          String cond = fail && k == n / 2 ? "attribute_exists(pk)" : "attribute_not_exists(pk)";
          AttributeValue sk = n(Integer.toString(k));
          many.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(composite)
              .key(Map.of("pk", s("z"), "sk", sk)).conditionExpression(cond)).build());
        }
        return req.toBuilder().transactItems(many).build();
      }
      case 3: // an Update without UpdateExpression
        items.set(i, TransactWriteItem.builder().update(Update.builder().tableName(tableOf(one)).key(keyOf(one))
            .conditionExpression(r.nextBoolean() ? "attribute_exists(pk)" : null).build()).build());
        break;
      case 4: // a ConditionCheck without ConditionExpression
        items.set(i, TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(tableOf(one))
            .key(keyOf(one)).build()).build());
        break;
      case 5: { // a key attribute of the wrong type
        Map<String, AttributeValue> k = new LinkedHashMap<>(keyOf(one));
        k.put(r.nextBoolean() ? "pk" : "sk", r.nextBoolean() ? n("1") : b(new byte[] {1}));
        items.set(i, withKey(one, k));
        break;
      }
      case 6: { // a key attribute missing, or one too many
        Map<String, AttributeValue> k = new LinkedHashMap<>(keyOf(one));
        if (r.nextBoolean()) k.remove(pick("pk", "sk"));
        else k.put("a", n("1"));
        items.set(i, withKey(one, k));
        break;
      }
      case 7: // an unknown table
        items.set(i, TransactWriteItem.builder().conditionCheck(c -> c.tableName("tx_nope")
            .key(Map.of("pk", s("a"))).conditionExpression("attribute_exists(pk)")).build());
        break;
      case 8: { // an unused expression value
        Map<String, AttributeValue> vals = new LinkedHashMap<>(valuesOf(one));
        vals.put(":unused", n("1"));
        items.set(i, withExpressions(one, null, vals));
        break;
      }
      case 9: { // an unused expression name
        Map<String, String> names = new LinkedHashMap<>(namesOf(one));
        names.put("#unused", "a");
        items.set(i, withExpressions(one, names, null));
        break;
      }
      case 10: // an undefined value
        items.set(i, TransactWriteItem.builder().conditionCheck(c -> c.tableName(tableOf(one)).key(keyOf(one))
            .conditionExpression("a = :undefined")).build());
        break;
      case 11: // an undefined name
        items.set(i, TransactWriteItem.builder().delete(d -> d.tableName(tableOf(one)).key(keyOf(one))
            .conditionExpression("attribute_exists(#undefined)")).build());
        break;
      case 12: // two actions in one element, or none
        items.set(i, r.nextBoolean() ? TransactWriteItem.builder().build()
            : one.toBuilder().conditionCheck(c -> c.tableName(tableOf(one)).key(keyOf(one))
                .conditionExpression("attribute_exists(pk)")).delete(d -> d.tableName(tableOf(one)).key(keyOf(one))).build());
        break;
      case 13: // an Update of a key attribute
        items.set(i, TransactWriteItem.builder().update(u -> u.tableName(tableOf(one)).key(keyOf(one))
            .updateExpression("SET " + pick("pk", "sk") + " = :k").expressionAttributeValues(Map.of(":k", s("q")))).build());
        break;
      case 14: // a syntax error
        items.set(i, TransactWriteItem.builder().conditionCheck(c -> c.tableName(tableOf(one)).key(keyOf(one))
            .conditionExpression(pick("attribute_exists(", "a = = :v", "attribute_exists(pk) AND"))
            .expressionAttributeValues(Map.of(":v", n("1")))).build());
        break;
      case 15: { // an item over 400 KB
        Map<String, AttributeValue> item = new LinkedHashMap<>(keyOf(one));
        item.put("big", s("x".repeat(400 * 1024)));
        items.set(i, TransactWriteItem.builder().put(p -> p.tableName(tableOf(one)).item(item)).build());
        break;
      }
      case 16: // an Update making an item over 400 KB
        items.set(i, TransactWriteItem.builder().update(u -> u.tableName(tableOf(one)).key(keyOf(one))
            .updateExpression("SET big = :big, big2 = :big")
            .expressionAttributeValues(Map.of(":big", s("y".repeat(210 * 1024))))).build());
        break;
      case 17: { // an index key of the wrong type or empty, in a Put
        Map<String, AttributeValue> item = new LinkedHashMap<>(Map.of("pk", s(pick(PKS)), "sk", s(pick(IDX_SKS))));
        String attr = pick("g1pk", "g1sk", "g2", "lsk");
        item.put(attr, attr.equals("g1sk") ? s("1") : pick(n("1"), s("")));
        items.set(i, TransactWriteItem.builder().put(p -> p.tableName(indexed).item(item)).build());
        break;
      }
      case 18: { // a ReturnValuesOnConditionCheckFailure that does not exist
        String bad = pick("ALL_NEW", "all_old", "");
        items.set(i, TransactWriteItem.builder().conditionCheck(c -> c.tableName(tableOf(one)).key(keyOf(one))
            .conditionExpression("attribute_exists(pk)").returnValuesOnConditionCheckFailure(bad)).build());
        break;
      }
      case 19: // a ClientRequestToken too long
        return req.toBuilder().clientRequestToken("t".repeat(37)).build();
      case 20: { // a Put of an item without its sort key
        Map<String, AttributeValue> item = new LinkedHashMap<>(keyOf(one));
        item.remove("sk");
        item.put("a", n("1"));
        items.set(i, TransactWriteItem.builder().put(p -> p.tableName(tableOf(one)).item(item)).build());
        break;
      }
      case 21: // ExpressionAttributeValues without an expression
        items.set(i, TransactWriteItem.builder().delete(d -> d.tableName(tableOf(one)).key(keyOf(one))
            .expressionAttributeValues(Map.of(":v", n("1")))).build());
        break;
      case 22: // no key, or no item
        items.set(i, r.nextBoolean()
            ? TransactWriteItem.builder().delete(d -> d.tableName(tableOf(one))).build()
            : TransactWriteItem.builder().put(p -> p.tableName(tableOf(one))).build());
        break;
      case 23: // no table name
        items.set(i, TransactWriteItem.builder().conditionCheck(c -> c.key(keyOf(one))
            .conditionExpression("attribute_exists(pk)")).build());
        break;
      case 24: { // a Put whose item holds an empty set or an invalid number
        Map<String, AttributeValue> item = new LinkedHashMap<>(keyOf(one));
        item.put("a", r.nextBoolean() ? AttributeValue.builder().ss(List.of()).build() : n("1E126"));
        items.set(i, TransactWriteItem.builder().put(p -> p.tableName(tableOf(one)).item(item)).build());
        break;
      }
      default: // a ConditionCheck that asks for ALL_OLD and fails on an existing item, next to the others
        items.add(r.nextInt(items.size() + 1), TransactWriteItem.builder().conditionCheck(c -> c.tableName(composite)
            .key(Map.of("pk", s("c"), "sk", n("4"))).conditionExpression("attribute_exists(pk)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
        break;
    }
    return req.toBuilder().transactItems(items).build();
  }

  static String tableOf(TransactWriteItem t) {
    if (t.put() != null) return t.put().tableName();
    if (t.update() != null) return t.update().tableName();
    if (t.delete() != null) return t.delete().tableName();
    return t.conditionCheck().tableName();
  }

  static Map<String, AttributeValue> keyOf(TransactWriteItem t) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    if (t.put() != null) {
      k.put("pk", t.put().item().get("pk"));
      k.put("sk", t.put().item().get("sk"));
      return k;
    }
    if (t.update() != null) return t.update().key();
    if (t.delete() != null) return t.delete().key();
    return t.conditionCheck().key();
  }

  private static Map<String, AttributeValue> valuesOf(TransactWriteItem t) {
    Map<String, AttributeValue> v = t.put() != null ? t.put().expressionAttributeValues()
        : t.update() != null ? t.update().expressionAttributeValues()
        : t.delete() != null ? t.delete().expressionAttributeValues() : t.conditionCheck().expressionAttributeValues();
    return v == null ? Map.of() : v;
  }

  private static Map<String, String> namesOf(TransactWriteItem t) {
    Map<String, String> v = t.put() != null ? t.put().expressionAttributeNames()
        : t.update() != null ? t.update().expressionAttributeNames()
        : t.delete() != null ? t.delete().expressionAttributeNames() : t.conditionCheck().expressionAttributeNames();
    return v == null ? Map.of() : v;
  }

  private static TransactWriteItem withKey(TransactWriteItem t, Map<String, AttributeValue> key) {
    if (t.put() != null) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(t.put().item());
      item.remove("pk");
      item.remove("sk");
      item.putAll(key);
      return TransactWriteItem.builder().put(t.put().toBuilder().item(item).build()).build();
    }
    if (t.update() != null) return TransactWriteItem.builder().update(t.update().toBuilder().key(key).build()).build();
    if (t.delete() != null) return TransactWriteItem.builder().delete(t.delete().toBuilder().key(key).build()).build();
    return TransactWriteItem.builder().conditionCheck(t.conditionCheck().toBuilder().key(key).build()).build();
  }

  /** The action with other ExpressionAttributeNames or Values (null: unchanged). */
  private static TransactWriteItem withExpressions(TransactWriteItem t, Map<String, String> names,
      Map<String, AttributeValue> vals) {
    if (t.put() != null) {
      Put.Builder b = t.put().toBuilder();
      if (names != null) b.expressionAttributeNames(names);
      if (vals != null) b.expressionAttributeValues(vals);
      return TransactWriteItem.builder().put(b.build()).build();
    }
    if (t.update() != null) {
      Update.Builder b = t.update().toBuilder();
      if (names != null) b.expressionAttributeNames(names);
      if (vals != null) b.expressionAttributeValues(vals);
      return TransactWriteItem.builder().update(b.build()).build();
    }
    if (t.delete() != null) {
      Delete.Builder b = t.delete().toBuilder();
      if (names != null) b.expressionAttributeNames(names);
      if (vals != null) b.expressionAttributeValues(vals);
      return TransactWriteItem.builder().delete(b.build()).build();
    }
    ConditionCheck.Builder b = t.conditionCheck().toBuilder();
    if (names != null) b.expressionAttributeNames(names);
    if (vals != null) b.expressionAttributeValues(vals);
    return TransactWriteItem.builder().conditionCheck(b.build()).build();
  }

  // ------------------------------------------------------------------ TransactGetItems

  private TransactGetItemsRequest get() {
    int n = r.nextInt(10) < 7 ? 1 + r.nextInt(4) : 1 + r.nextInt(10);
    List<TransactGetItem> gets = new ArrayList<>();
    for (Target t : targets(n)) {
      Get.Builder b = Get.builder().tableName(t.comp() ? composite : indexed)
          .key(t.comp() ? compositeKey(t.no()) : indexedKey(t.no()));
      if (r.nextInt(10) < 4) projection(b, t.comp());
      gets.add(TransactGetItem.builder().get(b.build()).build());
    }
    TransactGetItemsRequest req = TransactGetItemsRequest.builder().transactItems(gets).returnConsumedCapacity(capacity()).build();
    if (r.nextInt(100) < 12) req = breakGet(req);
    return req;
  }

  private void projection(Get.Builder b, boolean comp) {
    String[] attrs = comp ? new String[] {"a", "b", "n", "s", "ss", "m", "m.x", "l[0]", "l[1]", "name", "status", "pk", "zz"}
        : new String[] {"pk", "sk", "a", "b", "g1pk", "g1sk", "lsk", "zz"};
    List<String> paths = new ArrayList<>();
    Set<String> tops = new HashSet<>();
    Map<String, String> names = new LinkedHashMap<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      String p = pick(attrs);
      String top = p.replaceAll("[.\\[].*", "");
      if (!tops.add(top)) continue; // paths that overlap are refused: that is breakGet's business
      if (top.equals("name") || top.equals("status") || r.nextInt(4) == 0) {
        names.put("#" + top, top);
        p = "#" + p;
      }
      paths.add(p);
    }
    b.projectionExpression(String.join(", ", paths));
    if (!names.isEmpty()) b.expressionAttributeNames(names);
  }

  private TransactGetItemsRequest breakGet(TransactGetItemsRequest req) {
    List<TransactGetItem> items = new ArrayList<>(req.transactItems());
    int i = r.nextInt(items.size());
    Get one = items.get(i).get();
    switch (r.nextInt(11)) {
      case 0: return req.toBuilder().transactItems(List.of()).build();
      case 1: {
        List<TransactGetItem> many = new ArrayList<>();
        int n = r.nextBoolean() ? 101 : 26 + r.nextInt(75);
        for (int k = 0; k < n; k++) {
          int kk = k;
          many.add(TransactGetItem.builder().get(g -> g.tableName(composite).key(Map.of("pk", s("z"), "sk", n(Integer.toString(kk))))).build());
        }
        return req.toBuilder().transactItems(many).build();
      }
      case 2: // the same item twice (maybe spelled differently)
        items.add(TransactGetItem.builder().get(one.toBuilder().projectionExpression(null).expressionAttributeNames(null)
            .key(one.tableName().equals(composite) ? respell(one.key()) : one.key()).build()).build());
        break;
      case 3: items.set(i, TransactGetItem.builder().get(one.toBuilder().tableName("tx_nope").build()).build()); break;
      case 4: {
        Map<String, AttributeValue> k = new LinkedHashMap<>(one.key());
        if (r.nextBoolean()) k.put("pk", n("1"));
        else k.remove("sk");
        items.set(i, TransactGetItem.builder().get(one.toBuilder().key(k).build()).build());
        break;
      }
      case 5: items.set(i, TransactGetItem.builder().get(one.toBuilder().expressionAttributeNames(Map.of("#unused", "a")).build()).build()); break;
      case 6: items.set(i, TransactGetItem.builder().get(one.toBuilder().projectionExpression("a, #undefined")
          .expressionAttributeNames(null).build()).build()); break;
      case 7: items.set(i, TransactGetItem.builder().get(one.toBuilder().projectionExpression(pick("a,, b", "a, a.x", "name", "a[x]"))
          .expressionAttributeNames(null).build()).build()); break;
      case 8: items.set(i, TransactGetItem.builder().build()); break;
      case 9: items.set(i, TransactGetItem.builder().get(one.toBuilder().tableName(null).build()).build()); break;
      default: items.set(i, TransactGetItem.builder().get(one.toBuilder().key(Map.of()).build()).build()); break;
    }
    return req.toBuilder().transactItems(items).build();
  }

  private Map<String, AttributeValue> respell(Map<String, AttributeValue> key) {
    int sk = new java.math.BigDecimal(key.get("sk").n()).intValue();
    return Map.of("pk", key.get("pk"), "sk", n(pick(SK_SPELLINGS[sk - 1])));
  }

  // ------------------------------------------------------------------ small things

  private void rvOnFailure(Consumer<ReturnValuesOnConditionCheckFailure> c) {
    int k = r.nextInt(10);
    if (k < 4) c.accept(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    else if (k < 6) c.accept(ReturnValuesOnConditionCheckFailure.NONE);
  }

  private ReturnConsumedCapacity capacity() {
    int k = r.nextInt(10);
    return k < 5 ? ReturnConsumedCapacity.TOTAL : k < 8 ? ReturnConsumedCapacity.INDEXES : k < 9 ? ReturnConsumedCapacity.NONE : null;
  }

  @SafeVarargs
  private <T> T pick(T... xs) {
    return xs[r.nextInt(xs.length)];
  }
}
