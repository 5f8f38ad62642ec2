package io.partita.engine.internal.vector;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.value.ScalarType;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an item means to the table's vector indexes: the checks DynamoDB makes of a written item's
 * vector and search schema attributes (the messages recorded against the service, cited in
 * docs/vector-search.md), and the entry the item has in an index. An item without the vector, or
 * without the HASH attribute of an index that has one, is not in that index: vector indexes are
 * sparse, like global ones.
 */
public final class VectorItems {
  /** The largest magnitude a 32-bit float holds, as the service prints it in its message. */
  private static final String RANGE = "[-3.4028235E38, 3.4028235E38]";

  private VectorItems() {}

  /** Refuses an item whose vector or search schema attributes break one of the table's vector indexes. */
  public static void check(TableDef table, Map<String, AttributeValue> item) {
    for (VectorIndexDef v : table.vectorIndexes()) {
      checkVector(v, item.get(v.attribute()));
      for (VectorIndexDef.SearchKey k : v.searchSchema()) {
        checkSearchKey(v, k, item.get(k.key().name()));
      }
    }
  }

  /** {@link #check} for an item an update made: only what the update changed ({@code before} may be null). */
  public static void checkChanged(TableDef table, Map<String, AttributeValue> before,
      Map<String, AttributeValue> after) {
    for (VectorIndexDef v : table.vectorIndexes()) {
      if (changed(before, after, v.attribute())) {
        checkVector(v, after.get(v.attribute()));
      }
      for (VectorIndexDef.SearchKey k : v.searchSchema()) {
        AttributeValue value = after.get(k.key().name());
        if (!changed(before, after, k.key().name())) {
          continue;
        }
        if (k.hash() && value != null && ScalarType.of(value) == k.key().type() && isEmpty(value)) {
          throw PartitaException.validation("One or more parameter values are not valid. The update expression "
              + "attempted to update a secondary index key to a value that is not supported. The AttributeValue for a "
              + "key attribute cannot contain an empty string value.");
        }
        checkSearchKey(v, k, value);
      }
    }
  }

  private static boolean changed(Map<String, AttributeValue> before, Map<String, AttributeValue> after,
      String name) {
    return !Objects.equals(before == null ? null : before.get(name), after.get(name));
  }

  private static void checkVector(VectorIndexDef v, AttributeValue value) {
    if (value == null) {
      return; // not in the index
    }
    String where = " IndexName: " + v.name();
    if (!value.hasL() || value.l() == null) {
      throw invalid("Invalid type for parameter " + v.attribute() + ", Expected: 32-bit floating point number"
          + " list" + where);
    }
    List<AttributeValue> list = value.l();
    for (int i = 0; i < list.size(); i++) {
      AttributeValue e = list.get(i);
      if (e.n() == null) {
        String actual = AttributeValues.typeName(e);
        throw invalid("Invalid type for parameter " + v.attribute() + "[" + i + "], Expected: 32-bit floating point"
            + " number, Actual: " + (actual == null ? "NULL" : actual) + "." + where);
      }
      if (!fitsFloat(e.n())) {
        throw invalid("Invalid value for parameter " + v.attribute() + "[" + i + "], Value: " + e.n() + " is outside"
            + " valid range " + RANGE + "." + where);
      }
    }
    if (list.size() != v.dimensions()) {
      throw invalid("Invalid size for parameter " + v.attribute() + ", Expected: " + v.dimensions() + ", Actual: "
          + list.size() + where);
    }
  }

  private static void checkSearchKey(VectorIndexDef v, VectorIndexDef.SearchKey k, AttributeValue value) {
    if (value == null) {
      return;
    }
    ScalarType type = ScalarType.of(value);
    if (type != k.key().type()) {
      String actual = AttributeValues.typeName(value);
      throw invalid("Attribute '" + k.key().name() + "' type mismatch. Expected: " + k.key().type() + ", Actual: "
          + (actual == null ? "NULL" : actual) + ". IndexName: " + v.name());
    }
    if (k.hash() && isEmpty(value)) {
      throw PartitaException.validation("One or more parameter values are not valid. A value specified for a "
          + "secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty "
          + "string value. IndexName: " + v.name() + ", IndexKey: " + k.key().name());
    }
  }

