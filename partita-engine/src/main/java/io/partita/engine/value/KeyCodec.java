package io.partita.engine.value;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** PENDING (helper B): order-preserving key encoding. See the class contract in the task. */
public final class KeyCodec {
  private KeyCodec() {}

  /** Ordered encoding of an S, N or B value: unsigned byte order of the results is DynamoDB's order. Not self-delimiting. */
  public static byte[] encode(AttributeValue value) {
    throw new UnsupportedOperationException("pending");
  }

  public static AttributeValue decode(ScalarType type, byte[] src, int from, int to) {
    throw new UnsupportedOperationException("pending");
  }

  /** Ordered and prefix-free: {@code encodeTerminated(a) + x} sorts before {@code encodeTerminated(b) + y} whenever a < b. */
  public static byte[] encodeTerminated(AttributeValue value) {
    throw new UnsupportedOperationException("pending");
  }

  /** Length in bytes of the terminated component that starts at {@code from}. */
  public static int terminatedLength(byte[] src, int from) {
    throw new UnsupportedOperationException("pending");
  }

  public static AttributeValue decodeTerminated(ScalarType type, byte[] src, int from) {
    throw new UnsupportedOperationException("pending");
  }
}
