package io.partita.embedded.oracle.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * TransactWriteItems and TransactGetItems, all or nothing: the request is validated whole, then every action's
 * condition is checked (and every update computed) against the items as they are, one cancellation reason per action
 * in request order; only if none failed are the writes applied (API reference, TransactWriteItems and
 * TransactionCanceledException). A ClientRequestToken makes a successful request idempotent (no expiry: the tests
 * are far shorter than its 10 minutes).
 */
final class Transactions {
  private final ModelDynamoDb db;
  /** Tokens of transactions that succeeded, with their request (without token and ReturnConsumedCapacity). */
  private final Map<String, TransactWriteItemsRequest> tokens = new HashMap<>();

  Transactions(ModelDynamoDb db) {
    this.db = db;
  }

  private static RuntimeException invalid(String m) {
    return Err.validation(m);
  }

  private static RuntimeException missing(int i, String member) {
    return invalid("1 validation error detected: Value null at 'transactItems." + (i + 1) + ".member." + member
        + "' failed to satisfy constraint: Member must not be null");
  }

  /** One action, validated and parsed. */
  private record Action(String kind, Table t, List<AttributeValue> key, Map<String, AttributeValue> item,
      ModelDynamoDb.Update update, String rvOnFailure) {}

  static ItemCollectionMetrics collectionMetrics(Table t, List<AttributeValue> key) {
    long size = 0;
    for (Map<String, AttributeValue> item : t.items.values()) {
      if (!Vals.equal(item.get(t.hash), key.get(0))) continue;
      size += Vals.size(item);
      for (Table.Index ix : t.indexes) if (!ix.global() && t.entry(ix, item) != null) size += Vals.size(t.entry(ix, item));
    }
    double gb = 1024.0 * 1024 * 1024;
    double low = Math.floor(size / gb);
    return ItemCollectionMetrics.builder().itemCollectionKey(Map.of(t.hash, key.get(0)))
        .sizeEstimateRangeGB(List.of(low, low + 1)).build();
  }

  private static String identity(Table t, List<AttributeValue> key) {
    StringBuilder sb = new StringBuilder(t.name).append('\u0000');
    for (AttributeValue v : key) {
      sb.append(switch (Vals.type(v)) {
        case "N" -> "N" + Vals.num(v.n()).stripTrailingZeros();
        case "S" -> "S" + v.s();
        default -> "B" + java.util.Base64.getEncoder().encodeToString(v.b().asByteArray());
      }).append('\u0000');
    }
    return sb.toString();
  }

