package io.partita.engine.ops;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.value.ItemSize;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
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
 * all. Where DynamoDB answers TransactionConflictException to a request that meets a transaction
 * in progress, Partita makes it wait for the lock instead: the outcome is the one a retry would
 * have had, and only the latency tells the difference.
 */
public final class TransactWriteItems {
  static final int MAX_ACTIONS = 100;
  static final long MAX_REQUEST_BYTES = 4L * 1024 * 1024;

  private TransactWriteItems() {}

  /** One planned action: the write, whether it is a ConditionCheck, and its request's size. */
  private record Action(WritePlan plan, boolean check) {}

  public static TransactWriteItemsResponse execute(EngineContext ctx, TransactWriteItemsRequest req) {
    List<TransactWriteItem> items = req.hasTransactItems() ? req.transactItems() : null;
    Constraints c = Constraints.check();
    if (items == null) {
      c.notNull("transactItems");
    } else if (items.isEmpty() || items.size() > MAX_ACTIONS) {
      c.custom("Value '" + items + "' at 'transactItems' failed to satisfy constraint: Member must have length "
          + (items.isEmpty() ? "greater than or equal to 1" : "less than or equal to " + MAX_ACTIONS));
    }
    String token = req.clientRequestToken();
    if (token != null && (token.isEmpty() || token.length() > 36)) {
      c.custom("Value '" + token + "' at 'clientRequestToken' failed to satisfy constraint: Member must have length "
          + (token.isEmpty() ? "greater than or equal to 1" : "less than or equal to 36"));
    }
    c.done();
    return ctx.tokens.run(req, () -> apply(ctx, req, plan(ctx, items)));
  }

  private static List<Action> plan(EngineContext ctx, List<TransactWriteItem> items) {
    List<Action> actions = new ArrayList<>(items.size());
    Set<String> seen = new HashSet<>();
    long bytes = 0;
    for (int i = 0; i < items.size(); i++) {
      TransactWriteItem item = items.get(i);
      // an Update must have its UpdateExpression and a ConditionCheck its condition, where the
      // single-item requests they are planned as would accept a request without
      String member = "transactItems." + (i + 1) + ".member.";
      if (item.update() != null && item.update().updateExpression() == null) {
        Constraints.check().notNull(member + "update.updateExpression").done();
      }
      if (item.conditionCheck() != null && item.conditionCheck().conditionExpression() == null) {
        Constraints.check().notNull(member + "conditionCheck.conditionExpression").done();
      }
      int given = (item.put() != null ? 1 : 0) + (item.update() != null ? 1 : 0) + (item.delete() != null ? 1 : 0)
          + (item.conditionCheck() != null ? 1 : 0);
      if (given != 1) {
        throw PartitaException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
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
      ReadModifyWrite.Target target = action.plan().target();
      String identity = target.table().def().id() + ":" + java.util.HexFormat.of().formatHex(target.key().storageKey());
      if (!seen.add(identity)) {
        throw PartitaException.validation("Transaction request cannot include multiple operations on one item");
      }
      actions.add(action);
    }
    if (bytes > MAX_REQUEST_BYTES) {
      throw PartitaException.validation("Transaction request size exceeds the maximum allowed size of 4 MB");
    }
    return actions;
  }

  private static TransactWriteItemsResponse apply(EngineContext ctx, TransactWriteItemsRequest req, List<Action> actions) {
    List<ReadModifyWrite.Target> targets = actions.stream().map(a -> a.plan().target()).toList();
    List<ReadModifyWrite.Result> results = ReadModifyWrite.runAll(ctx, targets, (refusals, before) -> {
      List<CancellationReason> reasons = new ArrayList<>(refusals.length);
      for (PartitaException e : refusals) {
        reasons.add(reason(e));
      }
      return PartitaException.transactionCanceled(reasons);
    });
    TransactWriteItemsResponse.Builder out = TransactWriteItemsResponse.builder();
    if (req.returnConsumedCapacity() != null && req.returnConsumedCapacity() != ReturnConsumedCapacity.NONE) {
      Map<String, Capacity.Units> units = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        ReadModifyWrite.Result r = results.get(i);
        Capacity.Units u = actions.get(i).check()
            ? Capacity.Units.ofTable(Capacity.readUnits(r.beforeSize(), true))
            : r.writeUnits();
        // transactional reads and writes cost twice their plain counterparts, index writes included
        units.computeIfAbsent(targets.get(i).table().def().name(), k -> Capacity.Units.ofTable(0)).add(u.times(2));
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
          metrics.computeIfAbsent(t.table().def().name(), k -> new ArrayList<>()).add(m);
        }
      }
      out.itemCollectionMetrics(metrics);
    }
    return out.build();
  }

  /** The cancellation reason DynamoDB gives for an action's refusal; {@code None} for no refusal. */
  private static CancellationReason reason(PartitaException e) {
    if (e == null) {
      return CancellationReason.builder().code("None").build();
    }
    String code = switch (e.code()) {
      case ConditionalCheckFailedException -> "ConditionalCheckFailed";
      case ValidationException -> "ValidationError";
      case ItemCollectionSizeLimitExceededException -> "ItemCollectionSizeLimitExceeded";
      default -> e.code().name();
    };
    CancellationReason.Builder b = CancellationReason.builder().code(code).message(e.getMessage());
    if (e.item() != null) {
      b.item(e.item());
    }
    return b.build();
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
    return new WritePlan(new ReadModifyWrite.Target(t.table(), t.key(), current -> {
      t.step().apply(current); // checks the condition; its answer (delete) is not used
      return current;
    }), delete.returnValues(), null);
  }

}
