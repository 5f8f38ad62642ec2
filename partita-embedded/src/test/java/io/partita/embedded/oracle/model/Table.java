package io.partita.embedded.oracle.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One table of the model: its key schema, its indexes, and its items in a sorted map. Indexes hold nothing. */
final class Table {
  /** A secondary index: derived from the table's items at read time. */
  record Index(String name, boolean global, String hash, String range, String projection, List<String> include) {
    List<String> keyNames() {
      return range == null ? List.of(hash) : List.of(hash, range);
    }
  }

  final String name;
  final String hash;
  final String range;
  final Map<String, String> types;
  final List<Index> indexes;
  final TreeMap<List<AttributeValue>, Map<String, AttributeValue>> items = new TreeMap<>(Table::compareKeys);

  Table(String name, String hash, String range, Map<String, String> types, List<Index> indexes) {
    this.name = name;
    this.hash = hash;
    this.range = range;
    this.types = types;
    this.indexes = indexes;
  }

  /** Element by element in key order (S by UTF-8 bytes, N by value, B by bytes). */
  static int compareKeys(List<AttributeValue> a, List<AttributeValue> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = Vals.compare(a.get(i), b.get(i));
      if (c != 0) return c;
    }
    return Integer.compare(a.size(), b.size());
  }

  static final Comparator<List<AttributeValue>> KEY_ORDER = Table::compareKeys;

  List<String> keyNames() {
    return range == null ? List.of(hash) : List.of(hash, range);
  }

  /** The storage key of an item or key map (its key attributes in schema order). */
  List<AttributeValue> keyOf(Map<String, AttributeValue> item) {
    List<AttributeValue> k = new ArrayList<>();
    for (String n : keyNames()) k.add(item.get(n));
    return k;
  }

  Map<String, AttributeValue> keyMap(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> k = new LinkedHashMap<>();
    for (String n : keyNames()) k.put(n, item.get(n));
    return k;
  }

  Index index(String name) {
    for (Index i : indexes) if (i.name().equals(name)) return i;
    return null;
  }

  boolean hasLocalIndexes() {
    for (Index i : indexes) if (!i.global()) return true;
    return false;
  }

  /** The attribute names an index holds for an item: table keys, index keys, and what it projects (null: all). */
  Set<String> projected(Index ix) {
    if (ix.projection().equals("ALL")) return null;
    Set<String> s = new LinkedHashSet<>(keyNames());
    s.addAll(ix.keyNames());
    if (ix.projection().equals("INCLUDE")) s.addAll(ix.include());
    return s;
  }

  /** The index's entry for an item, or null when the item lacks one of the index's key attributes (sparse index). */
  Map<String, AttributeValue> entry(Index ix, Map<String, AttributeValue> item) {
    if (item == null) return null;
    for (String k : ix.keyNames()) if (!item.containsKey(k)) return null;
    Set<String> names = projected(ix);
    if (names == null) return new LinkedHashMap<>(item);
    Map<String, AttributeValue> e = new LinkedHashMap<>();
    for (String n : names) if (item.containsKey(n)) e.put(n, item.get(n));
    return e;
  }

  /** The order of an index: index key, then table key. */
  List<AttributeValue> indexOrderKey(Index ix, Map<String, AttributeValue> entry) {
    List<AttributeValue> k = new ArrayList<>();
    for (String n : ix.keyNames()) k.add(entry.get(n));
    k.addAll(keyOf(entry));
    return k;
  }

  /** The key names of an index entry's LastEvaluatedKey: the table's and the index's. */
  List<String> indexKeyNames(Index ix) {
    List<String> names = new ArrayList<>(keyNames());
    for (String n : ix.keyNames()) if (!names.contains(n)) names.add(n);
    return names;
  }
}