  TransactWriteItemsResponse write(TransactWriteItemsRequest r) {
    List<TransactWriteItem> items = r.hasTransactItems() ? r.transactItems() : List.of();
    if (items.isEmpty()) {
      throw invalid("1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    if (items.size() > 100) {
      throw invalid("1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
    }
    String token = r.clientRequestToken();
    if (token != null && (token.isEmpty() || token.length() > 36)) {
      throw invalid("1 validation error detected: Value '" + token + "' at 'clientRequestToken' failed to satisfy constraint: "
          + "Member must have length " + (token.isEmpty() ? "greater than or equal to 1" : "less than or equal to 36"));
    }
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    // the members every action must have (the request's shape), before anything about tables and items
    for (int i = 0; i < items.size(); i++) {
      TransactWriteItem t = items.get(i);
      int n = (t.conditionCheck() != null ? 1 : 0) + (t.put() != null ? 1 : 0) + (t.update() != null ? 1 : 0) + (t.delete() != null ? 1 : 0);
      if (n != 1) throw invalid("TransactItems can only contain one of Check, Put, Update or Delete");
      String kind = t.conditionCheck() != null ? "conditionCheck" : t.put() != null ? "put" : t.update() != null ? "update" : "delete";
      String table = t.conditionCheck() != null ? t.conditionCheck().tableName() : t.put() != null ? t.put().tableName()
          : t.update() != null ? t.update().tableName() : t.delete().tableName();
      String rvf = t.conditionCheck() != null ? t.conditionCheck().returnValuesOnConditionCheckFailureAsString()
          : t.put() != null ? t.put().returnValuesOnConditionCheckFailureAsString()
          : t.update() != null ? t.update().returnValuesOnConditionCheckFailureAsString() : t.delete().returnValuesOnConditionCheckFailureAsString();
      if (table == null) throw missing(i, kind + ".tableName");
      if (t.put() != null && !t.put().hasItem()) throw missing(i, "put.item");
      if (t.put() == null) {
        boolean hasKey = t.conditionCheck() != null ? t.conditionCheck().hasKey() : t.update() != null ? t.update().hasKey() : t.delete().hasKey();
        if (!hasKey) throw missing(i, kind + ".key");
      }
      if (t.update() != null && t.update().updateExpression() == null) throw missing(i, "update.updateExpression");
      if (t.conditionCheck() != null && t.conditionCheck().conditionExpression() == null) throw missing(i, "conditionCheck.conditionExpression");
      if (rvf != null && !rvf.equals("ALL_OLD") && !rvf.equals("NONE")) {
        throw invalid("1 validation error detected: Value '" + rvf + "' at 'transactItems." + (i + 1) + ".member." + kind
            + ".returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
      }
    }
    List<Action> actions = new ArrayList<>();
    misfit = -1;
    for (int i = 0; i < items.size(); i++) actions.add(action(items.get(i), i, items.size()));
    oneActionPerItemThenMisfit(actions.stream().map(Action::t).toList(), actions.stream().map(Action::key).toList());
    if (token != null) {
      TransactWriteItemsRequest id = r.toBuilder().clientRequestToken(null).returnConsumedCapacity((String) null).build();
      TransactWriteItemsRequest before = tokens.get(token);
      if (before != null) {
        if (!before.equals(id)) {
          throw Err.idempotentMismatch("Request with same client token was already processed with different parameters");
        }
        // the same request again: succeeds without being applied, reporting the reads of its items
        Map<String, ModelDynamoDb.Units> units = new LinkedHashMap<>();
        for (Action a : actions) {
          Map<String, AttributeValue> old = a.t().items.get(a.key());
          ModelDynamoDb.Units u = new ModelDynamoDb.Units();
          u.table = u.reads = ModelDynamoDb.readUnits(old == null ? 0 : Vals.size(old), true);
          units.computeIfAbsent(a.t().name, k -> new ModelDynamoDb.Units()).add(u);
        }
        return response(units, mode, Map.of());
      }
    }
    // every condition and every update against the items as they are
    List<CancellationReason> reasons = new ArrayList<>();
    List<Map<String, AttributeValue>> results = new ArrayList<>();
    boolean failed = false;
    for (Action a : actions) {
      Map<String, AttributeValue> old = a.t().items.get(a.key());
      if (a.kind().equals("put")) {
        try {
          ModelDynamoDb.checkIndexKeys(a.t(), a.item());
        } catch (DynamoDbException e) {
          reasons.add(CancellationReason.builder().code("ValidationError").message(e.awsErrorDetails().errorMessage()).build());
          results.add(null);
          failed = true;
          continue;
        }
      }
      Expr.Cond cond = a.update() == null ? null : a.update().condition();
      if (cond != null && !Expr.test(cond, old == null ? Map.of() : old)) {
        CancellationReason.Builder c = CancellationReason.builder().code("ConditionalCheckFailed").message("The conditional request failed");
        if ("ALL_OLD".equals(a.rvOnFailure()) && old != null) c.item(old);
        reasons.add(c.build());
        results.add(null);
        failed = true;
        continue;
      }
      Map<String, AttributeValue> now = old;
      try {
        switch (a.kind()) {
          case "update" -> {
            ModelDynamoDb.checkKeyNotUpdated(a.t(), a.update());
            now = ModelDynamoDb.updated(a.t(), a.key(), old, a.update());
          }
          case "put" -> now = a.item();
          case "delete" -> now = null;
          default -> {}
        }
      } catch (DynamoDbException e) {
        reasons.add(CancellationReason.builder().code("ValidationError").message(e.awsErrorDetails().errorMessage()).build());
        results.add(null);
        failed = true;
        continue;
      }
      reasons.add(CancellationReason.builder().code("None").build());
      results.add(now);
    }
    if (failed) throw Err.canceled(reasons);
    Map<String, ModelDynamoDb.Units> units = new LinkedHashMap<>();
    Map<String, List<ItemCollectionMetrics>> collections = new LinkedHashMap<>();
    for (int i = 0; i < actions.size(); i++) {
      Action a = actions.get(i);
      Map<String, AttributeValue> old = a.t().items.get(a.key());
      ModelDynamoDb.Units u;
      if (a.kind().equals("conditionCheck")) {
        u = new ModelDynamoDb.Units();
        u.table = u.reads = 2 * ModelDynamoDb.readUnits(old == null ? 0 : Vals.size(old), true);
      } else {
        Map<String, AttributeValue> now = results.get(i);
        // a transactional write is two underlying writes of the item (Developer Guide, "Capacity management for
        // transactions")
        u = ModelDynamoDb.writeCost(a.t(), old, now).times(2);
        if (now == null) a.t().items.remove(a.key());
        else a.t().items.put(a.key(), now);
        if ("SIZE".equals(r.returnItemCollectionMetricsAsString()) && a.t().hasLocalIndexes() && (old != null || now != null)) {
          collections.computeIfAbsent(a.t().name, k -> new ArrayList<>()).add(collectionMetrics(a.t(), a.key()));
        }
      }
      units.computeIfAbsent(a.t().name, k -> new ModelDynamoDb.Units()).add(u);
    }
    if (token != null) tokens.put(token, r.toBuilder().clientRequestToken(null).returnConsumedCapacity((String) null).build());
    return response(units, mode, collections);
  }

  private static TransactWriteItemsResponse response(Map<String, ModelDynamoDb.Units> units, String mode,
      Map<String, List<ItemCollectionMetrics>> collections) {
    TransactWriteItemsResponse.Builder b = TransactWriteItemsResponse.builder();
    if (!mode.equals("NONE")) {
      List<ConsumedCapacity> capacity = new ArrayList<>();
      units.forEach((table, u) -> capacity.add(u.report(mode, table, true)));
      b.consumedCapacity(capacity);
    }
    if (!collections.isEmpty()) b.itemCollectionMetrics(collections);
    return b.build();
  }

  /**
   * The first action of the request being checked whose Key does not match its table's key schema, or -1. Such a Key
   * cancels the transaction with a ValidationError reason for that action (None for the others), not a plain
   * ValidationException: Amazon DynamoDB's answer as issue 12 records it (docs/dynamodb-messages.md, recorded facts
   * transact-write-wrong-key and transact-get-wrong-key). Being about one item, it is answered once the request as a
   * whole is known valid (its expressions, and no two actions on one item): {@link #misfitCheck}.
   */
  private int misfit = -1;
  /** The reason's message for {@link #misfit}: the schema text, or a Put's key type mismatch. */
  private String misfitMessage = ModelDynamoDb.KEY_MISMATCH;

  /** An action's Key checked against its table's key schema; null (and {@link #misfit} set) when it does not match. */
  private List<AttributeValue> key(Table table, Map<String, AttributeValue> key, int i, int n) {
    try {
      return db.checkKey(table, key);
    } catch (DynamoDbException e) {
      if (!ModelDynamoDb.KEY_MISMATCH.equals(e.awsErrorDetails().errorMessage())) throw e;
      if (misfit < 0) {
        misfit = i;
        misfitMessage = ModelDynamoDb.KEY_MISMATCH;
      }
      return null;
    }
  }

  /**
   * The request-level check that no two actions name one item (the tables and keys of the actions, in order; a null
   * key is one off its table's schema, skipped here), then the misfit's cancellation if there is one.
   */
  private void oneActionPerItemThenMisfit(List<Table> tables, List<List<AttributeValue>> keys) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      if (keys.get(i) == null) continue;
      if (!seen.add(identity(tables.get(i), keys.get(i)))) {
        misfit = -1;
        throw invalid("Transaction request cannot include multiple operations on one item");
      }
    }
    misfitCheck(keys.size());
  }

  /** Throws the cancellation of a request of {@code n} actions one of which has a Key off its table's schema. */
  private void misfitCheck(int n) {
    int i = misfit;
    misfit = -1;
    if (i < 0) return;
    List<CancellationReason> reasons = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      reasons.add(j == i ? CancellationReason.builder().code("ValidationError").message(misfitMessage).build()
          : CancellationReason.builder().code("None").build());
    }
    throw Err.canceled(reasons);
  }

