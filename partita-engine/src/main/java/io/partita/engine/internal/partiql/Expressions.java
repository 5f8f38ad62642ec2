package io.partita.engine.internal.partiql;

import io.partita.engine.internal.expr.ExpressionContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes PartiQL conditions, operands and update actions in DynamoDB's expression language, every
 * name a {@code #n} placeholder and every value a {@code :v} one. This is how a PartiQL statement
 * reaches the engine's one evaluator: its expressions are exactly those a client could have sent,
 * parsed (and cached) and bound by the expression language's own checks, so both forms answer the
 * same by construction and no rule of the expression language is checked twice. (Building the
 * expression trees directly would skip a cached parse but need a second copy of the parser's
 * checks: operand counts, nesting, functions and where they may be used.)
 */
final class Expressions {
  /** The condition functions of the expression language PartiQL statements may call. */
  private static final Set<String> CONDITION_FUNCTIONS =
      Set.of("begins_with", "contains", "attribute_type", "attribute_exists", "attribute_not_exists");

  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<String, String> placeholderOfName = new LinkedHashMap<>();
  private final Map<String, AttributeValue> values = new LinkedHashMap<>();

  /** The names and values written so far, to parse and bind the expressions that use them. */
  ExpressionContext context() {
    return new ExpressionContext(names, values);
  }

  String name(String attribute) {
    return placeholderOfName.computeIfAbsent(attribute, a -> {
      String p = "#n" + names.size();
      names.put(p, a);
      return p;
    });
  }

  String value(AttributeValue v) {
    String p = ":v" + values.size();
    values.put(p, v);
    return p;
  }

  String path(Pq.Path path) {
    StringBuilder out = new StringBuilder();
    for (Object e : path.elements()) {
      if (e instanceof String s) {
        if (!out.isEmpty()) {
          out.append('.');
        }
        out.append(name(s));
      } else {
        out.append('[').append(e).append(']');
      }
    }
    return out.toString();
  }

  String operand(Pq.Operand operand) {
    if (operand instanceof Pq.PathOperand p) {
      return path(p.path());
    }
    if (operand instanceof Pq.Value v) {
      if (v.missing()) {
        throw Errors.invalid("Unsupported operation: MISSING is only supported with IS MISSING");
      }
      return value(v.value());
    }
    if (operand instanceof Pq.Call c) {
      return call(c);
    }
    Pq.Arithmetic a = (Pq.Arithmetic) operand;
    return operand(a.left()) + (a.plus() ? " + " : " - ") + operand(a.right());
  }

  private String call(Pq.Call c) {
    List<String> args = new ArrayList<>();
    for (Pq.Operand a : c.args()) {
      args.add(operand(a));
    }
    return c.name() + "(" + String.join(", ", args) + ")";
  }

  String condition(Pq.Cond cond) {
    if (cond instanceof Pq.Compare c) {
      return compare(c);
    }
    if (cond instanceof Pq.In in) {
      List<String> candidates = new ArrayList<>();
      for (Pq.Operand o : in.candidates()) {
        candidates.add(operand(o));
      }
      return "(" + operand(in.subject()) + " IN (" + String.join(", ", candidates) + "))";
    }
    if (cond instanceof Pq.Between b) {
      return "(" + operand(b.subject()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high()) + ")";
    }
    if (cond instanceof Pq.And a) {
      return "(" + condition(a.left()) + " AND " + condition(a.right()) + ")";
    }
    if (cond instanceof Pq.Or o) {
      return "(" + condition(o.left()) + " OR " + condition(o.right()) + ")";
    }
    if (cond instanceof Pq.Not n) {
      return "(NOT " + condition(n.operand()) + ")";
    }
    if (cond instanceof Pq.Is is) {
      return is(is);
    }
    Pq.FunctionCond f = (Pq.FunctionCond) cond;
    if (!CONDITION_FUNCTIONS.contains(f.call().name())) {
      throw Errors.invalid("Unsupported function in condition: " + f.call().name());
    }
    return call(f.call());
  }

  /** {@code a = MISSING} is {@code a IS MISSING}; any other comparison is written as it stands. */
  private String compare(Pq.Compare c) {
    boolean leftMissing = c.left() instanceof Pq.Value v && v.missing();
    boolean rightMissing = c.right() instanceof Pq.Value v && v.missing();
    if ((leftMissing || rightMissing) && (c.op().equals("=") || c.op().equals("<>"))) {
      Pq.Operand other = leftMissing ? c.right() : c.left();
      if (other instanceof Pq.PathOperand) {
        return is(new Pq.Is(other, true, c.op().equals("<>")));
      }
    }
    return "(" + operand(c.left()) + " " + c.op() + " " + operand(c.right()) + ")";
  }

  private String is(Pq.Is is) {
    if (!(is.subject() instanceof Pq.PathOperand p)) {
      throw Errors.invalid("Unsupported operation: IS applies to an attribute path");
    }
    String path = path(p.path());
    if (is.missing()) {
      return (is.negated() ? "attribute_exists(" : "attribute_not_exists(") + path + ")";
    }
    // IS NULL holds of a NULL value; PartiQL's MISSING IS NULL is true as well.
    String test = "(attribute_type(" + path + ", " + value(AttributeValue.fromS("NULL")) + ") OR attribute_not_exists("
        + path + "))";
    return is.negated() ? "(NOT " + test + ")" : test;
  }

  /**
   * An UPDATE's SET and REMOVE actions as an UpdateExpression: {@code SET a = set_add(a, <<..>>)}
   * and {@code set_delete} become the ADD and DELETE actions they mean.
   */
  String update(List<Pq.Action> actions) {
    List<String> sets = new ArrayList<>();
    List<String> removes = new ArrayList<>();
    List<String> adds = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    for (Pq.Action action : actions) {
      if (action instanceof Pq.RemoveAction r) {
        removes.add(path(r.path()));
        continue;
      }
      Pq.SetAction s = (Pq.SetAction) action;
      if (s.value() instanceof Pq.Call c && (c.name().equals("set_add") || c.name().equals("set_delete"))) {
        if (c.args().size() != 2) {
          throw Errors.invalid("Incorrect number of operands for function: " + c.name());
        }
        String target = path(s.path());
        String clause = target + " " + operand(c.args().get(1));
        (c.name().equals("set_add") ? adds : deletes).add(clause);
        continue;
      }
      sets.add(path(s.path()) + " = " + operand(s.value()));
    }
    StringBuilder out = new StringBuilder();
    append(out, "SET ", sets);
    append(out, "REMOVE ", removes);
    append(out, "ADD ", adds);
    append(out, "DELETE ", deletes);
    return out.toString();
  }

  private static void append(StringBuilder out, String keyword, List<String> parts) {
    if (!parts.isEmpty()) {
      if (!out.isEmpty()) {
        out.append(' ');
      }
      out.append(keyword).append(String.join(", ", parts));
    }
  }
}
