package io.partita.engine.internal.partiql;

import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * Plans a parsed statement against its table, as DynamoDB does: a SELECT whose WHERE fixes the
 * whole primary key is one GetItem, one that fixes the partition key is a Query (a condition on
 * the sort key becomes the key range), anything else a Scan; INSERT, UPDATE and DELETE write one
 * item and must name its whole key. The plan's conditions and updates are expression-language
 * text (see {@link Expressions} for why), which the engine's own validators parse and bind.
 */
final class Planner {
  private Planner() {}

  enum ReadKind { GET, QUERY, SCAN }

  sealed interface Plan permits Read, Insert, Update, Delete, Check {}

  /**
   * A SELECT. {@code key} is the item's key (GET) or null; {@code keyCondition} and {@code
   * keyExpressions} the Query's key condition; {@code filter} the whole WHERE, evaluated on every
   * item read (key clauses included: they hold of what the key read found), or null;
   * {@code projection} null for {@code *}; {@code reachBack} whether an LSI read must fetch
   * unprojected attributes from the table.
   */
  record Read(String table, IndexDef index, ReadKind kind, Map<String, AttributeValue> key, String keyCondition,
      Expressions keyExpressions, boolean forward, String filter, Expressions filterExpressions,
      List<Pq.Path> projection, boolean reachBack) implements Plan {}

  record Insert(String table, Map<String, AttributeValue> item, String condition, Expressions expressions)
      implements Plan {}

  record Update(String table, Map<String, AttributeValue> key, String update, String condition,
      Expressions expressions, Pq.Returning returning) implements Plan {}

  record Delete(String table, Map<String, AttributeValue> key, String condition, Expressions expressions,
      Pq.Returning returning) implements Plan {}

  /** {@code EXISTS(SELECT ...)}: a ConditionCheck of one item. */
  record Check(String table, Map<String, AttributeValue> key, String condition, Expressions expressions)
      implements Plan {}

  static Plan plan(Pq.Statement statement, TableDef def) {
    if (statement instanceof Pq.Select s) {
      return select(s, def);
    }
    if (statement instanceof Pq.Insert i) {
      refuseIndex(i.source());
      Expressions e = new Expressions();
      String condition = "attribute_not_exists(" + e.name(def.hash().name()) + ")";
      return new Insert(def.name(), i.item().m(), condition, e);
    }
    if (statement instanceof Pq.Update u) {
      refuseIndex(u.source());
      Map<String, AttributeValue> key = fullKey(def, u.where());
      Expressions e = new Expressions();
      String update = e.update(u.actions());
      // The whole WHERE is the condition: its key equalities fail on a missing item, so an UPDATE
      // never creates one (the service answers ConditionalCheckFailedException).
      return new Update(def.name(), key, update, e.condition(u.where()), e, u.returning());
    }
    if (statement instanceof Pq.Delete d) {
      refuseIndex(d.source());
      if (d.returning() != null && !(d.returning().all() && d.returning().old())) {
        throw Errors.invalid("Invalid returning clause: " + d.returning().text()
            + ". Only RETURNING ALL OLD * is allowed in DELETE statements.");
      }
      Map<String, AttributeValue> key = fullKey(def, d.where());
      // Only what is not the key conditions the delete: deleting a missing item succeeds.
      List<Pq.Cond> rest = withoutKeyEqualities(conjuncts(d.where()), def);
      Expressions e = new Expressions();
      return new Delete(def.name(), key, rest.isEmpty() ? null : e.condition(and(rest)), e, d.returning());
    }
    Pq.Select inner = ((Pq.Exists) statement).select();
    refuseIndex(inner.source());
    Map<String, AttributeValue> key = fullKey(def, inner.where());
    Expressions e = new Expressions();
    return new Check(def.name(), key, e.condition(inner.where()), e);
  }