  /** Validates one action (the {@code i}th of {@code n}) against its table and parses its expressions. */
  private Action action(TransactWriteItem t, int i, int n) {
    if (t.conditionCheck() != null) {
      ConditionCheck c = t.conditionCheck();
      Table table = db.table(c.tableName());
      Expr.Ctx ctx = ModelDynamoDb.ctx(c.expressionAttributeNames(), c.expressionAttributeValues(), true,
          c.hasExpressionAttributeNames(), c.hasExpressionAttributeValues());
      ModelDynamoDb.Update u = ModelDynamoDb.parseUpdate(table, null, c.conditionExpression(), ctx);
      return new Action("conditionCheck", table, key(table, c.key(), i, n), null, u, c.returnValuesOnConditionCheckFailureAsString());
    }
    if (t.put() != null) {
      Put p = t.put();
      Table table = db.table(p.tableName());
      Expr.Ctx ctx = ModelDynamoDb.ctx(p.expressionAttributeNames(), p.expressionAttributeValues(), p.conditionExpression() != null,
          p.hasExpressionAttributeNames(), p.hasExpressionAttributeValues());
      ModelDynamoDb.Update u = ModelDynamoDb.parseUpdate(table, null, p.conditionExpression(), ctx);
      // the item's index keys are checked with the action, a ValidationError reason ("One or more parameter values
      // were invalid", among the API reference's reasons of a cancellation), not as the request's ValidationException
      try {
        db.checkItem(table, p.item(), false);
      } catch (DynamoDbException e) {
        // a key attribute of the wrong type is the action's ValidationError, as a Key off the schema is (issue 34)
        if (!e.awsErrorDetails().errorMessage().startsWith("One or more parameter values were invalid: Type mismatch for key ")) {
          throw e;
        }
        if (misfit < 0) {
          misfit = i;
          misfitMessage = e.awsErrorDetails().errorMessage();
        }
        return new Action("put", table, null, new LinkedHashMap<>(p.item()), u, p.returnValuesOnConditionCheckFailureAsString());
      }
      return new Action("put", table, table.keyOf(p.item()), new LinkedHashMap<>(p.item()), u, p.returnValuesOnConditionCheckFailureAsString());
    }
    if (t.update() != null) {
      Update p = t.update();
      Table table = db.table(p.tableName());
      Expr.Ctx ctx = ModelDynamoDb.ctx(p.expressionAttributeNames(), p.expressionAttributeValues(), true,
          p.hasExpressionAttributeNames(), p.hasExpressionAttributeValues());
      ModelDynamoDb.Update u = ModelDynamoDb.parseUpdate(table, p.updateExpression(), p.conditionExpression(), ctx);
      return new Action("update", table, key(table, p.key(), i, n), null, u, p.returnValuesOnConditionCheckFailureAsString());
    }
    Delete d = t.delete();
    Table table = db.table(d.tableName());
    Expr.Ctx ctx = ModelDynamoDb.ctx(d.expressionAttributeNames(), d.expressionAttributeValues(), d.conditionExpression() != null,
        d.hasExpressionAttributeNames(), d.hasExpressionAttributeValues());
    ModelDynamoDb.Update u = ModelDynamoDb.parseUpdate(table, null, d.conditionExpression(), ctx);
    return new Action("delete", table, key(table, d.key(), i, n), null, u, d.returnValuesOnConditionCheckFailureAsString());
  }

