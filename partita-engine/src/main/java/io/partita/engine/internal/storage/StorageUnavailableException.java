package io.partita.engine.internal.storage;

/**
 * The storage cannot write now (no space left on the device, an I/O error, a store being reopened
 * after one): the write was not acknowledged and may be retried once the cause is gone. The message
 * says why in words fit for a client: it never names a path. The RocksDB error, which does, is
 * the cause.
 */
public class StorageUnavailableException extends StorageException {
  public StorageUnavailableException(String problem, Throwable cause) {
    super(problem, cause);
  }
}
