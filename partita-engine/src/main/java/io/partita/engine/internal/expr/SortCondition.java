package io.partita.engine.internal.expr;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The condition on a sort key attribute, always with the attribute on the left ({@code :v < sk}
 * arrives as {@code sk > :v}). {@code upper} is the high bound of BETWEEN and null otherwise;
 * {@code value} is the prefix of BEGINS_WITH.
 */
public record SortCondition(String attributeName, Op op, AttributeValue value, AttributeValue upper) {
  public enum Op { EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH }
}
