package io.partita.embedded.oracle.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.*;

/**
 * BatchGetItem and BatchWriteItem: the whole request is validated before anything is read or written (API reference:
 * "If one or more of the following is true, DynamoDB rejects the entire batch write operation"), then every key or
 * write is processed as its own GetItem, PutItem or DeleteItem would be. Nothing is ever left unprocessed.
 */
final class Batches {
  private final ModelDynamoDb db;

  Batches(ModelDynamoDb db) {
    this.db = db;
  }

  private static RuntimeException invalid(String m) {
    return Err.validation(m);
  }

  /** Keys identical as DynamoDB compares them (numbers by value). */
  private static String identity(Table t, List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> key) {
    StringBuilder sb = new StringBuilder();
    for (software.amazon.awssdk.services.dynamodb.model.AttributeValue v : key) {
      sb.append(Vals.type(v)).append(':');
      sb.append(switch (Vals.type(v)) {
        case "N" -> Vals.num(v.n()).stripTrailingZeros().toString();
        case "S" -> v.s();
        default -> java.util.Base64.getEncoder().encodeToString(v.b().asByteArray());
      }).append('\u0000');
    }
    return sb.toString();
  }

  /** Every value of an item or key a valid attribute value. */
  private static void checkValues(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
    for (var v : values.values()) {
      String p = Vals.problem(v);
      if (p != null) throw invalid(p.startsWith("One or more") ? p : "One or more parameter values were invalid: " + p);
    }
  }

