package io.partita.model;

/**
 * A write carrying version {@code v} found another version stored (someone else wrote first), or found an item
 * where it expected none. Re-read, re-apply the change and write again.
 */
public class VersionConflictException extends ConditionFailedException {
  private static final long serialVersionUID = 1L;

  private final Long expectedVersion;

  public VersionConflictException(String message, String entity, Long expectedVersion, Object current,
      Throwable cause) {
    super(message, entity, current, cause);
    this.expectedVersion = expectedVersion;
  }

  /** The version the write expected to find, or null when it expected no item. */
  public Long expectedVersion() {
    return expectedVersion;
  }
}
