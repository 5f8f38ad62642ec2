package io.partita.engine.internal.expr;

import static io.partita.engine.internal.expr.Fixtures.assertValidation;
import static io.partita.engine.internal.expr.Fixtures.bool;
import static io.partita.engine.internal.expr.Fixtures.item;
import static io.partita.engine.internal.expr.Fixtures.l;
import static io.partita.engine.internal.expr.Fixtures.m;
import static io.partita.engine.internal.expr.Fixtures.n;
import static io.partita.engine.internal.expr.Fixtures.names;
import static io.partita.engine.internal.expr.Fixtures.ns;
import static io.partita.engine.internal.expr.Fixtures.s;
import static io.partita.engine.internal.expr.Fixtures.ss;
import static io.partita.engine.internal.expr.Fixtures.update;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UpdateTest {
  private static Map<String, AttributeValue> apply(String expression, Map<String, AttributeValue> item, Object... values) {
    return update(expression, item(values)).apply(item);
  }

  @Test
  void setTopLevelAndArithmetic() {
    Map<String, AttributeValue> before = item("pk", s("k"), "b", n("5"));
    Map<String, AttributeValue> after = apply("SET a = :v, b = b + :n, c = :n - b", before, ":v", s("x"), ":n", n("1.5"));
    assertEquals(item("pk", s("k"), "b", n("6.5"), "a", s("x"), "c", n("-3.5")), after);
    assertEquals(item("pk", s("k"), "b", n("5")), before, "input is not modified");
  }

  @Test
  void operandsSeeTheOriginalItem() {
    Map<String, AttributeValue> after = apply("SET a = b, b = a", item("a", n("1"), "b", n("2")));
    assertEquals(item("a", n("2"), "b", n("1")), after);
  }

  @Test
  void ifNotExistsAndListAppend() {
    Map<String, AttributeValue> after = apply(
        "SET c = if_not_exists(c, :zero) + :one, d = if_not_exists(d, :zero), l = list_append(if_not_exists(l, :empty), :l), m = list_append(:l, m)",
        item("d", n("9"), "m", l(s("z"))),
        ":zero", n("0"), ":one", n("1"), ":empty", l(), ":l", l(s("a")));
    assertEquals(n("1"), after.get("c"));
    assertEquals(n("9"), after.get("d"));
    assertEquals(l(s("a")), after.get("l"));
    assertEquals(l(s("a"), s("z")), after.get("m"));
  }

  /**
   * Which error Partita names when an update has several: its own order, since the service's could not be
   * established (the messages themselves are the service's, docs/dynamodb-messages.md).
   */
  @Test
  void theOrderOfRuntimeErrors() {
    Map<String, AttributeValue> item = item("m", bool(false), "a", s("str"), "n", n("1"), "s", s("x"));
    String path = "The document path provided in the update expression is invalid for update";
    String type = "An operand in the update expression has an incorrect data type";
    String missing = "The provided expression refers to an attribute that does not exist in the item";
    // a path through a value that is no map or list, before any operand is looked at, in any clause
    assertValidation(path, () -> apply("SET z = a + :one, m.y = :one", item, ":one", n("1")));
    assertValidation(path, () -> apply("SET t = zz, m.y = :one", item, ":one", n("1")));
    assertValidation(path, () -> apply("ADD s :one, m.y :one", item, ":one", n("1")));
    assertValidation(path, () -> apply("SET z = a + :one REMOVE m.y", item, ":one", n("1")));
    assertValidation(path, () -> apply("ADD n[0] :one SET t = list_append(:l, zz)", item, ":one", n("1"), ":l", l()));
    // an operand of the wrong type in any SET before one that does not exist
    assertValidation(type, () -> apply("SET t = zz + :one, u = a + :one", item, ":one", n("1")));
    // a SET operand that does not exist before an ADD operand of the wrong type
    assertValidation(missing, () -> apply("ADD s :one SET t = zz + :one", item, ":one", n("1")));
    // a path through a value that does not exist is found when applying, after the operands
    assertValidation(missing, () -> apply("SET t = zz, x[1] = :one", item, ":one", n("1")));
  }

  @Test
  void runtimeTypeErrors() {
    assertValidation("An operand in the update expression has an incorrect data type",
        () -> apply("SET a = a + :n", item("a", s("x")), ":n", n("1")));
    assertValidation("An operand in the update expression has an incorrect data type",
        () -> apply("SET a = list_append(a, :l)", item("a", s("x")), ":l", l()));
    assertValidation("The provided expression refers to an attribute that does not exist in the item",
        () -> apply("SET a = b + :n", item(), ":n", n("1")));
    assertValidation("The provided expression refers to an attribute that does not exist in the item",
        () -> apply("SET a = b", item()));
  }

  @Test
  void bindTimeTypeErrors() {
    assertValidation("Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S",
        () -> update("SET a = a + :s", item(":s", s("x"))));
    assertValidation("Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: N",
        () -> update("SET a = list_append(a, :n)", item(":n", n("1"))));
    assertValidation("Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
        () -> update("ADD a :s", item(":s", s("x"))));
    assertValidation("Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER",
        () -> update("DELETE a :n", item(":n", n("1"))));
  }

  @Test
  void nestedSet() {
    Map<String, AttributeValue> before = item("m", m("x", n("1"), "l", l(n("0"), n("1"))));
    Map<String, AttributeValue> after = apply("SET m.y = :v, m.l[1] = :v, m.l[7] = :w", before, ":v", s("v"), ":w", s("w"));
    assertEquals(m("x", n("1"), "l", l(n("0"), s("v"), s("w")), "y", s("v")), after.get("m"));
    assertEquals(m("x", n("1"), "l", l(n("0"), n("1"))), before.get("m"));
  }

  @Test
  void nestedSetNeedsAnExistingParent() {
    String msg = "The document path provided in the update expression is invalid for update";
    assertValidation(msg, () -> apply("SET a.b = :v", item(), ":v", n("1")));
    assertValidation(msg, () -> apply("SET a.b.c = :v", item("a", m()), ":v", n("1")));
    assertValidation(msg, () -> apply("SET a[0] = :v", item("a", m()), ":v", n("1")));
    assertValidation(msg, () -> apply("SET a.b = :v", item("a", l()), ":v", n("1")));
    assertValidation(msg, () -> apply("SET a[3].b = :v", item("a", l()), ":v", n("1")));
  }

  @Test
  void removeShiftsListsUsingOriginalIndexes() {
    Map<String, AttributeValue> before = item("l", l(s("a"), s("b"), s("c"), s("d"), s("e")), "x", n("1"), "m", m("p", n("1"), "q", n("2")));
    Map<String, AttributeValue> after = apply("REMOVE l[1], l[3], x, m.p, l[9], m.zz", before);
    assertEquals(item("l", l(s("a"), s("c"), s("e")), "m", m("q", n("2"))), after);
    assertEquals(item("l", l(s("b"))), apply("REMOVE l[0], l[2]", item("l", l(s("a"), s("b"), s("c")))));
  }

  @Test
  void removeThroughAMissingParentIsInvalid() {
    assertValidation("The document path provided in the update expression is invalid for update",
        () -> apply("REMOVE a.b", item()));
    assertEquals(item(), apply("REMOVE a", item()));
  }

  @Test
  void addNumbersAndSets() {
    Map<String, AttributeValue> after = apply("ADD n :one, fresh :one, tags :tags, nums :nums",
        item("n", n("41"), "tags", ss("a"), "nums", ns("1")),
        ":one", n("1"), ":tags", ss("a", "b"), ":nums", ns("1.0", "2"));
    assertEquals(n("42"), after.get("n"));
    assertEquals(n("1"), after.get("fresh"));
    assertEquals(ss("a", "b"), after.get("tags"));
    assertEquals(ns("1", "2"), after.get("nums"));
    assertEquals(ss("x"), apply("ADD s :s", item(), ":s", ss("x")).get("s"));
  }

  @Test
  void addToWrongTypeIsAnError() {
    assertValidation("An operand in the update expression has an incorrect data type",
        () -> apply("ADD a :one", item("a", s("x")), ":one", n("1")));
    assertValidation("An operand in the update expression has an incorrect data type",
        () -> apply("ADD a :s", item("a", ns("1")), ":s", ss("x")));
  }

  @Test
  void deleteFromSets() {
    assertEquals(item("s", ss("b")), apply("DELETE s :d", item("s", ss("a", "b")), ":d", ss("a", "z")));
    assertEquals(item("x", n("1")), apply("DELETE s :d", item("s", ss("a"), "x", n("1")), ":d", ss("a")));
    assertEquals(item("s", ns("2")), apply("DELETE s :d", item("s", ns("1", "2")), ":d", ns("1.00")));
    assertEquals(item(), apply("DELETE s :d", item(), ":d", ss("a")));
    assertValidation("An operand in the update expression has an incorrect data type",
        () -> apply("DELETE s :d", item("s", s("a")), ":d", ss("a")));
  }

  @Test
  void overlappingAndConflictingPaths() {
    assertValidation("Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]",
        () -> update("SET a = :v REMOVE a.b", item(":v", n("1"))));
    assertValidation("Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [f], path two: [f]",
        () -> update("SET f = :v, #f = :v", names("#f", "f"), item(":v", n("1"))));
    assertValidation("Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, b]",
        () -> update("SET a[0] = :v, a.b = :v", item(":v", n("1"))));
    update("SET a[0] = :v, a[1] = :v, b.c = :v, b.d = :v", item(":v", n("1")));
  }

  @Test
  void touchedAttributesAndUpdatedPaths() {
    Update u = update("SET a.b = :v, c = :v REMOVE d[1] ADD e :v", item(":v", n("1")));
    assertEquals(Set.of("a", "c", "d", "e"), u.topLevelAttributes());
    Map<String, AttributeValue> it = item("a", m("b", n("1"), "z", n("2")), "d", l(n("0"), n("1"), n("2")), "pk", s("k"));
    assertEquals(item("a", m("b", n("1")), "d", l(n("1"))), u.updatedPaths().apply(it));
  }

  @Test
  void missingItemIsEmpty() {
    assertEquals(item("a", n("1")), update("SET a = :v", item(":v", n("1"))).apply(null));
  }

  @Test
  void nestedAddOnExistingMap() {
    assertEquals(item("m", m("c", n("3"))), apply("ADD m.c :n", item("m", m("c", n("1"))), ":n", n("2")));
    assertFalse(apply("SET t = :t", item(), ":t", bool(true)).isEmpty());
  }
}
