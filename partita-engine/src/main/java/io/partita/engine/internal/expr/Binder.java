package io.partita.engine.internal.expr;

import io.partita.engine.internal.expr.Ast.Call;
import io.partita.engine.internal.expr.Ast.Element;
import io.partita.engine.internal.expr.Ast.Operand;
import io.partita.engine.internal.expr.Operands.ConstVal;
import io.partita.engine.internal.expr.Operands.PathVal;
import io.partita.engine.internal.expr.Operands.SizeVal;
import io.partita.engine.internal.expr.Operands.Val;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Binds a parsed expression to one request's names and values. Errors found while binding are
 * collected and the first one in DynamoDB's order is thrown when binding ends.
 */
final class Binder {
  // Priorities: lower is reported first.
  private static final int NAME = 0;
  private static final int VALUE = 1;
  private static final int OVERLAP = 2;
  private static final int CONFLICT = 3;
  private static final int DISTINCT = 4;
  private static final int TYPE = 5;

  private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL");

  private final ExpressionContext context;
  private final String kind;
  private final String[] errors = new String[6];
  /** Top-level attribute names of every path bound, for rules on which attributes an expression may read. */
  private final java.util.Set<String> topLevelNames = new java.util.LinkedHashSet<>();

  Binder(ExpressionContext context, String kind) {
    this.context = context;
    this.kind = kind;
  }

  /**
   * Conditions report their first problem in the order written, whatever its kind: Amazon DynamoDB
   * answers {@code begins_with(a, :n) AND b = :missing} with the operand type of {@code :n} and the
   * other order with the undefined {@code :missing} (as a conformance suite run against the service
   * records). Updates and projections report by kind (priority).
   */
  private boolean inOrder;

  private void error(int priority, String message) {
    int slot = inOrder ? 0 : priority;
    if (errors[slot] == null) {
      errors[slot] = message;
    }
  }

  private <T> T done(T result) {
    for (String e : errors) {
      if (e != null) {
        throw ExprErrors.invalid(kind, e);
      }
    }
    return result;
  }

  java.util.Set<String> topLevelNames() {
    return topLevelNames;
  }

  // ---- shared ----

  DocPath path(Ast.Path path) {
    List<Object> out = new ArrayList<>(path.elements().size());
    for (Element e : path.elements()) {
      if (e instanceof Ast.Index index) {
        out.add(index.index());
      } else {
        Ast.Name name = (Ast.Name) e;
        if (name.placeholder()) {
          String resolved = context.resolveName(name.text());
          if (resolved == null) {
            error(NAME, ExprErrors.undefinedName(name.text()));
            resolved = name.text();
          }
          out.add(resolved);
        } else {
          out.add(name.text());
        }
      }
    }
    if (!out.isEmpty() && out.get(0) instanceof String first) {
      topLevelNames.add(first);
    }
    return new DocPath(out);
  }

  private AttributeValue value(String ref) {
    AttributeValue v = context.resolveValue(ref);
    if (v == null) {
      error(VALUE, ExprErrors.undefinedValue(ref));
    }
    return v;
  }

  /** The value of a {@code :placeholder} operand as the request gave it (numbers unnormalized). */
  private AttributeValue asWritten(Operand o, AttributeValue validated) {
    if (o instanceof Ast.ValueRef v) {
      AttributeValue raw = context.rawValue(v.name());
      return raw != null ? raw : validated;
    }
    return validated;
  }

  /** Overlapping or conflicting paths (updates and projections), reported in the order written. */
  private void checkPaths(List<DocPath> paths) {
    for (int j = 1; j < paths.size(); j++) {
      for (int i = 0; i < j; i++) {
        DocPath one = paths.get(i);
        DocPath two = paths.get(j);
        boolean differ = false;
        for (int k = 0; k < Math.min(one.size(), two.size()); k++) {
          Object a = one.get(k);
          Object b = two.get(k);
          if (a.getClass() != b.getClass()) {
            error(CONFLICT, ExprErrors.conflict(one, two));
            differ = true;
            break;
          }
          if (!a.equals(b)) {
            differ = true;
            break;
          }
        }
        if (!differ) {
          error(OVERLAP, ExprErrors.overlap(one, two));
        }
      }
    }
  }

  // ---- conditions ----

  /** DynamoDB refuses a constant that has no order (not N, S or B) as an operand of <, <=, >, >= or BETWEEN. */
  private void orderable(String operator, Val operand) {
    if (operand instanceof ConstVal c && c.value() != null) {
      AttributeValue.Type t = c.value().type();
      if (t != AttributeValue.Type.N && t != AttributeValue.Type.S && t != AttributeValue.Type.B) {
        error(TYPE, ExprErrors.operandType(operator, Values.typeName(c.value())));
      }
    }
  }

