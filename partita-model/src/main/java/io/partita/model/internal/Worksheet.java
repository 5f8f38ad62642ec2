package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;

import io.partita.model.AccessPattern;
import io.partita.model.AccessPattern.SortOp;

/** Renders the access-pattern worksheet: the planning table plus, per row, what serves it and the call it makes. */
public final class Worksheet {
  private Worksheet() {}

  public static String markdown(List<PatternModel> patterns) {
    StringBuilder out = new StringBuilder();
    out.append("| # | Access Pattern | Entry Entity | Filters / Range | Sort Direction | Frequency | Latency Budget"
        + " | Served By | Call |\n");
    out.append("|---|---|---|---|---|---|---|---|---|\n");
    int n = 1;
    for (PatternModel p : patterns) {
      AccessPattern<?> a = p.pattern();
      row(out, Integer.toString(n++), a.name(), a.entry(), a.range(), a.order(), a.frequency(), a.latency(),
          p.shape().label(), call(p));
    }
    return out.toString();
  }

  private static void row(StringBuilder out, String... cells) {
    out.append('|');
    for (String c : cells) {
      out.append(' ').append(c.replace("|", "\\|")).append(c.isEmpty() ? "" : " ").append('|');
    }
    out.append('\n');
  }

  /** The DynamoDB call, e.g. {@code Query gsi1: gsi1pk = "TAG#{tag}" AND begins_with(gsi1sk, "POST#")}. */
  static String call(PatternModel p) {
    if (p.sortOps().size() < 2) {
      return call(p, p.sortOp());
    }
    // a pattern with several sort conditions: the call each makes, the default first
    List<String> calls = new ArrayList<>();
    for (SortOp op : p.sortOps()) {
      calls.add(call(p, op));
    }
    return String.join(" or ", calls);
  }

  private static String call(PatternModel p, SortOp op) {
    KeyShape s = p.shape();
    String pk = s.partitionKey() + " = \"" + p.partition() + "\"";
    if (PatternModel.getItem(s, op)) {
      return "GetItem: " + pk + (op == SortOp.EQ ? ", " + s.sortKey() + " = \"" + p.sort() + "\"" : "");
    }
    String call = "Query " + (s.isTable() ? "table" : s.index()) + ": " + pk;
    // a multi-attribute key: every partition attribute, and the sort attributes before the last with =
    for (int i = 1; i < p.partitions().size(); i++) {
      call += " AND " + s.partitionKeys().get(i) + " = \"" + p.partitions().get(i) + "\"";
    }
    if (op == null) {
      return call;
    }
    for (int i = 0; i < p.sorts().size() - 1; i++) {
      call += " AND " + s.sortKeys().get(i) + " = \"" + p.sorts().get(i) + "\"";
    }
    String sk = s.sortKeys().get(p.sorts().size() - 1);
    String t = "\"" + p.sort() + "\"";
    switch (op) {
      case EQ:
        return call + " AND " + sk + " = " + t;
      case BEGINS_WITH:
        return call + " AND begins_with(" + sk + ", " + t + ")";
      case BETWEEN:
        return call + " AND " + sk + " BETWEEN " + t + " AND " + t;
      case GT:
        return call + " AND " + sk + " > " + t;
      case GTE:
        return call + " AND " + sk + " >= " + t;
      case LT:
        return call + " AND " + sk + " < " + t;
      default:
        return call + " AND " + sk + " <= " + t;
    }
  }
}
