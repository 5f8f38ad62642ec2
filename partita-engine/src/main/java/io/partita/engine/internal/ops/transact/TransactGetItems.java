package io.partita.engine.internal.ops.transact;

import io.partita.engine.PartitaException;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.ItemProjection;
import io.partita.engine.internal.ops.read.KeyRead;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

/**
 * TransactGetItems: up to 100 items read as one serializable snapshot. Transactions and
 * single-item writes reach storage as atomic batches, so a snapshot sees each of them whole or
 * not at all; no lock is needed.
 */
public final class TransactGetItems {
  private TransactGetItems() {}

  public static ItemsAnswer execute(EngineContext ctx, TransactGetItemsRequest req) {
    // TransactItems present, 1 to 100 gets, each with its Get, TableName and Key: ApiConstraints
    List<Wanted> wanted = new ArrayList<>(req.transactItems().size());
    for (TransactGetItem item : req.transactItems()) {
      Get get = item.get();
      wanted.add(new Wanted(get.tableName(), get.key(), get.projectionExpression(),
          get.hasExpressionAttributeNames() ? get.expressionAttributeNames() : null));
    }
    return run(ctx, command(ctx, wanted), req.returnConsumedCapacity());
  }

  /**
   * One Get as the request gives it: the table by name or ARN, the key, and the ProjectionExpression
   * with its ExpressionAttributeNames (both null for none). ExecuteTransaction's SELECTs are Gets too.
   */
  public record Wanted(String table, Map<String, AttributeValue> key, String projectionExpression,
      Map<String, String> names) {}

  /** Reads the items of {@code reads} as one snapshot: the transaction's answer, one entry per read in order. */
  public static ItemsAnswer run(EngineContext ctx, List<KeyRead> reads, ReturnConsumedCapacity capacity) {
    Cancellations.admit(reads, r -> r.table().name(), r -> false);
    List<byte[]> keys = reads.stream().map(r -> r.key().storageKey()).toList();
    // a read of an item a transaction is writing now is cancelled, as DynamoDB cancels it (OngoingTransactions)
    boolean[] conflicts = ctx.transactions().held(keys);
    if (conflicts != null) {
      throw Cancellations.conflicted(conflicts);
    }
    List<byte[]> stored = ctx.store().getAll(keys);
    List<StoredItem> responses = new ArrayList<>(reads.size());
    Map<Capacity.Consumer, Double> units = new LinkedHashMap<>();
    long found = 0;
    for (int i = 0; i < reads.size(); i++) {
      KeyRead r = reads.get(i);
      byte[] item = stored.get(i);
      if (Served.countsKeys()) {
        r.counted();
      }
      found += item == null ? 0 : 1;
      // a transactional read costs twice a strongly consistent one
      units.merge(new Capacity.Consumer(r.named(), r.table().name()), 2 * r.units(item), Double::sum);
      responses.add(r.answer(item));
    }
    Served.items(found);
    TransactGetItemsResponse.Builder out = TransactGetItemsResponse.builder();
    if (Capacity.counted(capacity)) {
      List<ConsumedCapacity> consumed = new ArrayList<>();
      units.forEach((table, u) -> consumed.add(Capacity.Units.transaction().read(u).report(capacity, table)));
      if (Capacity.asked(capacity)) {
        out.consumedCapacity(consumed);
      }
    }
    return ItemsAnswer.inOrder(out.build(), responses);
  }

  /**
   * The gets checked into their reads, one per get in request order, in the service's order of
   * checks; each read is the same command as GetItem's.
   */
  public static List<KeyRead> command(EngineContext ctx, List<Wanted> items) {
    // two gets of one item need no table to be told apart (keys compared by value, 1 and 1.0 alike): refused
    // before any table is looked up, as BatchGetItem's duplicates are
    Set<java.util.Map.Entry<String, Map<String, AttributeValue>>> seen = new HashSet<>();
    for (Wanted item : items) {
      Map<String, AttributeValue> key;
      try {
        key = AttributeValues.validateItem(item.key());
      } catch (PartitaException e) {
        key = item.key(); // an invalid value is answered later, with the item's table
      }
      if (!seen.add(java.util.Map.entry(ctx.catalog().nameOf(item.table()), key))) {
        throw PartitaException.validation("Transaction request cannot include multiple operations on one item");
      }
    }
    List<KeyRead> reads = new ArrayList<>(items.size());
    PartitaException misfit = null;
    for (int i = 0; i < items.size(); i++) {
      Wanted get = items.get(i);
      TableDef def = ctx.catalog().forItems(get.table()).def();
      Projection projection = ItemProjection.given(false, null, get.projectionExpression(),
          get.names() != null, get.names()).bind();
      try {
        Keys.checkSchema(def, get.key());
      } catch (PartitaException e) {
        // an item-level problem, reported once the request as a whole is known valid (below)
        if (misfit == null) misfit = Cancellations.byAction(i, items.size(), e);
        continue;
      }
      // a transaction reads one snapshot, strongly consistent
      reads.add(KeyRead.of(get.table(), def, get.key(), projection, true));
    }
    if (misfit != null) {
      // a Key that does not fit its table: the Get's ValidationError reason, as in TransactWriteItems
      throw misfit;
    }
    return reads;
  }
}
