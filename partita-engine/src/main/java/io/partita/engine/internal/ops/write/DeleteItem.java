package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.ops.context.EngineContext;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;

/** DeleteItem: removes an item, optionally under a condition; deleting nothing succeeds. */
public final class DeleteItem {
  private DeleteItem() {}

  public static DeleteItemResponse execute(EngineContext ctx, DeleteItemRequest req) {
    WriteCommand command = WriteCommands.delete(req).bind(ctx);
    ReadModifyWrite.Result r = command.run(ctx);
    return DeleteItemResponse.builder()
        .itemCollectionMetrics(command.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(command.capacity(req.returnConsumedCapacity(), r))
        .attributes(command.returned(r))
        .build();
  }
}
