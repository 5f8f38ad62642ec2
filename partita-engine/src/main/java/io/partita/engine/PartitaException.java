package io.partita.engine;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

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
  private final transient List<CancellationReason> cancellationReasons;
  private final transient List<ThrottlingReason> throttlingReasons;

  public PartitaException(ErrorCode code, String message) {
    this(code, message, null);
  }

  public PartitaException(ErrorCode code, String message, Map<String, AttributeValue> item) {
    this(code, message, item, null);
  }

  private PartitaException(ErrorCode code, String message, Map<String, AttributeValue> item,
      List<CancellationReason> cancellationReasons) {
    this(code, message, item, cancellationReasons, null);
  }

  private PartitaException(ErrorCode code, String message, Map<String, AttributeValue> item,
      List<CancellationReason> cancellationReasons, List<ThrottlingReason> throttlingReasons) {
    super(message, null, false, false);
    this.code = code;
    this.item = item;
    this.cancellationReasons = cancellationReasons;
    this.throttlingReasons = throttlingReasons;
  }

  /**
   * A throttled request: ProvisionedThroughputExceededException or ThrottlingException with the
   * {@code ThrottlingReasons} DynamoDB names the exhausted tables and indexes by (reason and ARN).
   */
  public static PartitaException throttled(ErrorCode code, String message, List<ThrottlingReason> reasons) {
    return new PartitaException(code, message, null, null, List.copyOf(reasons));
  }

  /** The reasons of a throttled request, or {@code null} for any other error. */
  public List<ThrottlingReason> throttlingReasons() {
    return throttlingReasons;
  }

  /**
   * DynamoDB's TransactionCanceledException: one reason per action of the request, in request
   * order, code {@code None} for the actions that did not fail.
   */
  public static PartitaException transactionCanceled(List<CancellationReason> reasons) {
    String codes = String.join(", ", reasons.stream().map(CancellationReason::code).toList());
    return new PartitaException(ErrorCode.TransactionCanceledException,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]", null,
        List.copyOf(reasons));
  }

  /** The reasons of a TransactionCanceledException, or {@code null} for any other error. */
  public List<CancellationReason> cancellationReasons() {
    return cancellationReasons;
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
