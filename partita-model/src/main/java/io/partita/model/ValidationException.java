package io.partita.model;

/**
 * A request that does not fit the model, refused before anything is sent: a key value missing or of the wrong
 * type, a required field that is null, an unknown field in a filter, a consistent read on a global index.
 */
public class ValidationException extends ModelException {
  private static final long serialVersionUID = 1L;

  public ValidationException(String message, String entity, String field) {
    super(message, entity, field);
  }

  public ValidationException(String message, String entity, String field, Throwable cause) {
    super(message, entity, field, cause);
  }
}
