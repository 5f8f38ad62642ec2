package io.partita.engine.internal.ops.transact;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.ops.write.DeleteItem;
import io.partita.engine.internal.ops.write.PutItem;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.ops.write.UpdateItem;
import io.partita.engine.internal.ops.write.WritePlan;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions on distinct items,
 * applied all together or not at all.
 *
 * <p>Each action is converted to the single-item request it resembles and planned by that
 * operation, so the rules are the same. All items' lock stripes are taken in one order (see {@link
 * ItemLocks}), every condition is checked against the current items, and all writes, index
 * entries included, go to storage in one atomic batch. Transactions are therefore serializable
 * against each other and against single-item writes; readers see a transaction whole or not at
 * all. What meets a transaction in progress is refused as DynamoDB refuses it, not made to wait
 * ({@link io.partita.engine.internal.ops.context.OngoingTransactions}):
 * a single-item write with TransactionConflictException, another
 * transaction with a TransactionConflict cancellation reason. (A BatchWriteItem member still waits
 * for the lock: DynamoDB's per-member conflict answer has no place in BatchWriteItem's response.)
 */
public final class TransactWriteItems {
  static final long MAX_REQUEST_BYTES = 4L * 1024 * 1024;

  private TransactWriteItems() {}

  /** One planned action: the write, whether it is a ConditionCheck, and its request's size. */
  private record Action(WritePlan plan, boolean check) {}

  public static TransactWriteItemsResponse execute(EngineContext ctx, TransactWriteItemsRequest req) {
    // TransactItems present, 1 to 100 actions, each with its required members: ApiConstraints
    List<TransactWriteItem> items = req.transactItems();
    return ctx.tokens().run(req, () -> apply(ctx, req, plan(ctx, items)), () -> replay(ctx, req, plan(ctx, items)));
  }

