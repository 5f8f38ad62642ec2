package io.partita.engine.internal.ops.batch;

import io.partita.engine.PartitaException;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.ItemProjection;
import io.partita.engine.internal.ops.read.KeyRead;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * BatchGetItem: up to 100 keys over one or more tables, each table with its own projection and
 * consistency. The whole request is validated before anything is read:
 * {@link io.partita.engine.internal.ops.request.ApiConstraints}
 * first (required members and the API's declared constraints), then, in Partita's order (the service's
 * order of these semantic checks is not documented), the request's shape and its expression
 * parameters, then every key's values, duplicates and the count (in one pass, key by key), then
 * the table names, then each table and its keys in request order, then the projections.
 *
 * <p>Reads take no lock, as GetItem's: each store get sees one whole item. The keys are read one by
 * one, not from one snapshot; DynamoDB's BatchGetItem is not a transaction either.
 *
 * <p>The answer stops growing at {@link io.partita.engine.Limits#batchGetResponseBytes} (DynamoDB's
 * 16 MB): the key whose item would pass it, and every key after it, go back in UnprocessedKeys with
 * their table's projection and consistency, and are not charged. At least one item is always
 * returned, so a client that follows UnprocessedKeys always gets to the end.
 */
public final class BatchGetItem {
  static final int MAX_KEYS = 100;

  private BatchGetItem() {}

  /**
   * One table's part of the request, checked: a read of each of its keys, sharing the table's
   * projection and consistency, and the part as asked, to give back what is left unprocessed.
   */
  private record TableRead(String name, KeysAndAttributes request, List<KeyRead> keys) {
    /** The table's consistency, which each of its reads holds. */
    boolean consistent() {
      return keys.get(0).consistent();
    }
  }

  public static ItemsAnswer execute(EngineContext ctx, BatchGetItemRequest req) {
    List<TableRead> reads = checked(ctx, req);
    long budget = ctx.limits().batchGetResponseBytes();
    long bytes = 0;
    boolean any = false;
    boolean full = false;
    Map<String, List<StoredItem>> responses = new LinkedHashMap<>();
    Map<String, KeysAndAttributes> unprocessed = new LinkedHashMap<>();
    List<ConsumedCapacity> capacity = new ArrayList<>();
    // with throttling on, a key its table's units do not cover goes back unprocessed
    Served.Entries admission = Served.entries();
    boolean admitted = false;
    boolean throttled = false;
    long itemsFound = 0;
    for (TableRead r : reads) {
      List<StoredItem> found = new ArrayList<>();
      List<Map<String, AttributeValue>> left = new ArrayList<>();
      double units = 0;
      // an eventually consistent table's keys read the past the store keeps for them, if any
      try (io.partita.engine.internal.storage.Store.View past = ctx.pastView(r.consistent())) {
        io.partita.engine.internal.storage.Reads source = past != null ? past : ctx.store();
        for (int i = 0; i < r.keys().size(); i++) {
          KeyRead read = r.keys().get(i);
          if (!full && admission.admit(read.table().name(), false, r.consistent() ? 1 : 0.5) != null) {
            throttled = true;
          } else if (!full) {
            admitted = true;
            byte[] stored = read.read(source);
            if (stored == null) {
              // a key that finds no item costs GetItem's minimum, as DynamoDB documents each key of the batch
              // as an individual GetItem (dynalite's batchGetItem tests, written against the service, agree)
              units += read.units(0);
              continue;
            }
            StoredItem out = read.answer(stored);
            long size = out.size();
            if (!any || bytes + size <= budget) {
              any = true;
              bytes += size;
              found.add(out);
              // each item rounded up to 4 KB on its own, as DynamoDB documents for BatchGetItem
              units += read.units(read.projection() == null ? size : ItemCodec.size(stored));
              continue;
            }
            full = true;
          }
          left.add(r.request().keys().get(i));
        }
      }
      responses.put(r.name(), found);
      itemsFound += found.size();
      if (!left.isEmpty()) {
        KeysAndAttributes.Builder k = KeysAndAttributes.builder().keys(left);
        if (r.request().projectionExpression() != null) {
          k.projectionExpression(r.request().projectionExpression());
        }
        if (r.request().hasAttributesToGet()) {
          k.attributesToGet(r.request().attributesToGet());
        }
        if (r.request().hasExpressionAttributeNames()) {
          k.expressionAttributeNames(r.request().expressionAttributeNames());
        }
        if (r.request().consistentRead() != null) {
          k.consistentRead(r.request().consistentRead());
        }
        unprocessed.put(r.name(), k.build());
      }
      if (Capacity.counted(req.returnConsumedCapacity()) && units > 0) {
        ConsumedCapacity c = Capacity.Units.reads(units).report(req.returnConsumedCapacity(), r.name(),
            r.keys().get(0).table().name());
        if (c != null) {
          capacity.add(c);
        }
      }
    }
    if (throttled && !admitted) {
      throw admission.refusedAll(); // no table has units left: the batch fails as a whole
    }
    Served.items(itemsFound);
    BatchGetItemResponse.Builder out = BatchGetItemResponse.builder().unprocessedKeys(unprocessed);
    if (Capacity.asked(req.returnConsumedCapacity())) {
      out.consumedCapacity(capacity);
    }
    return ItemsAnswer.byTable(out.build(), responses);
  }

  /** The request's tables, keys and projections, checked in DynamoDB's order. */
  private static List<TableRead> checked(EngineContext ctx, BatchGetItemRequest req) {
    Map<String, KeysAndAttributes> items = req.requestItems();
    items.forEach((name, kaa) -> {
      if (kaa == null || !kaa.hasKeys() || kaa.keys().isEmpty()) {
        throw PartitaException.validation(
            "The list of keys in RequestItems for BatchGetItem is required: " + name + " has empty list");
      }
    });
    // expression parameters given without an expression, or mixed with legacy ones, before anything else (as
    // Amazon DynamoDB checks them, by the public record of its messages: docs/dynamodb-messages.md)
    Map<String, ItemProjection> projections = new LinkedHashMap<>();
    items.forEach((name, kaa) -> projections.put(name, ItemProjection.given(kaa.hasAttributesToGet(),
        kaa.attributesToGet(), kaa.projectionExpression(), kaa.hasExpressionAttributeNames(),
        kaa.expressionAttributeNames())));
    // values, duplicates and the count, key by key; duplicates compare normalized values, so 1 and
    // 1.0 are the same key, as they are one item in DynamoDB
    int count = 0;
    for (KeysAndAttributes kaa : items.values()) {
      Set<Map<String, AttributeValue>> seen = new HashSet<>();
      for (Map<String, AttributeValue> key : kaa.keys()) {
        Map<String, AttributeValue> normalized = key == null ? Map.of() : AttributeValues.validateItem(key);
        if (!seen.add(normalized)) {
          throw PartitaException.validation(Batches.DUPLICATES);
        }
        if (++count > MAX_KEYS) {
          throw PartitaException.validation("Too many items requested for the BatchGetItem call");
        }
      }
    }
    items.keySet().forEach(Batches::checkTableName);
    // each table and its keys, in request order
    Map<String, List<ItemKey>> keys = new LinkedHashMap<>();
    Map<String, TableDef> defs = new LinkedHashMap<>();
    for (Map.Entry<String, KeysAndAttributes> e : items.entrySet()) {
      TableDef def = ctx.catalog().forItems(e.getKey()).def();
      defs.put(e.getKey(), def);
      List<ItemKey> tableKeys = new ArrayList<>(e.getValue().keys().size());
      for (Map<String, AttributeValue> key : e.getValue().keys()) {
        tableKeys.add(Keys.ofKey(def, key));
      }
      keys.put(e.getKey(), tableKeys);
    }
    // then the projections
    List<TableRead> reads = new ArrayList<>(items.size());
    keys.forEach((name, tableKeys) -> {
      KeysAndAttributes request = items.get(name);
      Projection projection = projections.get(name).bind();
      boolean consistent = Boolean.TRUE.equals(request.consistentRead());
      reads.add(new TableRead(name, request,
          tableKeys.stream().map(k -> new KeyRead(name, defs.get(name), k, projection, consistent)).toList()));
    });
    return reads;
  }
}
