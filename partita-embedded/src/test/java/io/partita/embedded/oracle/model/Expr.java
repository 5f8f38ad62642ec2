package io.partita.embedded.oracle.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A small recursive-descent parser and a naive evaluator for DynamoDB's expressions (Developer Guide, "Using
 * expressions in DynamoDB"): condition and filter expressions, key conditions (parsed as conditions, checked by the
 * caller), update expressions and projection expressions.
 */
final class Expr {
  private Expr() {}

  // ------------------------------------------------------------------ AST

  /** A document path: names (String) and list indexes (Integer). */
  record Path(List<Object> elements) {
    String top() {
      return (String) elements.get(0);
    }

    @Override
    public String toString() {
      List<String> parts = new ArrayList<>();
      for (Object e : elements) parts.add(e instanceof Integer i ? "[" + i + "]" : (String) e);
      return "[" + String.join(", ", parts) + "]";
    }
  }

  sealed interface Op permits PathOp, ValOp, FnOp, ArithOp {}

  record PathOp(Path path) implements Op {}

  record ValOp(String name, AttributeValue value) implements Op {}

  /** size, if_not_exists, list_append. */
  record FnOp(String fn, List<Op> args) implements Op {}

  record ArithOp(char op, Op left, Op right) implements Op {}

  sealed interface Cond permits Cmp, Between, In, Fn, And, Or, Not {}

  record Cmp(String op, Op left, Op right) implements Cond {}

  record Between(Op x, Op lo, Op hi) implements Cond {}

  record In(Op x, List<Op> list) implements Cond {}

  /** attribute_exists, attribute_not_exists, attribute_type, begins_with, contains. */
  record Fn(String fn, List<Op> args) implements Cond {}

  record And(Cond left, Cond right) implements Cond {}

  record Or(Cond left, Cond right) implements Cond {}

  record Not(Cond c) implements Cond {}

  enum Action { SET, REMOVE, ADD, DELETE }

  record UpdateAction(Action action, Path path, Op value) {}

  // ------------------------------------------------------------------ names and values of one request

  /** The ExpressionAttributeNames and Values of a request, and which of them its expressions used. */
  static final class Ctx {
    final Map<String, String> names;
    final Map<String, AttributeValue> values;
    final Set<String> usedNames = new LinkedHashSet<>();
    final Set<String> usedValues = new LinkedHashSet<>();

    Ctx(Map<String, String> names, Map<String, AttributeValue> values) {
      this.names = names == null ? Map.of() : names;
      this.values = values == null ? Map.of() : values;
    }

    /** The unused-names and unused-values checks, made once all expressions of a request are parsed. */
    void checkAllUsed() {
      List<String> unused = new ArrayList<>();
      for (String n : names.keySet()) if (!usedNames.contains(n)) unused.add(n);
      if (!unused.isEmpty()) {
        throw Err.validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {"
            + String.join(", ", unused) + "}");
      }
      for (String v : values.keySet()) if (!usedValues.contains(v)) unused.add(v);
      if (!unused.isEmpty()) {
        throw Err.validation("Value provided in ExpressionAttributeValues unused in expressions: keys: {"
            + String.join(", ", unused) + "}");
      }
    }
  }

  // ------------------------------------------------------------------ tokens

  record Tok(String kind, String text) {
    boolean is(String t) {
      return (kind.equals("OP") && text.equals(t)) || (kind.equals("NAME") && text.equalsIgnoreCase(t));
    }
  }

