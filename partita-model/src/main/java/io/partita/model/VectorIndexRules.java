package io.partita.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;

/**
 * DynamoDB's rules for vector indexes, checked when a {@link VectorIndex} or a {@link TableSchema} is declared, so
 * that what CreateTable would refuse is a {@link ModelException} naming why, not a DynamoDbException at the first
 * {@code createTable()} (the rules and the service's words: docs/vector-search.md at the repository root); and the
 * index as the CreateTable request carries it. Apart from the two declarations, which are what a user reads.
 */
final class VectorIndexRules {
  /** DynamoDB's limit of vector indexes per table. */
  static final int MAX_PER_TABLE = 5;
  /** The projected attributes of one index: NonKeyAttributes, the vector and each inline filter count one. */
  static final int MAX_PROJECTED = 20;

  private VectorIndexRules() {}

  /** One index's search schema: each attribute once, not the vector, typed S, N or B, at most 18 filters. */
  static void checkSearchSchema(String where, String vector, String partitionKey, List<String> filters,
      Map<String, ScalarAttributeType> types) {
    if (filters.size() > VectorIndex.MAX_INLINE_FILTERS) {
      throw new ModelException(where + " has " + filters.size() + " inline filters; DynamoDB takes at most "
          + VectorIndex.MAX_INLINE_FILTERS);
    }
    List<String> all = new ArrayList<>(filters);
    if (partitionKey != null) {
      all.add(0, partitionKey);
    }
    Set<String> seen = new HashSet<>();
    for (String a : all) {
      TableRequests.nonEmpty(a, where + ": a search schema attribute");
      if (!seen.add(a)) {
        throw new ModelException(where + ": attribute " + a + " is in its search schema twice");
      }
      if (a.equals(vector)) {
        throw new ModelException(where + ": the vector attribute " + a + " cannot be in its search schema (a list"
            + " is neither a partition key nor a filter)");
      }
      ScalarAttributeType t = types.get(a);
      if (t == null || t == ScalarAttributeType.UNKNOWN_TO_SDK_VERSION) {
        throw new ModelException(where + ": search schema attribute " + a + " needs a type: S, N or B");
      }
    }
    if (!seen.equals(types.keySet())) {
      throw new ModelException(where + ": types are given for " + types.keySet() + ", the search schema is " + all);
    }
  }

  /**
   * The rules across the table's vector indexes: on-demand billing, at most 5, names no other index has, one
   * dimension count per vector attribute, no vector attribute that is a key attribute, one type per search
   * attribute (S for a key attribute, which the table defines as S), at most 20 projected attributes each.
   */
  static void checkTable(TableSchema t, Map<String, VectorIndex> vectors) {
    if (vectors.isEmpty()) {
      return;
    }
    String table = "Table " + t.name();
    if (t.throughput().isPresent()) {
      throw new ModelException(table + ": vector indexes " + vectors.keySet() + " need on-demand billing"
          + " (PAY_PER_REQUEST), not provisioned; DynamoDB refuses them on a provisioned table");
    }
    if (vectors.size() > MAX_PER_TABLE) {
      throw new ModelException(table + " has " + vectors.size() + " vector indexes " + vectors.keySet()
          + "; DynamoDB takes at most " + MAX_PER_TABLE);
    }
    Set<String> keys = t.keyAttributes();
    Map<String, Integer> dimensions = new HashMap<>();
    Map<String, ScalarAttributeType> types = new HashMap<>();
    for (VectorIndex v : vectors.values()) {
      String where = table + ", vector index " + v.name();
      if (t.indexes().containsKey(v.name())) {
        throw new ModelException(where + ": a secondary index has that name already; index names are unique");
      }
      Integer before = dimensions.putIfAbsent(v.attribute(), v.dimensions());
      if (before != null && before != v.dimensions()) {
        throw new ModelException(where + " has " + v.dimensions() + " dimensions, another index on " + v.attribute()
            + " has " + before + "; DynamoDB takes one count per vector attribute");
      }
      if (keys.contains(v.attribute()) || t.typeAttribute().equals(v.attribute())) {
        throw new ModelException(where + ": " + v.attribute() + " is a key attribute or the type attribute, a"
            + " string; a vector is a list of numbers");
      }
      checkSearchTypes(where, v, keys, types);
      int projected = nonKeyAttributes(v, t.typeAttribute()).size() + 1 + v.inlineFilters().size();
      if (projected > MAX_PROJECTED) {
        throw new ModelException(where + " projects " + projected + " attributes (NonKeyAttributes, the vector and"
            + " each inline filter count one); DynamoDB takes at most " + MAX_PROJECTED + ": project ALL");
      }
    }
    for (VectorIndex v : vectors.values()) {
      if (types.containsKey(v.attribute())) {
        throw new ModelException(table + ": " + v.attribute() + " is the vector attribute of index " + v.name()
            + " and a search schema attribute of another; a list cannot be either");
      }
    }
  }

