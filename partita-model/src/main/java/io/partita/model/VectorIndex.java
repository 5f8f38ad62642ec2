package io.partita.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.partita.model.TableSchema.Projection;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * A vector index of the table ({@link TableSchema#vectorIndex(VectorIndex)}): the list-of-numbers attribute it reads,
 * its dimensions and distance function, optionally a partition key (DynamoDB's search schema HASH: a search names one
 * value of it) and inline filter attributes (a search may ask for equality on them), and its projection (ALL by
 * default). An entity puts its items into the index by binding a {@code float[]} or {@code List<Float>} field to it
 * ({@link Entity#vector}); {@link ModelClient#search} searches it. Immutable; each method returns a changed copy.
 *
 * <pre>{@code
 * TableSchema.named("Docs").vectorIndex(VectorIndex.of("byMeaning", "embedding", 768, VectorDistanceFunction.COSINE)
 *     .partitionKey("tenant")                         // S unless a type is given
 *     .inlineFilter("lang").inlineFilter("year", ScalarAttributeType.N))
 * }</pre>
 *
 * <p>What DynamoDB would refuse is refused here, when declared: dimensions outside 1 to 4,096, more than 18 inline
 * filters, an attribute twice in the search schema, the vector attribute in it, a type other than S, N or B. The
 * rules across the table (on-demand billing, at most 5 vector indexes, names, key attributes) are the table's: see
 * {@link TableSchema#vectorIndex(VectorIndex)}.
 *
 * @param name the index name (DynamoDB's rule for index names)
 * @param attribute the stored name of the vector attribute
 * @param dimensions the length of every vector, 1 to 4,096
 * @param distance how similarity is scored: COSINE and EUCLIDEAN lowest first, DOT_PRODUCT highest first
 * @param partitionKey the search schema's HASH attribute, or null
 * @param inlineFilters the search schema's INLINE_FILTER attributes, in declaration order
 * @param types the attribute type of the partition key and of each inline filter (S, N or B)
 * @param projection what the index copies besides the keys; a search returns it, never the vector
 */
public record VectorIndex(String name, String attribute, int dimensions, VectorDistanceFunction distance,
    String partitionKey, List<String> inlineFilters, Map<String, ScalarAttributeType> types, Projection projection) {

  /** DynamoDB's limits: dimensions of a vector, inline filters of an index. */
  public static final int MAX_DIMENSIONS = 4096;
  public static final int MAX_INLINE_FILTERS = 18;

  public VectorIndex {
    String where = "Vector index " + TableRequests.checkName(name, "index name");
    attribute = TableRequests.nonEmpty(attribute, where + ": the vector attribute");
    if (dimensions < 1 || dimensions > MAX_DIMENSIONS) {
      throw new ModelException(where + " has " + dimensions + " dimensions; DynamoDB takes 1 to " + MAX_DIMENSIONS);
    }
    if (distance == null || distance == VectorDistanceFunction.UNKNOWN_TO_SDK_VERSION) {
      throw new ModelException(where + " needs a distance function: COSINE, EUCLIDEAN or DOT_PRODUCT, not "
          + distance);
    }
    inlineFilters = List.copyOf(inlineFilters);
    types = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(types));
    Objects.requireNonNull(projection, "projection");
    VectorIndexRules.checkSearchSchema(where, attribute, partitionKey, inlineFilters, types);
  }

  /** An index on {@code attribute} with no search schema, projecting ALL. */
  public static VectorIndex of(String name, String attribute, int dimensions, VectorDistanceFunction distance) {
    return new VectorIndex(name, attribute, dimensions, distance, null, List.of(), Map.of(), Projection.all());
  }

  /** The index partitioned by string attribute {@code attribute}: every search names one value of it. */
  public VectorIndex partitionKey(String attribute) {
    return partitionKey(attribute, ScalarAttributeType.S);
  }

  /** The index partitioned by {@code attribute} of type {@code type} (S, N or B). */
  public VectorIndex partitionKey(String attribute, ScalarAttributeType type) {
    if (partitionKey != null) {
      throw new ModelException("Vector index " + name + " has partition key " + partitionKey + " already; DynamoDB"
          + " takes one HASH element");
    }
    return new VectorIndex(name, this.attribute, dimensions, distance, attribute, inlineFilters, typed(attribute,
        type), projection);
  }

  /** A string attribute a search may ask to equal a value. */
  public VectorIndex inlineFilter(String attribute) {
    return inlineFilter(attribute, ScalarAttributeType.S);
  }

  /** An attribute of type {@code type} (S, N or B) a search may ask to equal a value. */
  public VectorIndex inlineFilter(String attribute, ScalarAttributeType type) {
    List<String> filters = new ArrayList<>(inlineFilters);
    filters.add(attribute);
    return new VectorIndex(name, this.attribute, dimensions, distance, partitionKey, filters, typed(attribute, type),
        projection);
  }

  /** What the index copies from each item besides the keys (ALL by default); see {@link Projection}. */
  public VectorIndex projection(Projection projection) {
    return new VectorIndex(name, attribute, dimensions, distance, partitionKey, inlineFilters, types, projection);
  }

  /** The partition key attribute, when the index has one. */
  public Optional<String> partitionKeyAttribute() {
    return Optional.ofNullable(partitionKey);
  }

  /** The partition key and the inline filters, as the search schema lists them. */
  public List<String> searchAttributes() {
    List<String> out = new ArrayList<>();
    if (partitionKey != null) {
      out.add(partitionKey);
    }
    out.addAll(inlineFilters);
    return out;
  }

  private Map<String, ScalarAttributeType> typed(String attribute, ScalarAttributeType type) {
    Map<String, ScalarAttributeType> copy = new LinkedHashMap<>(types);
    if (attribute != null && copy.put(attribute, type) != null) {
      throw new ModelException("Vector index " + name + ": attribute " + attribute + " is in its search schema twice");
    }
    return copy;
  }
}
