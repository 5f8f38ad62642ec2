package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsResponse;

/**
 * Global tables (version 2017.11.29, the operations that name a global table): one database in one
 * region has none, so the reads answer that truthfully (an empty list, GlobalTableNotFoundException)
 * and the writes, which would need replicas in other regions, are refused by name ({@link Unsupported}).
 */
public final class GlobalTables {
  private GlobalTables() {}

  public static ListGlobalTablesResponse list(EngineContext ctx, ListGlobalTablesRequest req) {
    return ListGlobalTablesResponse.builder().globalTables(List.of()).build();
  }

  public static DescribeGlobalTableResponse describe(EngineContext ctx, DescribeGlobalTableRequest req) {
    throw notFound(req.globalTableName());
  }

  public static DescribeGlobalTableSettingsResponse describeSettings(EngineContext ctx,
      DescribeGlobalTableSettingsRequest req) {
    throw notFound(req.globalTableName());
  }

  public static CreateGlobalTableResponse create(EngineContext ctx, CreateGlobalTableRequest req) {
    throw Unsupported.refuse("CreateGlobalTable", Unsupported.ONE_REGION);
  }

  public static UpdateGlobalTableResponse update(EngineContext ctx, UpdateGlobalTableRequest req) {
    throw Unsupported.refuse("UpdateGlobalTable", Unsupported.ONE_REGION);
  }

  public static UpdateGlobalTableSettingsResponse updateSettings(EngineContext ctx, UpdateGlobalTableSettingsRequest req) {
    throw Unsupported.refuse("UpdateGlobalTableSettings", Unsupported.ONE_REGION);
  }

  /** The service's words (moto's GlobalTableNotFoundException, a hint: the message is not recorded). */
  private static PartitaException notFound(String name) {
    return new PartitaException(ErrorCode.GlobalTableNotFoundException, "Global table with name: " + name
        + " does not exist");
  }
}
