package io.partita.engine.internal.ops.read;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.KeyCondition;
import io.partita.engine.internal.expr.KeySchemaSpec;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.expr.SortCondition;
import io.partita.engine.internal.expr.SortEquality;
import io.partita.engine.internal.ops.request.Capacity;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.KeyBytes;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import io.partita.engine.internal.value.KeyCodec;
import io.partita.engine.served.Served;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * What a Query or Scan reads: the table's items or one secondary index's entries. A source owns what
 * differs between the two — its key schema and key names, the storage keys a key condition selects,
 * its ExclusiveStartKey rules, which attributes it holds, fetching from the table and whom a read
 * is charged to — so Query and Scan read either the same way.
 */
sealed interface ReadSource {
  TableDef table();

  /** The index read, or null for the table's items. */
  default String indexName() {
    return null;
  }

  /**
   * The source {@code IndexName} names (the table for none) for {@code operation} ("Query" or "Scan");
   * an unknown or backfilling index, or a vector index (read by SearchVectors only), is refused as
   * DynamoDB does.
   */
  static ReadSource of(TableDef table, String indexName, String operation) {
    if (indexName == null) {
      return new TableItems(table);
    }
    Served.index(indexName);
    for (IndexDef index : IndexEntries.indexes(table)) {
      if (index.name().equals(indexName)) {
        if (index.backfilling()) {
          throw PartitaException.validation("Cannot read from backfilling global secondary index: " + indexName);
        }
        return new IndexEntriesOf(table, index);
      }
    }
    if (table.vectorIndex(indexName) != null) {
      // recorded for Query; Scan's by the same pattern (docs/vector-search.md)
      throw PartitaException.validation(operation + " operation not supported on this index type.");
    }
    throw PartitaException.validation("The table does not have the specified index: " + indexName);
  }

  /** The key schema a key condition is read against. */
  KeySchemaSpec schema();

  /** The key attributes of what is read: the table's, or the index's followed by the table's. */
  List<String> keyNames();

  /** The key attributes a Query's filter may not name. */
  List<String> ownKeyNames();

  /** The attributes the source holds, or null when it holds all of them. */
  Set<String> projected();

  /** The storage keys {@code [from, to)} a key condition selects. */
  byte[][] range(KeyCondition key);

  /** The storage keys {@code [from, to)} of the whole source (a Scan). */
  byte[][] all();

  /**
   * The storage key at which a Query in this direction ends when its sort key condition closes the
   * range with an inclusive bound, else null (see {@link TableItems#closedEnd}).
   */
  default byte[] closedEnd(KeyCondition key, boolean forward) {
    return null;
  }

  /** The storage key of an ExclusiveStartKey, checked against the key schema ({@code query}: a Query's wording). */
  byte[] startKey(Map<String, AttributeValue> startKey, boolean query);

  /** Whether a page that ended on {@code last} leaves nothing more to read (no LastEvaluatedKey). */
  default boolean endsQuery(Map<String, AttributeValue> last, byte[] closedEnd) {
    return false;
  }

  /**
   * The read's filter, refusing in a Query one that names a key attribute and, on a global index,
   * one that names an attribute the index does not hold.
   */
  default Condition filter(ExpressionContext.QueryFilter bound, boolean query) {
    if (bound == null) {
      return null;
    }
    ExpressionContext.QueryFilter f = unprojectedRefused(bound);
    return query ? f.refuseKeys(ownKeyNames()) : f.condition();
  }

  /** A global index refuses a filter on what it does not hold. */
  default ExpressionContext.QueryFilter unprojectedRefused(ExpressionContext.QueryFilter bound) {
    return bound;
  }

  /** Checks a read against the source's kind and projection. */
  default void checkRead(Select select, boolean consistentRead, Projection projection) {}

  /**
   * For a local index that does not project everything: the table's item in place of the entry, when
   * the read needs attributes the index does not hold; else null.
   */
  default TableFetch fetch(Reads reads, Select select, Projection projection, Collection<String> filterNames,
      boolean consistent) {
    return null;
  }

