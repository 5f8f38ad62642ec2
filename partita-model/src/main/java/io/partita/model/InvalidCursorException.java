package io.partita.model;

/**
 * A pagination cursor that this client did not issue for this query: altered, truncated, signed under another
 * key, or produced by a different query (another pattern, partition, sort condition, filter or order).
 */
public class InvalidCursorException extends ModelException {
  private static final long serialVersionUID = 1L;

  public InvalidCursorException(String message) {
    super(message);
  }
}
