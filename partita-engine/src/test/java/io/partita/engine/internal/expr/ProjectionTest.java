package io.partita.engine.internal.expr;

import static io.partita.engine.internal.expr.Fixtures.assertValidation;
import static io.partita.engine.internal.expr.Fixtures.item;
import static io.partita.engine.internal.expr.Fixtures.l;
import static io.partita.engine.internal.expr.Fixtures.m;
import static io.partita.engine.internal.expr.Fixtures.n;
import static io.partita.engine.internal.expr.Fixtures.names;
import static io.partita.engine.internal.expr.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ProjectionTest {
  private static final Map<String, AttributeValue> ITEM = item(
      "pk", s("k"), "a", n("1"),
      "m", m("x", n("1"), "y", m("z", n("2"), "w", n("3"))),
      "l", l(s("l0"), m("p", n("1"), "q", n("2")), s("l2"), s("l3")));

  private static Map<String, AttributeValue> project(String expression) {
    return new ExpressionContext(names("#n", "pk"), null).projection(expression).apply(ITEM);
  }

  @Test
  void topLevelAttributes() {
    assertEquals(item("pk", s("k"), "a", n("1")), project("#n, a, nope"));
    assertEquals(Set.of("pk", "a", "m"),
        new ExpressionContext(names("#n", "pk"), null).projection("#n, a, m.x").topLevelAttributes());
  }

  @Test
  void nestedMapsKeepOnlyProjectedKeys() {
    assertEquals(item("m", m("y", m("z", n("2")))), project("m.y.z"));
    assertEquals(item("m", m("x", n("1"), "y", m("w", n("3")))), project("m.x, m.y.w, m.nope"));
    assertEquals(item(), project("m.nope, a.b, m.x.y"));
  }

  @Test
  void listElementsAreCompactedInIndexOrder() {
    assertEquals(item("l", l(s("l0"), s("l3"))), project("l[3], l[0], l[9]"));
    assertEquals(item("l", l(m("q", n("2")))), project("l[1].q"));
    assertEquals(item(), project("l[0].q"));
  }

  @Test
  void overlapsAndConflictsAreRefused() {
    assertValidation("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [m], path two: [m, x]",
        () -> project("m, m.x"));
    assertValidation("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]",
        () -> project("a, a"));
    assertValidation("Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [l, [0]], path two: [l, x]",
        () -> project("l[0], l.x"));
  }

  @Test
  void nullItemProjectsToEmpty() {
    assertEquals(Map.of(), new ExpressionContext(null, null).projection("a").apply(null));
  }

  @Test
  void resultKeepsListOrderNotExpressionOrder() {
    List<AttributeValue> elements = project("l[2], l[1].p").get("l").l();
    assertEquals(List.of(m("p", n("1")), s("l2")), elements);
  }
}
