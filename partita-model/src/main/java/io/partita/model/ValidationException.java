package io.partita.model;

/**
 * A request that does not fit the model, refused before anything is sent: a key value missing or of the wrong
 * type, a required field that is null, an unknown field in a filter, a consistent read on a global index, a value
 * that breaks a declared {@link Rule} ({@link #rule()}).
 */
public class ValidationException extends ModelException {
  private static final long serialVersionUID = 1L;
  private final transient Rule rule;

  /** A value that breaks {@code rule} of {@code entity}'s {@code field} ({@link Entity#validate}). */
  public ValidationException(String message, String entity, String field, Rule rule) {
    super(message, entity, field);
    this.rule = rule;
  }

  /** The declared rule the value broke; null for the model's own checks. */
  public Rule rule() {
    return rule;
  }

  public ValidationException(String message, String entity, String field) {
    this(message, entity, field, (Rule) null);
  }

  public ValidationException(String message, String entity, String field, Throwable cause) {
    super(message, entity, field, cause);
    this.rule = null;
  }
}