  Condition condition(Ast.Cond cond) {
    inOrder = true;
    return done(cond(cond));
  }

  private Condition cond(Ast.Cond c) {
    if (c instanceof Ast.Compare cmp) {
      Val left = operand(cmp.left());
      Val right = operand(cmp.right());
      distinct(cmp.op().symbol, left, right);
      if (cmp.op() != Ast.Comparator.EQ && cmp.op() != Ast.Comparator.NE) {
        orderable(cmp.op().symbol, left);
        orderable(cmp.op().symbol, right);
      }
      return new Conditions.Cmp(cmp.op(), left, right);
    }
    if (c instanceof Ast.Between b) {
      Val subject = operand(b.subject());
      Val low = operand(b.low());
      Val high = operand(b.high());
      orderable("BETWEEN", subject);
      orderable("BETWEEN", low);
      orderable("BETWEEN", high);
      if (low instanceof ConstVal lo && high instanceof ConstVal hi && lo.value() != null && hi.value() != null) {
        // the messages show the bounds as written ({N:1e2}, not {N:100}): Partita's choice, the
        // service's rendering could not be established
        if (lo.value().type() != hi.value().type()) {
          error(TYPE, ExprErrors.betweenTypes(asWritten(b.low(), lo.value()), asWritten(b.high(), hi.value())));
        } else {
          Integer order = Values.compare(lo.value(), hi.value());
          if (order != null && order > 0) {
            error(TYPE, ExprErrors.betweenOrder(asWritten(b.low(), lo.value()), asWritten(b.high(), hi.value())));
          }
        }
      }
      return new Conditions.Between(subject, low, high);
    }
    if (c instanceof Ast.In in) {
      Val subject = operand(in.subject());
      List<Val> candidates = new ArrayList<>();
      for (Operand o : in.candidates()) {
        candidates.add(operand(o));
      }
      return new Conditions.In(subject, List.copyOf(candidates));
    }
    if (c instanceof Ast.And and) {
      return new Conditions.And(cond(and.left()), cond(and.right()));
    }
    if (c instanceof Ast.Or or) {
      return new Conditions.Or(cond(or.left()), cond(or.right()));
    }
    if (c instanceof Ast.Not not) {
      return new Conditions.Not(cond(not.operand()));
    }
    return function(((Ast.FunctionCond) c).call());
  }

  private Condition function(Call call) {
    List<Val> args = new ArrayList<>();
    for (Operand o : call.args()) {
      args.add(operand(o));
    }
    String name = call.name();
    switch (name) {
      case "attribute_exists", "attribute_not_exists" -> {
        return new Conditions.Exists(((PathVal) args.get(0)).path(), name.equals("attribute_exists"));
      }
      case "attribute_type" -> {
        distinct(name, args.get(0), args.get(1));
        String type = null;
        AttributeValue t = constant(args.get(1));
        if (t == null) {
          if (!(args.get(1) instanceof ConstVal)) {
            error(TYPE, ExprErrors.operandType(name, typeOf(args.get(1))));
          }
        } else if (t.type() != AttributeValue.Type.S) {
          error(TYPE, ExprErrors.operandType(name, Values.typeName(t)));
        } else if (!TYPE_NAMES.contains(t.s())) {
          error(TYPE, ExprErrors.attributeTypeName(t.s()));
        } else {
          type = t.s();
        }
        return new Conditions.TypeIs(((PathVal) args.get(0)).path(), type);
      }
      case "begins_with" -> {
        distinct(name, args.get(0), args.get(1));
        for (Val v : args) {
          String type = staticType(v);
          if (type != null && !type.equals("S") && !type.equals("B")) {
            error(TYPE, ExprErrors.operandType(name, type));
          }
        }
        return new Conditions.BeginsWith(args.get(0), args.get(1));
      }
      default -> {
        distinct(name, args.get(0), args.get(1));
        return new Conditions.Contains(args.get(0), args.get(1));
      }
    }
  }

  private static AttributeValue constant(Val v) {
    return v instanceof ConstVal c ? c.value() : null;
  }

  /** The type of an operand known before evaluation (a value or a size), else null. */
  private static String staticType(Val v) {
    if (v instanceof ConstVal c && c.value() != null) {
      return Values.typeName(c.value());
    }
    return v instanceof SizeVal ? "N" : null;
  }

