package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * One write, fully built (item or update expression, key, condition and its placeholders), before it is sent: as a
 * PutItem, UpdateItem or DeleteItem of its own, or as one action of a TransactWriteItems. It also keeps what is
 * needed to explain a refused condition: whether a version was expected, whether the caller added a condition, and
 * the values read to build derived keys ({@code guards}). Immutable once built.
 */
public final class WritePlan {

  /** What the write does. UPSERT is an UpdateItem that may create the item. */
  public enum Action { PUT, CREATE, UPDATE, UPSERT, DELETE, CHECK }

  final EntityOps<?> ops;
  final Action action;
  final Map<String, AttributeValue> key;
  final Map<String, AttributeValue> item;
  final String updateExpression;
  final String condition;
  final Expressions x;
  final boolean versioned;
  final Long expectedVersion;
  final boolean callerCondition;
  /** Stored attribute to the value the write assumed (null: absent); values read to build derived keys. */
  final Map<String, AttributeValue> guards;
  /** The guards that come from a read the library made (so a changed value is worth planning again). */
  final java.util.Set<String> readGuards;
  final Object written;
  /** The rules an add or subtract is guarded by ({@code stock: min 0}), for the message when one refuses it. */
  String ruleGuards;

  WritePlan(EntityOps<?> ops, Action action, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
      String updateExpression, String condition, Expressions x, boolean versioned, Long expectedVersion,
      boolean callerCondition, Map<String, AttributeValue> guards, java.util.Set<String> readGuards, Object written) {
    this.ops = ops;
    this.action = action;
    this.key = key;
    this.item = item;
    this.updateExpression = updateExpression;
    this.condition = condition;
    this.x = x;
    this.versioned = versioned;
    this.expectedVersion = expectedVersion;
    this.callerCondition = callerCondition;
    this.guards = guards == null ? Map.of() : guards;
    this.readGuards = readGuards == null ? java.util.Set.of() : readGuards;
    this.written = written;
  }

  public Action action() {
    return action;
  }

  public String entityName() {
    return ops.entity().name();
  }

  public EntityOps<?> ops() {
    return ops;
  }

  /** The record as written (put and create, with generated fields), or null. */
  public Object written() {
    return written;
  }

  public Map<String, AttributeValue> key() {
    return key;
  }

  /** The whole item of a put or create. */
  public Map<String, AttributeValue> item() {
    return item;
  }

  public boolean versioned() {
    return versioned;
  }

  public boolean callerCondition() {
    return callerCondition;
  }

  public boolean hasGuards() {
    return !guards.isEmpty();
  }

  /**
   * Explains this write's refused condition as the typed error it raises on its own; {@code known} says whether
   * {@code item} is the item as it was (null: none).
   */
  public io.partita.model.ConditionFailedException explain(Map<String, AttributeValue> item, boolean known,
      Throwable cause) {
    try {
      return ops.failure(this, item, known, cause);
    } catch (EntityOps.StaleReadException stale) {
      // another writer came first: a conflict, which retryOnConflict takes
      return new io.partita.model.VersionConflictException("Entity " + entityName() + ": item "
          + ops.describe(key) + ": a field its index keys are built from changed after it was read", entityName(),
          null, ops.decodeCurrent(item), cause);
    }
  }

  /** This write as one action of a TransactWriteItems. */
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    ReturnValuesOnConditionCheckFailure rv = returnCurrent ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null;
    Map<String, String> names = x.names().isEmpty() ? null : x.names();
    Map<String, AttributeValue> values = x.values().isEmpty() ? null : x.values();
    switch (action) {
      case PUT:
      case CREATE:
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item).conditionExpression(condition)
            .expressionAttributeNames(names).expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(condition == null ? null : rv).build()).build();
      case UPDATE:
      case UPSERT:
        return TransactWriteItem.builder().update(Update.builder().tableName(table).key(key)
            .updateExpression(updateExpression).conditionExpression(condition).expressionAttributeNames(names)
            .expressionAttributeValues(values).returnValuesOnConditionCheckFailure(condition == null ? null : rv)
            .build()).build();
      case DELETE:
        return TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
            .conditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(condition == null ? null : rv).build()).build();
      default:
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key)
            .conditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(rv).build()).build();
    }
  }
}
