package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** DeleteTable: drops the table and its items at once; the answer describes it as DELETING, as DynamoDB does. */
public final class DeleteTable {
  private DeleteTable() {}

  public static DeleteTableResponse execute(EngineContext ctx, DeleteTableRequest req) {
    TableDef current = ctx.catalog().get(req.tableName()).def();
    if (current.filling()) {
      // a restore or an import is still filling it: CREATING, which the service will not delete
      // (its answer as captured from it, docs/dynamodb-messages.md); a crash's leftover goes at the next open
      throw new PartitaException(ErrorCode.ResourceInUseException,
          "Attempt to change a resource which is still in use: Table is being created: " + current.name());
    }
    if (current.deletionProtection()) {
      throw PartitaException.validation("Resource cannot be deleted as it is currently protected against deletion. "
          + "Disable deletion protection first.");
    }
    // described as it stood just before the drop, index counts included
    software.amazon.awssdk.services.dynamodb.model.TableDescription before =
        Descriptions.current(ctx, current, TableStatus.DELETING);
    ctx.catalog().delete(current.name());
    ctx.vectors().dropTable(current.id());
    return DeleteTableResponse.builder().tableDescription(before).build();
  }
}
