package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.KeyCondition;
import io.partita.engine.internal.expr.KeySchemaSpec;
import io.partita.engine.internal.expr.LegacyConditions;
import io.partita.engine.internal.expr.LegacyKeyConditions;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.expr.SortCondition;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.KeyCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Query: one item collection, or the part of it the sort-key condition selects, read as one key
 * range in sort-key order (or reversed), a page at a time by DynamoDB's rules ({@link ReadPage}).
 * It reads only that range: its cost does not grow with the table.
 */
public final class Query {
  private Query() {}

  public static QueryResponse execute(EngineContext ctx, QueryRequest req) {
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
    TableDef def = ctx.catalog().forItems(req.tableName()).def();
    IndexDef index = ReadParams.index(def, req.indexName());
    Set<String> projected = ReadParams.projected(def, index);
    boolean consistent = Boolean.TRUE.equals(req.consistentRead());

    KeySchemaSpec schema = index == null
        ? new KeySchemaSpec(List.of(def.hash()), def.range() == null ? List.of() : List.of(def.range()))
        : new KeySchemaSpec(index.hashKeys(), index.rangeKeys());
    KeyCondition key = keyExpression ? ExpressionContext.keyCondition(boundKey, schema) : legacyKey.against(schema);

    byte[][] range = index == null ? range(def, key) : IndexRanges.of(def, index, key);
    boolean forward = !Boolean.FALSE.equals(req.scanIndexForward());
    byte[] closedEnd = index == null ? closedEnd(def, key, forward) : null;
    if (req.hasExclusiveStartKey()) {
      byte[] start = index == null ? StartKeys.of(def, req.exclusiveStartKey(), true).storageKey()
          : StartKeys.ofIndex(def, index, req.exclusiveStartKey());
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
    Condition filter = boundFilter == null ? null
        : boundFilter.refuseUnprojected(req.indexName(), index != null && index.global() ? projected : null)
            .refuseKeys(index == null ? ReadParams.tableKeyNames(def)
                : IndexEntries.keys(index).stream().map(KeyDef::name).toList());
    boolean countOnly = ReadParams.countOnly(req.select(), req.selectAsString(),
        ReadParams.projectionParameter(req.projectionExpression(), req.hasAttributesToGet()),
        req.indexName());
    ReadParams.checkIndexRead(index, req.select(), consistent, projection, projected);
    List<String> filterNames = boundFilter == null ? List.of() : boundFilter.topLevelNames();
    IndexRanges.TableFetch fetch;
    ReadPage.Result page;
    try (Store.View past = ctx.pastView(consistent)) {
      Reads reads = past != null ? past : ctx.store();
      fetch = IndexRanges.resolver(reads, def, index, req.select(), projection, filterNames, consistent);
      try (Store.Cursor cursor = reads.cursor(range[0], range[1], !forward)) {
        page = ReadPage.read(cursor, new ReadPage.Spec(ReadParams.keyNames(def, index), limit, filter,
            IndexRanges.output(def, index, req.select(), projection, filterNames),
            countOnly, null, fetch));
      }
    }
    QueryResponse.Builder out = QueryResponse.builder().count(page.count()).scannedCount(page.scanned());
    if (!countOnly) {
      out.items(page.items());
    }
    Map<String, AttributeValue> last = page.lastEvaluatedKey();
    if (last != null && index == null
        && (def.range() == null || Arrays.equals(Keys.ofKey(def, last).storageKey(), closedEnd))) {
      // the page ended on the last key the condition can select: no key to go on from (the key is
      // refused as ExclusiveStartKey, see closedEnd); a hash-only table's
      // Query selects one key at most
      last = null;
    }
    if (last != null) {
      out.lastEvaluatedKey(last);
    }
    out.consumedCapacity(IndexRanges.pageCapacity(req.returnConsumedCapacity(), req.tableName(), page,
        Boolean.TRUE.equals(req.consistentRead()), index, fetch));
    return out.build();
  }

  /**
   * The storage key at which a read in this direction ends when the sort key condition closes the
   * range there with an inclusive comparison bound: {@code sk <= :v} or the upper bound of BETWEEN
   * read forward, {@code sk >= :v} or the lower bound of BETWEEN read backward; else null.
   *
   * <p>A page that stops at this key says nothing more follows (no LastEvaluatedKey), and this key is
   * refused as ExclusiveStartKey ("does not match the range key predicate"), as Amazon DynamoDB
   * was reported to do for {@code >=} read backward. Not for {@code =} nor
   * begins_with, nor the open end of a partition: there a page that stops at the last item still
   * names it, and the empty page that follows from it is allowed.
   */
  static byte[] closedEnd(TableDef def, KeyCondition key, boolean forward) {
    SortCondition sort = key.sort();
    if (sort == null) {
      return null;
    }
    AttributeValue bound = switch (sort.op()) {
      case LE -> forward ? sort.value() : null;
      case GE -> forward ? null : sort.value();
      case BETWEEN -> forward ? sort.upper() : sort.value();
      default -> null;
    };
    if (bound == null) {
      return null;
    }
    byte[] partition = Keyspace.itemKey(def.id(), KeyCodec.encodeTerminated(key.hashValues().get(def.hash().name())), null);
    return KeyBytes.concat(partition, KeyCodec.encode(bound));
  }

  /** The storage keys {@code [from, to)} the key condition selects. */
  static byte[][] range(TableDef def, KeyCondition key) {
    KeyDef hash = def.hash();
    AttributeValue hashValue = key.hashValues().get(hash.name());
    byte[] partition = Keyspace.itemKey(def.id(), KeyCodec.encodeTerminated(hashValue), null);
    SortCondition sort = key.sort();
    if (sort == null) {
      return new byte[][] {partition, KeyBytes.prefixEnd(partition)};
    }
    byte[] at = KeyBytes.concat(partition, KeyCodec.encode(sort.value()));
    return switch (sort.op()) {
      case EQ -> new byte[][] {at, KeyBytes.after(at)};
      case LT -> new byte[][] {partition, at};
      case LE -> new byte[][] {partition, KeyBytes.after(at)};
      case GT -> new byte[][] {KeyBytes.after(at), KeyBytes.prefixEnd(partition)};
      case GE -> new byte[][] {at, KeyBytes.prefixEnd(partition)};
      case BETWEEN -> new byte[][] {at, KeyBytes.after(KeyBytes.concat(partition, KeyCodec.encode(sort.upper())))};
      // S and B sort keys encode as their own bytes, so a string prefix is a key prefix
      case BEGINS_WITH -> new byte[][] {at, KeyBytes.prefixEnd(at)};
    };
  }
}
