package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.ops.context.EngineContext;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/** PutItem: replaces an item whole, optionally under a condition. */
public final class PutItem {
  private PutItem() {}

  public static PutItemResponse execute(EngineContext ctx, PutItemRequest req) {
    WriteCommand command = WriteCommands.put(req).bind(ctx);
    ReadModifyWrite.Result r = command.run(ctx);
    return PutItemResponse.builder()
        .itemCollectionMetrics(command.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(command.capacity(req.returnConsumedCapacity(), r))
        .attributes(command.returned(r))
        .build();
  }
}
