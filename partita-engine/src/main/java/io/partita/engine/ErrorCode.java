package io.partita.engine;

/**
 * DynamoDB's error codes, as they appear in the {@code __type} of a wire error and in
 * {@code AwsErrorDetails.errorCode()} of an SDK exception.
 *
 * <p>The constant's name is the code itself, so clients that switch on the code see exactly what
 * Amazon DynamoDB would send.
 */
public enum ErrorCode {
  ValidationException(400),
  SerializationException(400),
  UnknownOperationException(400),
  ResourceNotFoundException(400),
  ResourceInUseException(400),
  LimitExceededException(400),
  ConditionalCheckFailedException(400),
  /** PartiQL: an INSERT of a key that is already in the table. */
  DuplicateItemException(400),
  TransactionCanceledException(400),
  TransactionConflictException(400),
  TransactionInProgressException(400),
  IdempotentParameterMismatchException(400),
  ItemCollectionSizeLimitExceededException(400),
  ProvisionedThroughputExceededException(400),
  RequestLimitExceeded(400),
  /** Requests too fast for the service; Partita answers it only as an injected fault ({@link Faults}). */
  ThrottlingException(400),
  /** DynamoDB Streams: a shard iterator older than 15 minutes. */
  ExpiredIteratorException(400),
  /** DynamoDB Streams: records past the retention, or a shard that is gone with them. */
  TrimmedDataAccessException(400),
  /** Backups (CreateBackup, DescribeBackup, RestoreTableFromBackup, point-in-time recovery). */
  BackupNotFoundException(400),
  BackupInUseException(400),
  TableNotFoundException(400),
  TableAlreadyExistsException(400),
  TableInUseException(400),
  ContinuousBackupsUnavailableException(400),
  PointInTimeRecoveryUnavailableException(400),
  InvalidRestoreTimeException(400),
  /** A resource-based policy that is not attached, or not at the revision a request expected. */
  PolicyNotFoundException(400),
  /** A global table (version 2017.11.29) of that name does not exist: none does in Partita. */
  GlobalTableNotFoundException(400),
  /** ExportTableToPointInTime: an ExportTime outside the point-in-time recovery window. */
  InvalidExportTimeException(400),
  /** ExportTableToPointInTime: a ClientToken reused with other parameters. */
  ExportConflictException(400),
  ExportNotFoundException(400),
  /** ImportTable: a ClientToken reused with other parameters. */
  ImportConflictException(400),
  ImportNotFoundException(400),
  AccessDeniedException(400),
  UnrecognizedClientException(400),
  InvalidSignatureException(400),
  MissingAuthenticationTokenException(400),
  IncompleteSignatureException(400),
  /** The HTTP front end's answer to a request body over the size limit. */
  RequestEntityTooLargeException(413),
  InternalServerError(500),
  /**
   * DynamoDB's "DynamoDB is currently unavailable. (This should be a temporary state.)", OK to
   * retry (Developer Guide, Error handling with DynamoDB): Partita's answer to a write while its
   * storage cannot write (a full disk, say).
   */
  ServiceUnavailable(503);

  private final int httpStatus;

  ErrorCode(int httpStatus) {
    this.httpStatus = httpStatus;
  }

  /** The HTTP status DynamoDB answers this error with. */
  public int httpStatus() {
    return httpStatus;
  }
}