  BatchGetItemResponse get(BatchGetItemRequest r) {
    if (!r.hasRequestItems()) {
      throw invalid("1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
    }
    if (r.requestItems().isEmpty()) {
      throw invalid("1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    int total = 0;
    for (Map.Entry<String, KeysAndAttributes> e : r.requestItems().entrySet()) {
      KeysAndAttributes k = e.getValue();
      if (k == null || !k.hasKeys() || k.keys().isEmpty()) {
        throw invalid("1 validation error detected: Value at 'RequestItems." + e.getKey() + ".member.Keys' failed to "
            + "satisfy constraint: Member must have length greater than or equal to 1");
      }
      total += k.keys().size();
    }
    if (total > 100) throw invalid("Too many items requested for the BatchGetItem call");
    // what needs no table first (the order Amazon DynamoDB checks in is not documented; this is the engine's order,
    // and public reports of the service put value and duplicate checks before the table lookup): values, names
    // without an expression, duplicate keys
    for (KeysAndAttributes k : r.requestItems().values()) {
      Legacy.mixing(Legacy.given("AttributesToGet", k.hasAttributesToGet()),
          Legacy.given("ProjectionExpression", k.projectionExpression() != null));
      for (var key : k.keys()) checkValues(key);
      if (k.hasExpressionAttributeNames() && k.projectionExpression() == null) {
        ModelDynamoDb.ctx(k.expressionAttributeNames(), null, false, true, false);
      }
      List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> seenKeys = new ArrayList<>();
      for (var key : k.keys()) {
        for (var other : seenKeys) if (Vals.equalItems(key, other)) throw invalid("Provided list of item keys contains duplicates");
        seenKeys.add(key);
      }
    }
    record Plan(Table t, KeysAndAttributes k, List<Expr.Path> projection, List<List<software.amazon.awssdk.services.dynamodb.model.AttributeValue>> keys) {}
    List<Plan> plans = new ArrayList<>();
    for (Map.Entry<String, KeysAndAttributes> e : r.requestItems().entrySet()) {
      Table t = db.table(e.getKey());
      KeysAndAttributes k = e.getValue();
      Expr.Ctx ctx = ModelDynamoDb.ctx(k.expressionAttributeNames(), null, k.projectionExpression() != null,
          k.hasExpressionAttributeNames(), false);
      List<Expr.Path> projection = k.projectionExpression() == null ? null : Expr.parseProjection(k.projectionExpression(), ctx);
      ctx.checkAllUsed();
      if (k.hasAttributesToGet()) projection = Legacy.attributesToGet(k.attributesToGet());
      List<List<software.amazon.awssdk.services.dynamodb.model.AttributeValue>> keys = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      for (Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> key : k.keys()) {
        var stored = db.checkKey(t, key);
        if (!seen.add(identity(t, stored))) throw invalid("Provided list of item keys contains duplicates");
        keys.add(stored);
      }
      plans.add(new Plan(t, k, projection, keys));
    }
    Map<String, List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>>> responses = new LinkedHashMap<>();
    List<ConsumedCapacity> capacity = new ArrayList<>();
    for (Plan p : plans) {
      boolean consistent = Boolean.TRUE.equals(p.k().consistentRead());
      List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> items = new ArrayList<>();
      ModelDynamoDb.Units u = new ModelDynamoDb.Units();
      for (var key : p.keys()) {
        var item = p.t().items.get(key);
        // "DynamoDB processes each item in the batch as an individual GetItem request"
        u.table += ModelDynamoDb.readUnits(item == null ? 0 : Vals.size(item), consistent);
        if (item != null) items.add(p.projection() == null ? item : ModelDynamoDb.project(item, p.projection()));
      }
      responses.put(p.t().name, items);
      ConsumedCapacity c = u.report(mode, p.t().name, false);
      if (c != null) capacity.add(c);
    }
    BatchGetItemResponse.Builder b = BatchGetItemResponse.builder().responses(responses).unprocessedKeys(Map.of());
    if (!mode.equals("NONE")) b.consumedCapacity(capacity);
    return b.build();
  }

  BatchWriteItemResponse write(BatchWriteItemRequest r) {
    if (!r.hasRequestItems()) {
      throw invalid("1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null");
    }
    if (r.requestItems().isEmpty()) {
      throw invalid("1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    String metrics = r.returnItemCollectionMetricsAsString();
    int total = 0;
    for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
      if (e.getValue() == null || e.getValue().isEmpty()) {
        throw invalid("1 validation error detected: Value '[]' at 'requestItems." + e.getKey() + ".member' failed to "
            + "satisfy constraint: Member must have length greater than or equal to 1");
      }
      total += e.getValue().size();
    }
    if (total > 25) throw invalid("Too many items requested for the BatchWriteItem call");
    record Write(Table t, List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> key,
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {}
    // the request's own shape and values first, before any table is looked at
    for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
      for (WriteRequest w : e.getValue()) {
        if ((w.putRequest() == null) == (w.deleteRequest() == null)) {
          throw invalid("Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest");
        }
        var values = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
        if (values != null) checkValues(values);
        if (w.putRequest() != null && values != null && Vals.size(values) > 400 * 1024) {
          throw invalid("Item size has exceeded the maximum allowed size");
        }
      }
    }
    List<Write> writes = new ArrayList<>();
    for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
      Table t = db.table(e.getKey());
      Set<String> seen = new HashSet<>();
      for (WriteRequest w : e.getValue()) {
        Write one;
        if (w.putRequest() != null) {
          var item = w.putRequest().hasItem() ? w.putRequest().item() : null;
          db.checkItem(t, item);
          one = new Write(t, t.keyOf(item), new LinkedHashMap<>(item));
        } else {
          if (!w.deleteRequest().hasKey()) {
            throw invalid("1 validation error detected: Value null at 'requestItems." + t.name
                + ".member.member.deleteRequest.key' failed to satisfy constraint: Member must not be null");
          }
          one = new Write(t, db.checkKey(t, w.deleteRequest().key()), null);
        }
        if (!seen.add(identity(t, one.key()))) throw invalid("Provided list of item keys contains duplicates");
        writes.add(one);
      }
    }
    Map<String, ModelDynamoDb.Units> units = new LinkedHashMap<>();
    Map<String, List<ItemCollectionMetrics>> collections = new LinkedHashMap<>();
    for (Write w : writes) {
      var old = w.t().items.get(w.key());
      if (w.item() == null) w.t().items.remove(w.key());
      else w.t().items.put(w.key(), w.item());
      units.computeIfAbsent(w.t().name, k -> new ModelDynamoDb.Units()).add(ModelDynamoDb.writeCost(w.t(), old, w.item()));
      // the item collections the writes affected: a delete of an item that is not there affects none
      if ("SIZE".equals(metrics) && w.t().hasLocalIndexes() && (old != null || w.item() != null)) {
        collections.computeIfAbsent(w.t().name, k -> new ArrayList<>()).add(Transactions.collectionMetrics(w.t(), w.key()));
      }
    }
    BatchWriteItemResponse.Builder b = BatchWriteItemResponse.builder().unprocessedItems(Map.of());
    if (!mode.equals("NONE")) {
      List<ConsumedCapacity> capacity = new ArrayList<>();
      units.forEach((table, u) -> capacity.add(u.report(mode, table, false)));
      b.consumedCapacity(capacity);
    }
    if (!collections.isEmpty()) b.itemCollectionMetrics(collections);
    return b.build();
  }
}
