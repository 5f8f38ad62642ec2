package io.partita.engine.internal.ops.read;

import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * GetItem. Reads take no lock: a single RocksDB get sees one whole item. Every read is strongly
 * consistent here; ConsistentRead only changes what it costs, as DynamoDB bills it.
 */
public final class GetItem {
  private GetItem() {}

  public static ItemsAnswer execute(EngineContext ctx, GetItemRequest req) {
    return command(ctx, req).run(ctx, req.returnConsumedCapacity());
  }

  /** The request checked into the read it asks for, in the service's order of checks. */
  static KeyRead command(EngineContext ctx, GetItemRequest req) {
    // the projection whole before the table and the key, as the service checks it (dynalite's test/getItem.js,
    // written against the service: a syntax error to a table that does not exist is the ValidationException)
    Projection projection = ItemProjection.given(req.hasAttributesToGet(), req.attributesToGet(),
        req.projectionExpression(), req.hasExpressionAttributeNames(), req.expressionAttributeNames()).bind();
    TableDef def = ctx.catalog().forItems(req.tableName()).def();
    return KeyRead.of(req.tableName(), def, req.key(), projection, Boolean.TRUE.equals(req.consistentRead()));
  }
}
