package io.partita.engine.value;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** PENDING (helper B): DynamoDB's item size rules. */
public final class ItemSize {
  /** DynamoDB's item size limit, 400 KB. */
  public static final int MAX_ITEM_BYTES = 400 * 1024;

  private ItemSize() {}

  public static long of(Map<String, AttributeValue> item) {
    throw new UnsupportedOperationException("pending");
  }

  public static long of(AttributeValue value) {
    throw new UnsupportedOperationException("pending");
  }
}