  /** The projection a read applies to what it returns. */
  default Projection output(Select select, Projection projection, Collection<String> filterNames) {
    return projection;
  }

  /** The capacity units of a page, charged to this source ({@code fetched}: the table fetches' units). */
  Capacity.Units units(double pageUnits, double fetched);

  /**
   * What a page of a Query or Scan consumed, as ReturnConsumedCapacity asks for it (null when it does
   * not): the page's bytes rounded up to 4 KB as one read, a page that read nothing still costing the
   * minimum (recorded fact query-consumed-capacity-empty; as GetItem of a missing item).
   */
  default ConsumedCapacity capacity(ReturnConsumedCapacity mode, String tableName, ReadPage.Result page,
      boolean consistent, TableFetch fetch) {
    if (!Capacity.counted(mode)) {
      return null;
    }
    return units(Capacity.readUnits(page.bytesRead(), consistent), TableFetch.of(fetch))
        .report(mode, tableName, table().name());
  }

  static List<String> tableKeyNames(TableDef table) {
    return table.range() == null ? List.of(table.hash().name()) : List.of(table.hash().name(), table.range().name());
  }

  /** The table's items. */
  record TableItems(TableDef table) implements ReadSource {
    @Override
    public KeySchemaSpec schema() {
      return new KeySchemaSpec(List.of(table.hash()), table.range() == null ? List.of() : List.of(table.range()));
    }

    @Override
    public List<String> keyNames() {
      return tableKeyNames(table);
    }

    @Override
    public List<String> ownKeyNames() {
      return tableKeyNames(table);
    }

    @Override
    public Set<String> projected() {
      return null;
    }

    @Override
    public byte[][] range(KeyCondition key) {
      byte[] partition = partition(key);
      SortCondition sort = key.sort();
      if (sort == null) {
        return new byte[][] {partition, KeyBytes.prefixEnd(partition)};
      }
      byte[] at = KeyBytes.concat(partition, KeyCodec.encode(sort.value()));
      return switch (sort.op()) {
        case EQ -> new byte[][] {at, KeyBytes.after(at)};
        case LT -> new byte[][] {partition, at};
        case LE -> new byte[][] {partition, KeyBytes.after(at)};
        case GT -> new byte[][] {KeyBytes.after(at), KeyBytes.prefixEnd(partition)};
        case GE -> new byte[][] {at, KeyBytes.prefixEnd(partition)};
        case BETWEEN -> new byte[][] {at, KeyBytes.after(KeyBytes.concat(partition, KeyCodec.encode(sort.upper())))};
        // S and B sort keys encode as their own bytes, so a string prefix is a key prefix
        case BEGINS_WITH -> new byte[][] {at, KeyBytes.prefixEnd(at)};
      };
    }

    private byte[] partition(KeyCondition key) {
      return Keyspace.itemKey(table.id(), KeyCodec.encodeTerminated(key.hashValues().get(table.hash().name())), null);
    }

    @Override
    public byte[][] all() {
      return new byte[][] {Keyspace.itemsFrom(table.id()), Keyspace.itemsTo(table.id())};
    }

    /**
     * The storage key at which a read in this direction ends when the sort key condition closes the
     * range there with an inclusive comparison bound: {@code sk <= :v} or the upper bound of BETWEEN
     * read forward, {@code sk >= :v} or the lower bound of BETWEEN read backward; else null.
     *
     * <p>A page that stops at this key says nothing more follows (no LastEvaluatedKey), and this key
     * is refused as ExclusiveStartKey ("does not match the range key predicate"), as Amazon DynamoDB
     * was reported to do for {@code >=} read backward. Not for {@code =} nor begins_with, nor the open
     * end of a partition: there a page that stops at the last item still names it, and the empty page
     * that follows from it is allowed.
     */
    @Override
    public byte[] closedEnd(KeyCondition key, boolean forward) {
      SortCondition sort = key.sort();
      if (sort == null) {
        return null;
      }
      AttributeValue bound = switch (sort.op()) {
        case LE -> forward ? sort.value() : null;
        case GE -> forward ? null : sort.value();
        case BETWEEN -> forward ? sort.upper() : sort.value();
        default -> null;
      };
      return bound == null ? null : KeyBytes.concat(partition(key), KeyCodec.encode(bound));
    }

