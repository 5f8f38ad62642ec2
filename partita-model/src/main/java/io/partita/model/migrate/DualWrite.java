package io.partita.model.migrate;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.partita.model.Entity;
import io.partita.model.Model;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The dual-write window of a migration inside one table: while old readers still read the old shape (an index keyed
 * the old way, an attribute under its old name), every write of the entity writes the new shape and the old one in
 * the same item. {@link #client()} is a {@link DynamoDbClient} to build the application's {@code ModelClient} on for
 * the window; it adds to each item of the entity that is put — PutItem, BatchWriteItem, TransactWriteItems — the
 * attributes the old model would write for it and the new one does not, and after an UpdateItem of such an item
 * sets them from the item as it then is. Run the {@link Migration} with the same attributes {@link
 * Migration#retain retained}, cut the readers over, then stop the window and run a migration without them to remove
 * the old shape (expand, migrate, contract).
 *
 * <pre>{@code
 * DynamoDbClient window = DualWrite.of(dynamo, model, task)
 *     .alsoAs(oldModel, (Task t) -> new TaskV1(t.project(), t.id(), t.title(), t.priority())).client();
 * ModelClient db = ModelClient.create(model, window);   // writes both shapes until the cutover
 * }</pre>
 *
 * <p>The follow-up of an UpdateItem is a second request, conditioned on the item being as the update left it: if
 * another writer came in between, it is skipped (that writer, going through the window too, writes the old shape
 * itself). It is not atomic with the update: a reader of the old shape may see the update a moment before its old
 * attributes. Everything else is sent as it is.
 */
public final class DualWrite<T extends Record> {
  private final DynamoDbClient dynamo;
  private final Model model;
  private final Entity<T> entity;
  private Function<Map<String, AttributeValue>, Map<String, AttributeValue>> oldShape;
  private CrossTableWindow<T, ?> crossTable;

  private DualWrite(DynamoDbClient dynamo, Model model, Entity<T> entity) {
    this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    this.model = Objects.requireNonNull(model, "model");
    this.entity = Objects.requireNonNull(entity, "entity");
  }

  /** A window for {@code entity} of the new {@code model}. */
  public static <T extends Record> DualWrite<T> of(DynamoDbClient dynamo, Model model, Entity<T> entity) {
    return new DualWrite<>(dynamo, model, entity);
  }

  /**
   * The old shape: the item {@code oldModel} stores for {@code toOld} of each record ({@link Model#encode}); of it,
   * the attributes the new item lacks are written too.
   */
  public <O extends Record> DualWrite<T> alsoAs(Model oldModel, Function<T, O> toOld) {
    Objects.requireNonNull(oldModel, "oldModel");
    Objects.requireNonNull(toOld, "toOld");
    if (!oldModel.table().name().equals(model.table().name())) {
      // the old shape would be added to the new table's items, and nothing would reach the old table
      throw new IllegalArgumentException("alsoAs writes the old shape into the same item of table "
          + model.table().name() + "; the old model is of table " + oldModel.table().name()
          + ": for a move between tables use alsoTo(LegacyTable, toOld)");
    }
    if (crossTable != null) {
      throw new IllegalStateException("this window already writes to legacy table " + crossTable + "; one window "
          + "writes one old shape");
    }
    this.oldShape = item -> oldModel.encode(toOld.apply(model.decode(item, entity.type()).orElseThrow()));
    return this;
  }

  /**
   * The move of an entity from a table of the old multi-table design into this single table (guide 002 §10, step
   * 4): every write of the entity through {@link #client()} also writes its record's item to {@code legacy}, as
   * {@code toOld} makes it, in the same TransactWriteItems — both writes or neither ({@link CrossTableWindow} says how
   * each request is carried). Old readers keep reading the legacy table; the {@link Migration#copy copy} fills the
   * new one; {@link ShadowRead} and {@link Cutover} move the reads pattern by pattern.
   *
   * @throws IllegalStateException when this window already has an old shape
   */
  public <L extends Record> DualWrite<T> alsoTo(LegacyTable<L> legacy, Function<T, L> toOld) {
    Objects.requireNonNull(legacy, "legacy");
    Objects.requireNonNull(toOld, "toOld");
    if (legacy.name().equals(model.table().name())) {
      throw new IllegalArgumentException("legacy table " + legacy.name() + " is the new model's own table: use "
          + "alsoAs(oldModel, toOld) for a change of shape inside it");
    }
    if (oldShape != null || crossTable != null) {
      throw new IllegalStateException("this window already writes an old shape; one window writes one");
    }
    this.crossTable = new CrossTableWindow<>(dynamo, model, entity, legacy, toOld);
    return this;
  }

  /** The client that writes both shapes. */
  public DynamoDbClient client() {
    if (crossTable != null) {
      return crossTable.client();
    }
    if (oldShape == null) {
      throw new IllegalStateException("a window needs its old shape: alsoAs(oldModel, toOld) or alsoTo(legacy, toOld)");
    }
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          Object a = args != null && args.length == 1 ? args[0] : null;
          switch (method.getName()) {
            case "putItem" -> {
              PutItemRequest r = a instanceof PutItemRequest p ? p : StoredItems.built(PutItemRequest.builder(), a).build();
              return dynamo.putItem(r.toBuilder().item(withOld(r.tableName(), r.item())).build());
            }
            case "batchWriteItem" -> {
              BatchWriteItemRequest r = a instanceof BatchWriteItemRequest b ? b
                  : StoredItems.built(BatchWriteItemRequest.builder(), a).build();
              return dynamo.batchWriteItem(batch(r));
            }
            case "transactWriteItems" -> {
              TransactWriteItemsRequest r = a instanceof TransactWriteItemsRequest t ? t
                  : StoredItems.built(TransactWriteItemsRequest.builder(), a).build();
              var response = dynamo.transactWriteItems(transact(r));
              for (TransactWriteItem w : r.transactItems()) {
                if (w.update() != null && mine(w.update().tableName())) {
                  followUp(w.update().key(), null);
                }
              }
              return response;
            }
            case "updateItem" -> {
              UpdateItemRequest r = a instanceof UpdateItemRequest u ? u
                  : StoredItems.built(UpdateItemRequest.builder(), a).build();
              UpdateItemResponse response = dynamo.updateItem(r);
              if (mine(r.tableName())) {
                followUp(r.key(), r.returnValues() == ReturnValue.ALL_NEW ? response.attributes() : null);
              }
              return response;
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

  /** The attributes of the old shape the new one does not write, for an item of the entity (else empty). */
  private Map<String, AttributeValue> oldOnly(String table, Map<String, AttributeValue> item) {
    AttributeValue type = item.get(model.table().typeAttribute());
    if (!mine(table) || type == null || !entity.name().equals(type.s())) {
      return new HashMap<>();
    }
    Map<String, AttributeValue> out = new HashMap<>(oldShape.apply(item));
    out.keySet().removeAll(model.encode(model.decode(item, entity.type()).orElseThrow()).keySet());
    return out;
  }

  private Map<String, AttributeValue> withOld(String table, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> old = oldOnly(table, item);
    if (old.isEmpty()) {
      return item;
    }
    Map<String, AttributeValue> out = new HashMap<>(item);
    out.putAll(old);
    return out;
  }

  private BatchWriteItemRequest batch(BatchWriteItemRequest r) {
    Map<String, List<WriteRequest>> out = new HashMap<>();
    r.requestItems().forEach((table, writes) -> {
      List<WriteRequest> list = new ArrayList<>(writes.size());
      for (WriteRequest w : writes) {
        list.add(w.putRequest() == null ? w : WriteRequest.builder().putRequest(PutRequest.builder()
            .item(withOld(table, w.putRequest().item())).build()).build());
      }
      out.put(table, list);
    });
    return r.toBuilder().requestItems(out).build();
  }

  private TransactWriteItemsRequest transact(TransactWriteItemsRequest r) {
    List<TransactWriteItem> out = new ArrayList<>(r.transactItems().size());
    for (TransactWriteItem w : r.transactItems()) {
      out.add(w.put() == null ? w : w.toBuilder().put(w.put().toBuilder()
          .item(withOld(w.put().tableName(), w.put().item())).build()).build());
    }
    return r.toBuilder().transactItems(out).build();
  }

  /** Sets the old shape's attributes on the item an update left, if it is still that item. */
  private void followUp(Map<String, AttributeValue> key, Map<String, AttributeValue> updated) {
    TableSchema table = model.table();
    Map<String, AttributeValue> item = updated != null ? updated
        : dynamo.getItem(g -> g.tableName(table.name()).key(key).consistentRead(true)).item();
    if (item == null || item.isEmpty()) {
      return;
    }
    Map<String, AttributeValue> old = oldOnly(table.name(), item);
    old.entrySet().removeIf(e -> item.containsKey(e.getKey()) && StoredItems.same(e.getValue(),
        item.get(e.getKey())));
    if (old.isEmpty()) {
      return;
    }
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    String condition = StoredItems.unchanged(item, old.keySet(), names, values);
    StringBuilder set = new StringBuilder();
    int i = 0;
    for (Map.Entry<String, AttributeValue> e : old.entrySet()) {
      names.put("#o" + i, e.getKey());
      values.put(":o" + i, e.getValue());
      set.append(set.length() == 0 ? "SET " : ", ").append("#o").append(i).append(" = :o").append(i);
      i++;
    }
    try {
      dynamo.updateItem(u -> u.tableName(table.name()).key(key).updateExpression(set.toString())
          .conditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values));
    } catch (ConditionalCheckFailedException e) {
      // another writer changed the item meanwhile; its own write through the window carries the old shape
    }
  }
}