  private static List<Tok> tokenize(String s, String what) {
    List<Tok> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) { i++; continue; }
      int j = i + 1;
      if (c == '#' || c == ':' || Character.isLetter(c) || c == '_') {
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) j++;
        String t = s.substring(i, j);
        if ((c == '#' || c == ':') && t.length() == 1) throw syntax(what, t, s);
        out.add(new Tok(c == '#' ? "HNAME" : c == ':' ? "VALUE" : "NAME", t));
      } else if (Character.isDigit(c)) {
        while (j < s.length() && Character.isDigit(s.charAt(j))) j++;
        out.add(new Tok("NUM", s.substring(i, j)));
      } else if (c == '<' || c == '>') {
        if (j < s.length() && (s.charAt(j) == '=' || (c == '<' && s.charAt(j) == '>'))) j++;
        out.add(new Tok("OP", s.substring(i, j)));
      } else if ("=(),.[]+-".indexOf(c) >= 0) {
        out.add(new Tok("OP", String.valueOf(c)));
      } else {
        throw syntax(what, String.valueOf(c), s);
      }
      i = j;
    }
    out.add(new Tok("EOF", "<EOF>"));
    return out;
  }

  static RuntimeException syntax(String what, String token, String near) {
    return Err.validation("Invalid " + what + ": Syntax error; token: " + (token.equals("<EOF>") ? "<EOF>" : "\"" + token + "\"")
        + ", near: \"" + near + "\"");
  }

  // ------------------------------------------------------------------ parser

  private static final Set<String> CONDITION_FUNCTIONS =
      Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains");
  private static final Set<String> OPERAND_FUNCTIONS = Set.of("size", "if_not_exists", "list_append");

  static final class Parser {
    final String what;
    final String text;
    final List<Tok> toks;
    final Ctx ctx;
    int pos;

    Parser(String what, String text, Ctx ctx) {
      this.what = what;
      this.text = text;
      this.ctx = ctx;
      if (text.isBlank()) throw Err.validation("Invalid " + what + ": The expression can not be empty;");
      this.toks = tokenize(text, what);
    }

    Tok peek() {
      return toks.get(pos);
    }

    Tok next() {
      return toks.get(pos++);
    }

    RuntimeException unexpected() {
      Tok t = peek();
      return syntax(what, t.text(), text);
    }

    void expect(String op) {
      if (!peek().is(op) || !peek().kind().equals("OP")) throw unexpected();
      pos++;
    }

    void end() {
      if (!peek().kind().equals("EOF")) throw unexpected();
    }

    RuntimeException invalid(String message) {
      return Err.validation("Invalid " + what + ": " + message);
    }

    // ---- paths and operands

    String name(Tok t) {
      if (t.kind().equals("HNAME")) {
        String n = ctx.names.get(t.text());
        if (n == null) {
          throw invalid("An expression attribute name used in the document path is not defined; attribute name: " + t.text());
        }
        ctx.usedNames.add(t.text());
        return n;
      }
      if (Reserved.is(t.text())) throw invalid("Attribute name is a reserved keyword; reserved keyword: " + t.text());
      return t.text();
    }

    boolean atPath() {
      String k = peek().kind();
      return k.equals("NAME") || k.equals("HNAME");
    }

    Path path() {
      Tok t = next();
      if (!t.kind().equals("NAME") && !t.kind().equals("HNAME")) {
        pos--;
        throw unexpected();
      }
      List<Object> el = new ArrayList<>();
      el.add(name(t));
      while (true) {
        if (peek().is(".") && peek().kind().equals("OP")) {
          pos++;
          Tok n = next();
          if (!n.kind().equals("NAME") && !n.kind().equals("HNAME")) {
            pos--;
            throw unexpected();
          }
          el.add(name(n));
        } else if (peek().is("[") && peek().kind().equals("OP")) {
          pos++;
          Tok n = next();
          if (!n.kind().equals("NUM")) {
            pos--;
            throw unexpected();
          }
          el.add(Integer.parseInt(n.text()));
          expect("]");
        } else {
          break;
        }
      }
      return new Path(el);
    }

    ValOp value() {
      Tok t = next();
      AttributeValue v = ctx.values.get(t.text());
      if (v == null) throw invalid("An expression attribute value used in expression is not defined; attribute value: " + t.text());
      ctx.usedValues.add(t.text());
      return new ValOp(t.text(), v);
    }

    /** A path, a value, or a function call (size in conditions; if_not_exists and list_append in SET). */
    Op operand(boolean update) {
      Tok t = peek();
      if (t.kind().equals("VALUE")) return value();
      if (t.kind().equals("NAME") && toks.get(pos + 1).is("(") && toks.get(pos + 1).kind().equals("OP")) {
        String fn = t.text();
        if (!OPERAND_FUNCTIONS.contains(fn) && !CONDITION_FUNCTIONS.contains(fn)) throw invalid("Invalid function name; function: " + fn);
        // an update's function in a condition (issue 34)
        if (!update && (fn.equals("if_not_exists") || fn.equals("list_append"))) {
          throw invalid("The function is not allowed in a condition expression; function: " + fn);
        }
        pos += 2;
        List<Op> args = args(update);
        boolean allowed = update ? (fn.equals("if_not_exists") || fn.equals("list_append")) : fn.equals("size");
        if (!allowed) throw invalid("The function is not allowed to be used this way in an expression; function: " + fn);
        checkOperandFunction(fn, args);
        return new FnOp(fn, args);
      }
      if (atPath()) return new PathOp(path());
      throw unexpected();
    }

    List<Op> args(boolean update) {
      List<Op> args = new ArrayList<>();
      if (peek().is(")") && peek().kind().equals("OP")) throw unexpected();
      while (true) {
        args.add(update ? setValue(false) : operand(false));
        if (peek().is(",") && peek().kind().equals("OP")) {
          pos++;
          continue;
        }
        expect(")");
        return args;
      }
    }

    void count(String fn, List<Op> args, int n) {
      if (args.size() != n) {
        throw invalid("Incorrect number of operands for operator or function; operator or function: " + fn
            + ", number of operands: " + args.size());
      }
    }

    void needPath(String fn, Op op) {
      if (!(op instanceof PathOp)) throw invalid("Operator or function requires a document path; operator or function: " + fn);
    }

    void operandType(String fn, Op op, Set<String> allowed) {
      if (op instanceof ValOp v && !allowed.contains(Vals.type(v.value()))) {
        throw invalid("Incorrect operand type for operator or function; operator or function: " + fn + ", operand type: "
            + Vals.type(v.value()));
      }
    }

    void checkOperandFunction(String fn, List<Op> args) {
      switch (fn) {
        case "size" -> { count(fn, args, 1); needPath(fn, args.get(0)); }
        case "if_not_exists" -> { count(fn, args, 2); needPath(fn, args.get(0)); }
        default -> {
          count(fn, args, 2);
          for (Op a : args) operandType(fn, a, Set.of("L"));
        }
      }
    }

    // ---- conditions

    Cond condition() {
      Cond c = and();
      while (peek().is("OR") && peek().kind().equals("NAME")) {
        pos++;
        c = new Or(c, and());
      }
      return c;
    }

    Cond and() {
      Cond c = not();
      while (peek().is("AND") && peek().kind().equals("NAME")) {
        pos++;
        c = new And(c, not());
      }
      return c;
    }

    Cond not() {
      if (peek().is("NOT") && peek().kind().equals("NAME")) {
        pos++;
        return new Not(not());
      }
      return primary();
    }

    Cond primary() {
      Tok t = peek();
      if (t.is("(") && t.kind().equals("OP")) {
        pos++;
        Cond c = condition();
        expect(")");
        return c;
      }
      if (t.kind().equals("NAME") && CONDITION_FUNCTIONS.contains(t.text()) && toks.get(pos + 1).is("(")) {
        pos += 2;
        List<Op> args = args(false);
        return function(t.text(), args);
      }
      Op left = operand(false);
      Tok op = peek();
      if (op.kind().equals("OP") && Set.of("=", "<>", "<", "<=", ">", ">=").contains(op.text())) {
        pos++;
        Op right = operand(false);
        if (!op.text().equals("=") && !op.text().equals("<>")) {
          operandType(op.text(), left, Set.of("S", "N", "B"));
          operandType(op.text(), right, Set.of("S", "N", "B"));
        }
        distinct(op.text(), left, right);
        return new Cmp(op.text(), left, right);
      }
      if (op.is("BETWEEN") && op.kind().equals("NAME")) {
        pos++;
        Op lo = operand(false);
        if (!peek().is("AND") || !peek().kind().equals("NAME")) throw unexpected();
        pos++;
        Op hi = operand(false);
        operandType("BETWEEN", left, Set.of("S", "N", "B"));
        operandType("BETWEEN", lo, Set.of("S", "N", "B"));
        operandType("BETWEEN", hi, Set.of("S", "N", "B"));
        if (lo instanceof ValOp l && hi instanceof ValOp h) {
          if (!Vals.type(l.value()).equals(Vals.type(h.value()))) {
            throw invalid("The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: "
                + describe(l.value()) + ", upper bound operand: " + describe(h.value()));
          }
          if (Vals.compare(l.value(), h.value()) > 0) {
            throw invalid("The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: "
                + describe(l.value()) + ", upper bound operand: " + describe(h.value()));
          }
        }
        return new Between(left, lo, hi);
      }
      if (op.is("IN") && op.kind().equals("NAME")) {
        pos++;
        expect("(");
        List<Op> list = new ArrayList<>();
        while (true) {
          list.add(operand(false));
          if (peek().is(",") && peek().kind().equals("OP")) {
            pos++;
            continue;
          }
          expect(")");
          break;
        }
        if (list.size() > 100) throw invalid("The IN operator accepts at most 100 operands; number of operands: " + list.size());
        return new In(left, list);
      }
      throw unexpected();
    }

    void distinct(String op, Op left, Op right) {
      if (left instanceof PathOp l && right instanceof PathOp r && l.path().equals(r.path())) {
        throw invalid("The first operand must be distinct from the remaining operands for this operator or function; operator: "
            + op + ", first operand: " + l.path());
      }
    }

    Cond function(String fn, List<Op> args) {
      switch (fn) {
        case "attribute_exists", "attribute_not_exists" -> {
          count(fn, args, 1);
          needPath(fn, args.get(0));
        }
        case "attribute_type" -> {
          count(fn, args, 2);
          needPath(fn, args.get(0));
          operandType(fn, args.get(1), Set.of("S"));
          if (args.get(1) instanceof ValOp v && !Set.of("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M").contains(v.value().s())) {
            throw invalid("Invalid attribute type name found; type: " + v.value().s()
                + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
          }
        }
        case "begins_with" -> {
          count(fn, args, 2);
          operandType(fn, args.get(0), Set.of("S", "B"));
          operandType(fn, args.get(1), Set.of("S", "B"));
        }
        default -> count(fn, args, 2);
      }
      return new Fn(fn, args);
    }

    // ---- update expressions

    Op setValue(boolean top) {
      Op left = operand(true);
      Tok t = peek();
      if (t.kind().equals("OP") && (t.text().equals("+") || t.text().equals("-"))) {
        pos++;
        Op right = operand(true);
        operandType(t.text(), left, Set.of("N"));
        operandType(t.text(), right, Set.of("N"));
        return new ArithOp(t.text().charAt(0), left, right);
      }
      return left;
    }

    List<UpdateAction> update() {
      List<UpdateAction> actions = new ArrayList<>();
      Set<Action> seen = new java.util.HashSet<>();
      do {
        Tok t = next();
        Action a;
        if (t.kind().equals("NAME") && t.text().equalsIgnoreCase("SET")) a = Action.SET;
        else if (t.kind().equals("NAME") && t.text().equalsIgnoreCase("REMOVE")) a = Action.REMOVE;
        else if (t.kind().equals("NAME") && t.text().equalsIgnoreCase("ADD")) a = Action.ADD;
        else if (t.kind().equals("NAME") && t.text().equalsIgnoreCase("DELETE")) a = Action.DELETE;
        else {
          pos--;
          throw unexpected();
        }
        if (!seen.add(a)) throw invalid("The \"" + a + "\" section can only be used once in an update expression;");
        while (true) {
          Path p = path();
          Op v = null;
          switch (a) {
            case SET -> {
              expect("=");
              v = setValue(true);
            }
            case ADD, DELETE -> {
              if (!peek().kind().equals("VALUE")) throw unexpected();
              v = value();
            }
            default -> {}
          }
          actions.add(new UpdateAction(a, p, v));
          if (peek().is(",") && peek().kind().equals("OP")) {
            pos++;
            continue;
          }
          break;
        }
      } while (!peek().kind().equals("EOF"));
      // operand types of ADD and DELETE, then overlapping paths
      for (UpdateAction u : actions) {
        if (u.action() == Action.ADD || u.action() == Action.DELETE) {
          String type = Vals.type(((ValOp) u.value()).value());
          boolean ok = u.action() == Action.ADD ? Set.of("N", "SS", "NS", "BS").contains(type) : Set.of("SS", "NS", "BS").contains(type);
          if (!ok) {
            throw invalid("Incorrect operand type for operator or function; operator: " + u.action() + ", operand type: "
                + typeWord(type));
          }
        }
      }
      for (int i = 0; i < actions.size(); i++) {
        for (int j = 0; j < i; j++) {
          String clash = clash(actions.get(j).path(), actions.get(i).path());
          if (clash != null) {
            throw invalid("Two document paths " + clash + " with each other; must remove or rewrite one of these paths; path one: "
                + actions.get(j).path() + ", path two: " + actions.get(i).path());
          }
        }
      }
      return actions;
    }

    // ---- projections

    List<Path> projection() {
      List<Path> paths = new ArrayList<>();
      while (true) {
        paths.add(path());
        if (peek().is(",") && peek().kind().equals("OP")) {
          pos++;
          continue;
        }
        end();
        break;
      }
      for (int i = 0; i < paths.size(); i++) {
        for (int j = 0; j < i; j++) {
          String clash = clash(paths.get(j), paths.get(i));
          if (clash != null) {
            throw invalid("Two document paths " + clash + " with each other; must remove or rewrite one of these paths; path one: "
                + paths.get(j) + ", path two: " + paths.get(i));
          }
        }
      }
      return paths;
    }
  }

  /** The type word DynamoDB uses in ADD and DELETE operand messages. */
  static String typeWord(String t) {
    return switch (t) {
      case "S" -> "STRING";
      case "N" -> "NUMBER";
      case "B" -> "BINARY";
      case "BOOL" -> "BOOLEAN";
      case "SS" -> "STRING_SET";
      case "NS" -> "NUMBER_SET";
      case "BS" -> "BINARY_SET";
      case "L" -> "LIST";
      case "M" -> "MAP";
      default -> t;
    };
  }

  /** "overlap" when one path is a prefix of the other (or equal), "conflict" when they part as a name and an index. */
  static String clash(Path a, Path b) {
    int n = Math.min(a.elements().size(), b.elements().size());
    for (int i = 0; i < n; i++) {
      Object x = a.elements().get(i), y = b.elements().get(i);
      if (x.equals(y)) continue;
      if ((x instanceof Integer) != (y instanceof Integer)) return "conflict";
      return null;
    }
    return "overlap";
  }

  static String describe(AttributeValue v) {
    String t = Vals.type(v);
    String body = switch (t) {
      case "S" -> v.s();
      case "N" -> v.n();
      case "B" -> java.util.Base64.getEncoder().encodeToString(v.b().asByteArray());
      default -> String.valueOf(v);
    };
    return "AttributeValue: {" + t + ":" + body + "}";
  }

  // ------------------------------------------------------------------ entry points

  static Cond parseCondition(String what, String text, Ctx ctx) {
    Parser p = new Parser(what, text, ctx);
    Cond c = p.condition();
    p.end();
    return c;
  }

  static List<UpdateAction> parseUpdate(String text, Ctx ctx) {
    Parser p = new Parser("UpdateExpression", text, ctx);
    List<UpdateAction> u = p.update();
    p.end();
    return u;
  }

  static List<Path> parseProjection(String text, Ctx ctx) {
    return new Parser("ProjectionExpression", text, ctx).projection();
  }

  // ------------------------------------------------------------------ evaluation

  /** The value at {@code path} in {@code item}, or null. */
  static AttributeValue get(Map<String, AttributeValue> item, Path path) {
    AttributeValue v = item.get(path.top());
    for (int i = 1; i < path.elements().size() && v != null; i++) {
      Object e = path.elements().get(i);
      if (e instanceof Integer idx) {
        v = "L".equals(Vals.type(v)) && idx < v.l().size() ? v.l().get(idx) : null;
      } else {
        v = "M".equals(Vals.type(v)) ? v.m().get(e) : null;
      }
    }
    return v;
  }

  /** An operand's value in a condition (null: it has none). */
  static AttributeValue eval(Op op, Map<String, AttributeValue> item) {
    if (op instanceof ValOp v) return v.value();
    if (op instanceof PathOp p) return get(item, p.path());
    FnOp f = (FnOp) op;
    // size: UTF-8 bytes of S, bytes of B, elements of sets, lists and maps; nothing for other types
    AttributeValue x = eval(f.args().get(0), item);
    if (x == null) return null;
    Integer size = switch (Vals.type(x)) {
      case "S" -> Vals.utf8(x.s()).length;
      case "B" -> x.b().asByteArray().length;
      case "SS" -> x.ss().size();
      case "NS" -> x.ns().size();
      case "BS" -> x.bs().size();
      case "L" -> x.l().size();
      case "M" -> x.m().size();
      default -> null;
    };
    return size == null ? null : AttributeValue.fromN(size.toString());
  }

  static boolean ordered(AttributeValue a, AttributeValue b) {
    return a != null && b != null && Vals.type(a).equals(Vals.type(b)) && Vals.isScalarKeyType(Vals.type(a));
  }

  static boolean test(Cond c, Map<String, AttributeValue> item) {
    if (c instanceof And a) return test(a.left(), item) && test(a.right(), item);
    if (c instanceof Or o) return test(o.left(), item) || test(o.right(), item);
    if (c instanceof Not n) return !test(n.c(), item);
    if (c instanceof Cmp cmp) {
      AttributeValue l = eval(cmp.left(), item), r = eval(cmp.right(), item);
      switch (cmp.op()) {
        case "=": return l != null && r != null && Vals.equal(l, r);
        // an operand without a value differs from any value (as the legacy NE comparison documents)
        case "<>": return l == null || r == null || !Vals.equal(l, r);
        default: {
          if (!ordered(l, r)) return false;
          int k = Vals.compare(l, r);
          return switch (cmp.op()) {
            case "<" -> k < 0;
            case "<=" -> k <= 0;
            case ">" -> k > 0;
            default -> k >= 0;
          };
        }
      }
    }
    if (c instanceof Between b) {
      AttributeValue x = eval(b.x(), item), lo = eval(b.lo(), item), hi = eval(b.hi(), item);
      return ordered(x, lo) && ordered(x, hi) && Vals.compare(x, lo) >= 0 && Vals.compare(x, hi) <= 0;
    }
    if (c instanceof In in) {
      AttributeValue x = eval(in.x(), item);
      if (x == null) return false;
      for (Op o : in.list()) {
        AttributeValue y = eval(o, item);
        if (y != null && Vals.equal(x, y)) return true;
      }
      return false;
    }
    Fn f = (Fn) c;
    AttributeValue x = eval(f.args().get(0), item);
    switch (f.fn()) {
      case "attribute_exists": return x != null;
      case "attribute_not_exists": return x == null;
      case "attribute_type": return x != null && Vals.type(x).equals(eval(f.args().get(1), item).s());
      case "begins_with": {
        AttributeValue p = eval(f.args().get(1), item);
        if (x == null || p == null || !Vals.type(x).equals(Vals.type(p))) return false;
        if ("S".equals(Vals.type(x))) return x.s().startsWith(p.s());
        if ("B".equals(Vals.type(x))) {
          byte[] a = x.b().asByteArray(), pre = p.b().asByteArray();
          return a.length >= pre.length && java.util.Arrays.equals(java.util.Arrays.copyOf(a, pre.length), pre);
        }
        return false;
      }
      default: { // contains
        AttributeValue v = eval(f.args().get(1), item);
        if (x == null || v == null) return false;
        String tv = Vals.type(v);
        switch (Vals.type(x)) {
          case "S": return tv.equals("S") && x.s().contains(v.s());
          case "B": {
            if (!tv.equals("B")) return false;
            return indexOf(x.b().asByteArray(), v.b().asByteArray()) >= 0;
          }
          case "SS": return tv.equals("S") && x.ss().contains(v.s());
          case "NS": {
            if (!tv.equals("N")) return false;
            for (String n : x.ns()) if (Vals.num(n).compareTo(Vals.num(v.n())) == 0) return true;
            return false;
          }
          case "BS": return tv.equals("B") && x.bs().contains(v.b());
          case "L": {
            for (AttributeValue e : x.l()) if (Vals.equal(e, v)) return true;
            return false;
          }
          default: return false;
        }
      }
    }
  }

  private static int indexOf(byte[] a, byte[] b) {
    outer:
    for (int i = 0; i + b.length <= a.length; i++) {
      for (int j = 0; j < b.length; j++) if (a[i + j] != b[j]) continue outer;
      return i;
    }
    return -1;
  }

  /** All the paths a condition, filter or projection reads (top-level names are what matter to callers). */
  static void paths(Object node, List<Path> out) {
    if (node instanceof PathOp p) out.add(p.path());
    else if (node instanceof FnOp f) f.args().forEach(a -> paths(a, out));
    else if (node instanceof ArithOp a) { paths(a.left(), out); paths(a.right(), out); }
    else if (node instanceof Cmp c) { paths(c.left(), out); paths(c.right(), out); }
    else if (node instanceof Between b) { paths(b.x(), out); paths(b.lo(), out); paths(b.hi(), out); }
    else if (node instanceof In in) { paths(in.x(), out); in.list().forEach(o -> paths(o, out)); }
    else if (node instanceof Fn f) f.args().forEach(a -> paths(a, out));
    else if (node instanceof And a) { paths(a.left(), out); paths(a.right(), out); }
    else if (node instanceof Or o) { paths(o.left(), out); paths(o.right(), out); }
    else if (node instanceof Not n) paths(n.c(), out);
  }

  // ------------------------------------------------------------------ projection

  /** The item restricted to the given paths (list elements picked keep their relative order, compacted). */
  static Map<String, AttributeValue> project(Map<String, AttributeValue> item, List<Path> paths) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (Path p : paths) {
      AttributeValue v = get(item, p);
      if (v == null) continue;
      merge(out, p.elements(), 0, item);
    }
    return out;
  }

  /** Copies the value at elements[i..] of {@code source} (a map level) into {@code target}. */
  private static void merge(Map<String, AttributeValue> target, List<Object> el, int i, Map<String, AttributeValue> source) {
    String name = (String) el.get(i);
    AttributeValue v = source.get(name);
    if (i == el.size() - 1) {
      target.put(name, v);
      return;
    }
    target.put(name, mergeInto(target.get(name), el, i + 1, v));
  }

  private static AttributeValue mergeInto(AttributeValue existing, List<Object> el, int i, AttributeValue source) {
    Object e = el.get(i);
    if (e instanceof Integer idx) {
      // a partial list: kept as a sorted map from original index to the value picked so far
      TreeListHolder h = existing == null ? new TreeListHolder() : TreeListHolder.of(existing);
      AttributeValue child = source.l().get(idx);
      h.items.put(idx, i == el.size() - 1 ? child : mergeInto(h.items.get(idx), el, i + 1, child));
      return h.toValue();
    }
    Map<String, AttributeValue> m = existing == null ? new LinkedHashMap<>() : new LinkedHashMap<>(existing.m());
    AttributeValue child = source.m().get(e);
    m.put((String) e, i == el.size() - 1 ? child : mergeInto(m.get(e), el, i + 1, child));
    return AttributeValue.fromM(m);
  }

  /**
   * A list under construction by a projection, remembering the original index of each element it holds (a list
   * AttributeValue cannot carry them, so they ride along in a side table keyed by identity).
   */
  private static final class TreeListHolder {
    static final Map<AttributeValue, java.util.TreeMap<Integer, AttributeValue>> ORIGINS =
        java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
    java.util.TreeMap<Integer, AttributeValue> items = new java.util.TreeMap<>();

    static TreeListHolder of(AttributeValue v) {
      TreeListHolder h = new TreeListHolder();
      java.util.TreeMap<Integer, AttributeValue> o = ORIGINS.remove(v);
      if (o != null) h.items = o;
      return h;
    }

    AttributeValue toValue() {
      AttributeValue v = AttributeValue.fromL(new ArrayList<>(items.values()));
      ORIGINS.put(v, items);
      return v;
    }
  }

  /** Forgets the side table of partial lists once a projection is done. */
  static void doneProjecting() {
    TreeListHolder.ORIGINS.clear();
  }

  // ------------------------------------------------------------------ update

  static final String INCORRECT_DATA_TYPE = "An operand in the update expression has an incorrect data type";
  static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";
  static final String MISSING_ATTRIBUTE = "The provided expression refers to an attribute that does not exist in the item";

  /** A value of a SET action, computed on the item as it was before the update. */
  static AttributeValue setValue(Op op, Map<String, AttributeValue> old) {
    if (op instanceof ValOp v) return v.value();
    if (op instanceof PathOp p) {
      AttributeValue v = get(old, p.path());
      if (v == null) throw Err.validation(MISSING_ATTRIBUTE);
      return v;
    }
    if (op instanceof ArithOp a) {
      AttributeValue l = setValue(a.left(), old), r = setValue(a.right(), old);
      if (!"N".equals(Vals.type(l)) || !"N".equals(Vals.type(r))) throw Err.validation(INCORRECT_DATA_TYPE);
      BigDecimal x = Vals.num(l.n()), y = Vals.num(r.n());
      return number(a.op() == '+' ? Vals.add(x, y) : Vals.add(x, y.negate()));
    }
    FnOp f = (FnOp) op;
    if (f.fn().equals("if_not_exists")) {
      AttributeValue v = get(old, ((PathOp) f.args().get(0)).path());
      return v != null ? v : setValue(f.args().get(1), old);
    }
    AttributeValue l = setValue(f.args().get(0), old), r = setValue(f.args().get(1), old);
    if (!"L".equals(Vals.type(l)) || !"L".equals(Vals.type(r))) throw Err.validation(INCORRECT_DATA_TYPE);
    List<AttributeValue> all = new ArrayList<>(l.l());
    all.addAll(r.l());
    return AttributeValue.fromL(all);
  }

  /**
   * The result of {@code +}, {@code -} or ADD, computed exactly: a result DynamoDB cannot store exactly (more than 38
   * significant digits) is refused, not rounded. Amazon DynamoDB words that as an overflow, whatever the magnitude
   * (scylladb's test_number.py::test_update_expression_plus_imprecise, run against Amazon DynamoDB: 1e50 + 1).
   */
  static AttributeValue number(BigDecimal d) {
    String p = Vals.numberRangeProblem(d);
    if (p != null && p.startsWith("Attempting to store more than 38")) p = OVERFLOW;
    if (p != null) throw Err.validation(p);
    return Vals.n(d);
  }

  /** A SET's path less its last element when that is a list index; the whole path otherwise. */
  private static String parentOf(UpdateAction a) {
    List<Object> e = a.path().elements();
    return (e.get(e.size() - 1) instanceof Integer ? e.subList(0, e.size() - 1) : e).toString();
  }

  private static int lastIndexOf(UpdateAction a) {
    List<Object> e = a.path().elements();
    return e.get(e.size() - 1) instanceof Integer i ? i : -1;
  }

  static final String OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";

  /** Applies the actions to a copy of {@code old}; throws a ValidationException on a runtime error. */
  static Map<String, AttributeValue> apply(List<UpdateAction> actions, Map<String, AttributeValue> old) {
    // every operand is read from the item as it was before the update
    List<AttributeValue> values = new ArrayList<>();
    for (UpdateAction a : actions) values.add(a.action() == Action.SET ? setValue(a.value(), old) : null);
    Map<String, AttributeValue> item = new LinkedHashMap<>(old);
    // SETs of list elements: lowest index first, so that several past a list's end are appended in
    // the order of their indexes (Developer Guide, "Using update expressions")
    List<Integer> setOrder = new ArrayList<>();
    for (int i = 0; i < actions.size(); i++) if (actions.get(i).action() == Action.SET) setOrder.add(i);
    // (the paths are distinct and none holds another, so any order of the rest is the same update)
    setOrder.sort(java.util.Comparator.comparing((Integer x) -> parentOf(actions.get(x)))
        .thenComparingInt(x -> lastIndexOf(actions.get(x))));
    for (int i : setOrder) write(item, actions.get(i).path(), values.get(i), false);
    // REMOVE of list elements: highest index first, so that each index names the element it named before
    List<UpdateAction> removes = new ArrayList<>();
    for (UpdateAction a : actions) if (a.action() == Action.REMOVE) removes.add(a);
    removes.sort((x, y) -> {
      List<Object> ex = x.path().elements(), ey = y.path().elements();
      Object lx = ex.get(ex.size() - 1), ly = ey.get(ey.size() - 1);
      if (lx instanceof Integer ix && ly instanceof Integer iy) return Integer.compare(iy, ix);
      return 0;
    });
    for (UpdateAction a : removes) remove(item, a.path());
    for (UpdateAction a : actions) {
      if (a.action() != Action.ADD && a.action() != Action.DELETE) continue;
      AttributeValue operand = ((ValOp) a.value()).value();
      AttributeValue current = get(item, a.path());
      if (a.action() == Action.ADD) {
        AttributeValue result;
        if (current == null) {
          result = operand;
        } else if ("N".equals(Vals.type(operand))) {
          if (!"N".equals(Vals.type(current))) throw Err.validation(INCORRECT_DATA_TYPE);
          result = number(Vals.add(Vals.num(current.n()), Vals.num(operand.n())));
        } else {
          if (!Vals.type(current).equals(Vals.type(operand))) throw Err.validation(INCORRECT_DATA_TYPE);
          LinkedHashMap<Object, Object> union = Vals.setElements(current);
          Vals.setElements(operand).forEach(union::putIfAbsent);
          result = Vals.setOf(Vals.type(current), union.values());
        }
        write(item, a.path(), result, true);
      } else {
        if (current == null) {
          // nothing to delete from; but the path up to it must be there, as for any other action
          checkParent(item, a.path());
          continue;
        }
        if (!Vals.type(current).equals(Vals.type(operand))) throw Err.validation(INCORRECT_DATA_TYPE);
        LinkedHashMap<Object, Object> rest = Vals.setElements(current);
        Vals.setElements(operand).keySet().forEach(rest::remove);
        if (rest.isEmpty()) remove(item, a.path());
        else write(item, a.path(), Vals.setOf(Vals.type(current), rest.values()), true);
      }
    }
    return item;
  }

  /** A ValidationException unless the container of the path's last element exists with the type the element needs. */
  private static void checkParent(Map<String, AttributeValue> item, Path path) {
    List<Object> el = path.elements();
    if (el.size() == 1) return;
    AttributeValue parent = get(item, new Path(el.subList(0, el.size() - 1)));
    Object last = el.get(el.size() - 1);
    if (parent == null || !Vals.type(parent).equals(last instanceof Integer ? "L" : "M")) throw Err.validation(INVALID_PATH);
  }

  /** Writes {@code value} at {@code path}; the parent must exist with the right type. */
  private static void write(Map<String, AttributeValue> item, Path path, AttributeValue value, boolean addOrDelete) {
    List<Object> el = path.elements();
    if (el.size() == 1) {
      item.put(path.top(), value);
      return;
    }
    item.put(path.top(), writeInto(item.get(path.top()), el, 1, value));
  }

  private static AttributeValue writeInto(AttributeValue container, List<Object> el, int i, AttributeValue value) {
    if (container == null) throw Err.validation(INVALID_PATH);
    Object e = el.get(i);
    boolean last = i == el.size() - 1;
    if (e instanceof Integer idx) {
      if (!"L".equals(Vals.type(container))) throw Err.validation(INVALID_PATH);
      List<AttributeValue> l = new ArrayList<>(container.l());
      if (last) {
        if (idx >= l.size()) l.add(value);
        else l.set(idx, value);
      } else {
        if (idx >= l.size()) throw Err.validation(INVALID_PATH);
        l.set(idx, writeInto(l.get(idx), el, i + 1, value));
      }
      return AttributeValue.fromL(l);
    }
    if (!"M".equals(Vals.type(container))) throw Err.validation(INVALID_PATH);
    Map<String, AttributeValue> m = new LinkedHashMap<>(container.m());
    m.put((String) e, last ? value : writeInto(m.get(e), el, i + 1, value));
    return AttributeValue.fromM(m);
  }

  private static void remove(Map<String, AttributeValue> item, Path path) {
    List<Object> el = path.elements();
    if (el.size() == 1) {
      item.remove(path.top());
      return;
    }
    AttributeValue top = item.get(path.top());
    AttributeValue changed = removeFrom(top, el, 1);
    if (changed != null) item.put(path.top(), changed);
  }

  /** The container without the element at el[i..]; null when nothing changes. */
  private static AttributeValue removeFrom(AttributeValue container, List<Object> el, int i) {
    if (container == null) throw Err.validation(INVALID_PATH);
    Object e = el.get(i);
    boolean last = i == el.size() - 1;
    if (e instanceof Integer idx) {
      if (!"L".equals(Vals.type(container))) throw Err.validation(INVALID_PATH);
      if (idx >= container.l().size()) {
        if (last) return null;
        throw Err.validation(INVALID_PATH);
      }
      List<AttributeValue> l = new ArrayList<>(container.l());
      if (last) {
        l.remove((int) idx);
      } else {
        AttributeValue c = removeFrom(l.get(idx), el, i + 1);
        if (c == null) return null;
        l.set(idx, c);
      }
      return AttributeValue.fromL(l);
    }
    if (!"M".equals(Vals.type(container))) throw Err.validation(INVALID_PATH);
    if (!container.m().containsKey(e)) {
      if (last) return null;
      throw Err.validation(INVALID_PATH);
    }
    Map<String, AttributeValue> m = new LinkedHashMap<>(container.m());
    if (last) {
      m.remove(e);
    } else {
      AttributeValue c = removeFrom(m.get(e), el, i + 1);
      if (c == null) return null;
      m.put((String) e, c);
    }
    return AttributeValue.fromM(m);
  }

  /** Bytes, as a B value. */
  static AttributeValue bytes(byte[] b) {
    return AttributeValue.fromB(SdkBytes.fromByteArray(b));
  }
}
