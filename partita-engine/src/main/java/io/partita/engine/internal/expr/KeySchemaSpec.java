package io.partita.engine.internal.expr;

import io.partita.engine.internal.table.KeyDef;
import java.util.List;

/**
 * The key schema a key condition is checked against: the partition key attributes and the sort
 * key attributes, in order (one each for a table; up to four each for a multi-attribute GSI key),
 * and whether they are an index's.
 */
public record KeySchemaSpec(List<KeyDef> hashKeys, List<KeyDef> rangeKeys, boolean index) {
  public KeySchemaSpec {
    hashKeys = List.copyOf(hashKeys);
    rangeKeys = rangeKeys == null ? List.of() : List.copyOf(rangeKeys);
    if (hashKeys.isEmpty()) {
      throw new IllegalArgumentException("a key schema has at least one partition key attribute");
    }
  }

  /** A table's key: one partition key attribute and an optional sort key attribute. */
  public static KeySchemaSpec of(KeyDef hash, KeyDef range) {
    return new KeySchemaSpec(List.of(hash), range == null ? List.of() : List.of(range), false);
  }

  /** A table's key, or an index's. */
  public KeySchemaSpec(List<KeyDef> hashKeys, List<KeyDef> rangeKeys) {
    this(hashKeys, rangeKeys, false);
  }

  /** The number of key attributes, partition and sort. */
  public int size() {
    return hashKeys.size() + rangeKeys.size();
  }
}
