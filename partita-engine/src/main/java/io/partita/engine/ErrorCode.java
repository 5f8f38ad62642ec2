package io.partita.engine;

/**
 * DynamoDB's error codes, as they appear in the {@code __type} of a wire error and in
 * {@code AwsErrorDetails.errorCode()} of an SDK exception.
 *
 * <p>The constant's name is the code itself, so clients that switch on the code see exactly what
 * Amazon DynamoDB would send.
 *
 * <p>These are the engine's refusals only: the HTTP status each is answered with, and the codes of
 * the server's own front end (authentication, a body over the size limit), belong to the server
 * and the embedded client ({@code io.partita.embedded.HttpStatuses}), not to the engine.
 */
public enum ErrorCode {
  ValidationException,
  SerializationException,
  UnknownOperationException,
  ResourceNotFoundException,
  /** A resource of another account (a table ARN whose account is not this database's). */
  AccessDeniedException,
  ResourceInUseException,
  LimitExceededException,
  ConditionalCheckFailedException,
  /** PartiQL: an INSERT of a key that is already in the table. */
  DuplicateItemException,
  TransactionCanceledException,
  TransactionConflictException,
  TransactionInProgressException,
  IdempotentParameterMismatchException,
  ItemCollectionSizeLimitExceededException,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  /** Requests too fast for the service; Partita answers it only as an injected fault ({@link Faults}). */
  ThrottlingException,
  /** DynamoDB Streams: a shard iterator older than 15 minutes. */
  ExpiredIteratorException,
  /** DynamoDB Streams: records past the retention, or a shard that is gone with them. */
  TrimmedDataAccessException,
  /** Backups (CreateBackup, DescribeBackup, RestoreTableFromBackup, point-in-time recovery). */
  BackupNotFoundException,
  BackupInUseException,
  TableNotFoundException,
  TableAlreadyExistsException,
  TableInUseException,
  ContinuousBackupsUnavailableException,
  PointInTimeRecoveryUnavailableException,
  InvalidRestoreTimeException,
  /** A resource-based policy that is not attached, or not at the revision a request expected. */
  PolicyNotFoundException,
  /** A global table (version 2017.11.29) of that name does not exist: none does in Partita. */
  GlobalTableNotFoundException,
  /** ExportTableToPointInTime: an ExportTime outside the point-in-time recovery window. */
  InvalidExportTimeException,
  /** ExportTableToPointInTime: a ClientToken reused with other parameters. */
  ExportConflictException,
  ExportNotFoundException,
  /** ImportTable: a ClientToken reused with other parameters. */
  ImportConflictException,
  ImportNotFoundException,
  InternalServerError,
  /**
   * DynamoDB's "DynamoDB is currently unavailable. (This should be a temporary state.)", OK to
   * retry (Developer Guide, Error handling with DynamoDB): Partita's answer to a write while its
   * storage cannot write (a full disk, say).
   */
  ServiceUnavailable
}
