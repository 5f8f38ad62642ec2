package io.partita.engine.internal.storage;

/**
 * A failure of the storage layer itself (I/O, a locked or incompatible data directory). Not a
 * DynamoDB answer: the caller maps it to InternalServerError or refuses to open.
 */
public class StorageException extends RuntimeException {
  public StorageException(String message) {
    super(message);
  }

  public StorageException(String message, Throwable cause) {
    super(message, cause);
  }
}
