package io.partita.model.migrate;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.partita.model.Entity;
import io.partita.model.EntityClient;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.ModelException;
import io.partita.model.ValidationException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The dual-write window of a move from a legacy table into the single table ({@link DualWrite#alsoTo}): every write
 * of the entity to the new table also writes its record's legacy item, and fails closed — both or neither.
 *
 * <p>A PutItem or DeleteItem becomes one TransactWriteItems of the two writes (DynamoDB's transactions span tables of
 * one account and region), with the caller's condition on the new item; a failed condition is answered as the
 * ConditionalCheckFailedException the caller expects. The legacy key of a delete comes from the new item's key
 * ({@link EntityClient#keyFrom}), so an item the backfill has not copied yet is deleted from the legacy table too.
 * A BatchWriteItem's writes of the entity each go as such a pair (a batch is not atomic either). In a
 * TransactWriteItems, the entity's puts and deletes gain their legacy writes in the same transaction; an update there
 * is refused, since its result is not known before it runs.
 *
 * <p>An UpdateItem is the one write that takes two steps: the update, conditioned on the item read before it, then a
 * transaction of the legacy put and a check that the new item is still what the update left. When the second step
 * fails, the update is undone (the item read before is put back, if no one wrote since) and the failure thrown: the
 * caller sees the write fail and both tables as they were. Only a process that dies between the two steps leaves the
 * legacy item one write behind; the shadow read reports it as CHANGED, and the next write of the item repairs it.
 */
final class CrossTableWindow<T extends Record, L extends Record> {
  private static final int ATTEMPTS = 10;

  private final DynamoDbClient dynamo;
  private final Model model;
  private final Entity<T> entity;
  private final LegacyTable<L> legacy;
  private final Function<T, L> toOld;
  private final EntityClient<T> keys;

  CrossTableWindow(DynamoDbClient dynamo, Model model, Entity<T> entity, LegacyTable<L> legacy, Function<T, L> toOld) {
    this.dynamo = dynamo;
    this.model = model;
    this.entity = entity;
    this.legacy = legacy;
    this.toOld = toOld;
    this.keys = ModelClient.create(model, dynamo).entity(entity);
  }

  @Override
  public String toString() {
    return legacy.name();
  }

  DynamoDbClient client() {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          Object a = args != null && args.length == 1 ? args[0] : null;
          switch (method.getName()) {
            case "putItem" -> {
              return put(a instanceof PutItemRequest p ? p : StoredItems.built(PutItemRequest.builder(), a).build());
            }
            case "deleteItem" -> {
              return delete(a instanceof DeleteItemRequest d ? d : StoredItems.built(DeleteItemRequest.builder(), a).build());
            }
            case "updateItem" -> {
              return update(a instanceof UpdateItemRequest u ? u : StoredItems.built(UpdateItemRequest.builder(), a).build());
            }
            case "batchWriteItem" -> {
              return batch(a instanceof BatchWriteItemRequest b ? b : StoredItems.built(BatchWriteItemRequest.builder(), a).build());
            }
            case "transactWriteItems" -> {
              TransactWriteItemsRequest r = a instanceof TransactWriteItemsRequest t ? t
                  : StoredItems.built(TransactWriteItemsRequest.builder(), a).build();
              return dynamo.transactWriteItems(transact(r));
            }
            default -> {
              return StoredItems.passOn(dynamo, method, args);
            }
          }
        });
  }


  private boolean mine(String table) {
    return model.table().name().equals(table);
  }

  private boolean ofEntity(Map<String, AttributeValue> item) {
    AttributeValue type = item == null ? null : item.get(model.table().typeAttribute());
    return type != null && entity.name().equals(type.s());
  }

  /** The legacy item of a new item of the entity. */
  private Map<String, AttributeValue> legacyItem(Map<String, AttributeValue> item) {
    T record = model.decode(item, entity.type()).orElseThrow(() -> new ModelException("the dual write cannot read "
        + "the item it writes as " + entity.name(), entity.name(), null));
    return legacy.encode(Objects.requireNonNull(toOld.apply(record), "the conversion to the legacy record returned null"));
  }

  /** The legacy key of a key of the new table, or null when it is not a key of the entity. */
  private Map<String, AttributeValue> legacyKey(Map<String, AttributeValue> key) {
    Key k;
    try {
      k = keys.keyFrom(key);
    } catch (ValidationException notTheEntitys) {
      return null;
    }
    return legacy.keyOfValues(k.values());
  }

  private Map<String, AttributeValue> read(Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item = dynamo.getItem(g -> g.tableName(model.table().name()).key(key)
        .consistentRead(true)).item();
    return item == null || item.isEmpty() ? null : item;
  }


  /**
   * Whether a canceled pair should be tried again (the item changed since it was read, or a conflict); else the
   * failure the caller gets: its condition failed, or the legacy write was refused.
   */
  private boolean retry(TransactionCanceledException e, WindowCondition c, Map<String, AttributeValue> key,
      Map<String, AttributeValue> before) {
    List<CancellationReason> reasons = e.cancellationReasons();
    CancellationReason first = reasons.isEmpty() ? null : reasons.get(0);
    if (first != null && "ConditionalCheckFailed".equals(first.code())) {
      if (c.guarded() && !sameItem(read(key), before)) {
        return true;
      }
      throw ConditionalCheckFailedException.builder().message("The conditional request failed")
          .item(first.item()).build();
    }
    for (CancellationReason r : reasons) {
      if ("TransactionConflict".equals(r.code())) {
        return true;
      }
    }
    throw e;
  }

  private static boolean sameItem(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    return a == null || b == null ? a == b : StoredItems.same(a, b);
  }

  private void pair(TransactWriteItem onNew, TransactWriteItem onLegacy) {
    dynamo.transactWriteItems(t -> t.transactItems(onNew, onLegacy));
  }

  private ModelException changedEachTime(Map<String, AttributeValue> key) {
    return new ModelException("the dual write of " + entity.name() + " " + key + " met another writer in each of "
        + ATTEMPTS + " attempts", entity.name(), null);
  }

  // ---- the writes

  private PutItemResponse put(PutItemRequest r) {
    if (!mine(r.tableName()) || !ofEntity(r.item())) {
      return dynamo.putItem(r);
    }
    refuseLegacyParameters(r.hasExpected(), r.conditionalOperator());
    TransactWriteItem onLegacy = TransactWriteItem.builder().put(Put.builder().tableName(legacy.name())
        .item(legacyItem(r.item())).build()).build();
    boolean wantOld = r.returnValues() == ReturnValue.ALL_OLD;
    Map<String, AttributeValue> key = StoredItems.keyOf(model.table(), r.item());
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Map<String, AttributeValue> before = wantOld ? read(key) : null;
      WindowCondition c = WindowCondition.of(r.conditionExpression(), r.expressionAttributeNames(),
          r.expressionAttributeValues(), wantOld, before, model.table().partitionKey());
      try {
        pair(TransactWriteItem.builder().put(Put.builder().tableName(r.tableName()).item(r.item())
            .conditionExpression(c.expressionOrNull()).expressionAttributeNames(c.namesOrNull())
            .expressionAttributeValues(c.valuesOrNull())
            .returnValuesOnConditionCheckFailure(r.returnValuesOnConditionCheckFailure()).build()).build(), onLegacy);
        return PutItemResponse.builder().attributes(wantOld ? before : null).build();
      } catch (TransactionCanceledException e) {
        if (!retry(e, c, key, before)) {
          throw e;
        }
      }
    }
    throw changedEachTime(key);
  }

  private DeleteItemResponse delete(DeleteItemRequest r) {
    Map<String, AttributeValue> legacyKey = mine(r.tableName()) ? legacyKey(r.key()) : null;
    if (legacyKey == null) {
      return dynamo.deleteItem(r);
    }
    refuseLegacyParameters(r.hasExpected(), r.conditionalOperator());
    TransactWriteItem onLegacy = TransactWriteItem.builder().delete(Delete.builder().tableName(legacy.name())
        .key(legacyKey).build()).build();
    boolean wantOld = r.returnValues() == ReturnValue.ALL_OLD;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Map<String, AttributeValue> before = wantOld ? read(r.key()) : null;
      WindowCondition c = WindowCondition.of(r.conditionExpression(), r.expressionAttributeNames(),
          r.expressionAttributeValues(), wantOld, before, model.table().partitionKey());
      try {
        pair(TransactWriteItem.builder().delete(Delete.builder().tableName(r.tableName()).key(r.key())
            .conditionExpression(c.expressionOrNull()).expressionAttributeNames(c.namesOrNull())
            .expressionAttributeValues(c.valuesOrNull())
            .returnValuesOnConditionCheckFailure(r.returnValuesOnConditionCheckFailure()).build()).build(), onLegacy);
        return DeleteItemResponse.builder().attributes(wantOld ? before : null).build();
      } catch (TransactionCanceledException e) {
        if (!retry(e, c, r.key(), before)) {
          throw e;
        }
      }
    }
    throw changedEachTime(r.key());
  }

  private UpdateItemResponse update(UpdateItemRequest r) {
    if (!mine(r.tableName()) || legacyKey(r.key()) == null) {
      return dynamo.updateItem(r);
    }
    refuseLegacyParameters(r.hasExpected() || r.hasAttributeUpdates(), r.conditionalOperator());
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Map<String, AttributeValue> before = read(r.key());
      WindowCondition c = WindowCondition.of(r.conditionExpression(), r.expressionAttributeNames(),
          r.expressionAttributeValues(), true, before, model.table().partitionKey());
      Map<String, AttributeValue> after;
      try {
        after = dynamo.updateItem(r.toBuilder().conditionExpression(c.expressionOrNull())
            .expressionAttributeNames(c.namesOrNull()).expressionAttributeValues(c.valuesOrNull())
            .returnValues(ReturnValue.ALL_NEW).build()).attributes();
      } catch (ConditionalCheckFailedException e) {
        if (!sameItem(read(r.key()), before)) {
          continue;
        }
        throw e;
      }
      if (!ofEntity(after)) {
        return StoredItems.updateAnswer(r.returnValues(), before, after);
      }
      Map<String, String> names = new HashMap<>();
      Map<String, AttributeValue> values = new HashMap<>();
      String stillAfter = StoredItems.unchanged(after, List.of(), names, values, WindowCondition.PREFIX);
      try {
        pair(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(r.tableName())
                .key(r.key()).conditionExpression(stillAfter).expressionAttributeNames(names)
                .expressionAttributeValues(values).build()).build(),
            TransactWriteItem.builder().put(Put.builder().tableName(legacy.name()).item(legacyItem(after)).build())
                .build());
      } catch (RuntimeException e) {
        if (e instanceof TransactionCanceledException t && !t.cancellationReasons().isEmpty()
            && "ConditionalCheckFailed".equals(t.cancellationReasons().get(0).code())) {
          // another writer changed the new item since: its own write through the window carries the legacy item
          return StoredItems.updateAnswer(r.returnValues(), before, after);
        }
        undo(r.key(), before, after, e);
        throw new ModelException("the dual write of " + entity.name() + " " + r.key() + " could not write legacy "
            + "table " + legacy.name() + "; the update was undone: " + e.getMessage(), entity.name(), null, e);
      }
      return StoredItems.updateAnswer(r.returnValues(), before, after);
    }
    throw changedEachTime(r.key());
  }

  /** Puts back the item an update replaced (or deletes the one it made), if it is still what the update left. */
  private void undo(Map<String, AttributeValue> key, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after, RuntimeException failure) {
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    String stillAfter = StoredItems.unchanged(after, List.of(), names, values, WindowCondition.PREFIX);
    try {
      if (before == null) {
        dynamo.deleteItem(d -> d.tableName(model.table().name()).key(key).conditionExpression(stillAfter)
            .expressionAttributeNames(names).expressionAttributeValues(values));
      } else {
        dynamo.putItem(p -> p.tableName(model.table().name()).item(before).conditionExpression(stillAfter)
            .expressionAttributeNames(names).expressionAttributeValues(values));
      }
    } catch (RuntimeException e) {
      failure.addSuppressed(e); // another writer since (whose window write carries both), or the table failed too
    }
  }

  private BatchWriteItemResponse batch(BatchWriteItemRequest r) {
    Map<String, List<WriteRequest>> rest = new HashMap<>();
    r.requestItems().forEach((table, writes) -> {
      List<WriteRequest> others = new ArrayList<>();
      for (WriteRequest w : writes) {
        if (mine(table) && w.putRequest() != null && ofEntity(w.putRequest().item())) {
          put(PutItemRequest.builder().tableName(table).item(w.putRequest().item()).build());
        } else if (mine(table) && w.deleteRequest() != null && legacyKey(w.deleteRequest().key()) != null) {
          delete(DeleteItemRequest.builder().tableName(table).key(w.deleteRequest().key()).build());
        } else {
          others.add(w);
        }
      }
      if (!others.isEmpty()) {
        rest.put(table, others);
      }
    });
    return rest.isEmpty() ? BatchWriteItemResponse.builder().unprocessedItems(Map.of()).build()
        : dynamo.batchWriteItem(r.toBuilder().requestItems(rest).build());
  }

  private TransactWriteItemsRequest transact(TransactWriteItemsRequest r) {
    List<TransactWriteItem> out = new ArrayList<>(r.transactItems());
    for (TransactWriteItem w : r.transactItems()) {
      if (w.put() != null && mine(w.put().tableName()) && ofEntity(w.put().item())) {
        out.add(TransactWriteItem.builder().put(Put.builder().tableName(legacy.name()).item(legacyItem(w.put().item()))
            .build()).build());
      } else if (w.delete() != null && mine(w.delete().tableName())) {
        Map<String, AttributeValue> key = legacyKey(w.delete().key());
        if (key != null) {
          out.add(TransactWriteItem.builder().delete(Delete.builder().tableName(legacy.name()).key(key).build())
              .build());
        }
      } else if (w.update() != null && mine(w.update().tableName()) && legacyKey(w.update().key()) != null) {
        throw new ModelException("an update of " + entity.name() + " inside a transaction cannot carry its legacy "
            + "write through the dual-write window to " + legacy.name() + " (its result is known only after it runs):"
            + " put the whole record in the transaction instead", entity.name(), null);
      }
    }
    if (out.size() > 100) {
      throw new ModelException("with its legacy writes the transaction has " + out.size() + " actions; DynamoDB "
          + "takes at most 100", entity.name(), null);
    }
    return r.toBuilder().transactItems(out).build();
  }

  private static void refuseLegacyParameters(boolean legacyConditions, Object operator) {
    if (legacyConditions || operator != null) {
      throw new IllegalArgumentException("the dual-write window takes conditions as ConditionExpression; the legacy "
          + "Expected, AttributeUpdates and ConditionalOperator parameters are not served through it");
    }
  }
}