  private static Read select(Pq.Select s, TableDef def) {
    IndexDef index = null;
    if (s.source().index() != null) {
      index = findIndex(def, s.source().index());
    }
    List<KeyDef> hashKeys = index == null ? List.of(def.hash()) : index.hashKeys();
    List<KeyDef> rangeKeys = index == null ? (def.range() == null ? List.of() : List.of(def.range())) : index.rangeKeys();
    List<Pq.Cond> conjuncts = conjuncts(s.where());
    Map<String, AttributeValue> equalities = equalities(conjuncts);
    boolean keyed = hashKeys.stream().allMatch(k -> equalities.containsKey(k.name()));

    Set<String> projected = projectedAttributes(def, index);
    boolean reachBack = false;
    if (projected != null && s.projection() != null) {
      List<String> missing = new ArrayList<>();
      for (Pq.Path p : s.projection()) {
        if (!projected.contains(p.root()) && !missing.contains(p.root())) {
          missing.add(p.root());
        }
      }
      if (!missing.isEmpty()) {
        if (index.global()) {
          throw Errors.invalid("One or more parameter values were invalid: Global secondary index " + index.name()
              + " does not project [" + String.join(", ", missing) + "]");
        }
        reachBack = true;
      }
    }
    if (projected != null && keyed && s.where() != null) {
      List<String> missing = new ArrayList<>();
      for (String name : topLevelNames(s.where())) {
        if (!projected.contains(name)) {
          missing.add(name);
        }
      }
      if (!missing.isEmpty()) {
        throw Errors.invalid("One or more parameter values were invalid: Secondary index " + index.name()
            + " does not project one or more filter attributes: [" + String.join(", ", missing) + "]");
      }
    }

    Expressions filterExpressions = new Expressions();
    String filter = s.where() == null ? null : filterExpressions.condition(s.where());
    boolean fullKey = index == null && keyed
        && rangeKeys.stream().allMatch(k -> equalities.containsKey(k.name()));
    boolean forward = orderBy(s, keyed, hashKeys, rangeKeys);
    if (fullKey) {
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      key.put(def.hash().name(), equalities.get(def.hash().name()));
      if (def.range() != null) {
        key.put(def.range().name(), equalities.get(def.range().name()));
      }
      return new Read(def.name(), null, ReadKind.GET, key, null, null, true, filter, filterExpressions,
          s.projection(), false);
    }
    if (keyed) {
      Expressions k = new Expressions();
      List<String> clauses = new ArrayList<>();
      for (KeyDef h : hashKeys) {
        clauses.add(k.name(h.name()) + " = " + k.value(equalities.get(h.name())));
      }
      if (rangeKeys.size() == 1) {
        String range = rangeClause(conjuncts, rangeKeys.get(0).name(), k);
        if (range != null) {
          clauses.add(range);
        }
      }
      return new Read(def.name(), index, ReadKind.QUERY, null, String.join(" AND ", clauses), k, forward, filter,
          filterExpressions, s.projection(), reachBack);
    }
    return new Read(def.name(), index, ReadKind.SCAN, null, null, null, true, filter, filterExpressions,
        s.projection(), reachBack);
  }

  /** ORDER BY names key attributes of a read that fixes the partition key; answers the direction. */
  private static boolean orderBy(Pq.Select s, boolean keyed, List<KeyDef> hashKeys, List<KeyDef> rangeKeys) {
    if (s.orderBy().isEmpty()) {
      return true;
    }
    if (!keyed) {
      throw Errors.invalid("Must have WHERE clause in the statement when using ORDER BY clause.");
    }
    for (Pq.Order o : s.orderBy()) {
      String name = o.path().root();
      boolean isKey = o.path().isTopLevel() && (hashKeys.stream().anyMatch(k -> k.name().equals(name))
          || rangeKeys.stream().anyMatch(k -> k.name().equals(name)));
      if (!isKey) {
        throw Errors.invalid("Variable reference " + name + " in ORDER BY clause is not a key attribute.");
      }
    }
    return s.orderBy().get(0).ascending();
  }

