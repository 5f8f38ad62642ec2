package io.partita.engine.internal.expr;

import java.util.List;

/**
 * Parsed, unbound expressions: placeholders ({@code #n}, {@code :v}) are kept as written, so one
 * tree serves every request that sends the same expression text (see {@link AstCache}).
 */
final class Ast {
  private Ast() {}

  // ---- document paths ----

  sealed interface Element permits Name, Index {}

  /** A path element as written: a plain name or a {@code #placeholder}. */
  record Name(String text) implements Element {
    boolean placeholder() {
      return text.startsWith("#");
    }
  }

  record Index(int index) implements Element {}

  record Path(List<Element> elements) {}

  // ---- operands ----

  sealed interface Operand permits PathOperand, ValueRef, Call, Arithmetic {}

  record PathOperand(Path path) implements Operand {}

  record ValueRef(String name) implements Operand {}

  /** A function call: a condition function, {@code size}, {@code if_not_exists} or {@code list_append}. */
  record Call(String name, List<Operand> args) implements Operand {}

  /** {@code x + y} or {@code x - y} in a SET action. */
  record Arithmetic(boolean plus, Operand left, Operand right) implements Operand {}

  // ---- conditions ----

  sealed interface Cond permits Compare, Between, In, And, Or, Not, FunctionCond {}

  enum Comparator {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

    final String symbol;

    Comparator(String symbol) {
      this.symbol = symbol;
    }
  }

  record Compare(Comparator op, Operand left, Operand right) implements Cond {}

  record Between(Operand subject, Operand low, Operand high) implements Cond {}

  record In(Operand subject, List<Operand> candidates) implements Cond {}

  record And(Cond left, Cond right) implements Cond {}

  record Or(Cond left, Cond right) implements Cond {}

  record Not(Cond operand) implements Cond {}

  /** A boolean function used as a condition: {@code attribute_exists(a)}, {@code begins_with(a, :p)}, ... */
  record FunctionCond(Call call) implements Cond {}

  // ---- updates ----

  record SetAction(Path path, Operand value) {}

  record AddAction(Path path, ValueRef value) {}

  record DeleteAction(Path path, ValueRef value) {}

  /** {@code paths} lists every action's path in the order written (DynamoDB reports overlaps in that order). */
  record UpdateExpr(
      List<SetAction> sets, List<Path> removes, List<AddAction> adds, List<DeleteAction> deletes, List<Path> paths) {}

  // ---- projections ----

  record ProjectionExpr(List<Path> paths) {}
}
