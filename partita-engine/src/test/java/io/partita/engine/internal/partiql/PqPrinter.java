package io.partita.engine.internal.partiql;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes a parsed statement back as PartiQL text, every name quoted and every value a literal
 * (binary values, which PartiQL has no literal for, become {@code ?} parameters collected in
 * {@link #parameters}). The tests' own printer: parsing what it prints must give the same tree.
 */
final class PqPrinter {
  final List<AttributeValue> parameters = new ArrayList<>();

  String statement(Pq.Statement s) {
    if (s instanceof Pq.Select select) {
      return select(select);
    }
    if (s instanceof Pq.Insert i) {
      return "INSERT INTO " + source(i.source()) + " VALUE " + value(i.item());
    }
    if (s instanceof Pq.Update u) {
      StringBuilder out = new StringBuilder("UPDATE ").append(source(u.source()));
      for (Pq.Action a : u.actions()) {
        if (a instanceof Pq.SetAction set) {
          out.append(" SET ").append(path(set.path())).append(" = ").append(operand(set.value()));
        } else {
          out.append(" REMOVE ").append(path(((Pq.RemoveAction) a).path()));
        }
      }
      return out + where(u.where()) + returning(u.returning());
    }
    if (s instanceof Pq.Delete d) {
      return "DELETE FROM " + source(d.source()) + where(d.where()) + returning(d.returning());
    }
    return "EXISTS(" + select(((Pq.Exists) s).select()) + ")";
  }

  private String select(Pq.Select s) {
    List<String> projection = new ArrayList<>();
    if (s.projection() != null) {
      s.projection().forEach(p -> projection.add(path(p)));
    }
    StringBuilder out = new StringBuilder("SELECT ")
        .append(s.projection() == null ? "*" : String.join(", ", projection))
        .append(" FROM ").append(source(s.source())).append(where(s.where()));
    if (!s.orderBy().isEmpty()) {
      List<String> orders = new ArrayList<>();
      s.orderBy().forEach(o -> orders.add(path(o.path()) + (o.ascending() ? " ASC" : " DESC")));
      out.append(" ORDER BY ").append(String.join(", ", orders));
    }
    return out.toString();
  }

  private String where(Pq.Cond c) {
    return c == null ? "" : " WHERE " + cond(c);
  }

  private static String returning(Pq.Returning r) {
    return r == null ? "" : " " + r.text();
  }

  private static String source(Pq.Source s) {
    return quote(s.table()) + (s.index() == null ? "" : "." + quote(s.index()));
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  static String path(Pq.Path p) {
    StringBuilder out = new StringBuilder();
    for (Object e : p.elements()) {
      if (e instanceof String s) {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(quote(s));
      } else {
        out.append('[').append(e).append(']');
      }
    }
    return out.toString();
  }

  String cond(Pq.Cond c) {
    if (c instanceof Pq.Compare cmp) {
      return "(" + operand(cmp.left()) + " " + cmp.op() + " " + operand(cmp.right()) + ")";
    }
    if (c instanceof Pq.In in) {
      List<String> candidates = new ArrayList<>();
      in.candidates().forEach(o -> candidates.add(operand(o)));
      return "(" + operand(in.subject()) + " IN [" + String.join(", ", candidates) + "])";
    }
    if (c instanceof Pq.Between b) {
      return "(" + operand(b.subject()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high()) + ")";
    }
    if (c instanceof Pq.And a) {
      return "(" + cond(a.left()) + " AND " + cond(a.right()) + ")";
    }
    if (c instanceof Pq.Or o) {
      return "(" + cond(o.left()) + " OR " + cond(o.right()) + ")";
    }
    if (c instanceof Pq.Not n) {
      return "(NOT " + cond(n.operand()) + ")";
    }
    if (c instanceof Pq.Is is) {
      return "(" + operand(is.subject()) + " IS " + (is.negated() ? "NOT " : "") + (is.missing() ? "MISSING" : "NULL")
          + ")";
    }
    return operand(((Pq.FunctionCond) c).call());
  }

  String operand(Pq.Operand o) {
    if (o instanceof Pq.PathOperand p) {
      return path(p.path());
    }
    if (o instanceof Pq.Value v) {
      return v.missing() ? "MISSING" : value(v.value());
    }
    if (o instanceof Pq.Call call) {
      List<String> args = new ArrayList<>();
      call.args().forEach(a -> args.add(operand(a)));
      return call.name() + "(" + String.join(", ", args) + ")";
    }
    Pq.Arithmetic a = (Pq.Arithmetic) o;
    return "(" + operand(a.left()) + (a.plus() ? " + " : " - ") + operand(a.right()) + ")";
  }

  String value(AttributeValue v) {
    if (v.s() != null) {
      return "'" + v.s().replace("'", "''") + "'";
    }
    if (v.n() != null) {
      return v.n();
    }
    if (v.bool() != null) {
      return v.bool() ? "TRUE" : "FALSE";
    }
    if (Boolean.TRUE.equals(v.nul())) {
      return "NULL";
    }
    if (v.hasL()) {
      List<String> out = new ArrayList<>();
      v.l().forEach(e -> out.add(value(e)));
      return "[" + String.join(", ", out) + "]";
    }
    if (v.hasM()) {
      List<String> out = new ArrayList<>();
      for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
        out.add("'" + e.getKey().replace("'", "''") + "': " + value(e.getValue()));
      }
      return "{" + String.join(", ", out) + "}";
    }
    if (v.hasSs()) {
      List<String> out = new ArrayList<>();
      v.ss().forEach(e -> out.add("'" + e.replace("'", "''") + "'"));
      return "<<" + String.join(", ", out) + ">>";
    }
    if (v.hasNs()) {
      return "<<" + String.join(", ", v.ns()) + ">>";
    }
    parameters.add(v);
    return "?";
  }
}
