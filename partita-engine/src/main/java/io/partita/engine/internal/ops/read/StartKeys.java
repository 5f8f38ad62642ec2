package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ScalarType;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** ExclusiveStartKey, checked against the table's key schema with DynamoDB's messages. */
final class StartKeys {
  private StartKeys() {}

  /** A Scan's ExclusiveStartKey. */
  static ItemKey of(TableDef table, Map<String, AttributeValue> startKey) {
    return of(table, startKey, false);
  }

  /**
   * An ExclusiveStartKey of a Query ({@code query}) or Scan. A key that names other attributes than
   * the key schema's: a Query says only "The provided starting key is invalid"; a Scan adds
   * ": The provided key element does not match the schema", as Amazon DynamoDB was seen to answer.
   */
  static ItemKey of(TableDef table, Map<String, AttributeValue> startKey, boolean query) {
    int expected = table.range() == null ? 1 : 2;
    if (startKey.size() != expected) {
      throw PartitaException.validation("Exclusive Start Key must have same size as table's key schema");
    }
    AttributeValue hash = startKey.get(table.hash().name());
    AttributeValue range = table.range() == null ? null : startKey.get(table.range().name());
    if (hash == null || (table.range() != null && range == null)) {
      throw PartitaException.validation(query ? "The provided starting key is invalid"
          : "The provided starting key is invalid: The provided key element does not match the schema");
    }
    if (ScalarType.of(hash) != table.hash().type() || (range != null && ScalarType.of(range) != table.range().type())) {
      // Partita's wording; Amazon DynamoDB's could not be established
      throw PartitaException.validation("Type mismatch for attribute to update");
    }
    return Keys.ofKey(table, startKey);
  }

  /** An ExclusiveStartKey of an index read: the index's key attributes and the table's. */
  static byte[] ofIndex(TableDef table, io.partita.engine.internal.table.IndexDef index, Map<String, AttributeValue> startKey) {
    if (startKey.size() != ReadParams.keyNames(table, index).size()) {
      throw PartitaException.validation("Exclusive Start Key must have same size as table's key schema");
    }
    Map<String, AttributeValue> tableKey = new java.util.HashMap<>();
    for (String name : ReadParams.tableKeyNames(table)) {
      AttributeValue v = startKey.get(name);
      if (v == null) {
        throw PartitaException.validation("The provided starting key is invalid: The provided key element does not match the schema");
      }
      tableKey.put(name, v);
    }
    of(table, tableKey);
    byte[] key = IndexEntries.key(table, index, startKey);
    if (key == null) {
      throw PartitaException.validation("The provided starting key is invalid: The provided key element does not match the schema");
    }
    return key;
  }
}
