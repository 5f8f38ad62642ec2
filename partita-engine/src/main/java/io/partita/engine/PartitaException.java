package io.partita.engine;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one exception the engine throws for a request it refuses: a DynamoDB error code, DynamoDB's
 * message, and the payload some codes carry (the current item of a failed condition, when the
 * request asked for it with {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}).
 *
 * <p>These are answers, not bugs, so they carry no stack trace: a retry loop of optimistic writes
 * may see thousands of them.
 */
public class PartitaException extends RuntimeException {
  private final ErrorCode code;
  private final transient Map<String, AttributeValue> item;

  public PartitaException(ErrorCode code, String message) {
    this(code, message, null);
  }

  public PartitaException(ErrorCode code, String message, Map<String, AttributeValue> item) {
    super(message, null, false, false);
    this.code = code;
    this.item = item;
  }

  /** A {@code ValidationException} with the given message. */
  public static PartitaException validation(String message) {
    return new PartitaException(ErrorCode.ValidationException, message);
  }

  public ErrorCode code() {
    return code;
  }

  /** The item that made a condition fail, or {@code null} when it was not asked for or absent. */
  public Map<String, AttributeValue> item() {
    return item;
  }

  @Override
  public String toString() {
    return code + ": " + getMessage();
  }
}
