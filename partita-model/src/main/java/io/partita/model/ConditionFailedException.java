package io.partita.model;

import java.util.Optional;

/**
 * A conditional write was refused because its condition did not hold. When the entity handle was asked for it
 * ({@link EntityClient#returningCurrentOnFailure()}), {@link #current()} holds the item as it is now, decoded.
 */
public class ConditionFailedException extends ModelException {
  private static final long serialVersionUID = 1L;

  private final transient Object current;

  public ConditionFailedException(String message, String entity, Object current, Throwable cause) {
    super(message, entity, null, cause);
    this.current = current;
  }

  /** The item the condition was checked against, decoded; empty when not asked for or when there is none. */
  public Optional<Object> current() {
    return Optional.ofNullable(current);
  }

  /** {@link #current()} as the entity's record type. */
  public <T> Optional<T> current(Class<T> type) {
    return type.isInstance(current) ? Optional.of(type.cast(current)) : Optional.empty();
  }
}