    /** A hash-only table's Query selects one key at most; else the page ended on the closed end. */
    @Override
    public boolean endsQuery(Map<String, AttributeValue> last, byte[] closedEnd) {
      return table.range() == null || Arrays.equals(Keys.ofKey(table, last).storageKey(), closedEnd);
    }

    /**
     * An ExclusiveStartKey of the table. A key that names other attributes than the key schema's: a
     * Query says only "The provided starting key is invalid"; a Scan adds ": The provided key element
     * does not match the schema", as Amazon DynamoDB was seen to answer.
     */
    @Override
    public byte[] startKey(Map<String, AttributeValue> startKey, boolean query) {
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
      if (io.partita.engine.internal.value.ScalarType.of(hash) != table.hash().type()
          || (range != null && io.partita.engine.internal.value.ScalarType.of(range) != table.range().type())) {
        // Partita's wording; Amazon DynamoDB's could not be established
        throw PartitaException.validation("Type mismatch for attribute to update");
      }
      return Keys.ofKey(table, startKey).storageKey();
    }

    @Override
    public Capacity.Units units(double pageUnits, double fetched) {
      return Capacity.Units.reads(pageUnits);
    }
  }

  /**
   * One secondary index's entries. A local index that does not project everything fetches the
   * table's item where the read needs attributes the index does not hold (DynamoDB does the same for
   * local indexes; a global index refuses such reads instead).
   */
  final class IndexEntriesOf implements ReadSource {
    private final TableDef table;
    private final IndexDef index;
    /** The key attributes of an entry, the index's then the table's: worked out once, read several times a read. */
    private final List<String> keyNames;
    /** The attributes the index holds, or null when it projects all: likewise. */
    private final Set<String> projected;

    IndexEntriesOf(TableDef table, IndexDef index) {
      this.table = table;
      this.index = index;
      List<String> names = new ArrayList<>();
      IndexEntries.keys(index).forEach(k -> names.add(k.name()));
      for (String n : tableKeyNames(table)) {
        if (!names.contains(n)) {
          names.add(n);
        }
      }
      this.keyNames = List.copyOf(names);
      if (index.projection() == ProjectionType.ALL) {
        this.projected = null;
      } else {
        Set<String> held = new HashSet<>(names);
        held.addAll(index.nonKeyAttributes());
        this.projected = Set.copyOf(held);
      }
    }

    @Override
    public TableDef table() {
      return table;
    }

    @Override
    public String indexName() {
      return index.name();
    }

    @Override
    public KeySchemaSpec schema() {
      return new KeySchemaSpec(index.hashKeys(), index.rangeKeys(), true);
    }

    @Override
    public List<String> keyNames() {
      return keyNames;
    }

    @Override
    public List<String> ownKeyNames() {
      return IndexEntries.keys(index).stream().map(KeyDef::name).toList();
    }

    @Override
    public Set<String> projected() {
      return projected;
    }

