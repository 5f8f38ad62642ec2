package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** DescribeTable. ItemCount and TableSizeBytes are exact here (DynamoDB refreshes them every six hours). */
public final class DescribeTable {
  private DescribeTable() {}

  public static DescribeTableResponse execute(EngineContext ctx, DescribeTableRequest req) {
    TableDef def = ctx.catalog().get(req.tableName()).def();
    return DescribeTableResponse.builder()
        .table(Descriptions.current(ctx, def, def.filling() ? TableStatus.CREATING : TableStatus.ACTIVE))
        .build();
  }
}
