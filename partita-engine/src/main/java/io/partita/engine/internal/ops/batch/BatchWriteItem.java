package io.partita.engine.internal.ops.batch;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.ops.write.WriteCommand;
import io.partita.engine.internal.ops.write.WriteCommands;
import io.partita.engine.internal.table.Table;
import io.partita.engine.served.Served;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables.
 *
 * <p>The whole request is validated before anything is written, so one bad request refuses the
 * batch and writes nothing, as DynamoDB documents. After
 * {@link io.partita.engine.internal.ops.request.ApiConstraints} (required members
 * and the API's declared constraints), the checks run in Partita's order (the service's order of
 * these semantic checks is not documented): an empty request; then table by table and request by request, an empty list, a WriteRequest with
 * not exactly one of put and delete, invalid values and an item over 400 KB; then more than 25
 * requests; then the table names; then each table in request order: that it exists, and each of
 * its requests in order: its key (as PutItem or DeleteItem checks it), its index keys, and that no
 * earlier request of the batch names the same item. Tables are visited in the request's order.
 *
 * <p>The writes then go through {@link ReadModifyWrite#runEach}: each is planned as PutItem or
 * DeleteItem plans it, with its index entries and counters, and all of them are written in one
 * atomic store write, so a durable store syncs its log once per batch rather than once per item
 * (25 times fewer syncs for a bulk load). A write that would grow an item collection past its
 * limit is refused with ItemCollectionSizeLimitExceededException (one of BatchWriteItem's
 * documented errors): it is left out, the other writes of the batch are still made, and the
 * exception is thrown once they are, so the batch as a whole is not atomic, as in DynamoDB.
 *
 * <p>UnprocessedItems is empty unless throttling is on: each write is let in, in request order,
 * while its table's units cover it (the request's meter, {@code Throttle}), and those not let in
 * come back unprocessed, the batch failing only when none is let in.
 */
public final class BatchWriteItem {
  static final int MAX_REQUESTS = 25;

  private BatchWriteItem() {}

  public static BatchWriteItemResponse execute(EngineContext ctx, BatchWriteItemRequest req) {
    List<WriteCommand> checked = checked(ctx, req);
    // with throttling on, a write its table's units do not cover goes back unprocessed, in request order
    Served.Entries admission = Served.entries();
    List<WriteCommand> writes = new ArrayList<>(checked.size());
    Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
    int i0 = 0;
    for (Map.Entry<String, List<WriteRequest>> e : req.requestItems().entrySet()) {
      for (WriteRequest asked : e.getValue()) {
        WriteCommand w = checked.get(i0++);
        if (admission.admit(w.table().def().name(), true, 1) == null) {
          writes.add(w);
        } else {
          unprocessed.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(asked);
        }
      }
    }
    if (writes.isEmpty()) {
      throw admission.refusedAll(); // no table has units left: the batch fails as a whole
    }
    boolean metricsAsked = req.returnItemCollectionMetrics() == ReturnItemCollectionMetrics.SIZE;
    Map<Capacity.Consumer, Capacity.Units> units = new LinkedHashMap<>();
    int done = 0;
    Map<String, List<ItemCollectionMetrics>> metrics = new LinkedHashMap<>();
    PartitaException collectionFull = null;
    List<ReadModifyWrite.Outcome> outcomes = ReadModifyWrite.runEach(ctx,
        writes.stream().map(WriteCommand::target).toList(),
        ex -> ex.code() == ErrorCode.ItemCollectionSizeLimitExceededException);
    for (int i = 0; i < writes.size(); i++) {
      WriteCommand w = writes.get(i);
      ReadModifyWrite.Result r = outcomes.get(i).result();
      if (r == null) {
        if (collectionFull == null) {
          collectionFull = outcomes.get(i).refusal();
        }
        continue;
      }
      done++;
      units.computeIfAbsent(new Capacity.Consumer(w.named(), w.table().def().name()), k -> Capacity.Units.writes(0))
          .add(r.writeUnits());
      ItemCollectionMetrics m = w.metrics(req.returnItemCollectionMetrics(), r);
      if (metricsAsked && m != null) {
        metrics.computeIfAbsent(w.named(), k -> new ArrayList<>()).add(m);
      }
    }
    List<ConsumedCapacity> capacity = new ArrayList<>();
    if (Capacity.counted(req.returnConsumedCapacity())) {
      units.forEach((table, u) -> capacity.add(u.report(req.returnConsumedCapacity(), table)));
    }
    Served.items(done);
    if (collectionFull != null) {
      throw collectionFull;
    }
    BatchWriteItemResponse.Builder out = BatchWriteItemResponse.builder().unprocessedItems(unprocessed);
    if (Capacity.asked(req.returnConsumedCapacity())) {
      out.consumedCapacity(capacity);
    }
    if (!metrics.isEmpty()) {
      out.itemCollectionMetrics(metrics);
    }
    return out.build();
  }

  /** The request's writes, checked in DynamoDB's order: values, sizes, the count, tables, keys, duplicates. */
  private static List<WriteCommand> checked(EngineContext ctx, BatchWriteItemRequest req) {
    Map<String, List<WriteRequest>> items = req.requestItems();
    // table by table, request by request: an empty list, a WriteRequest with not exactly one of put
    // and delete, invalid values, an item over 400 KB; then the count, then the table names
    int count = 0;
    Map<String, List<WriteCommands.Draft>> drafts = new LinkedHashMap<>();
    for (Map.Entry<String, List<WriteRequest>> e : items.entrySet()) {
      if (e.getValue() == null || e.getValue().isEmpty()) {
        throw PartitaException.validation(
            "The batch write request list for a table cannot be null or empty: " + e.getKey());
      }
      List<WriteCommands.Draft> tableDrafts = new ArrayList<>(e.getValue().size());
      for (WriteRequest w : e.getValue()) {
        if (w == null || (w.putRequest() == null) == (w.deleteRequest() == null)) {
          // Partita's message for a WriteRequest with neither or both (the service's could not be established)
          throw PartitaException.validation("Supplied AttributeValue has more than one datatypes set, must contain "
              + "exactly one of the supported datatypes");
        }
        if (w.putRequest() != null ? !w.putRequest().hasItem() : !w.deleteRequest().hasKey()) {
          throw PartitaException.validation("The supplied Item contains a null AttributeValue");
        }
        tableDrafts.add(w.putRequest() != null
            ? WriteCommands.batchPut(e.getKey(), w.putRequest().item())
            : WriteCommands.batchDelete(e.getKey(), w.deleteRequest().key()));
      }
      drafts.put(e.getKey(), tableDrafts);
      count += e.getValue().size();
    }
    if (count > MAX_REQUESTS) {
      throw PartitaException.validation("Too many items requested for the BatchWriteItem call");
    }
    items.keySet().forEach(Batches::checkTableName);
    // each table, then each of its requests, in request order
    List<WriteCommand> writes = new ArrayList<>(count);
    // storage keys start with the table's id: a table named twice (by name and by ARN) is one table here
    Set<ByteBuffer> seen = new HashSet<>();
    for (Map.Entry<String, List<WriteCommands.Draft>> e : drafts.entrySet()) {
      Table table = ctx.catalog().forItems(e.getKey());
      for (WriteCommands.Draft draft : e.getValue()) {
        WriteCommand w = draft.bind(table);
        if (!seen.add(ByteBuffer.wrap(w.key().storageKey()))) {
          throw PartitaException.validation(Batches.DUPLICATES);
        }
        writes.add(w);
      }
    }
    return writes;
  }
}
