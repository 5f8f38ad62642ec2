package io.partita.engine.internal.partiql;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The parsed form of DynamoDB's PartiQL dialect: statements, conditions and operands, as written.
 * Values are already DynamoDB values ({@code ?} parameters are bound while parsing), so what the
 * compiler sees is a statement about one request.
 */
final class Pq {
  private Pq() {}

  // ---- statements ----

  sealed interface Statement permits Select, Insert, Update, Delete, Exists {}

  /** {@code FROM "table"} or {@code FROM "table"."index"}. */
  record Source(String table, String index) {}

  /**
   * {@code SELECT}: {@code projection} is null for {@code *}; {@code where} may be null;
   * {@code orderBy} lists the sort attributes with their direction.
   */
  record Select(List<Path> projection, Source source, Cond where, List<Order> orderBy) implements Statement {}

  record Order(Path path, boolean ascending) {}

  /** {@code INSERT INTO "table" VALUE {...}}. */
  record Insert(Source source, AttributeValue item) implements Statement {}

  /** {@code UPDATE "table" SET ... REMOVE ... WHERE ... [RETURNING ...]}. */
  record Update(Source source, List<Action> actions, Cond where, Returning returning) implements Statement {}

  /** {@code DELETE FROM "table" WHERE ... [RETURNING ALL OLD *]}. */
  record Delete(Source source, Cond where, Returning returning) implements Statement {}

  /** {@code EXISTS(SELECT * FROM "table" WHERE ...)}: a condition check inside ExecuteTransaction. */
  record Exists(Select select) implements Statement {}

  /** {@code RETURNING ALL|MODIFIED OLD|NEW *}, as written. */
  record Returning(boolean all, boolean old) {
    String text() {
      return "RETURNING " + (all ? "ALL" : "MODIFIED") + " " + (old ? "OLD" : "NEW") + " *";
    }
  }

  sealed interface Action permits SetAction, RemoveAction {}

  record SetAction(Path path, Operand value) implements Action {}

  record RemoveAction(Path path) implements Action {}

  // ---- paths and operands ----

  /** A document path: a name, then names ({@code .b}) and list indexes ({@code [1]}). */
  record Path(List<Object> elements) {
    String root() {
      return (String) elements.get(0);
    }

    boolean isTopLevel() {
      return elements.size() == 1;
    }

    /** The name a projected value is answered under: the last name of the path. */
    String lastName() {
      for (int i = elements.size() - 1; i >= 0; i--) {
        if (elements.get(i) instanceof String s) {
          return s;
        }
      }
      return root();
    }
  }

  sealed interface Operand permits PathOperand, Value, Call, Arithmetic {}

  record PathOperand(Path path) implements Operand {}

  /** A literal or a bound parameter; {@code missing} is the literal {@code MISSING}. */
  record Value(AttributeValue value, boolean missing) implements Operand {}

  /** A function call, its name in lower case. */
  record Call(String name, List<Operand> args) implements Operand {}

  record Arithmetic(boolean plus, Operand left, Operand right) implements Operand {}

  // ---- conditions ----

  sealed interface Cond permits Compare, In, Between, And, Or, Not, Is, FunctionCond {}

  /** A comparison; {@code op} is one of {@code = <> < <= > >=} ({@code !=} is read as {@code <>}). */
  record Compare(String op, Operand left, Operand right) implements Cond {}

  record In(Operand subject, List<Operand> candidates) implements Cond {}

  record Between(Operand subject, Operand low, Operand high) implements Cond {}

  record And(Cond left, Cond right) implements Cond {}

  record Or(Cond left, Cond right) implements Cond {}

  record Not(Cond operand) implements Cond {}

  /** {@code x IS [NOT] MISSING} or {@code x IS [NOT] NULL}. */
  record Is(Operand subject, boolean missing, boolean negated) implements Cond {}

  /** A boolean function as a condition: {@code begins_with(a, 'x')}, {@code attribute_exists(a)}, ... */
  record FunctionCond(Call call) implements Cond {}
}
