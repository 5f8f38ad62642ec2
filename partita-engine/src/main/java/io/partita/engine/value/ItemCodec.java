package io.partita.engine.value;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** PENDING (helper B): compact binary encoding of a whole item, versioned. */
public final class ItemCodec {
  private ItemCodec() {}

  public static byte[] encode(Map<String, AttributeValue> item) {
    throw new UnsupportedOperationException("pending");
  }

  public static Map<String, AttributeValue> decode(byte[] bytes) {
    throw new UnsupportedOperationException("pending");
  }
}