  /**
   * The structural check of one action: exactly one of Put, Update, Delete and ConditionCheck
   * (their members were checked with the request's other constraints).
   */
  private static void checkAction(TransactWriteItem item, int i) {
    int given = (item.put() != null ? 1 : 0) + (item.update() != null ? 1 : 0) + (item.delete() != null ? 1 : 0)
        + (item.conditionCheck() != null ? 1 : 0);
    if (given == 0) {
      throw PartitaException.validation("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
    }
    if (given > 1) {
      throw PartitaException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
    }
  }

  /**
   * The checks DynamoDB makes of every action, after its structure, before it looks at any table:
   * the expressions (syntax, names and values defined and used, operand types known without the
   * item) and the size of a Put's item. So an invalid expression of a later action is reported
   * before, say, an unknown table of an earlier one, as DynamoDB does. The single-item plans check
   * the same again.
   */
  private static void checkExpressions(TransactWriteItem item) {
    if (item.update() != null) {
      Update u = item.update();
      ExpressionContext expressions = RequestParams.expressions(
          u.hasExpressionAttributeNames(), u.expressionAttributeNames(),
          u.hasExpressionAttributeValues(), u.expressionAttributeValues(), true, "");
      expressions.update(u.updateExpression());
      if (u.conditionExpression() != null) {
        expressions.condition(u.conditionExpression(), "ConditionExpression");
      }
      expressions.checkAllUsed();
      return;
    }
    if (item.put() != null) {
      Put p = item.put();
      RequestParams.conditionOnly(p.conditionExpression(), p.hasExpressionAttributeNames(), p.expressionAttributeNames(),
          p.hasExpressionAttributeValues(), p.expressionAttributeValues());
      // sized once its values are valid, as everywhere else: ItemSize reads numbers as numbers (an
      // invalid one was a NumberFormatException, answered 500; found by fuzzing)
      if (ItemSize.of(AttributeValues.validateItem(p.item())) > ItemSize.MAX_ITEM_BYTES) {
        throw PartitaException.validation("Item size has exceeded the maximum allowed size");
      }
    } else if (item.delete() != null) {
      Delete d = item.delete();
      RequestParams.conditionOnly(d.conditionExpression(), d.hasExpressionAttributeNames(), d.expressionAttributeNames(),
          d.hasExpressionAttributeValues(), d.expressionAttributeValues());
    } else {
      ConditionCheck c = item.conditionCheck();
      RequestParams.conditionOnly(c.conditionExpression(), c.hasExpressionAttributeNames(), c.expressionAttributeNames(),
          c.hasExpressionAttributeValues(), c.expressionAttributeValues());
    }
  }

  /**
   * The check of one action's Key against its table's key schema, before it is planned. Inside a
   * transaction the service reports it as the action's ValidationError cancellation reason (see
   * {@link #plan}) with the message GetItem and DeleteItem use for it.
   */
  private static PartitaException keyMisfit(EngineContext ctx, TransactWriteItem item) {
    String table;
    Map<String, AttributeValue> key;
    if (item.update() != null) {
      table = item.update().tableName();
      key = item.update().key();
    } else if (item.delete() != null) {
      table = item.delete().tableName();
      key = item.delete().key();
    } else if (item.conditionCheck() != null) {
      table = item.conditionCheck().tableName();
      key = item.conditionCheck().key();
    } else {
      return null;
    }
    TableDef def = ctx.catalog().forItems(table).def(); // a missing table is the request's ResourceNotFoundException
    try {
      Keys.checkSchema(def, key);
      return null;
    } catch (PartitaException e) {
      return e;
    }
  }

  private static List<Action> plan(EngineContext ctx, List<TransactWriteItem> items) {
    // in DynamoDB's order: every action's structure and expressions, then each action against its
    // table, in request order
    for (int i = 0; i < items.size(); i++) {
      checkAction(items.get(i), i);
      checkExpressions(items.get(i));
    }
    List<Action> actions = new ArrayList<>(items.size());
    long bytes = 0;
    PartitaException misfit = null;
    for (int i = 0; i < items.size(); i++) {
      TransactWriteItem item = items.get(i);
      PartitaException e = keyMisfit(ctx, item);
      if (e != null) {
        // an item-level problem, reported once the request as a whole is known valid (below)
        if (misfit == null) misfit = Cancellations.byAction(i, items.size(), e);
        continue;
      }
      Action action;
      if (item.put() != null) {
        action = new Action(PutItem.plan(ctx, put(item.put())), false);
        bytes += ItemSize.of(item.put().item());
      } else if (item.update() != null) {
        action = new Action(UpdateItem.plan(ctx, update(item.update())), false);
      } else if (item.delete() != null) {
        action = new Action(DeleteItem.plan(ctx, delete(item.delete())), false);
      } else {
        action = new Action(check(ctx, item.conditionCheck()), true);
      }
      actions.add(action);
    }
    // two actions on one item, once every action has been checked against its table
    Set<String> seen = new HashSet<>();
    for (Action action : actions) {
      ReadModifyWrite.Target target = action.plan().target();
      if (!seen.add(target.table().def().id() + ":" + java.util.HexFormat.of().formatHex(target.key().storageKey()))) {
        throw PartitaException.validation("Transaction request cannot include multiple operations on one item");
      }
    }
    if (bytes > MAX_REQUEST_BYTES) {
      throw PartitaException.validation("Transaction request size exceeds the maximum allowed size of 4 MB");
    }
    if (misfit != null) {
      // a Key that does not fit its table: the service cancels the transaction with a ValidationError
      // reason for the action, not a plain ValidationException
      throw misfit;
    }
    return actions;
  }

  private static TransactWriteItemsResponse apply(EngineContext ctx, TransactWriteItemsRequest req, List<Action> actions) {
    List<ReadModifyWrite.Target> targets = actions.stream().map(a -> a.plan().target()).toList();
    List<byte[]> items = targets.stream().map(t -> t.key().storageKey()).toList();
    boolean[] conflicts = ctx.transactions().claim(items);
    if (conflicts != null) {
      throw Cancellations.conflicted(conflicts);
    }
    List<ReadModifyWrite.Result> results;
    try {
      results = ReadModifyWrite.runAll(ctx, targets, (refusals, before) -> Cancellations.of(refusals));
    } finally {
      ctx.transactions().release(items);
    }
    TransactWriteItemsResponse.Builder out = TransactWriteItemsResponse.builder();
    if (req.returnConsumedCapacity() != null && req.returnConsumedCapacity() != ReturnConsumedCapacity.NONE) {
      Map<String, Capacity.Units> units = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        ReadModifyWrite.Result r = results.get(i);
        // transactional reads and writes cost twice their plain counterparts, index writes included
        Capacity.Units u = actions.get(i).check()
            ? Capacity.Units.transaction().read(2 * Capacity.readUnits(r.beforeSize(), true))
            : r.writeUnits().times(2);
        units.computeIfAbsent(actions.get(i).plan().named(), k -> Capacity.Units.transaction()).add(u);
      }
      List<ConsumedCapacity> consumed = new ArrayList<>();
      units.forEach((table, u) -> consumed.add(u.report(req.returnConsumedCapacity(), table)));
      out.consumedCapacity(consumed);
    }
    if (req.returnItemCollectionMetrics() == ReturnItemCollectionMetrics.SIZE) {
      Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        ReadModifyWrite.Target t = targets.get(i);
        ItemCollectionMetrics m = ItemCollections.metrics(ReturnItemCollectionMetrics.SIZE, t.table().def(),
            t.key().attributes(), results.get(i).collectionSize());
        if (m != null && !actions.get(i).check()) {
          metrics.computeIfAbsent(actions.get(i).plan().named(), k -> new ArrayList<>()).add(m);
        }
      }
      // none at all (no table with local indexes written) is no map, as for the single-item writes
      if (!metrics.isEmpty()) {
        out.itemCollectionMetrics(metrics);
      }
    }
    return out.build();
  }

  /**
   * The answer to a request repeated with the token of one that succeeded: nothing is written, and
   * the capacity is that of reading the items (a strongly consistent read each), as DynamoDB
   * documents for this case.
   */
  private static TransactWriteItemsResponse replay(EngineContext ctx, TransactWriteItemsRequest req, List<Action> actions) {
    TransactWriteItemsResponse.Builder out = TransactWriteItemsResponse.builder();
    if (req.returnConsumedCapacity() != null && req.returnConsumedCapacity() != ReturnConsumedCapacity.NONE) {
      List<byte[]> stored = ctx.store().getAll(actions.stream().map(a -> a.plan().target().key().storageKey()).toList());
      Map<String, Double> units = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        long size = stored.get(i) == null ? 0 : ItemSize.of(io.partita.engine.internal.value.ItemCodec.decode(stored.get(i)));
        units.merge(actions.get(i).plan().named(), Capacity.readUnits(size, true), Double::sum);
      }
      List<ConsumedCapacity> consumed = new ArrayList<>();
      units.forEach((table, u) -> consumed.add(Capacity.Units.transaction().read(u).report(req.returnConsumedCapacity(), table)));
      out.consumedCapacity(consumed);
    }
    return out.build();
  }

  private static PutItemRequest put(Put p) {
    PutItemRequest.Builder b = PutItemRequest.builder().tableName(p.tableName()).conditionExpression(p.conditionExpression())
        .returnValuesOnConditionCheckFailure(p.returnValuesOnConditionCheckFailureAsString());
    if (p.hasItem()) {
      b.item(p.item());
    }
    if (p.hasExpressionAttributeNames()) {
      b.expressionAttributeNames(p.expressionAttributeNames());
    }
    if (p.hasExpressionAttributeValues()) {
      b.expressionAttributeValues(p.expressionAttributeValues());
    }
    return b.build();
  }

  private static UpdateItemRequest update(Update u) {
    UpdateItemRequest.Builder b = UpdateItemRequest.builder().tableName(u.tableName())
        .updateExpression(u.updateExpression()).conditionExpression(u.conditionExpression())
        .returnValuesOnConditionCheckFailure(u.returnValuesOnConditionCheckFailureAsString());
    if (u.hasKey()) {
      b.key(u.key());
    }
    if (u.hasExpressionAttributeNames()) {
      b.expressionAttributeNames(u.expressionAttributeNames());
    }
    if (u.hasExpressionAttributeValues()) {
      b.expressionAttributeValues(u.expressionAttributeValues());
    }
    return b.build();
  }

  private static DeleteItemRequest delete(Delete d) {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(d.tableName())
        .conditionExpression(d.conditionExpression())
        .returnValuesOnConditionCheckFailure(d.returnValuesOnConditionCheckFailureAsString());
    if (d.hasKey()) {
      b.key(d.key());
    }
    if (d.hasExpressionAttributeNames()) {
      b.expressionAttributeNames(d.expressionAttributeNames());
    }
    if (d.hasExpressionAttributeValues()) {
      b.expressionAttributeValues(d.expressionAttributeValues());
    }
    return b.build();
  }

  /** A ConditionCheck: a DeleteItem's key and condition rules, with a step that writes nothing. */
  private static WritePlan check(EngineContext ctx, ConditionCheck cc) {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(cc.tableName())
        .conditionExpression(cc.conditionExpression())
        .returnValuesOnConditionCheckFailure(cc.returnValuesOnConditionCheckFailureAsString());
    if (cc.hasKey()) {
      b.key(cc.key());
    }
    if (cc.hasExpressionAttributeNames()) {
      b.expressionAttributeNames(cc.expressionAttributeNames());
    }
    if (cc.hasExpressionAttributeValues()) {
      b.expressionAttributeValues(cc.expressionAttributeValues());
    }
    WritePlan delete = DeleteItem.plan(ctx, b.build());
    ReadModifyWrite.Target t = delete.target();
    return new WritePlan(delete.named(), new ReadModifyWrite.Target(t.table(), t.key(), current -> {
      t.step().apply(current); // checks the condition; its answer (delete) is not used
      return current;
    }), delete.returnValues(), null);
  }

}
