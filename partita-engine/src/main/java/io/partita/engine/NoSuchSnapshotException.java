package io.partita.engine;

/**
 * {@link Partita#restore} was asked for a snapshot the database does not hold. Its own type, so a
 * caller tells it from a name that is not a snapshot name at all (an {@link IllegalArgumentException}
 * too) without reading the message: the server answers it 404, the MCP server ResourceNotFoundException.
 */
public final class NoSuchSnapshotException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** Made by the engine, naming the snapshots it does hold. */
  public NoSuchSnapshotException(String message) {
    super(message);
  }
}
