package io.partita.model;

/** {@link EntityClient#create} found an item at the key already. */
public class AlreadyExistsException extends ConditionFailedException {
  private static final long serialVersionUID = 1L;

  public AlreadyExistsException(String message, String entity, Object current, Throwable cause) {
    super(message, entity, current, cause);
  }
}