    /**
     * Every index key attribute is stored in the prefix-free encoding, so equalities extend a prefix
     * and the condition on the last attribute named is a range within it.
     */
    @Override
    public byte[][] range(KeyCondition key) {
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

    @Override
    public byte[][] all() {
      byte[] from = IndexEntries.prefix(table, index);
      return new byte[][] {from, KeyBytes.prefixEnd(from)};
    }

    /** An ExclusiveStartKey of an index read: the index's key attributes and the table's. */
    @Override
    public byte[] startKey(Map<String, AttributeValue> startKey, boolean query) {
      if (startKey.size() != keyNames().size()) {
        throw PartitaException.validation("Exclusive Start Key must have same size as table's key schema");
      }
      Map<String, AttributeValue> tableKey = new HashMap<>();
      for (String name : tableKeyNames(table)) {
        AttributeValue v = startKey.get(name);
        if (v == null) {
          throw PartitaException.validation("The provided starting key is invalid: The provided key element does not match the schema");
        }
        tableKey.put(name, v);
      }
      new TableItems(table).startKey(tableKey, false);
      byte[] key = IndexEntries.key(table, index, startKey);
      if (key == null) {
        throw PartitaException.validation("The provided starting key is invalid: The provided key element does not match the schema");
      }
      return key;
    }

    @Override
    public ExpressionContext.QueryFilter unprojectedRefused(ExpressionContext.QueryFilter bound) {
      return index.global() ? bound.refuseUnprojected(index.name(), projected()) : bound;
    }

    @Override
    public void checkRead(Select select, boolean consistentRead, Projection projection) {
      if (!index.global()) {
        return;
      }
      if (consistentRead) {
        throw PartitaException.validation("Consistent reads are not supported on global secondary indexes");
      }
      if (projected == null) {
        return;
      }
      if (select == Select.ALL_ATTRIBUTES) {
        throw PartitaException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
            + "supported for global secondary index " + index.name() + " because its projection type is not ALL");
      }
      if (projection != null) {
        List<String> missing = projection.topLevelAttributes().stream().filter(a -> !projected.contains(a)).sorted().toList();
        if (!missing.isEmpty()) {
          throw PartitaException.validation("One or more parameter values were invalid: Global secondary index "
              + index.name() + " does not project " + missing);
        }
      }
    }

    /**
     * Each fetch is charged as a read of the whole table item (the Developer Guide's LSI page), rounded
     * up to 4 KB on its own, to the table's share of the capacity.
     */
    @Override
    public TableFetch fetch(Reads reads, Select select, Projection projection, Collection<String> filterNames,
        boolean consistent) {
      return needsTable(select, projection, filterNames) ? new TableFetch(reads, table, consistent) : null;
    }

    private boolean needsTable(Select select, Projection projection, Collection<String> filterNames) {
      if (index.global() || index.projection() == ProjectionType.ALL) {
        return false;
      }
      return select == Select.ALL_ATTRIBUTES || !projected.containsAll(filterNames)
          || (projection != null && !projected.containsAll(projection.topLevelAttributes()));
    }

    /**
     * {@code projection} itself, except when a local index read fetches the table's item only for its
     * filter and neither Select ALL_ATTRIBUTES nor a ProjectionExpression asks for more than the index
     * projects: then what comes back is still only the index's projected attributes (the default
     * Select of an index read is ALL_PROJECTED_ATTRIBUTES), not the whole fetched item.
     */
    @Override
    public Projection output(Select select, Projection projection, Collection<String> filterNames) {
      if (projection != null || select == Select.ALL_ATTRIBUTES || !needsTable(select, null, filterNames)) {
        return projection;
      }
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
        public Set<String> wholeAttributes() {
          return projected;
        }

        @Override
        public Set<String> topLevelAttributes() {
          return projected;
        }
      };
    }

    /** A read of an index is charged to the index, the table's own share being an LSI's fetches, if any. */
    @Override
    public Capacity.Units units(double pageUnits, double fetched) {
      return Capacity.Units.reads(fetched).index(index.global(), index.name(), pageUnits);
    }
  }

  /** Replaces an LSI entry by its table item, counting the read units of the fetches. */
  final class TableFetch implements UnaryOperator<Map<String, AttributeValue>> {
    /** Where the table's items are read: the store, or the past an eventually consistent read sees. */
    private final Reads reads;
    private final TableDef table;
    private final boolean consistent;
    private double units;

    TableFetch(Reads reads, TableDef table, boolean consistent) {
      this.reads = reads;
      this.table = table;
      this.consistent = consistent;
    }

    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> entry) {
      Map<String, AttributeValue> key = new HashMap<>();
      for (String name : tableKeyNames(table)) {
        key.put(name, entry.get(name));
      }
      byte[] stored = reads.get(Keys.ofKey(table, key).storageKey());
      if (stored == null) {
        return entry;
      }
      Map<String, AttributeValue> item = ItemCodec.decode(stored);
      units += Capacity.readUnits(ItemSize.of(item), consistent);
      return item;
    }

    /** The units of {@code fetch}, 0 for no fetching. */
    static double of(TableFetch fetch) {
      return fetch == null ? 0 : fetch.units;
    }
  }
}
