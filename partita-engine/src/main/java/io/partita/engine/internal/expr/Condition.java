package io.partita.engine.internal.expr;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A bound condition, filter or key condition expression. */
public interface Condition {
  /** Whether {@code item} satisfies the condition; {@code item} may be null or empty for a missing item. */
  boolean test(Map<String, AttributeValue> item);
}
