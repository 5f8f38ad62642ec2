package io.partita.embedded;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;

/**
 * Maps engine refusals onto the SDK exception types a DynamoDB or DynamoDB Streams client would
 * receive (both APIs' exceptions are the one model package's, under DynamoDbException).
 */
final class SdkErrors {
  /** The service name the SDK's clients put in {@code awsErrorDetails()}. */
  static final String DYNAMODB = "DynamoDb";
  static final String DYNAMODB_STREAMS = "DynamoDbStreams";

  private SdkErrors() {}

  static AwsServiceException toSdk(PartitaException e) {
    return toSdk(e, DYNAMODB);
  }

  static AwsServiceException toSdk(PartitaException e, String serviceName) {
    ErrorCode code = e.code();
    AwsErrorDetails details = AwsErrorDetails.builder()
        .errorCode(code.name())
        .errorMessage(e.getMessage())
        .serviceName(serviceName)
        .sdkHttpResponse(SdkHttpResponse.builder().statusCode(HttpStatuses.of(code)).build())
        .build();
    AwsServiceException.Builder b = switch (code) {
      case ConditionalCheckFailedException -> ConditionalCheckFailedException.builder().item(e.item());
      case ResourceNotFoundException -> ResourceNotFoundException.builder();
      case DuplicateItemException -> DuplicateItemException.builder();
      case ResourceInUseException -> ResourceInUseException.builder();
      case TransactionCanceledException -> TransactionCanceledException.builder()
          .cancellationReasons(e.cancellationReasons());
      case TransactionInProgressException -> TransactionInProgressException.builder();
      case TransactionConflictException -> TransactionConflictException.builder();
      case IdempotentParameterMismatchException -> IdempotentParameterMismatchException.builder();
      case ItemCollectionSizeLimitExceededException -> ItemCollectionSizeLimitExceededException.builder();
      case LimitExceededException -> LimitExceededException.builder();
      case ProvisionedThroughputExceededException -> ProvisionedThroughputExceededException.builder()
          .throttlingReasons(e.throttlingReasons());
      case RequestLimitExceeded -> RequestLimitExceededException.builder();
      case ThrottlingException -> software.amazon.awssdk.services.dynamodb.model.ThrottlingException.builder()
          .throttlingReasons(e.throttlingReasons());
      case InternalServerError -> InternalServerErrorException.builder();
      case ExpiredIteratorException -> ExpiredIteratorException.builder();
      case PolicyNotFoundException -> software.amazon.awssdk.services.dynamodb.model.PolicyNotFoundException.builder();
      case GlobalTableNotFoundException ->
          software.amazon.awssdk.services.dynamodb.model.GlobalTableNotFoundException.builder();
      case TrimmedDataAccessException -> TrimmedDataAccessException.builder();
      case BackupNotFoundException -> software.amazon.awssdk.services.dynamodb.model.BackupNotFoundException.builder();
      case BackupInUseException -> software.amazon.awssdk.services.dynamodb.model.BackupInUseException.builder();
      case TableNotFoundException -> software.amazon.awssdk.services.dynamodb.model.TableNotFoundException.builder();
      case TableAlreadyExistsException ->
          software.amazon.awssdk.services.dynamodb.model.TableAlreadyExistsException.builder();
      case TableInUseException -> software.amazon.awssdk.services.dynamodb.model.TableInUseException.builder();
      case ContinuousBackupsUnavailableException ->
          software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsUnavailableException.builder();
      case PointInTimeRecoveryUnavailableException ->
          software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryUnavailableException.builder();
      case InvalidRestoreTimeException ->
          software.amazon.awssdk.services.dynamodb.model.InvalidRestoreTimeException.builder();
      case InvalidExportTimeException -> software.amazon.awssdk.services.dynamodb.model.InvalidExportTimeException.builder();
      case ExportConflictException -> software.amazon.awssdk.services.dynamodb.model.ExportConflictException.builder();
      case ExportNotFoundException -> software.amazon.awssdk.services.dynamodb.model.ExportNotFoundException.builder();
      case ImportConflictException -> software.amazon.awssdk.services.dynamodb.model.ImportConflictException.builder();
      case ImportNotFoundException -> software.amazon.awssdk.services.dynamodb.model.ImportNotFoundException.builder();
      default -> DynamoDbException.builder();
    };
    return b.message(e.getMessage()).statusCode(HttpStatuses.of(code)).awsErrorDetails(details).build();
  }
}
