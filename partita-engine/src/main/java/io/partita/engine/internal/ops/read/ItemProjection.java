package io.partita.engine.internal.ops.read;

import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.request.RequestParams;
import java.util.List;
import java.util.Map;

/**
 * The projection of a read of items by key — a GetItem, one table of a BatchGetItem, a
 * TransactGetItems Get — checked by one rule in DynamoDB's two steps: {@link #given} before any
 * table is looked up (legacy and expression parameters not mixed, names only with an expression and
 * not empty), {@link #bind} once the keys are known (the expression parsed, every name used).
 */
public final class ItemProjection {
  private final ExpressionContext expressions;
  private final String projectionExpression;
  private final boolean hasAttributesToGet;
  private final List<String> attributesToGet;

  private ItemProjection(ExpressionContext expressions, String projectionExpression, boolean hasAttributesToGet,
      List<String> attributesToGet) {
    this.expressions = expressions;
    this.projectionExpression = projectionExpression;
    this.hasAttributesToGet = hasAttributesToGet;
    this.attributesToGet = attributesToGet;
  }

  /** The parameters as given, after the checks that need no table. */
  public static ItemProjection given(boolean hasAttributesToGet, List<String> attributesToGet,
      String projectionExpression, boolean hasNames, Map<String, String> names) {
    RequestParams.refuseMixing(
        RequestParams.given("AttributesToGet", hasAttributesToGet),
        RequestParams.given("ProjectionExpression", projectionExpression != null));
    ExpressionContext expressions = RequestParams.expressions(hasNames, names, false, null,
        projectionExpression != null, "ProjectionExpression is null");
    return new ItemProjection(expressions, projectionExpression, hasAttributesToGet, attributesToGet);
  }

  /** The projection, or null for the whole item; refuses a name the expression does not use. */
  public Projection bind() {
    Projection projection = RequestParams.projection(expressions, projectionExpression,
        RequestParams.attributesToGet(hasAttributesToGet, attributesToGet));
    expressions.checkAllUsed();
    return projection;
  }
}
