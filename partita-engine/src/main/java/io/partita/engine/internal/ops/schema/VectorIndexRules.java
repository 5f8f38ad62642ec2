package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.ScalarType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateVectorIndexAction;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.VectorIndex;

/**
 * The rules of a vector index's definition, for CreateTable's VectorIndexes and UpdateTable's
 * VectorIndexUpdates alike, with the service's messages (recorded against it in 2026: sources in
 * docs/vector-search.md; the member constraints themselves, lengths, enum values and required
 * members, are checked first by ApiConstraints from the API's model).
 */
final class VectorIndexRules {
  static final int MAX_VECTOR_INDEXES = 5;
  static final int MAX_DIMENSIONS = 4096;
  static final int MAX_INLINE_FILTERS = 18;
  /** The projected attributes of one index: NonKeyAttributes, the vector and each inline filter count one. */
  static final int MAX_PROJECTED = 20;

  private VectorIndexRules() {}

  /** One index as a request gives it (CreateTable's VectorIndex or UpdateTable's CreateVectorIndexAction). */
  record Given(String name, String attribute, long dimensions, String distance, Projection projection,
      List<SearchSchemaElement> searchSchema) {
    static Given of(VectorIndex v) {
      return new Given(v.indexName(), v.vectorAttribute() == null ? null : v.vectorAttribute().attributeName(),
          v.dimensions() == null ? 0 : v.dimensions(), v.distanceFunctionAsString(), v.projection(),
          v.hasSearchSchema() ? v.searchSchema() : null);
    }

    static Given of(CreateVectorIndexAction v) {
      return new Given(v.indexName(), v.vectorAttribute() == null ? null : v.vectorAttribute().attributeName(),
          v.dimensions() == null ? 0 : v.dimensions(), v.distanceFunctionAsString(), v.projection(),
          v.hasSearchSchema() ? v.searchSchema() : null);
    }
  }

  static PartitaException invalid(String what) {
    return PartitaException.validation("One or more parameter values were invalid: " + what);
  }

  /** Vector indexes on a table billed otherwise than on demand are refused. */
  static void checkBilling(BillingMode billing, int vectorIndexes) {
    if (vectorIndexes > 0 && billing != BillingMode.PAY_PER_REQUEST) {
      throw invalid("Vector indexes are only supported for PAY_PER_REQUEST tables");
    }
  }

  /**
   * One index's own rules, answering its definition: the dimensions within 1 to 4,096, its projection,
   * its search schema defined in {@code defined} (an attribute of this request's AttributeDefinitions),
   * at most one HASH and 18 inline filters, no attribute twice, at most 20 projected attributes.
   */
  static VectorIndexDef define(Given g, Map<String, ScalarType> defined, boolean backfilling) {
    if (g.dimensions() < 1 || g.dimensions() > MAX_DIMENSIONS) {
      throw invalid("Number of dimensions must be between 1 and " + MAX_DIMENSIONS + " inclusive.");
    }
    var projection = CreateTable.projectionType(g.projection(), g.name());
    List<String> nonKey = CreateTable.nonKeyAttributes(g.projection(), g.name());
    List<VectorIndexDef.SearchKey> schema = new ArrayList<>();
    int hashes = 0;
    Set<String> seen = new HashSet<>();
    if (g.searchSchema() != null) {
      for (SearchSchemaElement e : g.searchSchema()) {
        ScalarType type = defined.get(e.attributeName());
        if (type == null) {
          throw invalid("One element in SearchSchema is not defined in attribute definitions");
        }
        boolean hash = e.searchSchemaElementType() == SearchSchemaElementType.HASH;
        hashes += hash ? 1 : 0;
        if (!seen.add(e.attributeName())) {
          throw invalid("SearchSchema contains a duplicate AttributeName");
        }
        schema.add(new VectorIndexDef.SearchKey(new KeyDef(e.attributeName(), type), hash));
      }
    }
    if (hashes > 1) {
      throw invalid("Value '" + hashes + "' at 'SearchSchema' failed to satisfy constraint: Member must have HASH"
          + " count less than or equal to 1");
    }
    int filters = schema.size() - hashes;
    if (filters > MAX_INLINE_FILTERS) {
      // not recorded: Partita's words for the documented limit (docs/vector-search.md)
      throw invalid("Number of INLINE_FILTER elements in SearchSchema exceeds the limit of " + MAX_INLINE_FILTERS);
    }
    int projected = nonKey.size() + 1 + filters;
    if (projected > MAX_PROJECTED) {
      throw invalid("Number of projected attributes in all indexes exceeds limit of " + MAX_PROJECTED
          + ", number of projected attributes:" + projected);
    }
    return new VectorIndexDef(g.name(), g.attribute(), (int) g.dimensions(),
        software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction.fromValue(g.distance()), projection,
        nonKey, schema, backfilling);
  }

  /**
   * The rules across a table's vector indexes ({@code all}, the existing and the new): no two of one
   * attribute with different dimensions, and no vector attribute that is a key attribute or defined in
   * AttributeDefinitions (a vector is a list, never a key).
   */
  static void checkTogether(List<VectorIndexDef> all, Map<String, ScalarType> defined) {
    Map<String, Integer> dimensions = new HashMap<>();
    for (VectorIndexDef v : all) {
      Integer before = dimensions.putIfAbsent(v.attribute(), v.dimensions());
      if (before != null && before != v.dimensions()) {
        throw invalid("Conflicting attribute definition for '" + v.attribute() + "'. All VectorIndexes on the same"
            + " vector attribute must use the same dimensions.");
      }
    }
    for (VectorIndexDef v : all) {
      if (defined.containsKey(v.attribute())) {
        throw invalid("Conflicting attribute definition for '" + v.attribute() + "'. An attribute cannot be defined"
            + " in AttributeDefinitions when used as a VectorAttribute.");
      }
    }
  }
}