  TransactGetItemsResponse get(TransactGetItemsRequest r) {
    List<TransactGetItem> items = r.hasTransactItems() ? r.transactItems() : List.of();
    if (items.isEmpty()) {
      throw invalid("1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    if (items.size() > 100) {
      throw invalid("1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
    }
    String mode = ModelDynamoDb.mode(r.returnConsumedCapacityAsString());
    for (int i = 0; i < items.size(); i++) {
      Get g = items.get(i).get();
      if (g == null) throw missing(i, "get");
      if (g.tableName() == null) throw missing(i, "get.tableName");
      if (!g.hasKey()) throw missing(i, "get.key");
    }
    // two gets of one item (numbers compared by value) need no table to be told apart: checked before any table is
    // looked up, as BatchGetItem's duplicates are
    for (int i = 0; i < items.size(); i++) {
      for (int j = 0; j < i; j++) {
        Get a = items.get(i).get(), b = items.get(j).get();
        if (a.tableName().equals(b.tableName()) && Vals.equalItems(a.key(), b.key())) {
          throw invalid("Transaction request cannot include multiple operations on one item");
        }
      }
    }
    record Read(Table t, List<AttributeValue> key, List<Expr.Path> projection) {}
    List<Read> reads = new ArrayList<>();
    misfit = -1;
    for (int i = 0; i < items.size(); i++) {
      Get g = items.get(i).get();
      Table t = db.table(g.tableName());
      Expr.Ctx ctx = ModelDynamoDb.ctx(g.expressionAttributeNames(), null, g.projectionExpression() != null,
          g.hasExpressionAttributeNames(), false);
      List<Expr.Path> projection = g.projectionExpression() == null ? null : Expr.parseProjection(g.projectionExpression(), ctx);
      ctx.checkAllUsed();
      reads.add(new Read(t, key(t, g.key(), i, items.size()), projection));
    }
    oneActionPerItemThenMisfit(reads.stream().map(Read::t).toList(), reads.stream().map(Read::key).toList());
    List<ItemResponse> responses = new ArrayList<>();
    Map<String, ModelDynamoDb.Units> units = new LinkedHashMap<>();
    for (Read rd : reads) {
      Map<String, AttributeValue> item = rd.t().items.get(rd.key());
      ItemResponse.Builder b = ItemResponse.builder();
      if (item != null) b.item(rd.projection() == null ? item : ModelDynamoDb.project(item, rd.projection()));
      responses.add(b.build());
      ModelDynamoDb.Units u = new ModelDynamoDb.Units();
      // a transactional read: two strongly consistent reads' units per 4 KB
      u.table = u.reads = 2 * ModelDynamoDb.readUnits(item == null ? 0 : Vals.size(item), true);
      units.computeIfAbsent(rd.t().name, k -> new ModelDynamoDb.Units()).add(u);
    }
    TransactGetItemsResponse.Builder b = TransactGetItemsResponse.builder().responses(responses);
    if (!mode.equals("NONE")) {
      List<ConsumedCapacity> capacity = new ArrayList<>();
      units.forEach((table, u) -> capacity.add(u.report(mode, table, true)));
      b.consumedCapacity(capacity);
    }
    return b.build();
  }
}
