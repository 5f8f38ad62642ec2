package io.partita.model;

import java.util.List;
import java.util.Optional;

/**
 * A transaction that wrote nothing, with DynamoDB's reason for each action in the order the actions were added.
 * Reasons of actions that did not fail have code {@code None}; a failed condition has code
 * {@code ConditionalCheckFailed} and, in {@link Reason#error()}, the same typed error the action would raise on its
 * own ({@link AlreadyExistsException} for a create, {@link VersionConflictException}, {@link ConditionFailedException}),
 * with the item as it was when the transaction asked for current items
 * ({@link Transaction#returningCurrentOnFailure()}). Other codes: {@code TransactionConflict} (another transaction
 * held an item: retry), {@code ValidationError}, {@code ItemCollectionSizeLimitExceeded},
 * {@code ProvisionedThroughputExceeded}, {@code ThrottlingError}.
 */
public class TransactionCanceledException extends ModelException {
  private static final long serialVersionUID = 1L;

  /**
   * Why one action did or did not go through.
   *
   * @param index the action's position in the transaction, from 0
   * @param action what the action was: {@code put}, {@code create}, {@code update}, {@code delete}, {@code check}
   * @param entity the entity's name
   * @param code DynamoDB's code ({@code None} for an action that was not the cause)
   * @param message DynamoDB's message, or null
   * @param error for a refused condition, the typed error the action would raise on its own
   */
  public record Reason(int index, String action, String entity, String code, String message,
      ConditionFailedException error) {

    /** Whether this action is (one of) the cause(s). */
    public boolean failed() {
      return code != null && !"None".equals(code);
    }

    /** Whether its condition was refused. */
    public boolean conditionFailed() {
      return "ConditionalCheckFailed".equals(code);
    }

    /** Whether its condition was refused because another write came first. */
    public boolean versionConflict() {
      return error instanceof VersionConflictException;
    }

    /** The item as it was, decoded, when the transaction asked for it and it is one of the entity's. */
    public Optional<Object> current() {
      return error == null ? Optional.empty() : error.current();
    }
  }

  private final List<Reason> reasons;

  public TransactionCanceledException(String message, List<Reason> reasons, Throwable cause) {
    super(message, null, null, cause);
    this.reasons = List.copyOf(reasons);
  }

  /** One reason per action, in the order the actions were added. */
  public List<Reason> reasons() {
    return reasons;
  }

  /** The reasons of the actions that caused the cancellation. */
  public List<Reason> failures() {
    return reasons.stream().filter(Reason::failed).toList();
  }
}
