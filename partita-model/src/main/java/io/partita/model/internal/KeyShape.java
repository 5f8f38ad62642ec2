package io.partita.model.internal;

/**
 * Where a key lives: the table ({@code index} null) or a secondary index ({@code local}: a local one, whose partition key is the table's), with its key attributes ({@code sortKey}
 * null when it has none).
 */
public record KeyShape(String index, String partitionKey, String sortKey, boolean local) {

  public KeyShape(String index, String partitionKey, String sortKey) {
    this(index, partitionKey, sortKey, false);
  }

  public boolean isTable() {
    return index == null;
  }

  public String label() {
    return index == null ? "table" : index;
  }
}
