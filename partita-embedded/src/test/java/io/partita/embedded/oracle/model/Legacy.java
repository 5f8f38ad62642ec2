package io.partita.embedded.oracle.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;

/**
 * The legacy (pre-expression) request parameters, as docs/legacy-parameters.md records Amazon DynamoDB's answers to
 * them: Expected, ConditionalOperator, ScanFilter, QueryFilter, KeyConditions, AttributesToGet, AttributeUpdates. The
 * model evaluates each legacy condition directly with its own comparisons (below), not by translating it into an
 * expression, so that a mistake in how the engine translates them cannot hide in a shared translation.
 */
final class Legacy {
  private Legacy() {}

  static final String INVALID = "One or more parameter values were invalid: ";

  /** The ComparisonOperator enum in the order the service lists it in its modeled-constraint message (§4 step 0). */
  static final List<String> OPERATORS = List.of("IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL",
      "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS");

  /** A legacy condition over an item (an empty map for a missing item). */
  interface Test {
    boolean test(Map<String, AttributeValue> item);
  }

  // ------------------------------------------------------------------ request-level checks

  /** The names whose flag is set, in the order given: {@code given("A", true, "B", false)} is [A]. */
  static List<String> given(Object... nameFlag) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nameFlag.length; i += 2) if ((Boolean) nameFlag[i + 1]) out.add((String) nameFlag[i]);
    return out;
  }

  /** §2: any legacy parameter beside any expression parameter, each list in the operation's order. */
  static void mixing(List<String> legacy, List<String> expressions) {
    if (legacy.isEmpty() || expressions.isEmpty()) return;
    throw Err.validation("Can not use both expression and non-expression parameters in the same request: "
        + "Non-expression parameters: {" + String.join(", ", legacy) + "} Expression parameters: {"
        + String.join(", ", expressions) + "}");
  }

  /**
   * §6: ConditionalOperator joins two or more conditions of the map it applies to ({@code entries} of them). Checked
   * where the map is (its place among the request's checks is not established beyond: after the mixing check, before
   * Query's Either rule).
   */
  static void conditionalOperator(String operator, int entries) {
    if (operator == null) return;
    if (entries == 0) throw Err.validation("ConditionalOperator cannot be used without Filter or Expected");
    if (entries == 1) {
      throw Err.validation("ConditionalOperator can only be used when Filter or Expected has two or more elements");
    }
  }

  /** The modeled constraints (enums, required members), checked before anything else (§4 step 0, §6). */
  static void modeled(String conditionalOperator, String filterParam, Map<String, Condition> filter,
      Map<String, ExpectedAttributeValue> expected) {
    if (filter != null) {
      for (Map.Entry<String, Condition> e : filter.entrySet()) {
        String op = e.getValue().comparisonOperatorAsString();
        String at = filterParam + "." + e.getKey() + ".member.comparisonOperator";
        if (op == null) throw modeled("Value null at '" + at + "' failed to satisfy constraint: Member must not be null");
        if (!OPERATORS.contains(op)) throw modeled(enumError(op, at, OPERATORS));
      }
    }
    if (expected != null) {
      for (Map.Entry<String, ExpectedAttributeValue> e : expected.entrySet()) {
        String op = e.getValue().comparisonOperatorAsString();
        if (op != null && !OPERATORS.contains(op)) {
          throw modeled(enumError(op, "expected." + e.getKey() + ".member.comparisonOperator", OPERATORS));
        }
      }
    }
    if (conditionalOperator != null && !List.of("OR", "AND").contains(conditionalOperator)) {
      throw modeled(enumError(conditionalOperator, "conditionalOperator", List.of("OR", "AND")));
    }
  }

  private static String enumError(String value, String at, List<String> values) {
    return "Value '" + value + "' at '" + at + "' failed to satisfy constraint: Member must satisfy enum value set: "
        + values;
  }

  private static RuntimeException modeled(String one) {
    return Err.validation("1 validation error detected: " + one);
  }

  // ------------------------------------------------------------------ conditions (§3, §4, §5)

  /** A ScanFilter or QueryFilter: each entry checked in request order (§4), joined by AND or OR; null if empty. */
  static Test filter(Map<String, Condition> filter, String conditionalOperator) {
    conditionalOperator(conditionalOperator, filter.size());
    List<Test> parts = new ArrayList<>();
    for (Map.Entry<String, Condition> e : filter.entrySet()) {
      Condition c = e.getValue();
      parts.add(condition(e.getKey(), c.comparisonOperatorAsString(),
          c.hasAttributeValueList() ? c.attributeValueList() : List.of()));
    }
    return join(parts, conditionalOperator);
  }

  /** An Expected map (§5); null if empty (an empty Expected is no condition). */
  static Test expected(Map<String, ExpectedAttributeValue> expected, String conditionalOperator) {
    conditionalOperator(conditionalOperator, expected.size());
    List<Test> parts = new ArrayList<>();
    for (Map.Entry<String, ExpectedAttributeValue> e : expected.entrySet()) parts.add(expectation(e.getKey(), e.getValue()));
    return join(parts, conditionalOperator);
  }

  private static Test join(List<Test> parts, String conditionalOperator) {
    if (parts.isEmpty()) return null;
    boolean or = "OR".equals(conditionalOperator);
    return item -> {
      for (Test p : parts) {
        boolean v = p.test(item);
        if (or && v) return true;
        if (!or && !v) return false;
      }
      return !or;
    };
  }

  /** One Expected entry: the checks of §5 in the order recorded there, then its test. */
  private static Test expectation(String name, ExpectedAttributeValue x) {
    String op = x.comparisonOperatorAsString();
    boolean list = x.hasAttributeValueList();
    AttributeValue value = x.value();
    if (value != null && list) throw invalid("Value and AttributeValueList cannot be used together for Attribute: " + name);
    if (x.exists() != null && op != null) {
      throw invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + name);
    }
    if (op != null) {
      if (value == null && !list && !op.equals("NULL") && !op.equals("NOT_NULL")) {
        throw invalid("Value or AttributeValueList must be used with ComparisonOperator: " + op + " for Attribute: " + name);
      }
      // a Value stands in for a one-element AttributeValueList (dynalite's putItem.js, floci's matrix)
      return condition(name, op, value != null ? List.of(value) : list ? x.attributeValueList() : List.of());
    }
    if (list) throw invalid("AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
    if (x.exists() == null && value == null) throw invalid("Value must be provided when Exists is null for Attribute: " + name);
    if (Boolean.FALSE.equals(x.exists())) {
      if (value != null) throw invalid("Value cannot be used when Exists is false for Attribute: " + name);
      return item -> item.get(name) == null;
    }
    if (value == null) throw invalid("Value must be provided when Exists is true for Attribute: " + name);
    checkValue(value);
    return item -> equal(item.get(name), value);
  }

  /** One condition on one attribute: the checks of §4 steps 1 to 5, then the test of §3. */
  static Test condition(String name, String op, List<AttributeValue> values) {
    for (AttributeValue v : values) checkValue(v);
    int n = values.size();
    boolean countOk = switch (op) {
      case "NULL", "NOT_NULL" -> n == 0;
      case "BETWEEN" -> n == 2;
      case "IN" -> n >= 1;
      default -> n == 1;
    };
    if (!countOk) throw invalid("Invalid number of argument(s) for the " + op + " ComparisonOperator");
    Set<String> types = new LinkedHashSet<>();
    for (AttributeValue v : values) types.add(Vals.type(v));
    if (types.size() > 1) throw invalid("AttributeValues inside AttributeValueList must be of same type");
    if (n > 0) {
      String type = Vals.type(values.get(0));
      if (!accepts(op, type)) throw invalid("ComparisonOperator " + op + " is not valid for " + type + " AttributeValue type");
    }
    if (op.equals("BETWEEN") && Vals.compare(values.get(0), values.get(1)) > 0) {
      throw Err.validation("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
    }
    List<AttributeValue> vs = List.copyOf(values);
    return item -> holds(op, item.get(name), vs);
  }

  /**
   * The value types an operator takes (§3). EQ and NE take any type; CONTAINS and NOT_CONTAINS refuse sets, lists and
   * maps (whether they take BOOL and NULL is not established: the generators send neither).
   */
  private static boolean accepts(String op, String type) {
    boolean scalar = type.equals("S") || type.equals("N") || type.equals("B");
    return switch (op) {
      case "EQ", "NE" -> true;
      case "BEGINS_WITH" -> type.equals("S") || type.equals("B");
      case "CONTAINS", "NOT_CONTAINS" -> scalar || type.equals("BOOL") || type.equals("NULL");
      default -> scalar; // LT LE GT GE IN BETWEEN
    };
  }

  /** A value of a legacy map: an attribute value the service would store (the item messages). */
  static void checkValue(AttributeValue v) {
    String p = Vals.problem(v);
    if (p != null) throw Err.validation(p.startsWith("One or more") || p.startsWith("Supplied") ? p : INVALID + p);
  }

  /**
   * Whether attribute {@code a} (null: missing) satisfies the operator with its values (§3): a missing attribute or one
   * of another type fails every comparison but NE (true of both) and NOT_CONTAINS (true of another type, false of a
   * missing attribute); NULL is true only of a missing attribute.
   */
  static boolean holds(String op, AttributeValue a, List<AttributeValue> vs) {
    AttributeValue v = vs.isEmpty() ? null : vs.get(0);
    switch (op) {
      case "NULL": return a == null;
      case "NOT_NULL": return a != null;
      case "EQ": return equal(a, v);
      case "NE": return !equal(a, v);
      case "LT": return ordered(a, v) && Vals.compare(a, v) < 0;
      case "LE": return ordered(a, v) && Vals.compare(a, v) <= 0;
      case "GT": return ordered(a, v) && Vals.compare(a, v) > 0;
      case "GE": return ordered(a, v) && Vals.compare(a, v) >= 0;
      case "CONTAINS": return a != null && contains(a, v);
      case "NOT_CONTAINS": return a != null && !contains(a, v);
      case "BEGINS_WITH": return a != null && beginsWith(a, v);
      case "IN": {
        // a set attribute equals no scalar value: "A String never matches a String set"
        for (AttributeValue x : vs) if (equal(a, x)) return true;
        return false;
      }
      case "BETWEEN": return ordered(a, v) && Vals.compare(a, v) >= 0 && Vals.compare(a, vs.get(1)) <= 0;
      default: throw new IllegalStateException(op);
    }
  }

  private static boolean equal(AttributeValue a, AttributeValue v) {
    return a != null && Vals.equal(a, v);
  }

  /** Both present, of one of the ordered types S, N, B, and of the same type. */
  private static boolean ordered(AttributeValue a, AttributeValue v) {
    return a != null && Vals.type(a).equals(Vals.type(v)) && Vals.isScalarKeyType(Vals.type(a));
  }

  private static boolean contains(AttributeValue a, AttributeValue v) {
    String tv = Vals.type(v);
    switch (Vals.type(a)) {
      case "S": return tv.equals("S") && a.s().contains(v.s());
      case "B": return tv.equals("B") && subsequence(a.b().asByteArray(), v.b().asByteArray());
      case "SS": return tv.equals("S") && a.ss().contains(v.s());
      case "NS": {
        if (!tv.equals("N")) return false;
        BigDecimal x = Vals.num(v.n());
        for (String e : a.ns()) if (Vals.num(e).compareTo(x) == 0) return true;
        return false;
      }
      case "BS": return tv.equals("B") && a.bs().contains(v.b());
      case "L": {
        for (AttributeValue e : a.l()) if (Vals.equal(e, v)) return true;
        return false;
      }
      default: return false; // N, BOOL, NULL, M: nothing contains anything
    }
  }

  private static boolean subsequence(byte[] hay, byte[] needle) {
    for (int i = 0; i + needle.length <= hay.length; i++) {
      boolean all = true;
      for (int j = 0; j < needle.length && all; j++) all = hay[i + j] == needle[j];
      if (all) return true;
    }
    return false;
  }

  private static boolean beginsWith(AttributeValue a, AttributeValue p) {
    if (!Vals.type(a).equals(Vals.type(p))) return false;
    if (Vals.type(a).equals("S")) return a.s().startsWith(p.s());
    if (Vals.type(a).equals("B")) {
      byte[] x = a.b().asByteArray(), y = p.b().asByteArray();
      if (x.length < y.length) return false;
      for (int i = 0; i < y.length; i++) if (x[i] != y[i]) return false;
      return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ AttributesToGet

  /** AttributesToGet as projection paths: literal top-level names; a name given twice is refused. */
  static List<Expr.Path> attributesToGet(List<String> names) {
    Set<String> seen = new LinkedHashSet<>();
    List<Expr.Path> paths = new ArrayList<>();
    for (String n : names) {
      if (!seen.add(n)) throw invalid("Duplicate value in attribute name: " + n);
      paths.add(new Expr.Path(List.of(n)));
    }
    return paths;
  }

  // ------------------------------------------------------------------ KeyConditions (§7)

  /** The operators a key condition may use (§7 step 3): the others are "not an indexable operation". */
  private static final Set<String> INDEXABLE = Set.of("EQ", "LE", "LT", "GE", "GT", "BEGINS_WITH", "BETWEEN");

  /** The checks of §7 made before the table is looked up: each entry's (§4), then the number of entries. */
  static void checkKeyConditions(Map<String, Condition> kc) {
    for (Map.Entry<String, Condition> e : kc.entrySet()) {
      Condition c = e.getValue();
      condition(e.getKey(), c.comparisonOperatorAsString(), c.hasAttributeValueList() ? c.attributeValueList() : List.of());
    }
    if (kc.isEmpty() || kc.size() > 2) throw Err.validation("Conditions can be of length 1 or 2 only");
  }

  /** §7 after the table (and index) lookup: per key attribute in schema order, then the key condition itself. */
  static Reads.KeyCond keyConditions(Map<String, Condition> kc, Table t, String hash, String range) {
    if (range == null && kc.size() == 2) throw Err.validation("Query key condition not supported");
    Condition h = kc.get(hash);
    if (h == null) throw Err.validation("Query condition missed key schema element: " + hash);
    keyStep(h, t.types.get(hash));
    if (!h.comparisonOperatorAsString().equals("EQ")) throw Err.validation("Query key condition not supported");
    Condition s = null;
    if (kc.size() == 2) {
      s = kc.get(range);
      if (s == null) throw Err.validation("Query condition missed key schema element: " + range);
      keyStep(s, t.types.get(range));
    }
    AttributeValue hv = h.attributeValueList().get(0);
    if (s == null) return new Reads.KeyCond(hash, hv, range, null, null, null);
    List<AttributeValue> sv = s.attributeValueList();
    String op = switch (s.comparisonOperatorAsString()) {
      case "EQ" -> "=";
      case "LT" -> "<";
      case "LE" -> "<=";
      case "GT" -> ">";
      case "GE" -> ">=";
      case "BETWEEN" -> "BETWEEN";
      default -> "begins_with";
    };
    return new Reads.KeyCond(hash, hv, range, op, sv.get(0), sv.size() > 1 ? sv.get(1) : null);
  }

  private static void keyStep(Condition c, String keyType) {
    if (!INDEXABLE.contains(c.comparisonOperatorAsString())) {
      throw Err.validation("Attempted conditional constraint is not an indexable operation");
    }
    for (AttributeValue v : c.attributeValueList()) {
      if (!keyType.equals(Vals.type(v))) throw invalid("Condition parameter type does not match schema type");
    }
  }

  // ------------------------------------------------------------------ AttributeUpdates (§8)

  /** The request checks of each AttributeUpdates entry, in request order (§8, "request check" rows). */
  static void checkAttributeUpdates(Map<String, AttributeValueUpdate> updates) {
    for (Map.Entry<String, AttributeValueUpdate> e : updates.entrySet()) {
      AttributeValueUpdate u = e.getValue();
      String action = u.actionAsString() == null ? "PUT" : u.actionAsString();
      if (!List.of("ADD", "PUT", "DELETE").contains(action)) {
        throw modeled(enumError(action, "attributeUpdates." + e.getKey() + ".member.action", List.of("ADD", "PUT", "DELETE")));
      }
      AttributeValue v = u.value();
      if (v != null) checkValue(v);
      if (v == null) {
        if (!action.equals("DELETE")) throw invalid("Only DELETE action is allowed when no attribute value is specified");
        continue;
      }
      String type = Vals.type(v);
      boolean set = type.equals("SS") || type.equals("NS") || type.equals("BS");
      if (action.equals("DELETE") && !set) throw invalid("DELETE action with value is not supported for the type " + type);
      if (action.equals("ADD") && !set && !type.equals("N") && !type.equals("L")) {
        throw invalid("ADD action is not supported for the type " + type);
      }
    }
  }

  static final String TYPE_MISMATCH = "Type mismatch for attribute to update";

  /** Whether every entry deletes (so a missing item stays missing: scylladb's test_update_item_non_existent). */
  static boolean onlyDeletes(Map<String, AttributeValueUpdate> updates) {
    if (updates.isEmpty()) return false;
    for (AttributeValueUpdate u : updates.values()) if (!"DELETE".equals(u.actionAsString())) return false;
    return true;
  }

  /** The item the updates make of {@code old} (its copy); each entry on the item as the previous ones left it. */
  static Map<String, AttributeValue> applyUpdates(Map<String, AttributeValueUpdate> updates, Map<String, AttributeValue> old) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(old);
    for (Map.Entry<String, AttributeValueUpdate> e : updates.entrySet()) {
      String name = e.getKey();
      AttributeValue v = e.getValue().value();
      AttributeValue cur = item.get(name);
      String action = e.getValue().actionAsString() == null ? "PUT" : e.getValue().actionAsString();
      switch (action) {
        case "PUT" -> item.put(name, v);
        case "DELETE" -> {
          if (v == null) {
            item.remove(name);
          } else if (cur != null) {
            if (!Vals.type(cur).equals(Vals.type(v))) throw Err.validation(TYPE_MISMATCH);
            LinkedHashMap<Object, Object> rest = Vals.setElements(cur);
            Vals.setElements(v).keySet().forEach(rest::remove);
            if (rest.isEmpty()) item.remove(name);
            else item.put(name, Vals.setOf(Vals.type(cur), rest.values()));
          }
        }
        default -> { // ADD
          if (cur == null) {
            item.put(name, v);
          } else if (!Vals.type(cur).equals(Vals.type(v))) {
            throw Err.validation(TYPE_MISMATCH);
          } else if (Vals.type(v).equals("N")) {
            item.put(name, Expr.number(Vals.add(Vals.num(cur.n()), Vals.num(v.n()))));
          } else if (Vals.type(v).equals("L")) {
            List<AttributeValue> l = new ArrayList<>(cur.l());
            l.addAll(v.l());
            item.put(name, AttributeValue.fromL(l));
          } else {
            LinkedHashMap<Object, Object> union = Vals.setElements(cur);
            Vals.setElements(v).forEach(union::putIfAbsent);
            item.put(name, Vals.setOf(Vals.type(cur), union.values()));
          }
        }
      }
    }
    return item;
  }

  private static RuntimeException invalid(String m) {
    return Err.validation(INVALID + m);
  }
}
