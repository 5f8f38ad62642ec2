package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.expr.Update;
import io.partita.engine.internal.ops.context.EngineContext;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * UpdateItem: edits an item in place, creating it (from its key) when it does not exist, as
 * DynamoDB does.
 */
public final class UpdateItem {
  private UpdateItem() {}

  public static UpdateItemResponse execute(EngineContext ctx, UpdateItemRequest req) {
    WriteCommand.Update command = (WriteCommand.Update) WriteCommands.update(req).bind(ctx);
    Update update = command.update();
    ReadModifyWrite.Result r = command.run(ctx);
    UpdateItemResponse.Builder out = UpdateItemResponse.builder()
        .itemCollectionMetrics(command.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(command.capacity(req.returnConsumedCapacity(), r));
    Map<String, AttributeValue> attributes = switch (command.returnValues()) {
      case ALL_OLD -> r.before();
      case ALL_NEW -> r.after();
      case UPDATED_OLD -> r.before() == null || update == null ? null : update.updatedPaths().apply(r.before());
      case UPDATED_NEW -> update == null ? null : update.updatedPaths().apply(r.after());
      default -> null;
    };
    if (attributes != null && !attributes.isEmpty()) {
      out.attributes(attributes);
    }
    return out.build();
  }
}
