package io.partita.model.internal;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.partita.model.Condition;
import io.partita.model.Key;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the writes of a whole record or of a key: put, create, batch put, delete and condition check. A version
 * field makes a put or a delete of a record conditioned on the stored version (no item, for version null or 0). A
 * single or transactional put or delete holds only if the item at its key is absent or this entity's
 * ({@link #ownedOrAbsent}): it never replaces or removes another entity's item, or one the model cannot read,
 * unnoticed. A batch put or delete cannot say so (BatchWriteItem takes no condition) and writes as DynamoDB does.
 */
final class ItemPlanner<T> {
  private final EntityOps<T> ops;
  private final EntityModel<T> entity;

  ItemPlanner(EntityOps<T> ops) {
    this.ops = ops;
    this.entity = ops.entity();
  }

  CreateCommand create(T record) {
    Object[] values = entity.prepare(record, ops.clock().instant());
    if (entity.version() != null) {
      entity.withVersion(values, 1);
    }
    Map<String, AttributeValue> item = entity.item(values);
    Expressions x = new Expressions();
    String condition = "attribute_not_exists(" + x.name(ops.partitionKey()) + ")";
    return new CreateCommand(ops, entity.key(values), item, condition, x, entity.construct(values));
  }

  /**
   * The item a batch writes for {@code record}: built as a put builds it, but unconditional (BatchWriteItem takes
   * no conditions), so the version is incremented without a check.
   */
  PutCommand batchPut(T record, EntityOps.Reads reads) {
    Object[] values = entity.prepareReplacing(record, ops.clock().instant(), "batch put");
    new RuleChecks(entity).readOnly(values, reads);
    if (entity.version() != null) {
      Long v = entity.currentVersion(values);
      entity.withVersion(values, v == null ? 1 : v + 1);
    }
    return new PutCommand(ops, entity.key(values), entity.item(values), null, new Expressions(), false, null, false,
        entity.construct(values));
  }

  PutCommand put(T record, Condition condition, EntityOps.Reads reads) {
    Object[] values = entity.prepareReplacing(record, ops.clock().instant(), "put");
    new RuleChecks(entity).readOnly(values, reads);
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, List.of(entity), ops.partitionKey());
    Long expected = null;
    boolean versioned = entity.version() != null;
    if (versioned) {
      expected = entity.currentVersion(values);
      expression = withVersion(x, expected, expression);
      entity.withVersion(values, expected == null ? 1 : expected + 1);
    }
    if (!versioned || expected != null) { // "no item" already excludes another entity's
      expression = and(ownedOrAbsent(ops, x), expression);
    }
    Map<String, AttributeValue> item = entity.item(values);
    return new PutCommand(ops, entity.key(values), item, expression, x, versioned, expected, condition != null,
        entity.construct(values));
  }

  DeleteCommand delete(Key key, Condition condition) {
    return delete(entity.key(key), condition, false, null);
  }

  DeleteCommand delete(T record, Condition condition) {
    Object[] values = entity.mapper().values(record);
    boolean versioned = entity.version() != null && entity.currentVersion(values) != null;
    return delete(entity.key(values), condition, versioned, versioned ? entity.currentVersion(values) : null);
  }

  private DeleteCommand delete(Map<String, AttributeValue> key, Condition condition, boolean versioned,
      Long expected) {
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, List.of(entity), ops.partitionKey());
    if (versioned) {
      expression = withVersion(x, expected, expression);
    }
    expression = and(ownedOrAbsent(ops, x), expression);
    return new DeleteCommand(ops, key, expression, x, versioned, expected, condition != null);
  }

  /** A condition check of a transaction: {@code condition} on the item at {@code key}. */
  CheckCommand check(Key key, Condition condition) {
    Objects.requireNonNull(condition, "condition");
    Expressions x = new Expressions();
    String expression = x.condition(condition, List.of(entity), ops.partitionKey());
    return new CheckCommand(ops, entity.key(key), expression, x);
  }

  /** The version check (stored version {@code expected}, or no item) before the caller's condition, if any. */
  private String withVersion(Expressions x, Long expected, String expression) {
    return and(versionCheck(x, expected), expression);
  }

  /** {@code first}, and {@code then} when there is one. */
  private static String and(String first, String then) {
    return then == null ? first : Expressions.group(first) + " AND " + Expressions.group(then);
  }

  /**
   * The condition that the item at the key is absent or written for this entity: what keeps a write by key from
   * replacing or removing an item of another entity, or one the model cannot read. Its refusal is explained as
   * such ({@link Refusals}).
   */
  static String ownedOrAbsent(EntityOps<?> ops, Expressions x) {
    EntityModel<?> entity = ops.entity();
    return "attribute_not_exists(" + x.name(ops.partitionKey()) + ") OR " + x.name(entity.typeAttribute()) + " = "
        + x.value(entity.typeValue());
  }

  private String versionCheck(Expressions x, Long expected) {
    Field v = entity.version();
    if (expected == null) {
      return "attribute_not_exists(" + x.name(ops.partitionKey()) + ")";
    }
    return x.name(v.stored()) + " = " + x.value(AttributeValue.fromN(Long.toString(expected)));
  }
}
