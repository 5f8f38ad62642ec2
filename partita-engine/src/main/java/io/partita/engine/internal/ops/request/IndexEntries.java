package io.partita.engine.internal.ops.request;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.value.KeyCodec;
import io.partita.engine.internal.value.ScalarType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The secondary-index entries of an item, written in the same batch as the item itself, so an
 * index never disagrees with its table.
 *
 * <p>An entry's key is {@code 0x11 | table | index name | index key attributes | table key}: each
 * index key attribute in the order-preserving, prefix-free encoding, so one index partition is one
 * key prefix and its sort keys are in order; the table key last makes entries of equal index keys
 * distinct. Its value is the item as the index projects it. An item missing any index key
 * attribute has no entry: indexes are sparse.
 */
public final class IndexEntries {
  /** One index entry: where it is stored and what it holds. */
  public record Entry(String index, byte[] key, byte[] value, long size) {}

  private IndexEntries() {}

  /**
   * Refuses an item whose index key attributes have the wrong type or are empty, with DynamoDB's
   * messages; called for every item written to a table with indexes.
   */
  public static void check(TableDef table, Map<String, AttributeValue> item) {
    checkValues(table, item);
    checkTypes(table, item);
  }

  /**
   * The checks of an item's index key values that DynamoDB makes while validating a request,
   * before anything is read: a value that is no scalar at all, an empty string or binary. Refused
   * as the request's ValidationException, in a transaction too.
   */
  public static void checkValues(TableDef table, Map<String, AttributeValue> item) {
    // local indexes first, as DynamoDB names them
    List<IndexDef> indexes = new ArrayList<>(table.localIndexes());
    indexes.addAll(table.globalIndexes());
    for (IndexDef index : indexes) {
      for (KeyDef key : keys(index)) {
        AttributeValue v = item.get(key.name());
        if (v == null) {
          continue;
        }
        ScalarType type = ScalarType.of(v);
        if (type == null) {
          throw typeMismatch(table, key, v);
        }
        if (type != key.type()) {
          continue; // refused when the item is written (checkTypes)
        }
        if (isEmpty(v)) {
          throw PartitaException.validation("One or more parameter values are not valid. A value specified for a "
              + "secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty "
              + "string value. IndexName: " + index.name() + ", IndexKey: " + key.name());
        }
        // an index key's size, as a table key's: the item is refused, not written unindexed
        Keys.checkSize(v, index.hashKeys().contains(key));
      }
    }
    io.partita.engine.internal.vector.VectorItems.check(table, item);
  }

  /**
   * An index key value of the wrong scalar type: DynamoDB finds it when it writes the item, so
   * inside a transaction it is the action's cancellation reason (ValidationError), not the
   * request's error.
   */
  public static void checkTypes(TableDef table, Map<String, AttributeValue> item) {
    for (IndexDef index : indexes(table)) {
      for (KeyDef key : keys(index)) {
        AttributeValue v = item.get(key.name());
        if (v != null && ScalarType.of(v) != key.type()) {
          throw typeMismatch(table, key, v);
        }
      }
    }
  }

  /**
   * The service's answer to an index key attribute of the wrong type, a set or a document included:
   * {@code One or more parameter values were invalid: Type mismatch for Index Key createdAt Expected:
   * S Actual: N IndexName: url-createdAt-index-1} (quoted from the service in dynamoose issue 296);
   * where the attribute keys several indexes, the first by name is named, as public reports of the
   * service say.
   */
  private static PartitaException typeMismatch(TableDef table, KeyDef key, AttributeValue v) {
    String index = indexes(table).stream().filter(ix -> keys(ix).stream().anyMatch(k -> k.name().equals(key.name())))
        .map(IndexDef::name).sorted().findFirst().orElseThrow();
    String actual = v.type() == AttributeValue.Type.NUL ? "NULL" : v.type().name();
    return PartitaException.validation("One or more parameter values were invalid: Type mismatch for Index Key "
        + key.name() + " Expected: " + key.type().name() + " Actual: " + actual + " IndexName: " + index);
  }

  /**
   * The checks of {@link #check} for an item an UpdateExpression made, with DynamoDB's message for
   * an update that empties an index key.
   */
  public static void checkUpdated(TableDef table, Map<String, AttributeValue> item) {
    for (IndexDef index : indexes(table)) {
      for (KeyDef key : keys(index)) {
        AttributeValue v = item.get(key.name());
        if (v != null && ScalarType.of(v) == key.type() && isEmpty(v)) {
          throw PartitaException.validation("One or more parameter values are not valid. The update expression "
              + "attempted to update a secondary index key to a value that is not supported. The AttributeValue for a "
              + "key attribute cannot contain an empty string value.");
        }
      }
    }
    checkTypes(table, item);
  }

