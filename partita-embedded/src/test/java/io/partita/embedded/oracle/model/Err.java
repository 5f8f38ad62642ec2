package io.partita.embedded.oracle.model;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The service errors the model answers with, built as the SDK builds them from a service's answer. */
final class Err {
  private Err() {}

  private static AwsErrorDetails details(String code, String message) {
    return AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("DynamoDb").build();
  }

  /** A ValidationException (the SDK has no class of its own for it: a plain DynamoDbException). */
  static DynamoDbException validation(String message) {
    return (DynamoDbException) DynamoDbException.builder().message(message).statusCode(400)
        .awsErrorDetails(details("ValidationException", message)).build();
  }

  static ResourceNotFoundException notFound(String message) {
    return (ResourceNotFoundException) ResourceNotFoundException.builder().message(message).statusCode(400)
        .awsErrorDetails(details("ResourceNotFoundException", message)).build();
  }

  static final String CONDITIONAL_FAILED = "The conditional request failed";

  static ConditionalCheckFailedException conditionFailed(Map<String, AttributeValue> item) {
    ConditionalCheckFailedException.Builder b = ConditionalCheckFailedException.builder().message(CONDITIONAL_FAILED)
        .statusCode(400).awsErrorDetails(details("ConditionalCheckFailedException", CONDITIONAL_FAILED));
    if (item != null) b.item(item);
    return (ConditionalCheckFailedException) b.build();
  }

  static TransactionCanceledException canceled(List<CancellationReason> reasons) {
    StringBuilder codes = new StringBuilder();
    for (CancellationReason r : reasons) codes.append(codes.length() == 0 ? "" : ", ").append(r.code());
    String message = "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]";
    return (TransactionCanceledException) TransactionCanceledException.builder().message(message).statusCode(400)
        .awsErrorDetails(details("TransactionCanceledException", message)).cancellationReasons(reasons).build();
  }

  static IdempotentParameterMismatchException idempotentMismatch(String message) {
    return (IdempotentParameterMismatchException) IdempotentParameterMismatchException.builder().message(message)
        .statusCode(400).awsErrorDetails(details("IdempotentParameterMismatchException", message)).build();
  }

  /** Whether {@code e} is a model error of the given code. */
  static boolean is(SdkException e, String code) {
    return e instanceof DynamoDbException d && d.awsErrorDetails() != null && code.equals(d.awsErrorDetails().errorCode());
  }
}
