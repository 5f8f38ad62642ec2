package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.ops.context.EngineContext;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * UpdateItem: edits an item in place, creating it (from its key) when it does not exist, as
 * DynamoDB does.
 */
public final class UpdateItem {
  private UpdateItem() {}

  public static UpdateItemResponse execute(EngineContext ctx, UpdateItemRequest req) {
    WriteCommand command = WriteCommands.update(req).bind(ctx);
    ReadModifyWrite.Result r = command.run(ctx);
    return UpdateItemResponse.builder()
        .itemCollectionMetrics(command.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(command.capacity(req.returnConsumedCapacity(), r))
        .attributes(command.returned(r))
        .build();
  }
}
