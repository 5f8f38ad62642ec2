package io.partita.engine;

/**
 * The data directory could not be opened because another process (or this one) has it open: RocksDB
 * holds its {@code LOCK} file for as long as a database is open. Its own type, so a command line can
 * say so in one line instead of a storage trace.
 */
public final class DataDirectoryInUseException extends RuntimeException {
  private final String directory;

  /** Made by the store when it finds the directory's lock held. */
  public DataDirectoryInUseException(String directory, String message, Throwable cause) {
    super(message, cause);
    this.directory = directory;
  }

  /** The directory, absolute. */
  public String directory() {
    return directory;
  }
}
