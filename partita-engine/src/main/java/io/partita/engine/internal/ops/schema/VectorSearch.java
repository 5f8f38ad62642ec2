package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.value.ScalarType;
import io.partita.engine.internal.vector.VectorItems;
import io.partita.engine.internal.vector.VectorMirror;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.SearchResultItem;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.VectorCapacity;

/**
 * SearchVectors: the {@code TopK} items of a vector index most similar to a vector, over one HASH
 * partition or the whole index, narrowed by equality on inline filters; exact (every candidate is
 * scored, docs/vector-search.md), most similar first. Checks in the service's order, with its
 * messages (recorded in 2026; sources in docs/vector-search.md): TopK, the expressions, the table and
 * index, the vector's values, then its length, then the condition against the search schema.
 */
public final class VectorSearch {
  static final int MAX_TOP_K = 100;
  /** The service bounds an answer to 16 MB, with no paging: results past it are left out. */
  static final long MAX_RESPONSE_BYTES = 16L * 1024 * 1024;
  /** How long a search waits for an index being built again after the database opened. */
  private static final long BUILD_WAIT_MILLIS = 120_000;

  private VectorSearch() {}

  public static SearchVectorsResponse search(EngineContext ctx, SearchVectorsRequest req) {
    int topK = req.topK();
    if (topK > MAX_TOP_K) {
      throw PartitaException.validation("Provided TopK value '" + topK + "' is out of valid range. The value must be"
          + " between 1 and " + MAX_TOP_K + " inclusive");
    }
    String condition = req.searchConditionExpression();
    boolean expressions = condition != null || req.projectionExpression() != null;
    if (!expressions && req.hasExpressionAttributeNames()) {
      throw PartitaException.validation("ExpressionAttributeNames can only be specified when using expressions");
    }
    if (condition == null && req.hasExpressionAttributeValues()) {
      throw PartitaException.validation("ExpressionAttributeValues can only be specified when using expressions");
    }
    ExpressionContext x = new ExpressionContext(req.hasExpressionAttributeNames() ? req.expressionAttributeNames()
        : null, req.hasExpressionAttributeValues() ? req.expressionAttributeValues() : null);
    List<ExpressionContext.SearchEquality> equalities = condition == null ? List.of() : x.searchCondition(condition);
    Projection projection = req.projectionExpression() == null ? null : x.projection(req.projectionExpression());

    Table table = ctx.catalog().forItems(req.tableName());
    TableDef def = table.def();
    VectorIndexDef v = def.vectorIndex(req.indexName());
    if (v == null) {
      throw PartitaException.validation("The table does not have the specified index: " + req.indexName());
    }
    if (v.backfilling()) {
      throw PartitaException.validation("Cannot search backfilling vector index: " + v.name());
    }
    double[] query = query(req.searchVector(), v);
    String partition = null;
    List<io.partita.engine.internal.table.KeyDef> filterKeys = VectorItems.filters(v);
    String[] filters = new String[filterKeys.size()];
    for (ExpressionContext.SearchEquality e : equalities) {
      VectorIndexDef.SearchKey key = v.searchSchema().stream().filter(k -> k.key().name().equals(e.attribute()))
          .findFirst().orElse(null);
      if (key == null) {
        throw PartitaException.validation("SearchConditionExpression must not contain any attributes that is not in"
            + " SearchSchema. Invalid attribute: " + e.attribute());
      }
    }
    KeyDef hash = v.hashKey();
    if (hash != null && equalities.stream().noneMatch(e -> e.attribute().equals(hash.name()))) {
      throw PartitaException.validation("SearchConditionExpression must be provided when SearchSchema has a HASH key");
    }
    for (ExpressionContext.SearchEquality e : equalities) {
      VectorIndexDef.SearchKey key = v.searchSchema().stream().filter(k -> k.key().name().equals(e.attribute()))
          .findFirst().orElseThrow();
      if (ScalarType.of(e.value()) != key.key().type()) {
        String actual = AttributeValues.typeName(e.value());
        throw PartitaException.validation("Type of '" + e.attribute() + "' attribute in SearchConditionExpression ("
            + actual + ") does not match type in search schema (" + key.key().type() + ")");
      }
      if (key.hash() && e.value().s() != null && e.value().s().isEmpty()) {
        throw PartitaException.validation("One or more parameter values are not valid. The AttributeValue for a key"
            + " attribute cannot contain an empty string value. Key: " + e.attribute());
      }
      if (key.hash()) {
        partition = VectorItems.canonical(e.value());
      } else {
        filters[filterKeys.indexOf(key.key())] = VectorItems.canonical(e.value());
      }
    }
    x.checkAllUsed();

    VectorMirror mirror = VectorBuild.mirror(ctx, table, v);
    awaitBuilt(mirror, v);
    VectorMirror.Result found = mirror.search(partition, query, filters, topK);
    List<SearchResultItem> results = new ArrayList<>(found.hits().size());
    long bytes = 0;
    for (VectorMirror.Hit hit : found.hits()) {
      byte[] stored = ctx.store().get(hit.key());
      if (stored == null) {
        continue; // deleted since it was scored: the search sees the index a moment before
      }
      Map<String, AttributeValue> item = project(def, v, ItemCodec.decode(stored), projection);
      bytes += ItemSize.of(item);
      if (bytes > MAX_RESPONSE_BYTES) {
        break;
      }
      results.add(SearchResultItem.builder().item(item).score(hit.score()).build());
    }
    SearchVectorsResponse.Builder out = SearchVectorsResponse.builder().searchResults(results);
    ReturnConsumedCapacity rcc = req.returnConsumedCapacity();
    if (rcc == ReturnConsumedCapacity.TOTAL || rcc == ReturnConsumedCapacity.INDEXES) {
      // the service's bytes "scale with the vector data the search examines and returns"; Partita's are
      // the entries it scored, at least 1 KB (docs/vector-search.md: a choice)
      out.consumedCapacity(VectorCapacity.builder()
          .vectorSearchRequestBytes((double) Math.max(1024, found.examinedBytes())).build());
    }
    return out.build();
  }

