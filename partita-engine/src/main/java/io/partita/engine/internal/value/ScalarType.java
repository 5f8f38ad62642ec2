package io.partita.engine.internal.value;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The three types a key attribute may have. Persisted by {@link #code()}: never renumber.
 */
public enum ScalarType {
  S((byte) 1),
  N((byte) 2),
  B((byte) 3);

  private final byte code;

  ScalarType(byte code) {
    this.code = code;
  }

  public byte code() {
    return code;
  }

  public static ScalarType ofCode(byte code) {
    for (ScalarType t : values()) {
      if (t.code == code) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown scalar type code " + code);
  }

  public static ScalarType of(ScalarAttributeType type) {
    return switch (type) {
      case S -> S;
      case N -> N;
      case B -> B;
      default -> throw new IllegalArgumentException("not a key type: " + type);
    };
  }

  public ScalarAttributeType toSdk() {
    return ScalarAttributeType.fromValue(name());
  }

  /** The scalar type of {@code value}, or {@code null} when it is not an S, N or B. */
  public static ScalarType of(AttributeValue value) {
    return switch (value.type()) {
      case S -> S;
      case N -> N;
      case B -> B;
      default -> null;
    };
  }
}
