package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.LegacyConditions;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.KeyCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Scan: every item of the table in storage order (partition key bytes, then sort key), a page at a
 * time by DynamoDB's rules ({@link ReadPage}). A parallel scan's segment holds the partitions whose
 * key hashes to it, so segments are disjoint, their union is the table, and an item collection is
 * never split between two segments.
 */
public final class Scan {
  private Scan() {}

  public static ScanResponse execute(EngineContext ctx, ScanRequest req) {
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
    Table table = ctx.catalog().forItems(req.tableName());
    TableDef def = table.def();
    IndexDef index = ReadParams.index(def, req.indexName());
    Set<String> projected = ReadParams.projected(def, index);

    ExpressionContext.QueryFilter bound = req.filterExpression() == null ? legacyFilter
        : expressions.queryFilter(req.filterExpression());
    if (bound != null && index != null && index.global()) {
      bound.refuseUnprojected(index.name(), projected);
    }
    Condition filter = bound == null ? null : bound.condition();
    List<String> filterNames = bound == null ? List.of() : bound.topLevelNames();
    Projection projection = RequestParams.projection(expressions, req.projectionExpression(), attributesToGet);
    expressions.checkAllUsed();

    byte[] start = !req.hasExclusiveStartKey() ? null : index == null
        ? StartKeys.of(def, req.exclusiveStartKey()).storageKey()
        : StartKeys.ofIndex(def, index, req.exclusiveStartKey());
    boolean countOnly = ReadParams.countOnly(req.select(), req.selectAsString(),
        ReadParams.projectionParameter(req.projectionExpression(), req.hasAttributesToGet()),
        req.indexName());
    segments(req.segment(), req.totalSegments());
    ReadParams.checkIndexRead(index, req.select(), Boolean.TRUE.equals(req.consistentRead()), projection, projected);

    byte[] from = index == null ? Keyspace.itemsFrom(def.id()) : IndexEntries.prefix(def, index);
    byte[] to = index == null ? Keyspace.itemsTo(def.id()) : KeyBytes.prefixEnd(from);
    Predicate<byte[]> segment = segmentFilter(req.segment(), req.totalSegments(), from.length);
    if (start != null) {
      if (segment != null && !segment.test(start)) {
        // a key from another segment would silently skip part of this one. Partita's own
        // wording; Amazon DynamoDB was reported to say "The provided starting key is invalid:
        // Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. ..."
        throw PartitaException.validation("Exclusive start key must lie within the segment");
      }
      from = KeyBytes.after(start);
    }
    boolean consistent = Boolean.TRUE.equals(req.consistentRead());
    IndexRanges.TableFetch fetch;
    ReadPage.Result page;
    try (Store.View past = ctx.pastView(consistent)) {
      Reads reads = past != null ? past : ctx.store();
      fetch = IndexRanges.resolver(reads, def, index, req.select(), projection, filterNames, consistent);
      try (Store.Cursor cursor = reads.cursor(from, to, false)) {
        page = ReadPage.read(cursor, new ReadPage.Spec(ReadParams.keyNames(def, index), limit, filter,
            IndexRanges.output(def, index, req.select(), projection, filterNames), countOnly, segment, fetch));
      }
    }
    ScanResponse.Builder out = ScanResponse.builder().count(page.count()).scannedCount(page.scanned());
    if (!countOnly) {
      out.items(page.items());
    }
    if (page.lastEvaluatedKey() != null) {
      out.lastEvaluatedKey(page.lastEvaluatedKey());
    }
    out.consumedCapacity(IndexRanges.pageCapacity(req.returnConsumedCapacity(), req.tableName(), page,
        Boolean.TRUE.equals(req.consistentRead()), index, fetch));
    return out.build();
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
