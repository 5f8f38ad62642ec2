package io.partita.model.internal;

import java.util.Map;
import java.util.Set;

import io.partita.model.ConditionFailedException;
import io.partita.model.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One write, fully built (item or update expression, key, condition and its placeholders), before it is sent: one
 * record per kind of write, each holding only what that write needs and each able to become its own single request
 * and its action of a TransactWriteItems (and, for put and delete, its entry of a BatchWriteItem), so that a write
 * is built once and sent any of those ways. What a refused condition needs for its explanation (the version the
 * write expected, whether the caller added a condition, the values read to build derived keys) is part of the
 * record, never set after it is built.
 */
public sealed interface WriteCommand
    permits PutCommand, CreateCommand, UpdateCommand, UpsertCommand, DeleteCommand, CheckCommand {

  /** The entity's operations this write was planned by (and whose refusals they explain). */
  EntityOps<?> ops();

  Map<String, AttributeValue> key();

  /** The condition expression, or null for none. */
  String condition();

  /** The placeholders of the condition and of an update expression. */
  Expressions x();

  default String entityName() {
    return ops().entity().name();
  }

  /** The record as written (put and create, with generated fields), or null. */
  default Object written() {
    return null;
  }

  /** Whether the write checks a version (the refusal may then be a conflict). */
  default boolean versioned() {
    return false;
  }

  /** The version the write expected (null: no item, or no check). */
  default Long expectedVersion() {
    return null;
  }

  default boolean callerCondition() {
    return false;
  }

  /** Stored attribute to the value the write assumed (null: absent); values read to build derived keys. */
  default Map<String, AttributeValue> guards() {
    return Map.of();
  }

  /** The guards that come from a read the library made (so a changed value is worth planning again). */
  default Set<String> readGuards() {
    return Set.of();
  }

  /** The rules an add or subtract is guarded by ({@code stock: min 0}), for the message when one refuses it. */
  default String ruleGuards() {
    return null;
  }

  /** This write as one action of a TransactWriteItems. */
  TransactWriteItem transactItem(String table, boolean returnCurrent);

  /**
   * Explains this write's refused condition as the typed error it raises on its own; {@code known} says whether
   * {@code item} is the item as it was (null: none).
   */
  default ConditionFailedException explain(Map<String, AttributeValue> item, boolean known, Throwable cause) {
    Refusals refusals = ops().refusals();
    try {
      return refusals.failure(this, item, known, cause);
    } catch (Refusals.StaleReadException stale) {
      // another writer came first: a conflict, which retryOnConflict takes
      return new VersionConflictException("Entity " + entityName() + ": item " + refusals.describe(key())
          + ": a field its index keys are built from changed after it was read", entityName(), null,
          refusals.decodeCurrent(item), cause);
    }
  }
}