  /** The search vector as doubles: each value a 32-bit float (checked first), then its length. */
  private static double[] query(List<AttributeValue> vector, VectorIndexDef v) {
    double[] out = new double[vector.size()];
    for (int i = 0; i < out.length; i++) {
      String n = vector.get(i).n();
      if (n == null || !VectorItems.fitsFloat(n)) {
        throw PartitaException.validation("Search vector contains invalid values. All values in the search vector"
            + " must be a 32-bit floating-point number attribute");
      }
      out[i] = Float.parseFloat(n);
    }
    if (out.length != v.dimensions()) {
      throw PartitaException.validation("Input search vector dimension " + out.length + " does not match vector"
          + " index dimension " + v.dimensions());
    }
    return out;
  }

  private static void awaitBuilt(VectorMirror mirror, VectorIndexDef v) {
    try {
      if (mirror.awaitBuilt(BUILD_WAIT_MILLIS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new PartitaException(ErrorCode.InternalServerError, "The vector index " + v.name() + " is still being built"
        + " from the table's items after the database opened; try again");
  }

  /**
   * A result's item as the index projects it: ALL, the table's keys with INCLUDE's attributes and the
   * search schema's, or the keys alone; never the vector unless a ProjectionExpression names it, and
   * then as the index holds it (32-bit floats). A ProjectionExpression picks from that; an attribute
   * the index does not project is left out, not refused (recorded: docs/vector-search.md).
   */
  private static Map<String, AttributeValue> project(TableDef def, VectorIndexDef v, Map<String, AttributeValue> item,
      Projection projection) {
    Map<String, AttributeValue> projected = new LinkedHashMap<>();
    if (v.projection() == ProjectionType.ALL) {
      projected.putAll(item);
    } else {
      copy(item, projected, def.hash().name());
      if (def.range() != null) {
        copy(item, projected, def.range().name());
      }
      if (v.projection() == ProjectionType.INCLUDE) {
        v.searchSchema().forEach(k -> copy(item, projected, k.key().name()));
        v.nonKeyAttributes().forEach(a -> copy(item, projected, a));
      }
    }
    projected.remove(v.attribute());
    if (projection == null) {
      return projected;
    }
    AttributeValue vector = item.get(v.attribute());
    if (vector != null && projection.topLevelAttributes().contains(v.attribute())) {
      projected.put(v.attribute(), asFloats(vector));
    }
    return projection.apply(projected);
  }

  /** The vector as the index holds it: each number a 32-bit float, printed shortest ({@code 1} is {@code 1.0}). */
  private static AttributeValue asFloats(AttributeValue vector) {
    List<AttributeValue> out = new ArrayList<>(vector.l().size());
    for (AttributeValue n : vector.l()) {
      out.add(AttributeValue.fromN(Float.toString(Float.parseFloat(n.n()))));
    }
    return AttributeValue.fromL(out);
  }

  private static void copy(Map<String, AttributeValue> from, Map<String, AttributeValue> to, String name) {
    AttributeValue value = from.get(name);
    if (value != null) {
      to.put(name, value);
    }
  }
}
