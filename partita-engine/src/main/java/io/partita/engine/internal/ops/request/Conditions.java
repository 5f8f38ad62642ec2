package io.partita.engine.internal.ops.request;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Evaluates a write's ConditionExpression against the current item. */
public final class Conditions {
  private Conditions() {}

  /**
   * Throws ConditionalCheckFailedException unless {@code condition} holds for {@code current}
   * (absent: an empty item). With {@code returnItem}, the exception carries the current item.
   */
  public static void require(Condition condition, Map<String, AttributeValue> current, boolean returnItem) {
    if (condition == null || condition.test(current == null ? Map.of() : current)) {
      return;
    }
    throw new PartitaException(ErrorCode.ConditionalCheckFailedException, "The conditional request failed",
        returnItem ? current : null);
  }
}
