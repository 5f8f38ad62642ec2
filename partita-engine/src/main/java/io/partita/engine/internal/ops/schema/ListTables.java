package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;

/** ListTables: names in order, paged by Limit (1 to 100, default 100) and ExclusiveStartTableName. */
public final class ListTables {
  static final int MAX_LIMIT = 100;

  private ListTables() {}

  public static ListTablesResponse execute(EngineContext ctx, ListTablesRequest req) {
    int limit = req.limit() == null ? MAX_LIMIT : req.limit();
    List<String> names = ctx.catalog().names();
    int from = 0;
    if (req.exclusiveStartTableName() != null) {
      while (from < names.size() && names.get(from).compareTo(req.exclusiveStartTableName()) <= 0) {
        from++;
      }
    }
    int to = Math.min(names.size(), from + limit);
    ListTablesResponse.Builder out = ListTablesResponse.builder().tableNames(names.subList(from, to));
    if (to < names.size()) {
      out.lastEvaluatedTableName(names.get(to - 1));
    }
    return out.build();
  }
}
