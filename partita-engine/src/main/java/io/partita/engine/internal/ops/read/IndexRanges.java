package io.partita.engine.internal.ops.read;

import io.partita.engine.internal.expr.KeyCondition;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.expr.SortCondition;
import io.partita.engine.internal.expr.SortEquality;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.KeyCodec;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Reading a secondary index: the key range a key condition selects among its entries, and, for a
 * local index that does not project everything, fetching the table's item where the read needs
 * attributes the index does not hold (DynamoDB does the same for local indexes; a global index
 * refuses such reads instead).
 */
final class IndexRanges {
  private IndexRanges() {}

  /**
   * Every index key attribute is stored in the prefix-free encoding, so equalities extend a prefix
   * and the condition on the last attribute named is a range within it.
   */
  static byte[][] of(TableDef table, IndexDef index, KeyCondition key) {
    ByteArrayOutputStream prefix = new ByteArrayOutputStream(64);
    prefix.writeBytes(IndexEntries.prefix(table, index));
    for (KeyDef hash : index.hashKeys()) {
      prefix.writeBytes(KeyCodec.encodeTerminated(key.hashValues().get(hash.name())));
    }
    for (SortEquality eq : key.sortPrefix()) {
      prefix.writeBytes(KeyCodec.encodeTerminated(eq.value()));
    }
    byte[] p = prefix.toByteArray();
    SortCondition sort = key.sort();
    if (sort == null) {
      return new byte[][] {p, KeyBytes.prefixEnd(p)};
    }
    byte[] at = KeyBytes.concat(p, KeyCodec.encodeTerminated(sort.value()));
    return switch (sort.op()) {
      case EQ -> new byte[][] {at, KeyBytes.prefixEnd(at)};
      case LT -> new byte[][] {p, at};
      case LE -> new byte[][] {p, KeyBytes.prefixEnd(at)};
      case GT -> new byte[][] {KeyBytes.prefixEnd(at), KeyBytes.prefixEnd(p)};
      case GE -> new byte[][] {at, KeyBytes.prefixEnd(p)};
      case BETWEEN -> new byte[][] {at, KeyBytes.prefixEnd(KeyBytes.concat(p, KeyCodec.encodeTerminated(sort.upper())))};
      case BEGINS_WITH -> {
        // the terminated encoding is the value's bytes (0x00 escaped) then 0x00 0x01: without the
        // terminator, a string prefix is a byte prefix
        byte[] escaped = KeyCodec.encodeTerminated(sort.value());
        byte[] start = KeyBytes.concat(p, Arrays.copyOf(escaped, escaped.length - 2));
        yield new byte[][] {start, KeyBytes.prefixEnd(start)};
      }
    };
  }

  /**
   * For a local index without ALL projection: the table's item in place of the entry, when the
   * read asks for all attributes or its projection or filter reads beyond what the index holds.
   * Each fetch is charged as a read of the whole table item (the Developer Guide's LSI page), rounded
   * up to 4 KB on its own, to the table's share of the capacity.
   */
  static TableFetch resolver(io.partita.engine.internal.storage.Reads reads, TableDef table, IndexDef index,
      Select select, Projection projection, java.util.Collection<String> filterNames, boolean consistent) {
    if (index == null || index.global() || index.projection() == ProjectionType.ALL) {
      return null;
    }
    Set<String> projected = ReadParams.projected(table, index);
    boolean needsTable = select == Select.ALL_ATTRIBUTES || !projected.containsAll(filterNames)
        || (projection != null && !projected.containsAll(projection.topLevelAttributes()));
    return needsTable ? new TableFetch(reads, table, consistent) : null;
  }

  /**
   * What a page of a Query or Scan consumed, as ReturnConsumedCapacity asks for it (null when it
   * does not): the page's bytes rounded up to 4 KB as one read, a page that read nothing still costing
   * the minimum (recorded fact query-consumed-capacity-empty; as GetItem of a missing item). A read of
   * an index is charged to the index, the table's own share then being an LSI's fetches, if any.
   */
  static software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity pageCapacity(
      software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity mode, String tableName,
      ReadPage.Result page, boolean consistent, IndexDef index, TableFetch fetch) {
    if (mode == null || mode == software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.NONE) {
      return null;
    }
    double units = Capacity.readUnits(page.bytesRead(), consistent);
    return (index == null ? Capacity.Units.ofTable(units)
        : Capacity.Units.ofTable(TableFetch.of(fetch)).index(index.global(), index.name(), units))
        .report(mode, tableName);
  }

  /** Replaces an LSI entry by its table item, counting the read units of the fetches. */
  static final class TableFetch implements UnaryOperator<Map<String, AttributeValue>> {
    /** Where the table's items are read: the store, or the past an eventually consistent read sees. */
    private final io.partita.engine.internal.storage.Reads reads;
    private final TableDef table;
    private final boolean consistent;
    private double units;

    private TableFetch(io.partita.engine.internal.storage.Reads reads, TableDef table, boolean consistent) {
      this.reads = reads;
      this.table = table;
      this.consistent = consistent;
    }

    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> entry) {
      Map<String, AttributeValue> key = new HashMap<>();
      for (String name : ReadParams.tableKeyNames(table)) {
        key.put(name, entry.get(name));
      }
      byte[] stored = reads.get(Keys.ofKey(table, key).storageKey());
      if (stored == null) {
        return entry;
      }
      Map<String, AttributeValue> item = ItemCodec.decode(stored);
      units += Capacity.readUnits(io.partita.engine.internal.value.ItemSize.of(item), consistent);
      return item;
    }

    /** The read units of the fetches so far. */
    double units() {
      return units;
    }

    /** The units of {@code fetch}, 0 for no fetching. */
    static double of(TableFetch fetch) {
      return fetch == null ? 0 : fetch.units();
    }
  }

  /**
   * The ProjectionExpression a read applies to what it returns: {@code projection} itself, except
   * when a local index read fetches the table's item only for its filter ({@link #resolver}) and
   * neither Select ALL_ATTRIBUTES nor a ProjectionExpression asks for more than the index projects:
   * then what comes back is still only the index's projected attributes (the default Select of an
   * index read is ALL_PROJECTED_ATTRIBUTES), not the whole fetched item.
   */
  static Projection output(TableDef table, IndexDef index, Select select, Projection projection,
      java.util.Collection<String> filterNames) {
    if (projection != null || select == Select.ALL_ATTRIBUTES
        || resolver(null, table, index, select, null, filterNames, false) == null) {
      return projection;
    }
    Set<String> projected = ReadParams.projected(table, index);
    return new Projection() {
      @Override
      public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new HashMap<>();
        item.forEach((k, v) -> {
          if (projected.contains(k)) {
            out.put(k, v);
          }
        });
        return out;
      }

      @Override
      public Set<String> topLevelAttributes() {
        return projected;
      }
    };
  }
}
