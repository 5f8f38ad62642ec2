package io.partita.engine.internal.ops.transact;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.ops.write.WriteCommand;
import io.partita.engine.internal.ops.write.WriteCommands;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions on distinct items,
 * applied all together or not at all.
 *
 * <p>Each action becomes the same {@link WriteCommand} its single-item operation makes, through the
 * same validator ({@link WriteCommands}), so the rules are the same. All items' lock stripes are taken in one order (see {@link
 * io.partita.engine.internal.ops.context.ItemLocks}), every condition is checked against the current items, and all writes, index
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

  public static TransactWriteItemsResponse execute(EngineContext ctx, TransactWriteItemsRequest req) {
    // TransactItems present, 1 to 100 actions, each with its required members: ApiConstraints
    List<TransactWriteItem> items = req.transactItems();
    return run(ctx, req.clientRequestToken(), req, () -> drafts(items), req.returnConsumedCapacity(),
        req.returnItemCollectionMetrics());
  }

  /**
   * Runs a transaction of the actions {@code drafts} makes (each checked as far as it can be
   * without its table, in request order), under {@code token} when there is one: TransactWriteItems,
   * and ExecuteTransaction's statements. {@code request} is the request as sent, whose parameters
   * a retry with its token must repeat (see {@link
   * io.partita.engine.internal.ops.context.TransactionTokens}).
   */
  public static TransactWriteItemsResponse run(EngineContext ctx, String token, SdkPojo request,
      Supplier<List<WriteCommands.Draft>> drafts, ReturnConsumedCapacity capacity, ReturnItemCollectionMetrics metrics) {
    return ctx.tokens().run(token, request, () -> apply(ctx, bind(ctx, drafts.get()), capacity, metrics),
        () -> replay(ctx, bind(ctx, drafts.get()), capacity));
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
   * Every action checked as far as it can be without its table, in request order: its structure,
   * its expressions (syntax, names and values defined and used, operand types known without the
   * item) and the size of a Put's item. DynamoDB makes these checks of all actions before it looks
   * at any table, so an invalid expression of a later action is reported before, say, an unknown
   * table of an earlier one.
   */
  private static WriteCommands.Draft draft(TransactWriteItem item, int i) {
    checkAction(item, i);
    if (item.put() != null) {
      return WriteCommands.put(item.put());
    }
    if (item.update() != null) {
      return WriteCommands.update(item.update());
    }
    if (item.delete() != null) {
      return WriteCommands.delete(item.delete());
    }
    return WriteCommands.check(item.conditionCheck());
  }

  private static List<WriteCommands.Draft> drafts(List<TransactWriteItem> items) {
    List<WriteCommands.Draft> drafts = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      drafts.add(draft(items.get(i), i));
    }
    return drafts;
  }

  /** Each action against its table, in request order, once all are drafted. */
  private static List<WriteCommand> bind(EngineContext ctx, List<WriteCommands.Draft> drafts) {
    List<WriteCommand> actions = new ArrayList<>(drafts.size());
    long bytes = 0;
    PartitaException misfit = null;
    for (int i = 0; i < drafts.size(); i++) {
      WriteCommands.Draft draft = drafts.get(i);
      Table table = ctx.catalog().forItems(draft.table()); // a missing table is the request's ResourceNotFoundException
      PartitaException e = draft.keyMisfit(table.def());
      if (e != null) {
        // a Key that does not fit its table: an item-level problem, reported once the request as a
        // whole is known valid (below), with the message GetItem and DeleteItem use for it
        if (misfit == null) misfit = Cancellations.byAction(i, drafts.size(), e);
        continue;
      }
      WriteCommand action = draft.bind(table);
      if (action instanceof WriteCommand.Put put) {
        bytes += put.size();
      }
      actions.add(action);
    }
    // two actions on one item, once every action has been checked against its table
    // by table and storage key (a ByteBuffer compares its bytes), with no text made of either
    Set<Map.Entry<Long, java.nio.ByteBuffer>> seen = new HashSet<>();
    for (WriteCommand action : actions) {
      if (!seen.add(Map.entry(action.table().def().id(), java.nio.ByteBuffer.wrap(action.key().storageKey())))) {
        throw PartitaException.validation("Transaction request cannot include multiple operations on one item");
      }
    }
    if (bytes > MAX_REQUEST_BYTES) {
      throw PartitaException.validation("Transaction request size exceeds the maximum allowed size of 4 MB");
    }
    if (misfit != null) {
      // the service cancels the transaction with a ValidationError reason for the action, not a plain
      // ValidationException
      throw misfit;
    }
    return actions;
  }

  private static TransactWriteItemsResponse apply(EngineContext ctx, List<WriteCommand> actions,
      ReturnConsumedCapacity capacity, ReturnItemCollectionMetrics metrics) {
    Cancellations.admit(actions, a -> a.table().def().name(), a -> !(a instanceof WriteCommand.Check));
    List<ReadModifyWrite.Target> targets = actions.stream().map(WriteCommand::target).toList();
    List<byte[]> items = targets.stream().map(t -> t.key().storageKey()).toList();
    boolean[] conflicts = ctx.transactions().claim(items);
    if (conflicts != null) {
      throw Cancellations.conflicted(conflicts);
    }
    List<ReadModifyWrite.Result> results;
    try {
      results = ReadModifyWrite.runAll(ctx, targets, (refusals, before) -> Cancellations.of(refusals));
    } catch (PartitaException e) {
      if (e.code() == ErrorCode.TransactionCanceledException) {
        // the items were read to find a condition false: the least each table's reads or writes cost
        Set<Map.Entry<String, Boolean>> charged = new HashSet<>();
        for (WriteCommand a : actions) {
          boolean write = !(a instanceof WriteCommand.Check);
          if (charged.add(Map.entry(a.table().def().name(), write))) {
            Served.charge(a.table().def().name(), null, write ? 0 : 1, write ? 1 : 0);
          }
        }
      }
      throw e;
    } finally {
      ctx.transactions().release(items);
    }
    Served.items(actions.size());
    TransactWriteItemsResponse.Builder out = TransactWriteItemsResponse.builder();
    if (Capacity.counted(capacity)) {
      Map<Capacity.Consumer, Capacity.Units> units = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        ReadModifyWrite.Result r = results.get(i);
        // transactional reads and writes cost twice their plain counterparts, index writes included
        Capacity.Units u = (actions.get(i) instanceof WriteCommand.Check)
            ? Capacity.Units.transaction().read(2 * Capacity.readUnits(r.beforeSize(), true))
            : r.writeUnits().times(2);
        units.computeIfAbsent(consumer(actions.get(i)), k -> Capacity.Units.transaction()).add(u);
      }
      List<ConsumedCapacity> consumed = new ArrayList<>();
      units.forEach((table, u) -> consumed.add(u.report(capacity, table)));
      if (Capacity.asked(capacity)) {
        out.consumedCapacity(consumed);
      }
    }
    if (metrics == ReturnItemCollectionMetrics.SIZE) {
      Map<String, List<ItemCollectionMetrics>> byTable = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        ItemCollectionMetrics m = actions.get(i).metrics(ReturnItemCollectionMetrics.SIZE, results.get(i));
        if (m != null && !(actions.get(i) instanceof WriteCommand.Check)) {
          byTable.computeIfAbsent(actions.get(i).named(), k -> new ArrayList<>()).add(m);
        }
      }
      // none at all (no table with local indexes written) is no map, as for the single-item writes
      if (!byTable.isEmpty()) {
        out.itemCollectionMetrics(byTable);
      }
    }
    return out.build();
  }

  /**
   * The answer to a request repeated with the token of one that succeeded: nothing is written, and
   * the capacity is that of reading the items (a strongly consistent read each), as DynamoDB
   * documents for this case.
   */
  private static TransactWriteItemsResponse replay(EngineContext ctx, List<WriteCommand> actions,
      ReturnConsumedCapacity capacity) {
    TransactWriteItemsResponse.Builder out = TransactWriteItemsResponse.builder();
    if (Capacity.counted(capacity)) {
      List<byte[]> stored = ctx.store().getAll(actions.stream().map(a -> a.key().storageKey()).toList());
      Map<Capacity.Consumer, Double> units = new LinkedHashMap<>();
      for (int i = 0; i < actions.size(); i++) {
        long size = stored.get(i) == null ? 0 : ItemCodec.size(stored.get(i));
        units.merge(consumer(actions.get(i)), Capacity.readUnits(size, true), Double::sum);
      }
      List<ConsumedCapacity> consumed = new ArrayList<>();
      units.forEach((table, u) -> consumed.add(Capacity.Units.transaction().read(u).report(capacity, table)));
      if (Capacity.asked(capacity)) {
        out.consumedCapacity(consumed);
      }
    }
    return out.build();
  }

  private static Capacity.Consumer consumer(WriteCommand action) {
    return new Capacity.Consumer(action.named(), action.table().def().name());
  }
}