  /** The first top-level condition on the sort key a Query can use as its key range, or null. */
  private static String rangeClause(List<Pq.Cond> conjuncts, String range, Expressions k) {
    for (Pq.Cond c : conjuncts) {
      if (c instanceof Pq.Compare cmp && !cmp.op().equals("<>")) {
        if (isKeyPath(cmp.left(), range) && isValue(cmp.right())) {
          return k.name(range) + " " + cmp.op() + " " + k.value(((Pq.Value) cmp.right()).value());
        }
        if (isKeyPath(cmp.right(), range) && isValue(cmp.left())) {
          return k.name(range) + " " + flip(cmp.op()) + " " + k.value(((Pq.Value) cmp.left()).value());
        }
      } else if (c instanceof Pq.Between b && isKeyPath(b.subject(), range) && isValue(b.low()) && isValue(b.high())) {
        return k.name(range) + " BETWEEN " + k.value(((Pq.Value) b.low()).value()) + " AND "
            + k.value(((Pq.Value) b.high()).value());
      } else if (c instanceof Pq.FunctionCond f && f.call().name().equals("begins_with") && f.call().args().size() == 2
          && isKeyPath(f.call().args().get(0), range) && isValue(f.call().args().get(1))) {
        return "begins_with(" + k.name(range) + ", " + k.value(((Pq.Value) f.call().args().get(1)).value()) + ")";
      }
    }
    return null;
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

  private static boolean isKeyPath(Pq.Operand o, String name) {
    return o instanceof Pq.PathOperand p && p.path().isTopLevel() && p.path().root().equals(name);
  }

  private static boolean isValue(Pq.Operand o) {
    return o instanceof Pq.Value v && !v.missing();
  }

  /** The table's key from the WHERE's equalities, or the service's refusal when one is missing. */
  static Map<String, AttributeValue> fullKey(TableDef def, Pq.Cond where) {
    Map<String, AttributeValue> equalities = equalities(conjuncts(where));
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (KeyDef k : def.range() == null ? List.of(def.hash()) : List.of(def.hash(), def.range())) {
      AttributeValue v = equalities.get(k.name());
      if (v == null) {
        throw Errors.invalid(Errors.KEY_EQUALITY);
      }
      key.put(k.name(), v);
    }
    return key;
  }

  /** Whether the WHERE is exactly the table's key equalities, each once (a read inside a transaction). */
  static boolean isExactlyKey(TableDef def, Pq.Cond where) {
    List<Pq.Cond> conjuncts = conjuncts(where);
    int keyCount = def.range() == null ? 1 : 2;
    return conjuncts.size() == keyCount && equalities(conjuncts).size() == keyCount
        && withoutKeyEqualities(conjuncts, def).isEmpty();
  }

  static List<Pq.Cond> conjuncts(Pq.Cond where) {
    List<Pq.Cond> out = new ArrayList<>();
    if (where != null) {
      collect(where, out);
    }
    return out;
  }

  private static void collect(Pq.Cond c, List<Pq.Cond> out) {
    if (c instanceof Pq.And a) {
      collect(a.left(), out);
      collect(a.right(), out);
    } else {
      out.add(c);
    }
  }

  /** Top-level {@code attribute = value} conjuncts, the first for each attribute. */
  private static Map<String, AttributeValue> equalities(List<Pq.Cond> conjuncts) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (Pq.Cond c : conjuncts) {
      String[] name = new String[1];
      AttributeValue v = equality(c, name);
      if (v != null) {
        out.putIfAbsent(name[0], v);
      }
    }
    return out;
  }

  private static AttributeValue equality(Pq.Cond c, String[] name) {
    if (c instanceof Pq.Compare cmp && cmp.op().equals("=")) {
      Pq.Operand path = isValue(cmp.right()) ? cmp.left() : cmp.right();
      Pq.Operand value = isValue(cmp.right()) ? cmp.right() : cmp.left();
      if (path instanceof Pq.PathOperand p && p.path().isTopLevel() && isValue(value)) {
        name[0] = p.path().root();
        return ((Pq.Value) value).value();
      }
    }
    return null;
  }

