package io.partita.engine.internal.expr;

import static io.partita.engine.internal.expr.Fixtures.assertValidation;
import static io.partita.engine.internal.expr.Fixtures.item;
import static io.partita.engine.internal.expr.Fixtures.n;
import static io.partita.engine.internal.expr.Fixtures.names;
import static io.partita.engine.internal.expr.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExpressionContextTest {
  @Test
  void undefinedPlaceholders() {
    assertValidation("Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #n",
        () -> new ExpressionContext(null, item(":v", n("1"))).condition("#n = :v", "ConditionExpression"));
    assertValidation("Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v",
        () -> new ExpressionContext(names("#n", "a"), null).update("SET #n = :v"));
    assertValidation("Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #x",
        () -> new ExpressionContext(names("#n", "a"), null).projection("#n, b.#x"));
    assertValidation("Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :pk",
        () -> new ExpressionContext(null, null).condition("pk = :pk", "KeyConditionExpression"));
  }

  @Test
  void namesAreReportedBeforeValues() {
    assertValidation("Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #b",
        () -> new ExpressionContext(null, null).update("SET a = :v, #b = :w"));
  }

  @Test
  void conditionsReportTheirFirstProblemInTheOrderWritten() {
    // Amazon DynamoDB reports the first problem written (a conformance suite run against the service)
    String operand = "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N";
    ExpressionContext ctx = new ExpressionContext(null, item(":n", n("1")));
    assertValidation(operand, () -> ctx.condition("begins_with(a, :n) AND b = :missing", "ConditionExpression"));
    assertValidation("Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing",
        () -> ctx.condition("b = :missing AND begins_with(a, :n)", "ConditionExpression"));
    assertValidation(operand, () -> ctx.condition("begins_with(a, :n) AND #missing = :n", "ConditionExpression"));
    assertValidation("Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or "
        + "function; operator: =, first operand: [a]", () -> ctx.condition("a = a AND b = :missing", "ConditionExpression"));
  }

  @Test
  void unusedPlaceholdersAcrossExpressions() {
    ExpressionContext ctx = new ExpressionContext(names("#a", "a", "#b", "b", "#c", "c"), item(":x", n("1"), ":y", n("2")));
    ctx.condition("attribute_exists(#a)", "ConditionExpression");
    ctx.update("SET #c = :y");
    assertValidation("Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}", ctx::checkAllUsed);
    ctx.projection("#b");
    assertValidation("Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}", ctx::checkAllUsed);
    ctx.condition("#a = :x", "FilterExpression");
    ctx.checkAllUsed();
  }

  @Test
  void severalUnusedNamesAreListed() {
    ExpressionContext ctx = new ExpressionContext(names("#a", "a", "#b", "b"), null);
    ctx.projection("c");
    assertValidation("Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}", ctx::checkAllUsed);
  }

  @Test
  void emptyExpressions() {
    ExpressionContext ctx = new ExpressionContext(null, null);
    assertValidation("Invalid ConditionExpression: The expression can not be empty;", () -> ctx.condition("", "ConditionExpression"));
    assertValidation("Invalid UpdateExpression: The expression can not be empty;", () -> ctx.update(""));
    assertValidation("Invalid ProjectionExpression: The expression can not be empty;", () -> ctx.projection(""));
    // a blank expression is near itself: Partita's reading of the service's "near" rule (see Parser.near)
    assertValidation("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"  \"", () -> ctx.condition("  ", "FilterExpression"));
  }

  @Test
  void expressionSizeLimitInUtf8Bytes() {
    ExpressionContext ctx = new ExpressionContext(null, null);
    String ok = "a" + "b".repeat(4095);
    assertEquals(4096, ok.length());
    ctx.projection(ok);
    assertValidation("Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097",
        () -> ctx.projection(ok + "c"));
    String wide = "a, #\u00e9".repeat(700);
    assertValidation("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4200",
        () -> ctx.condition(wide, "FilterExpression"));
  }

  @Test
  void parsedTreesAreCachedByTextAndBoundPerRequest() {
    String text = "cached_attr_" + System.nanoTime() + " = :v";
    Ast.Cond first = AstCache.condition(text, "ConditionExpression");
    assertSame(first, AstCache.condition(text, "FilterExpression"));
    assertTrue(AstCache.size() >= 1);
    // the same text binds differently per request
    Condition one = new ExpressionContext(null, item(":v", n("1"))).condition(text, "ConditionExpression");
    Condition two = new ExpressionContext(null, item(":v", s("x"))).condition(text, "ConditionExpression");
    String attr = text.substring(0, text.indexOf(' '));
    assertTrue(one.test(item(attr, n("1"))));
    assertTrue(two.test(item(attr, s("x"))));
  }

  @Test
  void cacheIsBounded() {
    AstCache.clear();
    for (int i = 0; i <= AstCache.MAX_ENTRIES; i++) {
      AstCache.projection("p" + i, "ProjectionExpression");
    }
    assertTrue(AstCache.size() <= AstCache.MAX_ENTRIES);
  }

  @Test
  void failedParsesAreNotCachedAndKeepTheirParameterName() {
    assertValidation("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"",
        () -> new ExpressionContext(null, null).condition("a =", "ConditionExpression"));
    assertValidation("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"=\"",
        () -> new ExpressionContext(null, null).condition("a =", "FilterExpression"));
  }
}