  private static PartitaException invalid(String what) {
    return PartitaException.validation("One or more parameter values were invalid. " + what);
  }

  /** Whether a DynamoDB number fits a 32-bit float (it may lose precision: the index keeps floats). */
  public static boolean fitsFloat(String number) {
    try {
      return new BigDecimal(number).abs().compareTo(MAX_FLOAT) <= 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static final BigDecimal MAX_FLOAT = new BigDecimal(Float.MAX_VALUE);

  private static boolean isEmpty(AttributeValue v) {
    return (v.s() != null && v.s().isEmpty()) || (v.b() != null && v.b().asByteArrayUnsafe().length == 0);
  }

  /**
   * The entry {@code item} has in index {@code v}, or null when it has none: no vector, a vector the
   * index cannot hold (an item written before the index existed), or no HASH value of its type.
   */
  public static VectorMirror.Entry entry(TableDef table, VectorIndexDef v, Map<String, AttributeValue> item) {
    if (item == null) {
      return null;
    }
    float[] vector = vector(v, item.get(v.attribute()));
    if (vector == null) {
      return null;
    }
    String partition = "";
    List<KeyDef> filters = filters(v);
    String[] filterValues = new String[filters.size()];
    // an entry's size: its vector as floats, the item's key, its search schema values
    long size = 4L * vector.length + ItemSize.of(item.get(table.hash().name()))
        + (table.range() == null ? 0 : ItemSize.of(item.get(table.range().name())));
    int f = 0;
    for (VectorIndexDef.SearchKey k : v.searchSchema()) {
      AttributeValue value = item.get(k.key().name());
      String canonical = value == null || ScalarType.of(value) != k.key().type() ? null : canonical(value);
      if (k.hash()) {
        if (canonical == null || isEmpty(value)) {
          return null;
        }
        partition = canonical;
      } else {
        filterValues[f++] = canonical;
      }
      size += value == null ? 0 : ItemSize.of(value);
    }
    return new VectorMirror.Entry(partition, vector, filterValues, size);
  }

  /** Whether {@code a} and {@code b} (the same item's) hold the same vector and search schema values for {@code v}. */
  public static boolean sameIndexedValues(VectorIndexDef v, Map<String, AttributeValue> a,
      Map<String, AttributeValue> b) {
    if (!Objects.equals(a.get(v.attribute()), b.get(v.attribute()))) {
      return false;
    }
    for (VectorIndexDef.SearchKey k : v.searchSchema()) {
      if (!Objects.equals(a.get(k.key().name()), b.get(k.key().name()))) {
        return false;
      }
    }
    return true;
  }

  /** The INLINE_FILTER attributes of {@code v}, in schema order: the filter slots of its entries. */
  public static List<KeyDef> filters(VectorIndexDef v) {
    return v.searchSchema().stream().filter(k -> !k.hash()).map(VectorIndexDef.SearchKey::key).toList();
  }

  /** The vector of {@code value} for {@code v}, or null when it is not one the index holds. */
  private static float[] vector(VectorIndexDef v, AttributeValue value) {
    if (value == null || !value.hasL() || value.l().size() != v.dimensions()) {
      return null;
    }
    float[] out = new float[v.dimensions()];
    for (int i = 0; i < out.length; i++) {
      String n = value.l().get(i).n();
      if (n == null) {
        return null;
      }
      float f;
      try {
        f = Float.parseFloat(n);
      } catch (NumberFormatException e) {
        return null;
      }
      // a float below the largest came from a number within range; only at the edge is the exact check needed
      if (Math.abs(f) >= Float.MAX_VALUE && !fitsFloat(n)) {
        return null;
      }
      out[i] = f;
    }
    return out;
  }

  /**
   * A search schema value as compared by equality: numbers by value ({@code 1} equals {@code 1.0}, as
   * a FilterExpression's {@code =} compares them), strings and binaries by content.
   */
  public static String canonical(AttributeValue value) {
    if (value.s() != null) {
      return "S" + value.s();
    }
    if (value.n() != null) {
      BigDecimal d = new BigDecimal(value.n());
      return "N" + (d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
    }
    return "B" + Base64.getEncoder().encodeToString(value.b().asByteArrayUnsafe());
  }
}
