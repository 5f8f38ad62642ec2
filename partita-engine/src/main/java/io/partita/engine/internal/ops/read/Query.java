package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.KeyCondition;
import io.partita.engine.internal.expr.LegacyConditions;
import io.partita.engine.internal.expr.LegacyKeyConditions;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.table.TableDef;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Query: one item collection, or the part of it the sort-key condition selects, read as one key
 * range in sort-key order (or reversed), a page at a time by DynamoDB's rules ({@link ReadPage}).
 * It reads only that range: its cost does not grow with the table.
 */
public final class Query {
  private Query() {}

  public static ItemsAnswer execute(EngineContext ctx, QueryRequest req) {
    return command(ctx, req).run(ctx);
  }

  /** The request checked, in DynamoDB's order, into the page it reads. */
  static PageRead command(EngineContext ctx, QueryRequest req) {
    // the service lists both kinds in this order, and counts KeyConditions as mixing only beside a
    // KeyConditionExpression: KeyConditions with a FilterExpression is a valid request (dynalite's
    // test/query.js, recorded against the service; docs/legacy-parameters.md section 2)
    boolean keyExpression = req.keyConditionExpression() != null;
    RequestParams.refuseMixing(
        RequestParams.given("AttributesToGet", req.hasAttributesToGet(), "QueryFilter", req.hasQueryFilter(),
            "ConditionalOperator", req.conditionalOperatorAsString() != null,
            "KeyConditions", req.hasKeyConditions() && keyExpression),
        RequestParams.given("ProjectionExpression", req.projectionExpression() != null,
            "FilterExpression", req.filterExpression() != null, "KeyConditionExpression", keyExpression));
    // the legacy conditions are checked before the table is known, as the service does: QueryFilter
    // with its ConditionalOperator, then the rule that a key condition is given, then KeyConditions'
    // entries (docs/legacy-parameters.md sections 6, 7 and 9)
    ExpressionContext.QueryFilter legacyFilter = LegacyConditions.readFilter(
        req.hasQueryFilter() ? req.queryFilter() : Map.of(), req.conditionalOperatorAsString(), "QueryFilter");
    if (!keyExpression && !req.hasKeyConditions()) {
      throw PartitaException.validation(
          "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
    }
    // names serve any expression, values only the filter and the key condition (a ProjectionExpression
    // beside KeyConditions takes no values: dynalite's test/query.js, recorded against the service)
    boolean filterExpression = req.filterExpression() != null;
    ExpressionContext expressions = RequestParams.expressions(
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues(),
        keyExpression || filterExpression || req.projectionExpression() != null, keyExpression || filterExpression,
        "FilterExpression and KeyConditionExpression are null");
    Projection attributesToGet = RequestParams.attributesToGet(req.hasAttributesToGet(), req.attributesToGet());
    // every expression bound (FilterExpression, ProjectionExpression, KeyConditionExpression), then
    // unused names and values, then KeyConditions' entries: all before the table, as the service orders
    // them (docs/legacy-parameters.md section 7)
    ExpressionContext.QueryFilter boundFilter = filterExpression
        ? expressions.queryFilter(req.filterExpression()) : legacyFilter;
    Projection projection = RequestParams.projection(expressions, req.projectionExpression(), attributesToGet);
    Condition boundKey = keyExpression ? expressions.boundKeyCondition(req.keyConditionExpression()) : null;
    expressions.checkAllUsed();
    LegacyKeyConditions legacyKey = keyExpression ? null
        : LegacyKeyConditions.of(req.keyConditions(), req.indexName() != null);
    // then Partita's order of the checks that need the table (the service's is not documented):
    // Limit and IndexName; the key condition read against the key; ExclusiveStartKey; a filter on key
    // attributes; Select
    int limit = ReadParams.limit(req.limit());
    ReadSource source = ReadSource.of(ctx.catalog().forItems(req.tableName()).def(), req.indexName(), "Query");
    boolean consistent = Boolean.TRUE.equals(req.consistentRead());

    KeyCondition key = keyExpression ? ExpressionContext.keyCondition(boundKey, source.schema())
        : legacyKey.against(source.schema());
    boolean forward = !Boolean.FALSE.equals(req.scanIndexForward());
    Bounds bounds = bounds(source, key, forward, req.hasExclusiveStartKey() ? req.exclusiveStartKey() : null);
    Condition filter = source.filter(boundFilter, true);
    boolean countOnly = ReadParams.countOnly(req.select(), req.selectAsString(),
        ReadParams.projectionParameter(req.projectionExpression(), req.hasAttributesToGet()),
        req.indexName());
    source.checkRead(req.select(), consistent, projection);
    List<String> filterNames = boundFilter == null ? List.of() : boundFilter.topLevelNames();
    return new PageRead(true, req.tableName(), source, bounds.from(), bounds.to(), !forward, bounds.closedEnd(), null,
        limit, filter, projection, filterNames, req.select(), countOnly, consistent, req.returnConsumedCapacity());
  }

  /**
   * A PartiQL SELECT that fixes the partition key, read as its planner made it: the key condition
   * (names and values in {@code expressions}), and the whole WHERE as the filter, key clauses
   * included (which a Query's FilterExpression may not name), already checked by the statement's
   * own rules. The source, the key condition, the range and the start key are read as a request's.
   */
  public static ItemsAnswer statement(EngineContext ctx, TableDef def, String index, ExpressionContext expressions,
      String keyCondition, boolean forward, Map<String, AttributeValue> startKey, Integer limit, Condition filter,
      List<String> filterNames, Select select, boolean consistent, ReturnConsumedCapacity capacity) {
    ReadSource source = ReadSource.of(def, index, "Query");
    KeyCondition key = ExpressionContext.keyCondition(expressions.boundKeyCondition(keyCondition), source.schema());
    Bounds bounds = bounds(source, key, forward, startKey);
    return new PageRead(true, def.name(), source, bounds.from(), bounds.to(), !forward, bounds.closedEnd(), null,
        ReadParams.limit(limit), filter, null, filterNames, select, false, consistent, capacity).run(ctx);
  }

  /** The storage keys a Query reads, {@code [from, to)}, and its closed end ({@link ReadSource#closedEnd}). */
  private record Bounds(byte[] from, byte[] to, byte[] closedEnd) {}

  /** The key range {@code key} selects in {@code source}, after {@code startKey} (null: from its start). */
  private static Bounds bounds(ReadSource source, KeyCondition key, boolean forward, Map<String, AttributeValue> startKey) {
    byte[][] range = source.range(key);
    byte[] closedEnd = source.closedEnd(key, forward);
    if (startKey != null) {
      byte[] start = source.startKey(startKey, true);
      if (Arrays.compareUnsigned(start, range[0]) < 0 || Arrays.compareUnsigned(start, range[1]) >= 0
          || Arrays.equals(start, closedEnd)) {
        throw PartitaException.validation("The provided starting key does not match the range key predicate");
      }
      if (forward) {
        range[0] = KeyBytes.after(start);
      } else {
        range[1] = start;
      }
    }
    return new Bounds(range[0], range[1], closedEnd);
  }
}
