package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.LegacyConditions;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.KeyCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Scan: every item of the table in storage order (partition key bytes, then sort key), a page at a
 * time by DynamoDB's rules ({@link ReadPage}). A parallel scan's segment holds the partitions whose
 * key hashes to it, so segments are disjoint, their union is the table, and an item collection is
 * never split between two segments.
 */
public final class Scan {
  private Scan() {}

  public static ItemsAnswer execute(EngineContext ctx, ScanRequest req) {
    return command(ctx, req).run(ctx);
  }

  /** The request checked, in DynamoDB's order, into the page it reads. */
  static PageRead command(EngineContext ctx, ScanRequest req) {
    RequestParams.refuseMixing(
        RequestParams.given("AttributesToGet", req.hasAttributesToGet(), "ScanFilter", req.hasScanFilter(),
            "ConditionalOperator", req.conditionalOperatorAsString() != null),
        RequestParams.given("ProjectionExpression", req.projectionExpression() != null,
            "FilterExpression", req.filterExpression() != null));
    boolean anyExpression = req.projectionExpression() != null || req.filterExpression() != null;
    // values only serve the filter: with a ProjectionExpression alone the message still ends
    // "FilterExpression is null" (the service's suffix for a Scan, docs/dynamodb-messages.md)
    ExpressionContext expressions = RequestParams.expressions(
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues(), anyExpression,
        req.filterExpression() != null, "FilterExpression is null");
    // the legacy parameters are checked before the table is known, AttributesToGet's duplicates
    // first, as the service does (docs/legacy-parameters.md section 10)
    Projection attributesToGet = RequestParams.attributesToGet(req.hasAttributesToGet(), req.attributesToGet());
    ExpressionContext.QueryFilter legacyFilter = LegacyConditions.readFilter(
        req.hasScanFilter() ? req.scanFilter() : Map.of(), req.conditionalOperatorAsString(), "ScanFilter");
    // after ApiConstraints, Partita's order of the semantic checks (the service's is not documented):
    // Limit and IndexName; the expressions, then unused names and values; ExclusiveStartKey; Select;
    // Segment and TotalSegments
    int limit = ReadParams.limit(req.limit());
    ReadSource source = ReadSource.of(ctx.catalog().forItems(req.tableName()).def(), req.indexName(), "Scan");

    ExpressionContext.QueryFilter bound = req.filterExpression() == null ? legacyFilter
        : expressions.queryFilter(req.filterExpression());
    Condition filter = source.filter(bound, false);
    List<String> filterNames = bound == null ? List.of() : bound.topLevelNames();
    Projection projection = RequestParams.projection(expressions, req.projectionExpression(), attributesToGet);
    expressions.checkAllUsed();

    byte[] start = req.hasExclusiveStartKey() ? source.startKey(req.exclusiveStartKey(), false) : null;
    boolean countOnly = ReadParams.countOnly(req.select(), req.selectAsString(),
        ReadParams.projectionParameter(req.projectionExpression(), req.hasAttributesToGet()),
        req.indexName());
    segments(req.segment(), req.totalSegments());
    boolean consistent = Boolean.TRUE.equals(req.consistentRead());
    source.checkRead(req.select(), consistent, projection);

    byte[][] range = source.all();
    Predicate<byte[]> segment = segmentFilter(req.segment(), req.totalSegments(), range[0].length);
    if (start != null) {
      if (segment != null && !segment.test(start)) {
        // a key from another segment would silently skip part of this one. Partita's own
        // wording; Amazon DynamoDB was reported to say "The provided starting key is invalid:
        // Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. ..."
        throw PartitaException.validation("Exclusive start key must lie within the segment");
      }
      range[0] = KeyBytes.after(start);
    }
    return new PageRead(false, req.tableName(), source, range[0], range[1], false, null, segment, limit, filter,
        projection, filterNames, req.select(), countOnly, consistent, req.returnConsumedCapacity());
  }

  /**
   * A PartiQL SELECT that does not fix a partition key, read as its planner made it: the whole WHERE
   * as the filter, already checked by the statement's own rules; the source and the start key are
   * read as a request's.
   */
  public static ItemsAnswer statement(EngineContext ctx, TableDef def, String index, Map<String, AttributeValue> startKey,
      Integer limit, Condition filter, List<String> filterNames, Select select, boolean consistent,
      ReturnConsumedCapacity capacity) {
    ReadSource source = ReadSource.of(def, index, "Scan");
    byte[][] range = source.all();
    if (startKey != null) {
      range[0] = KeyBytes.after(source.startKey(startKey, false));
    }
    return new PageRead(false, def.name(), source, range[0], range[1], false, null, null, ReadParams.limit(limit),
        filter, null, filterNames, select, false, consistent, capacity).run(ctx);
  }

  private static void segments(Integer segment, Integer total) {
    // Amazon DynamoDB's sentences (docs/dynamodb-messages.md); the members' own ranges were checked with the
    // request's other constraints
    if (segment != null && total == null) {
      throw PartitaException.validation(
          "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
    }
    if (total != null && segment == null) {
      throw PartitaException.validation(
          "The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
    }
    if (total != null && segment >= total) {
      throw PartitaException.validation("The Segment parameter is zero-based and must be less than parameter "
          + "TotalSegments: Segment: " + segment + " is not less than TotalSegments: " + total);
    }
  }

  /**
   * The storage keys of one segment: those whose partition key (the first key component after the
   * table's or index's prefix) hashes to it.
   */
  private static Predicate<byte[]> segmentFilter(Integer segment, Integer total, int headerLength) {
    if (total == null || total == 1) {
      return null;
    }
    return key -> {
      int end = headerLength + KeyCodec.terminatedLength(key, headerLength);
      // Arrays.hashCode of the partition key bytes, computed in place: this runs for every item read
      int hash = 1;
      for (int i = headerLength; i < end; i++) {
        hash = 31 * hash + key[i];
      }
      hash ^= hash >>> 16;
      return Math.floorMod(hash * 0x9E3779B9, total) == segment;
    };
  }
}
