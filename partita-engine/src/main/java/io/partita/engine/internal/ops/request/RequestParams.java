package io.partita.engine.internal.ops.request;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.LegacyConditions;
import io.partita.engine.internal.expr.Projection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;

/** Checks shared by the item operations: expression parameters and the legacy parameters. */
public final class RequestParams {
  private RequestParams() {}

  /**
   * The expression context of a request, after DynamoDB's checks that the attribute name and
   * value maps are only given together with an expression and are not empty. {@code
   * expressionParams} says which expressions were absent, as DynamoDB's message does ("UpdateExpression
   * and ConditionExpression are null").
   */
  public static ExpressionContext expressions(
      boolean hasNames, Map<String, String> names, boolean hasValues, Map<String, AttributeValue> values,
      boolean anyExpression, String expressionParams) {
    return expressions(hasNames, names, hasValues, values, anyExpression, anyExpression, expressionParams);
  }

  /**
   * As above, where names may be given with any expression ({@code namesUsable}) but values only
   * with some ({@code valuesUsable}): a Scan's ProjectionExpression takes names, not values.
   */
  public static ExpressionContext expressions(
      boolean hasNames, Map<String, String> names, boolean hasValues, Map<String, AttributeValue> values,
      boolean namesUsable, boolean valuesUsable, String expressionParams) {
    if (hasNames && !namesUsable) {
      throw PartitaException.validation("ExpressionAttributeNames can only be specified when using expressions");
    }
    if (hasValues && !valuesUsable) {
      throw PartitaException.validation("ExpressionAttributeValues can only be specified when using expressions: "
          + expressionParams);
    }
    if (hasNames && names.isEmpty()) {
      throw PartitaException.validation("ExpressionAttributeNames must not be empty");
    }
    if (hasNames) {
      for (Map.Entry<String, String> e : names.entrySet()) {
        if (e.getValue() != null && e.getValue().isEmpty()) {
          // the service's own words, as applications quote them (issue 34)
          throw PartitaException.validation("ExpressionAttributeNames contains invalid value: Empty attribute name for"
              + " key " + e.getKey());
        }
      }
    }
    if (hasValues && values.isEmpty()) {
      throw PartitaException.validation("ExpressionAttributeValues must not be empty");
    }
    return new ExpressionContext(hasNames ? names : null, hasValues ? values : null);
  }

  /**
   * The expression context of a PutItem, DeleteItem or a transaction's action, whose only
   * expression is the ConditionExpression.
   */
  public static ExpressionContext conditionContext(String conditionExpression, boolean hasNames, Map<String, String> names,
      boolean hasValues, Map<String, AttributeValue> values) {
    return expressions(hasNames, names, hasValues, values, conditionExpression != null, "ConditionExpression is null");
  }

  /** The bound ConditionExpression, or null, after which no name or value may be left unused. */
  public static Condition condition(ExpressionContext expressions, String conditionExpression) {
    Condition condition = conditionExpression == null
        ? null : expressions.condition(conditionExpression, "ConditionExpression");
    expressions.checkAllUsed();
    return condition;
  }

  /**
   * The condition of an action whose only expression is the ConditionExpression, or {@code null},
   * after the checks of {@link #expressions}: {@link #conditionContext} then {@link #condition}.
   */
  public static Condition conditionOnly(String conditionExpression, boolean hasNames, Map<String, String> names,
      boolean hasValues, Map<String, AttributeValue> values) {
    return condition(conditionContext(conditionExpression, hasNames, names, hasValues, values), conditionExpression);
  }

  /**
   * Refuses a request that mixes legacy (pre-expression) parameters with expression parameters,
   * with DynamoDB's message listing both kinds in the order given (the service's order per operation,
   * docs/legacy-parameters.md section 2).
   */
  public static void refuseMixing(List<String> legacyGiven, List<String> expressionsGiven) {
    if (!legacyGiven.isEmpty() && !expressionsGiven.isEmpty()) {
      throw PartitaException.validation(
          "Can not use both expression and non-expression parameters in the same request: "
              + "Non-expression parameters: {" + String.join(", ", legacyGiven) + "} "
              + "Expression parameters: {" + String.join(", ", expressionsGiven) + "}");
    }
  }

  /**
   * The legacy {@code Expected} with its {@code ConditionalOperator} of a PutItem, UpdateItem or
   * DeleteItem, or null when neither is given; checked before the table is looked up, as the service
   * does (docs/legacy-parameters.md section 5). The mixing check has refused a ConditionExpression
   * beside them.
   */
  public static Condition expected(boolean hasExpected, Map<String, ExpectedAttributeValue> expected, String operator) {
    return LegacyConditions.expected(hasExpected ? expected : Map.of(), operator);
  }

  /**
   * The legacy {@code AttributesToGet} of a read as a projection, or null when not given; built
   * early, as the service refuses a duplicate before the read's other legacy parameters (dynalite's
   * test/scan.js, recorded against the service).
   */
  public static Projection attributesToGet(boolean hasAttributesToGet, List<String> attributesToGet) {
    return hasAttributesToGet ? Projection.ofAttributes(attributesToGet) : null;
  }

  /**
   * A read's projection: the legacy {@code attributesToGet} when given (the mixing check has refused a
   * ProjectionExpression beside it), else the bound {@code ProjectionExpression}, else null.
   */
  public static Projection projection(ExpressionContext expressions, String projectionExpression, Projection attributesToGet) {
    return attributesToGet != null ? attributesToGet
        : projectionExpression == null ? null : expressions.projection(projectionExpression);
  }

  /** A list of the names whose flag is set, in the order given: {@code names("A", true, "B", false)}. */
  public static List<String> given(Object... nameFlagPairs) {
    List<String> out = new ArrayList<>(2);
    for (int i = 0; i < nameFlagPairs.length; i += 2) {
      if ((Boolean) nameFlagPairs[i + 1]) {
        out.add((String) nameFlagPairs[i]);
      }
    }
    return out;
  }
}