  private static void checkSearchTypes(String where, VectorIndex v, Set<String> keys,
      Map<String, ScalarAttributeType> types) {
    v.types().forEach((a, type) -> {
      if (keys.contains(a) && type != ScalarAttributeType.S) {
        throw new ModelException(where + ": search schema attribute " + a + " is a key attribute, defined as S,"
            + " not " + type);
      }
      ScalarAttributeType other = types.putIfAbsent(a, type);
      if (other != null && other != type) {
        throw new ModelException(where + ": search schema attribute " + a + " is " + type + " here and " + other
            + " in another vector index; the table defines it once");
      }
    });
  }

  /** The NonKeyAttributes an INCLUDE projection is created with: the type attribute is added, reads decode by it. */
  static List<String> nonKeyAttributes(VectorIndex v, String typeAttribute) {
    if (v.projection().type() != ProjectionType.INCLUDE) {
      return List.of();
    }
    List<String> names = new ArrayList<>(v.projection().nonKeyAttributes());
    if (!names.contains(typeAttribute)) {
      names.add(typeAttribute);
    }
    return names;
  }

  /** The search schema attributes CreateTable defines besides the key attributes, with their types. */
  static Map<String, ScalarAttributeType> definitions(TableSchema t) {
    Map<String, ScalarAttributeType> out = new LinkedHashMap<>();
    Set<String> keys = t.keyAttributes();
    t.vectorIndexes().values().forEach(v -> v.types().forEach((a, type) -> {
      if (!keys.contains(a)) {
        out.putIfAbsent(a, type);
      }
    }));
    return out;
  }

  /** The attribute definitions of {@link #definitions}. */
  static List<AttributeDefinition> attributeDefinitions(TableSchema t) {
    List<AttributeDefinition> out = new ArrayList<>();
    definitions(t).forEach((a, type) -> out.add(AttributeDefinition.builder().attributeName(a).attributeType(type)
        .build()));
    return out;
  }

  /** The index as CreateTable's VectorIndexes carries it. */
  static software.amazon.awssdk.services.dynamodb.model.VectorIndex request(VectorIndex v, String typeAttribute) {
    List<SearchSchemaElement> schema = new ArrayList<>();
    for (String a : v.searchAttributes()) {
      schema.add(SearchSchemaElement.builder().attributeName(a).searchSchemaElementType(a.equals(v.partitionKey())
          ? SearchSchemaElementType.HASH : SearchSchemaElementType.INLINE_FILTER).build());
    }
    List<String> nonKey = nonKeyAttributes(v, typeAttribute);
    var b = software.amazon.awssdk.services.dynamodb.model.VectorIndex.builder().indexName(v.name())
        .vectorAttribute(a -> a.attributeName(v.attribute())).dimensions((long) v.dimensions())
        .distanceFunction(v.distance()).projection(p -> p.projectionType(v.projection().type())
            .nonKeyAttributes(nonKey.isEmpty() ? null : nonKey));
    if (!schema.isEmpty()) {
      b.searchSchema(schema);
    }
    return b.build();
  }
}
