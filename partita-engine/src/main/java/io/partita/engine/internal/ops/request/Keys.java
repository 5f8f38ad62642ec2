package io.partita.engine.internal.ops.request;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.value.KeyCodec;
import io.partita.engine.internal.value.ScalarType;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Extracts and validates primary keys, with DynamoDB's messages. */
public final class Keys {
  /** DynamoDB's limits on key sizes. */
  static final int MAX_PARTITION_KEY_BYTES = 2048;
  static final int MAX_SORT_KEY_BYTES = 1024;

  private Keys() {}

  /** The key of an item given whole (PutItem): every key attribute must be present with its type. */
  public static ItemKey ofItem(TableDef table, Map<String, AttributeValue> item) {
    AttributeValue hash = item.get(table.hash().name());
    if (hash == null) {
      throw missing(table.hash());
    }
    AttributeValue range = null;
    if (table.range() != null) {
      range = item.get(table.range().name());
      if (range == null) {
        throw missing(table.range());
      }
    }
    return build(table, hash, range);
  }

  /** Whether {@code item} holds a key attribute of another type than the table's key. */
  public static boolean typeMisfit(TableDef table, Map<String, AttributeValue> item) {
    AttributeValue hash = item.get(table.hash().name());
    AttributeValue range = table.range() == null ? null : item.get(table.range().name());
    return (hash != null && ScalarType.of(hash) != table.hash().type())
        || (range != null && ScalarType.of(range) != table.range().type());
  }

  /** The key given as a {@code Key} parameter: exactly the key attributes, nothing else. */
  public static ItemKey ofKey(TableDef table, Map<String, AttributeValue> key) {
    checkSchema(table, key);
    return build(table, key.get(table.hash().name()), table.range() == null ? null : key.get(table.range().name()));
  }

  /** That {@code key} names exactly the table's key attributes, with their types; its values are not checked. */
  public static void checkSchema(TableDef table, Map<String, AttributeValue> key) {
    if (key == null || key.isEmpty()) {
      throw PartitaException.validation("The provided key element does not match the schema");
    }
    int expected = table.range() == null ? 1 : 2;
    AttributeValue hash = key.get(table.hash().name());
    AttributeValue range = table.range() == null ? null : key.get(table.range().name());
    if (key.size() != expected || hash == null || (table.range() != null && range == null)
        || ScalarType.of(hash) != table.hash().type()
        || (range != null && ScalarType.of(range) != table.range().type())) {
      throw PartitaException.validation("The provided key element does not match the schema");
    }
  }

  /**
   * A partition key value of at most 2,048 bytes, a sort key value of at most 1,024, with the
   * service's words: a table's key and an index's alike (for an index, moto's record of the
   * service; issue 34).
   */
  static void checkSize(AttributeValue v, boolean partition) {
    if (partition && ItemSize.of(v) > MAX_PARTITION_KEY_BYTES) {
      throw PartitaException.validation(
          "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
    }
    if (!partition && ItemSize.of(v) > MAX_SORT_KEY_BYTES) {
      throw PartitaException.validation(
          "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
    }
  }

  private static ItemKey build(TableDef table, AttributeValue hash, AttributeValue range) {
    AttributeValues.checkKeyValue(table.hash().name(), hash, table.hash().type());
    hash = AttributeValues.validateValue(hash);
    checkSize(hash, true);
    byte[] sk = null;
    Map<String, AttributeValue> attributes;
    if (range != null) {
      AttributeValues.checkKeyValue(table.range().name(), range, table.range().type());
      range = AttributeValues.validateValue(range);
      checkSize(range, false);
      sk = KeyCodec.encode(range);
      attributes = Map.of(table.hash().name(), hash, table.range().name(), range);
    } else {
      attributes = Map.of(table.hash().name(), hash);
    }
    byte[] storageKey = Keyspace.itemKey(table.id(), KeyCodec.encodeTerminated(hash), sk);
    return new ItemKey(storageKey, attributes);
  }

  private static PartitaException missing(KeyDef key) {
    return PartitaException.validation(
        "One or more parameter values were invalid: Missing the key " + key.name() + " in the item");
  }
}
