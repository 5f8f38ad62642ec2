package io.partita.engine.internal.table;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * A vector index as CreateTable or UpdateTable defined it (docs/vector-search.md). Its entries are not
 * stored: the table's items are the only truth, and the index is held in memory
 * ({@code ops/vector/VectorIndexes}), built from the items when first needed and kept by every write.
 *
 * @param attribute the top-level attribute holding each item's vector (a list of numbers)
 * @param nonKeyAttributes the attributes an INCLUDE projection adds; empty otherwise
 * @param searchSchema the HASH attribute (at most one) and the INLINE_FILTER attributes, in request order
 * @param backfilling added by UpdateTable to a table holding items, and not yet built: CREATING, not searchable
 */
public record VectorIndexDef(
    String name,
    String attribute,
    int dimensions,
    VectorDistanceFunction distance,
    ProjectionType projection,
    List<String> nonKeyAttributes,
    List<SearchKey> searchSchema,
    boolean backfilling) {

  /** One element of the search schema: an attribute defined in AttributeDefinitions, and its role. */
  public record SearchKey(KeyDef key, boolean hash) {}

  public VectorIndexDef {
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
    searchSchema = List.copyOf(searchSchema);
  }

  /** The HASH element's attribute, or null when the index has one partition. */
  public KeyDef hashKey() {
    return searchSchema.stream().filter(SearchKey::hash).map(SearchKey::key).findFirst().orElse(null);
  }

  /**
   * What makes this index this index, whether it is built or not: its name and every setting (an index
   * deleted and made again with other settings is another index).
   */
  public String identity() {
    return String.join("\u0000", name, attribute, Integer.toString(dimensions), distance.toString(),
        projection.toString(), String.valueOf(nonKeyAttributes), String.valueOf(searchSchema));
  }

  /** This index built ({@code false}) or still filling. */
  public VectorIndexDef withBackfilling(boolean value) {
    return new VectorIndexDef(name, attribute, dimensions, distance, projection, nonKeyAttributes, searchSchema, value);
  }

  /** The index's ARN: its table's, "/index/", its name (as a global index's). */
  public String arn(TableDef table, Home home) {
    return table.arn(home) + "/index/" + name;
  }
}
