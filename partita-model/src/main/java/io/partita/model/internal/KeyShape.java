package io.partita.model.internal;

/**
 * Where a key lives: the table ({@code index} null) or a global index, with its key attributes ({@code sortKey}
 * null when it has none).
 */
public record KeyShape(String index, String partitionKey, String sortKey) {

  public boolean isTable() {
    return index == null;
  }

  public String label() {
    return index == null ? "table" : index;
  }
}
