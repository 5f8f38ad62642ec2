package io.partita.model;

/**
 * A write carrying version {@code v} found another version stored (someone else wrote first), found an item where
 * it expected none, or an update found changed, attempt after attempt, a field it read to build an index key (its
 * {@link #expectedVersion()} is then null). Re-read, re-apply the change and write again: {@code retryOnConflict}
 * does.
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
