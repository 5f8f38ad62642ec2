package io.partita.model.internal;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;

import io.partita.model.AlreadyExistsException;
import io.partita.model.Condition;
import io.partita.model.ConditionFailedException;
import io.partita.model.Key;
import io.partita.model.VersionConflictException;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * GetItem, PutItem and DeleteItem for one entity: items are built from the record with every key, index key and
 * the type attribute; conditions (existence, version, the caller's) are rendered through placeholders; a failed
 * condition becomes the typed exception a caller can act on. Thread-safe.
 */
public final class EntityOps<T> {
  private final EntityModel<T> entity;
  private final DynamoDbClient db;
  private final String tableName;
  private final String partitionKey;
  private final Clock clock;
  private final boolean returnCurrent;

  public EntityOps(EntityModel<T> entity, DynamoDbClient db, String tableName, String partitionKey, Clock clock,
      boolean returnCurrent) {
    this.entity = entity;
    this.db = db;
    this.tableName = tableName;
    this.partitionKey = partitionKey;
    this.clock = clock;
    this.returnCurrent = returnCurrent;
  }

  public EntityOps<T> returningCurrent() {
    return new EntityOps<>(entity, db, tableName, partitionKey, clock, true);
  }

  public Optional<T> get(Key key, boolean consistentRead) {
    GetItemResponse response = db.getItem(b -> b.tableName(tableName).key(entity.key(key))
        .consistentRead(consistentRead));
    return decodeOwn(response.hasItem() ? response.item() : null);
  }

  private Optional<T> decodeOwn(Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty() || !entity.owns(item)) {
      return Optional.empty(); // an item of another entity at this key never leaks into a typed result
    }
    return Optional.of(entity.decode(item, false));
  }

  /** Writes a new item; fails with {@link AlreadyExistsException} when the key is taken. */
  public T create(T record) {
    Object[] values = entity.prepare(record, clock.instant());
    if (entity.version() != null) {
      entity.withVersion(values, 1);
    }
    Map<String, AttributeValue> item = entity.item(values);
    Expressions x = new Expressions();
    String condition = "attribute_not_exists(" + x.name(partitionKey) + ")";
    try {
      db.putItem(request(item, x, condition));
    } catch (ConditionalCheckFailedException e) {
      throw new AlreadyExistsException("Entity " + entity.name() + ": an item with key " + describe(item)
          + " already exists", entity.name(), current(e), e);
    }
    return entity.construct(values);
  }

  /**
   * Writes the item, replacing any item at its key. With a version field, the write holds only if the stored
   * version is the record's (or there is no item, for version null/0), and writes the next version.
   */
  public T put(T record, Condition condition) {
    Object[] values = entity.prepare(record, clock.instant());
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, java.util.List.of(entity), partitionKey);
    Long expected = null;
    boolean versioned = entity.version() != null;
    if (versioned) {
      expected = entity.currentVersion(values);
      String check = versionCheck(x, expected);
      expression = expression == null ? check : "(" + check + ") AND (" + expression + ")";
      entity.withVersion(values, expected == null ? 1 : expected + 1);
    }
    Map<String, AttributeValue> item = entity.item(values);
    try {
      db.putItem(request(item, x, expression));
    } catch (ConditionalCheckFailedException e) {
      throw failure(e, item, versioned, expected, condition != null);
    }
    return entity.construct(values);
  }

  private String versionCheck(Expressions x, Long expected) {
    Field v = entity.version();
    if (expected == null) {
      return "attribute_not_exists(" + x.name(partitionKey) + ")";
    }
    return x.name(v.stored()) + " = " + x.value(AttributeValue.fromN(Long.toString(expected)));
  }

  public Optional<T> delete(Key key, Condition condition) {
    return delete(entity.key(key), condition, false, null);
  }

  /** Deletes the record's item; with a version field, only if the stored version is still the record's. */
  public Optional<T> delete(T record, Condition condition) {
    Object[] values = entity.mapper().values(record);
    boolean versioned = entity.version() != null && entity.currentVersion(values) != null;
    return delete(entity.key(values), condition, versioned, versioned ? entity.currentVersion(values) : null);
  }

  private Optional<T> delete(Map<String, AttributeValue> key, Condition condition, boolean versioned,
      Long expected) {
    Expressions x = new Expressions();
    String expression = condition == null ? null : x.condition(condition, java.util.List.of(entity), partitionKey);
    if (versioned) {
      String check = versionCheck(x, expected);
      expression = expression == null ? check : "(" + check + ") AND (" + expression + ")";
    }
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(tableName).key(key)
        .returnValues(ReturnValue.ALL_OLD);
    if (expression != null) {
      b.conditionExpression(expression).expressionAttributeNames(x.names());
      if (!x.values().isEmpty()) {
        b.expressionAttributeValues(x.values());
      }
      if (returnCurrent) {
        b.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      }
    }
    DeleteItemResponse response;
    try {
      response = db.deleteItem(b.build());
    } catch (ConditionalCheckFailedException e) {
      throw failure(e, key, versioned, expected, condition != null);
    }
    return decodeOwn(response.hasAttributes() ? response.attributes() : null);
  }

  private PutItemRequest request(Map<String, AttributeValue> item, Expressions x, String condition) {
    PutItemRequest.Builder b = PutItemRequest.builder().tableName(tableName).item(item);
    if (condition != null) {
      b.conditionExpression(condition).expressionAttributeNames(x.names());
      if (!x.values().isEmpty()) {
        b.expressionAttributeValues(x.values());
      }
      if (returnCurrent) {
        b.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      }
    }
    return b.build();
  }

  private ConditionFailedException failure(ConditionalCheckFailedException e, Map<String, AttributeValue> item,
      boolean versioned, Long expected, boolean callerCondition) {
    Object current = current(e);
    if (versioned) {
      // with a caller condition too, the version is to blame only when the stored one differs (known if asked)
      boolean versionMismatch = !callerCondition
          || (returnCurrent && !java.util.Objects.equals(versionOf(e), expected));
      if (versionMismatch) {
        return new VersionConflictException("Entity " + entity.name() + ": item " + describe(item) + " expected "
            + (expected == null ? "no item" : "version " + expected) + " but another write came first",
            entity.name(), expected, current, e);
      }
    }
    return new ConditionFailedException("Entity " + entity.name() + ": the condition on item " + describe(item)
        + " does not hold", entity.name(), current, e);
  }

  private Long versionOf(ConditionalCheckFailedException e) {
    if (!e.hasItem() || e.item().isEmpty()) {
      return null;
    }
    AttributeValue v = e.item().get(entity.version().stored());
    return v == null || v.n() == null ? null : Long.parseLong(v.n());
  }

  private Object current(ConditionalCheckFailedException e) {
    if (!returnCurrent || !e.hasItem() || e.item().isEmpty() || !entity.owns(e.item())) {
      return null;
    }
    return entity.decode(e.item(), false);
  }

  private String describe(Map<String, AttributeValue> item) {
    EntityModel.KeyTemplates k = entity.tableKey();
    AttributeValue pk = item.get(k.shape().partitionKey());
    AttributeValue sk = k.shape().sortKey() == null ? null : item.get(k.shape().sortKey());
    return pk.s() + (sk == null ? "" : " / " + sk.s());
  }
}
