package io.partita.engine.value;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** PENDING (helper B): DynamoDB's validation of attribute values, returning normalized copies. */
public final class AttributeValues {
  private AttributeValues() {}

  /** Validates every attribute of an item (not its keys: the caller checks those) and answers a normalized copy. */
  public static Map<String, AttributeValue> validateItem(Map<String, AttributeValue> item) {
    return item; // pending: helper B
  }

  /** Validates one value (for example an ExpressionAttributeValues entry) and answers its normalized form. */
  public static AttributeValue validateValue(AttributeValue value) {
    return value; // pending: helper B
  }
}
