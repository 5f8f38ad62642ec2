package io.partita.engine.internal.expr;

import static io.partita.engine.internal.expr.Fixtures.assertValidation;
import static io.partita.engine.internal.expr.Fixtures.b;
import static io.partita.engine.internal.expr.Fixtures.bool;
import static io.partita.engine.internal.expr.Fixtures.item;
import static io.partita.engine.internal.expr.Fixtures.l;
import static io.partita.engine.internal.expr.Fixtures.m;
import static io.partita.engine.internal.expr.Fixtures.n;
import static io.partita.engine.internal.expr.Fixtures.ns;
import static io.partita.engine.internal.expr.Fixtures.nul;
import static io.partita.engine.internal.expr.Fixtures.s;
import static io.partita.engine.internal.expr.Fixtures.ss;
import static io.partita.engine.internal.expr.Fixtures.test;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ConditionTest {
  private static final Map<String, AttributeValue> ITEM = item(
      "n", n("10"), "s", s("apple"), "b", b(1, 2, 3),
      "set", ss("x", "y"), "nums", ns("1", "2.5"), "list", l(s("a"), n("2"), m("k", s("v"))),
      "map", m("mid", m("deep", n("7")), "arr", l(n("1"), n("2"))), "t", bool(true), "z", nul());

  private static final Map<String, String> NAMES = Fixtures.names("#s", "set", "#l", "list", "#m", "map");

  private static boolean t(String expression, Object... values) {
    return new ExpressionContext(NAMES, item(values)).condition(expression, "ConditionExpression").test(ITEM);
  }

  @Test
  void comparatorsOnNumbers() {
    assertTrue(t("n = :v", ":v", n("10.0")));
    assertTrue(t("n <> :v", ":v", n("11")));
    assertTrue(t("n < :v", ":v", n("1E2")));
    assertTrue(t("n <= :v", ":v", n("10")));
    assertTrue(t("n > :v", ":v", n("-3")));
    assertTrue(t("n >= :v", ":v", n("10")));
    assertFalse(t("n > :v", ":v", n("10")));
    assertFalse(t("n < :v", ":v", n("9.99999999999999999999")));
  }

  @Test
  void stringsCompareByUtf8Bytes() {
    assertTrue(t("s < :v", ":v", s("banana")));
    // U+FF5E (3 UTF-8 bytes, one UTF-16 unit) sorts before U+1F600 (4 bytes, a surrogate pair),
    // although String.compareTo says otherwise.
    Map<String, AttributeValue> it = item("s", s("\uFF5E"));
    assertTrue(test("s < :v", item(":v", s("\uD83D\uDE00")), it));
    assertFalse(test("s > :v", item(":v", s("\uD83D\uDE00")), it));
  }

  @Test
  void binaryComparesUnsigned() {
    Map<String, AttributeValue> it = item("b", b(0x7f));
    assertTrue(test("b < :v", item(":v", b(0x80)), it));
    assertTrue(test("b = :v", item(":v", b(0x7f)), it));
  }

  @Test
  void differentTypesAreNotEqualAndNotOrdered() {
    assertFalse(t("n = :v", ":v", s("10")));
    assertFalse(t("n < :v", ":v", s("99")));
    assertFalse(t("n >= :v", ":v", s("1")));
    assertTrue(t("n <> :v", ":v", s("10")));
  }

  @Test
  void unorderedConstantsAreRefusedByOrderingOperators() {
    // refused at validation time, before any item is read (Partita's choice; the service's answer here could
    // not be established)
    assertValidation("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: <, operand type: BOOL",
        () -> t("t < :v", ":v", bool(true)));
    assertValidation("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: >, operand type: NULL",
        () -> t(":v > t", ":v", nul()));
  }

  @Test
  void absentAttributes() {
    assertFalse(t("absent = :v", ":v", n("1")));
    assertFalse(t("absent < :v", ":v", n("1")));
    assertTrue(t("NOT absent = :v", ":v", n("1")));
    assertTrue(t("absent <> :v", ":v", n("1")));
    assertFalse(t("absent BETWEEN :a AND :b", ":a", n("1"), ":b", n("2")));
    assertFalse(t("absent IN (:a)", ":a", n("1")));
    assertFalse(test("a = :v", item(":v", n("1")), null));
    assertTrue(test("attribute_not_exists(a)", item(), null));
  }

  @Test
  void setsListsAndMapsEquality() {
    assertTrue(t("#s = :v", ":v", ss("y", "x")));
    assertFalse(t("#s = :v", ":v", ss("x")));
    assertTrue(t("nums = :v", ":v", ns("2.50", "1")));
    assertTrue(t("#l = :v", ":v", l(s("a"), n("2.0"), m("k", s("v")))));
    assertFalse(t("#l = :v", ":v", l(n("2"), s("a"), m("k", s("v")))));
    assertTrue(t("#m.mid = :v", ":v", m("deep", n("7"))));
    assertTrue(t("z = :v", ":v", nul()));
    assertTrue(t("t = :v", ":v", bool(true)));
  }

  @Test
  void nestedPathsAndIndexes() {
    assertTrue(t("#m.mid.deep = :v", ":v", n("7")));
    assertTrue(t("#m.arr[1] = :v", ":v", n("2")));
    assertTrue(t("#l[2].k = :v", ":v", s("v")));
    assertFalse(t("#l[9] = :v", ":v", s("a")));
    assertFalse(t("#s.x = :v", ":v", s("a")));
    assertFalse(t("#m[0] = :v", ":v", s("a")));
  }

  private static boolean t(String expression, Map<String, String> names, Object... values) {
    return new ExpressionContext(names, item(values)).condition(expression, "FilterExpression").test(ITEM);
  }

  @Test
  void placeholdersInPaths() {
    Map<String, String> names = Fixtures.names("#m", "map", "#l", "list", "#s", "set");
    assertTrue(t("#m.mid.deep = :v", names, ":v", n("7")));
    assertTrue(t("#l[0] = :v AND size(#s) = :two", names, ":v", s("a"), ":two", n("2")));
  }

  @Test
  void betweenAndIn() {
    assertTrue(t("n BETWEEN :a AND :b", ":a", n("10"), ":b", n("20")));
    assertTrue(t("s BETWEEN :a AND :b", ":a", s("a"), ":b", s("b")));
    assertFalse(t("n BETWEEN :a AND :b", ":a", n("11"), ":b", n("20")));
    assertFalse(t("n BETWEEN :a AND :b", ":a", s("a"), ":b", s("z")));
    assertTrue(t("n IN (:a, :b)", ":a", n("1"), ":b", n("10")));
    assertFalse(t("n IN (:a, :b)", ":a", n("1"), ":b", s("10")));
    assertTrue(t("#s IN (:a)", ":a", ss("y", "x")));
  }

  @Test
  void betweenBoundsOfValuesAreChecked() {
    assertValidation("Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}",
        () -> Fixtures.cond("n BETWEEN :a AND :b", item(":a", n("5"), ":b", n("1"))));
    assertValidation("Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {S:x}",
        () -> Fixtures.cond("n BETWEEN :a AND :b", item(":a", n("5"), ":b", s("x"))));
    // the bounds as written (Partita's choice: the service's rendering could not be established)
    assertValidation("Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10E-1}, upper bound operand: AttributeValue: {N:0.50}",
        () -> Fixtures.cond("n BETWEEN :a AND :b", item(":a", n("10E-1"), ":b", n("0.50"))));
    assertValidation("Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1.50}, upper bound operand: AttributeValue: {S:x}",
        () -> Fixtures.cond("n BETWEEN :a AND :b", item(":a", n("1.50"), ":b", s("x"))));
  }

  @Test
  void logicalOperators() {
    assertTrue(t("n = :ten AND s = :s", ":ten", n("10"), ":s", s("apple")));
    assertFalse(t("n = :ten AND s = :s", ":ten", n("10"), ":s", s("pear")));
    assertTrue(t("n = :ten OR s = :s", ":ten", n("1"), ":s", s("apple")));
    assertTrue(t("NOT (n = :ten OR s = :s)", ":ten", n("1"), ":s", s("pear")));
    assertTrue(t("NOT NOT n = :ten", ":ten", n("10")));
    // OR is lowest: true OR (false AND false)
    assertTrue(t("n = :ten OR n = :one AND n = :one", ":ten", n("10"), ":one", n("1")));
    assertFalse(t("(n = :ten OR n = :one) AND n = :one", ":ten", n("10"), ":one", n("1")));
  }

  @Test
  void attributeExistsAndType() {
    assertTrue(t("attribute_exists(#m.mid.deep)"));
    assertFalse(t("attribute_exists(#m.nope)"));
    assertTrue(t("attribute_not_exists(nope)"));
    assertTrue(test("attribute_not_exists(a)", item(), item()));
    assertTrue(t("attribute_type(n, :t)", ":t", s("N")));
    assertTrue(t("attribute_type(#s, :t)", ":t", s("SS")));
    assertTrue(t("attribute_type(z, :t)", ":t", s("NULL")));
    assertTrue(t("attribute_type(t, :t)", ":t", s("BOOL")));
    assertFalse(t("attribute_type(n, :t)", ":t", s("S")));
    assertFalse(t("attribute_type(nope, :t)", ":t", s("S")));
  }

  @Test
  void attributeTypeRejectsBadTypes() {
    assertValidation("Invalid ConditionExpression: Invalid attribute type name found; type: X, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
        () -> Fixtures.cond("attribute_type(a, :t)", item(":t", s("X"))));
    assertValidation("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N",
        () -> Fixtures.cond("attribute_type(a, :t)", item(":t", n("1"))));
  }

  @Test
  void beginsWith() {
    assertTrue(t("begins_with(s, :p)", ":p", s("app")));
    assertTrue(t("begins_with(s, :p)", ":p", s("")));
    assertFalse(t("begins_with(s, :p)", ":p", s("pp")));
    assertTrue(t("begins_with(b, :p)", ":p", b(1, 2)));
    assertFalse(t("begins_with(b, :p)", ":p", b(2)));
    assertFalse(t("begins_with(nope, :p)", ":p", s("a")));
    assertFalse(t("begins_with(#l, :p)", ":p", s("a")));
    assertValidation("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        () -> Fixtures.cond("begins_with(a, :p)", item(":p", n("1"))));
  }

  @Test
  void contains() {
    assertTrue(t("contains(s, :p)", ":p", s("ppl")));
    assertFalse(t("contains(s, :p)", ":p", s("xyz")));
    assertTrue(t("contains(#s, :p)", ":p", s("x")));
    assertFalse(t("contains(#s, :p)", ":p", s("q")));
    assertTrue(t("contains(nums, :p)", ":p", n("2.50")));
    assertTrue(t("contains(#l, :p)", ":p", n("2")));
    assertTrue(t("contains(#l, :p)", ":p", m("k", s("v"))));
    assertFalse(t("contains(#l, :p)", ":p", s("v")));
    assertTrue(t("contains(b, :p)", ":p", b(2, 3)));
    assertFalse(t("contains(n, :p)", ":p", n("1")));
    assertFalse(t("contains(nope, :p)", ":p", s("a")));
  }

  @Test
  void size() {
    assertTrue(t("size(s) = :v", ":v", n("5")));
    assertTrue(t("size(b) = :v", ":v", n("3")));
    assertTrue(t("size(#s) = :v", ":v", n("2")));
    assertTrue(t("size(#l) = :v", ":v", n("3")));
    assertTrue(t("size(#m) = :v", ":v", n("2")));
    assertTrue(t("size(#m.arr) < size(#l)"));
    assertFalse(t("size(n) = :v", ":v", n("2")));
    assertFalse(t("size(t) >= :v", ":v", n("0")));
    assertFalse(t("size(nope) >= :v", ":v", n("0")));
    assertTrue(test("size(s) = :v", item(":v", n("4")), item("s", s("\uD83D\uDE00"))));
    assertTrue(test("size(s) = :v", item(":v", n("2")), item("s", s("\u00e9"))));
    assertValidation("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N",
        () -> Fixtures.cond("size(:v) > :w", item(":v", n("1"), ":w", n("1"))));
  }

  @Test
  void operandsMustBeDistinctPaths() {
    assertValidation("Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]",
        () -> Fixtures.cond("a = a", null));
    assertValidation("Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: begins_with, first operand: [a, [0]]",
        () -> new ExpressionContext(Fixtures.names("#a", "a"), null).condition("begins_with(a[0], #a[0])", "ConditionExpression"));
    assertTrue(t("n = :v AND :v = n", ":v", n("10")));
    assertTrue(t(":v = :v", ":v", n("1")));
  }
}
