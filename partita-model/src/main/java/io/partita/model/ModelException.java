package io.partita.model;

/**
 * The base of every error this library raises. Unchecked. Thrown directly by {@link Model.Builder#build()} for a
 * model that cannot work; the subclasses are the errors a caller can act on at run time. Errors from DynamoDB that
 * the library does not interpret (throttling, a missing table, …) reach the caller as the AWS SDK's own exceptions.
 */
public class ModelException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String field;

  public ModelException(String message) {
    this(message, null, null, null);
  }

  public ModelException(String message, String entity, String field) {
    this(message, entity, field, null);
  }

  public ModelException(String message, String entity, String field, Throwable cause) {
    super(message, cause);
    this.entity = entity;
    this.field = field;
  }

  /** The entity the error is about, or null. */
  public String entity() {
    return entity;
  }

  /** The record component (field) the error is about, or null. */
  public String field() {
    return field;
  }
}