  /** The conjuncts left once the first equality on each key attribute is taken out. */
  private static List<Pq.Cond> withoutKeyEqualities(List<Pq.Cond> conjuncts, TableDef def) {
    Set<String> taken = new LinkedHashSet<>();
    List<Pq.Cond> rest = new ArrayList<>();
    for (Pq.Cond c : conjuncts) {
      String[] name = new String[1];
      if (equality(c, name) != null && def.isKeyAttribute(name[0]) && taken.add(name[0])) {
        continue;
      }
      rest.add(c);
    }
    return rest;
  }

  private static Pq.Cond and(List<Pq.Cond> conds) {
    Pq.Cond out = conds.get(0);
    for (int i = 1; i < conds.size(); i++) {
      out = new Pq.And(out, conds.get(i));
    }
    return out;
  }

  private static IndexDef findIndex(TableDef def, String name) {
    for (IndexDef i : def.globalIndexes()) {
      if (i.name().equals(name)) {
        return i;
      }
    }
    for (IndexDef i : def.localIndexes()) {
      if (i.name().equals(name)) {
        return i;
      }
    }
    if (def.vectorIndex(name) != null) {
      // a SELECT of a vector index reads it as a Scan would (recorded: docs/vector-search.md)
      throw Errors.invalid("Scan operation not supported on this index type.");
    }
    throw Errors.invalid("The table does not have the specified index");
  }

  private static void refuseIndex(Pq.Source source) {
    if (source.index() != null) {
      throw Errors.invalid("Unsupported operation: an index cannot be written; name the table alone");
    }
  }

  /** The attributes an index holds, or null when it holds them all (ALL, or the table itself). */
  static Set<String> projectedAttributes(TableDef def, IndexDef index) {
    if (index == null || index.projection() == ProjectionType.ALL) {
      return null;
    }
    Set<String> out = new LinkedHashSet<>();
    out.add(def.hash().name());
    if (def.range() != null) {
      out.add(def.range().name());
    }
    index.hashKeys().forEach(k -> out.add(k.name()));
    index.rangeKeys().forEach(k -> out.add(k.name()));
    out.addAll(index.nonKeyAttributes());
    return out;
  }

  /** The top-level attribute names a condition reads, in the order written. */
  private static List<String> topLevelNames(Pq.Cond c) {
    List<String> out = new ArrayList<>();
    names(c, out);
    return out;
  }

  private static void names(Pq.Cond c, List<String> out) {
    if (c instanceof Pq.Compare cmp) {
      names(cmp.left(), out);
      names(cmp.right(), out);
    } else if (c instanceof Pq.In in) {
      names(in.subject(), out);
      in.candidates().forEach(o -> names(o, out));
    } else if (c instanceof Pq.Between b) {
      names(b.subject(), out);
      names(b.low(), out);
      names(b.high(), out);
    } else if (c instanceof Pq.And a) {
      names(a.left(), out);
      names(a.right(), out);
    } else if (c instanceof Pq.Or o) {
      names(o.left(), out);
      names(o.right(), out);
    } else if (c instanceof Pq.Not n) {
      names(n.operand(), out);
    } else if (c instanceof Pq.Is is) {
      names(is.subject(), out);
    } else if (c instanceof Pq.FunctionCond f) {
      names(f.call(), out);
    }
  }

  private static void names(Pq.Operand o, List<String> out) {
    if (o instanceof Pq.PathOperand p && !out.contains(p.path().root())) {
      out.add(p.path().root());
    } else if (o instanceof Pq.Call call) {
      call.args().forEach(a -> names(a, out));
    } else if (o instanceof Pq.Arithmetic a) {
      names(a.left(), out);
      names(a.right(), out);
    }
  }
}
