package io.partita.engine.internal.expr;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A validated key condition: equality on every partition key attribute, and an optional condition
 * on the sort key.
 *
 * @param hashValues attribute name to value, one entry per partition key attribute, in schema order
 * @param sortPrefix for a multi-attribute sort key, the equalities on the leading sort attributes
 *     (empty for a one-attribute sort key)
 * @param sort the condition on the next sort attribute (the last one the expression names), or
 *     null when the expression names no sort attribute
 */
public record KeyCondition(Map<String, AttributeValue> hashValues, List<SortEquality> sortPrefix, SortCondition sort) {
  public KeyCondition {
    hashValues = Collections.unmodifiableMap(new LinkedHashMap<>(hashValues));
    sortPrefix = List.copyOf(sortPrefix);
  }
}
