package io.partita.model.internal;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts one Java type to and from a DynamoDB attribute value. Built once per record component when a model is
 * built; thread-safe and allocation-light on the hot path.
 */
public interface Codec {

  /** The boxed Java type this codec accepts, for checking values given as {@code Object}. */
  Class<?> javaType();

  /** Encodes a non-null value; null means "write no attribute" (an empty set, which DynamoDB cannot store). */
  AttributeValue encode(Object value);

  /** Decodes a present attribute value. */
  Object decode(AttributeValue value);

  /** The value as it goes into a key template, or null when this type cannot appear in a key. */
  default String keyText(Object value) {
    return null;
  }

  /** The value whose {@link #keyText} is {@code text}; for S-typed scalars, the attribute's decoding. */
  default Object fromKeyText(String text) {
    return decode(AttributeValue.fromS(text));
  }

  /** Whether values of this type can appear in key templates. */
  default boolean scalar() {
    return false;
  }

  /** The value decoded from an absent attribute when that is not an error (empty sets), or null. */
  default Object absent() {
    return null;
  }

  /** For L, SS, NS and BS codecs: the element codec, used to encode the operand of {@code contains}. */
  default Codec element() {
    return null;
  }
}