  /** DynamoDB's wording when the type of a path operand is not known: every type. */
  private static String typeOf(Val v) {
    String t = staticType(v);
    return t != null ? t : "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}";
  }

  private void distinct(String operator, Val a, Val b) {
    if (a instanceof PathVal x && b instanceof PathVal y && x.path().equals(y.path())) {
      error(DISTINCT, ExprErrors.notDistinct(operator, x.path()));
    }
  }

  private Val operand(Operand o) {
    if (o instanceof Ast.PathOperand p) {
      return new PathVal(path(p.path()));
    }
    if (o instanceof Ast.ValueRef v) {
      return new ConstVal(value(v.name()));
    }
    if (o instanceof Call call) {
      // in a condition, the parser lets only size() through as an operand
      Val arg = operand(call.args().get(0));
      String type = staticType(arg);
      if (type != null && (type.equals("N") || type.equals("BOOL") || type.equals("NULL"))) {
        error(TYPE, ExprErrors.operandType("size", type));
      }
      return new SizeVal(arg);
    }
    throw new IllegalStateException("arithmetic in a condition: " + o);
  }

  // ---- updates ----

  Update update(Ast.UpdateExpr u) {
    List<UpdateImpl.SetOp> sets = new ArrayList<>();
    for (Ast.SetAction s : u.sets()) {
      sets.add(new UpdateImpl.SetOp(path(s.path()), updateOperand(s.value())));
    }
    List<DocPath> removes = new ArrayList<>();
    for (Ast.Path p : u.removes()) {
      removes.add(path(p));
    }
    List<UpdateImpl.SetAction> adds = new ArrayList<>();
    for (Ast.AddAction a : u.adds()) {
      AttributeValue v = value(a.value().name());
      if (v != null && v.type() != AttributeValue.Type.N && !Values.isSet(v)) {
        error(TYPE, ExprErrors.actionOperandType("ADD", longTypeName(v)));
      }
      adds.add(new UpdateImpl.SetAction(path(a.path()), v));
    }
    List<UpdateImpl.SetAction> deletes = new ArrayList<>();
    for (Ast.DeleteAction d : u.deletes()) {
      AttributeValue v = value(d.value().name());
      if (v != null && !Values.isSet(v)) {
        error(TYPE, ExprErrors.actionOperandType("DELETE", longTypeName(v)));
      }
      deletes.add(new UpdateImpl.SetAction(path(d.path()), v));
    }
    List<DocPath> all = new ArrayList<>();
    for (Ast.Path p : u.paths()) {
      all.add(path(p));
    }
    checkPaths(all);
    return done(new UpdateImpl(sets, removes, adds, deletes, all));
  }

  private static String longTypeName(AttributeValue v) {
    return switch (v.type()) {
      case S -> "STRING";
      case N -> "NUMBER";
      case B -> "BINARY";
      case NUL -> "NULL";
      case BOOL -> "BOOLEAN";
      case L -> "LIST";
      case M -> "MAP";
      default -> Values.typeName(v);
    };
  }

  private Val updateOperand(Operand o) {
    if (o instanceof Ast.PathOperand p) {
      return new PathVal(path(p.path()));
    }
    if (o instanceof Ast.ValueRef v) {
      return new ConstVal(value(v.name()));
    }
    if (o instanceof Ast.Arithmetic a) {
      Val left = updateOperand(a.left());
      Val right = updateOperand(a.right());
      for (Val v : List.of(left, right)) {
        AttributeValue c = constant(v);
        if (c != null && c.type() != AttributeValue.Type.N) {
          error(TYPE, ExprErrors.operandType(a.plus() ? "+" : "-", Values.typeName(c)));
        }
      }
      return new Operands.Arith(a.plus(), left, right);
    }
    Call call = (Call) o;
    Val first = updateOperand(call.args().get(0));
    Val second = updateOperand(call.args().get(1));
    if (call.name().equals("if_not_exists")) {
      return new Operands.IfNotExists(((PathVal) first).path(), second);
    }
    for (Val v : List.of(first, second)) {
      AttributeValue c = constant(v);
      if (c != null && c.type() != AttributeValue.Type.L) {
        error(TYPE, ExprErrors.operandType("list_append", Values.typeName(c)));
      }
    }
    return new Operands.ListAppend(first, second);
  }

  // ---- projections ----

  Projection projection(Ast.ProjectionExpr p) {
    List<DocPath> paths = new ArrayList<>();
    for (Ast.Path path : p.paths()) {
      paths.add(path(path));
    }
    checkPaths(paths);
    return done(new ProjectionImpl(paths));
  }

}
