package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import io.partita.engine.expr.Condition;
import io.partita.engine.expr.ExpressionContext;
import io.partita.engine.expr.LegacyConditions;
import io.partita.engine.expr.Projection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;

/** Checks shared by the item operations: expression parameters and the legacy parameters. */
final class RequestParams {
  private RequestParams() {}

  /**
   * The expression context of a request, after DynamoDB's checks that the attribute name and
   * value maps are only given together with an expression and are not empty. {@code
   * expressionParams} says which expressions were absent, as DynamoDB's message does ("UpdateExpression
   * and ConditionExpression are null").
   */
  static ExpressionContext expressions(
      boolean hasNames, Map<String, String> names, boolean hasValues, Map<String, AttributeValue> values,
      boolean anyExpression, String expressionParams) {
    return expressions(hasNames, names, hasValues, values, anyExpression, anyExpression, expressionParams);
  }

  /**
   * As above, where names may be given with any expression ({@code namesUsable}) but values only
   * with some ({@code valuesUsable}): a Scan's ProjectionExpression takes names, not values.
   */
  static ExpressionContext expressions(
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
    if (hasValues && values.isEmpty()) {
      throw PartitaException.validation("ExpressionAttributeValues must not be empty");
    }
    return new ExpressionContext(hasNames ? names : null, hasValues ? values : null);
  }

  /**
   * The condition of a PutItem or DeleteItem (their only expression), or {@code null}, after the
   * checks of {@link #expressions} and of the legacy Expected / ConditionalOperator parameters.
   */
  static Condition conditionOnly(String conditionExpression, boolean hasNames, Map<String, String> names,
      boolean hasValues, Map<String, AttributeValue> values) {
    ExpressionContext expressions = expressions(hasNames, names, hasValues, values,
        conditionExpression != null, "ConditionExpression is null");
    Condition condition = conditionExpression == null
        ? null : expressions.condition(conditionExpression, "ConditionExpression");
    expressions.checkAllUsed();
    return condition;
  }

  /**
   * Refuses the legacy (pre-expression) parameters: mixed with expressions exactly as DynamoDB
   * does, and on their own with a message that names them, until they are built.
   */
  static void refuseLegacy(List<String> legacyGiven, List<String> expressionsGiven) {
    if (legacyGiven.isEmpty()) {
      return;
    }
    if (!expressionsGiven.isEmpty()) {
      throw PartitaException.validation(
          "Can not use both expression and non-expression parameters in the same request: "
              + "Non-expression parameters: {" + String.join(", ", legacyGiven) + "} "
              + "Expression parameters: {" + String.join(", ", expressionsGiven) + "}");
    }
    List<String> unsupported = new ArrayList<>(legacyGiven);
    unsupported.removeAll(SUPPORTED_LEGACY);
    if (!unsupported.isEmpty()) {
      throw PartitaException.validation(
          "The legacy parameter " + String.join(", ", unsupported)
              + " is not supported by Partita yet; use the expression parameters instead");
    }
  }

  /** The legacy parameters served so far (issue 14): the rest are refused by name. */
  private static final Set<String> SUPPORTED_LEGACY = Set.of(
      "AttributesToGet", "Expected", "ConditionalOperator", "ScanFilter", "KeyConditions", "QueryFilter");

  /**
   * The legacy {@code Expected} with its {@code ConditionalOperator} of a PutItem, UpdateItem or
   * DeleteItem, or null when neither is given; checked before the table is looked up, as the service
   * does (docs/legacy-parameters.md section 5). The mixing check has refused a ConditionExpression
   * beside them.
   */
  static Condition expected(boolean hasExpected, Map<String, ExpectedAttributeValue> expected, String operator) {
    return LegacyConditions.expected(hasExpected ? expected : Map.of(), operator);
  }

  /**
   * A write's condition: the legacy {@code Expected} with its {@code ConditionalOperator} when either
   * is given (the mixing check has refused a ConditionExpression beside them), else {@code expression}.
   */
  static Condition writeCondition(Condition expression, boolean hasExpected,
      Map<String, ExpectedAttributeValue> expected, String operator) {
    Condition legacy = expected(hasExpected, expected, operator);
    return legacy != null ? legacy : expression;
  }

  /**
   * A read's projection: the legacy {@code AttributesToGet} when given (the mixing check has refused a
   * ProjectionExpression beside it), else the bound {@code ProjectionExpression}, else null.
   */
  static Projection projection(ExpressionContext expressions, String projectionExpression,
      boolean hasAttributesToGet, List<String> attributesToGet) {
    return hasAttributesToGet ? Projection.ofAttributes(attributesToGet)
        : projectionExpression == null ? null : expressions.projection(projectionExpression);
  }

  /** A list of the names whose flag is set, in the order given: {@code names("A", true, "B", false)}. */
  static List<String> given(Object... nameFlagPairs) {
    List<String> out = new ArrayList<>(2);
    for (int i = 0; i < nameFlagPairs.length; i += 2) {
      if ((Boolean) nameFlagPairs[i + 1]) {
        out.add((String) nameFlagPairs[i]);
      }
    }
    return out;
  }
}