  private static boolean isEmpty(AttributeValue v) {
    return (v.s() != null && v.s().isEmpty()) || (v.b() != null && v.b().asByteArrayUnsafe().length == 0);
  }

  /** The entries {@code item} has in the table's indexes; none for a null item. */
  public static List<Entry> of(TableDef table, Map<String, AttributeValue> item) {
    if (item == null) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    for (IndexDef index : indexes(table)) {
      Entry entry = entry(table, index, item);
      if (entry != null) {
        entries.add(entry);
      }
    }
    return entries;
  }

  /** The entry {@code item} has in {@code index}, or null when the index does not hold it. */
  public static Entry entry(TableDef table, IndexDef index, Map<String, AttributeValue> item) {
    byte[] key = key(table, index, item);
    if (key == null) {
      return null;
    }
    Map<String, AttributeValue> projected = project(table, index, item);
    return new Entry(index.name(), key, ItemCodec.encode(projected), ItemSize.of(projected));
  }

  public static List<IndexDef> indexes(TableDef table) {
    if (table.globalIndexes().isEmpty()) {
      return table.localIndexes();
    }
    if (table.localIndexes().isEmpty()) {
      return table.globalIndexes();
    }
    List<IndexDef> all = new ArrayList<>(table.globalIndexes());
    all.addAll(table.localIndexes());
    return all;
  }

  /** An index's key attributes, partition then sort. */
  public static List<KeyDef> keys(IndexDef index) {
    List<KeyDef> keys = new ArrayList<>(index.hashKeys());
    keys.addAll(index.rangeKeys());
    return keys;
  }

  /** The prefix of every entry of {@code index}. */
  public static byte[] prefix(TableDef table, IndexDef index) {
    return Keyspace.indexPrefix(table.id(), KeyCodec.encodeTerminated(AttributeValue.fromS(index.name())));
  }

  /**
   * The entry key of {@code item} in {@code index}, or null when the item lacks an index key
   * attribute or holds an empty string or binary there: a write of such a value is refused ({@link
   * #checkValues}), but an item written before the index existed may hold one, and the backfill
   * leaves it out as the service does (issue 34).
   */
  public static byte[] key(TableDef table, IndexDef index, Map<String, AttributeValue> item) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64);
    out.writeBytes(prefix(table, index));
    for (KeyDef key : keys(index)) {
      AttributeValue v = item.get(key.name());
      if (v == null || ScalarType.of(v) != key.type() || isEmpty(v)) {
        return null;
      }
      out.writeBytes(KeyCodec.encodeTerminated(v));
    }
    out.writeBytes(KeyCodec.encodeTerminated(item.get(table.hash().name())));
    if (table.range() != null) {
      out.writeBytes(KeyCodec.encode(item.get(table.range().name())));
    }
    return out.toByteArray();
  }

  /** The item as {@code index} projects it: everything, or the keys plus the included attributes. */
  static Map<String, AttributeValue> project(TableDef table, IndexDef index, Map<String, AttributeValue> item) {
    if (index.projection() == ProjectionType.ALL) {
      return item;
    }
    Map<String, AttributeValue> projected = new LinkedHashMap<>();
    copy(item, projected, table.hash().name());
    if (table.range() != null) {
      copy(item, projected, table.range().name());
    }
    for (KeyDef key : keys(index)) {
      copy(item, projected, key.name());
    }
    if (index.projection() == ProjectionType.INCLUDE) {
      for (String name : index.nonKeyAttributes()) {
        copy(item, projected, name);
      }
    }
    return projected;
  }

  private static void copy(Map<String, AttributeValue> from, Map<String, AttributeValue> to, String name) {
    AttributeValue v = from.get(name);
    if (v != null) {
      to.put(name, v);
    }
  }

  /**
   * Whether two entries have the same key and the same projected attributes (so nothing needs
   * rewriting, and DynamoDB charges no index write). The encodings may differ in attribute order
   * alone, so unequal bytes are compared as items.
   */
  public static boolean same(Entry a, Entry b) {
    return Arrays.equals(a.key(), b.key()) && (Arrays.equals(a.value(), b.value())
        || ItemCodec.decode(a.value()).equals(ItemCodec.decode(b.value())));
  }
}
