package io.partita.engine.expr;

import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A bound projection expression. */
public interface Projection {
  /** The parts of {@code item} the projection names, keeping their nesting; never null. */
  Map<String, AttributeValue> apply(Map<String, AttributeValue> item);

  /** Top-level attribute names the projection reads. */
  Set<String> topLevelAttributes();
}
