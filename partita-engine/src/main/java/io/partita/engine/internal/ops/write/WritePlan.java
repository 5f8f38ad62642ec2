package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.expr.Update;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A validated single-item write, ready to run alone (PutItem, UpdateItem, DeleteItem) or as one
 * action of a transaction, which converts its actions to those requests and plans them the same
 * way, so both check and apply exactly the same rules.
 *
 * @param named the table as the request named it, by name or ARN: what ConsumedCapacity's TableName
 *     answers (the API reference: "If you had specified the ARN of a table in the input, you'll see the
 *     table ARN in the response")
 * @param returnValues what the single-item response returns (NONE inside a transaction)
 * @param update the update expression of an UpdateItem, for UPDATED_OLD/UPDATED_NEW; else null
 */
public record WritePlan(String named, ReadModifyWrite.Target target, ReturnValue returnValues, Update update) {
  /** Runs this write alone. */
  ReadModifyWrite.Result run(EngineContext ctx) {
    return ReadModifyWrite.run(ctx, target.table(), target.key(), target.step());
  }

  /** The ItemCollectionMetrics of this write's result, or null when not asked for or not applicable. */
  ItemCollectionMetrics metrics(ReturnItemCollectionMetrics mode, ReadModifyWrite.Result r) {
    return ItemCollections.metrics(mode, target.table().def(), target.key().attributes(), r.collectionSize());
  }

  /** The ConsumedCapacity of this write's result, or null when not asked for. */
  ConsumedCapacity capacity(ReturnConsumedCapacity mode, ReadModifyWrite.Result r) {
    return r.writeUnits().report(mode, named);
  }
}
