package io.partita.model.internal;

import java.util.List;

/**
 * Where a key lives: the table ({@code index} null) or a secondary index ({@code local}: a local one, whose partition
 * key is the table's), with its key attributes: one partition and at most one sort attribute, or for a
 * multi-attribute GSI key up to four of each, in the index's order.
 */
public record KeyShape(String index, List<String> partitionKeys, List<String> sortKeys, boolean local) {

  public KeyShape {
    partitionKeys = List.copyOf(partitionKeys);
    sortKeys = List.copyOf(sortKeys);
  }

  public KeyShape(String index, String partitionKey, String sortKey, boolean local) {
    this(index, List.of(partitionKey), sortKey == null ? List.of() : List.of(sortKey), local);
  }

  public KeyShape(String index, String partitionKey, String sortKey) {
    this(index, partitionKey, sortKey, false);
  }

  /** The (first) partition key attribute. */
  public String partitionKey() {
    return partitionKeys.get(0);
  }

  /** The (first) sort key attribute, or null without one. */
  public String sortKey() {
    return sortKeys.isEmpty() ? null : sortKeys.get(0);
  }

  public boolean multiAttribute() {
    return partitionKeys.size() > 1 || sortKeys.size() > 1;
  }

  public boolean isTable() {
    return index == null;
  }

  public String label() {
    return index == null ? "table" : index;
  }
}
