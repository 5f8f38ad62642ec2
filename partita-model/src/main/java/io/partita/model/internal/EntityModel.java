package io.partita.model.internal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.ModelException;
import io.partita.model.Rule;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An entity after the model checked it: its mapper, its key templates and its maintained fields. Immutable. */
public final class EntityModel<T> {

  /** The stored shape's version, its attribute, and the steps from each older version to the next. */
  public record Schema(int version, String attribute,
      Map<Integer, java.util.function.UnaryOperator<Map<String, AttributeValue>>> upgrades) {}

  private final String name;
  private final Class<T> type;
  private final RecordMapper<T> mapper;
  private final String typeAttribute;
  private final AttributeValue typeValue;
  private final TemplateKey tableKey;
  private final Map<String, TemplateKey> indexKeys;
  private final Map<Field, Ids> generatedIds;
  private final Map<Field, Object> defaults;
  private final Field createdAt;
  private final Field updatedAt;
  private final Field version;
  private final FieldRules rules;
  private final Schema schema;
  private final AttributeValue schemaValue;
  private final CallerKeys keys;

  EntityModel(String name, Class<T> type, RecordMapper<T> mapper, String typeAttribute, TemplateKey tableKey,
      Map<String, TemplateKey> indexKeys, Map<Field, Ids> generatedIds, Map<Field, Object> defaults,
      Field createdAt, Field updatedAt, Field version, Map<Field, List<Rule>> rules, Schema schema) {
    this.name = name;
    this.type = type;
    this.mapper = mapper;
    this.typeAttribute = typeAttribute;
    this.typeValue = AttributeValue.fromS(name);
    this.tableKey = tableKey;
    this.indexKeys = Map.copyOf(indexKeys);
    this.generatedIds = Map.copyOf(generatedIds);
    this.defaults = Map.copyOf(defaults);
    this.createdAt = createdAt;
    this.updatedAt = updatedAt;
    this.version = version;
    this.rules = new FieldRules(name, rules);
    this.schema = schema;
    this.schemaValue = schema == null ? null : AttributeValue.fromN(Integer.toString(schema.version()));
    this.keys = new CallerKeys(this);
  }

  /** The schema version attribute and the current version's value, or null when the entity declares none. */
  public Map.Entry<String, AttributeValue> schemaStamp() {
    return schema == null ? null : Map.entry(schema.attribute(), schemaValue);
  }

  /**
   * {@code item} in the current shape: the upgrade steps from its stored version (1 when it has none) run in order.
   *
   * @throws ModelException when the item is of a newer version than this code knows, or a step fails
   */
  public Map<String, AttributeValue> upgrade(Map<String, AttributeValue> item) {
    return schema == null ? item : SchemaUpgrade.upgrade(name, schema, schemaValue, item, () -> keyText(item));
  }

  public String name() {
    return name;
  }

  public Class<T> type() {
    return type;
  }

  public RecordMapper<T> mapper() {
    return mapper;
  }

  public TemplateKey tableKey() {
    return tableKey;
  }

  /** The key templates on {@code index} (null for the table), or null when the entity is not in that index. */
  public TemplateKey keyOn(String index) {
    return index == null ? tableKey : indexKeys.get(index);
  }

  public Collection<TemplateKey> indexKeys() {
    return indexKeys.values();
  }

  public Field version() {
    return version;
  }

  /** The fields filled with a new id when empty, and how. */
  public Map<Field, Ids> generatedIds() {
    return generatedIds;
  }

  /** The fields given a value when null, and the value. */
  public Map<Field, Object> defaults() {
    return defaults;
  }

  public Field createdAt() {
    return createdAt;
  }

  public Field updatedAt() {
    return updatedAt;
  }

  public String typeAttribute() {
    return typeAttribute;
  }

  public AttributeValue typeValue() {
    return typeValue;
  }

  /** The fields the table key templates use: they identify the item and never change. */
  public Set<String> tableKeyFields() {
    Set<String> used = new HashSet<>(tableKey.partition().fields());
    if (tableKey.sort() != null) {
      used.addAll(tableKey.sort().fields());
    }
    return used;
  }

  /** The fields {@code k}'s templates use, partition first. */
  public static List<String> fieldsOf(TemplateKey k) {
    List<String> fields = new java.util.ArrayList<>();
    for (Template t : k.byAttribute().values()) {
      for (String f : t.fields()) {
        if (!fields.contains(f)) {
          fields.add(f);
        }
      }
    }
    return fields;
  }

  /**
   * Renders {@code k} with key text per field ({@code text} gives null for an absent value): the key attributes,
   * or null when a field is absent (the item has no entry in that index).
   */
  public Map<String, AttributeValue> renderKey(TemplateKey k, java.util.function.Function<String, String> text) {
    Map<String, AttributeValue> out = new LinkedHashMap<>(4);
    for (Map.Entry<String, Template> e : k.byAttribute().entrySet()) {
      String rendered = renderText(e.getValue(), text, false);
      if (rendered == null) {
        return null; // every key attribute or none: an item missing one is out of the index
      }
      out.put(e.getKey(), AttributeValue.fromS(rendered));
    }
    return out;
  }

  /** The key of index {@code k} for the record {@code values} describe, or null when it cannot be built. */
  public Map<String, AttributeValue> indexKey(TemplateKey k, Object[] values) {
    return renderKey(k, placeholder -> text(values, placeholder));
  }

  /** Encodes the record's fields (no keys, no type attribute). */
  public Map<String, AttributeValue> fieldValues(Object[] values) {
    return encodeInto(values, new HashMap<>(mapper.fields().size() * 2));
  }

  private Map<String, AttributeValue> encodeInto(Object[] values, Map<String, AttributeValue> out) {
    try {
      mapper.encodeValues(values, out);
    } catch (RecordMapper.FieldException e) {
      throw new ValidationException("Entity " + name + ", field " + e.field() + ": " + e.getMessage(), name,
          e.field(), e);
    }
    return out;
  }

  /** Whether {@code item} was written for this entity. */
  public boolean owns(Map<String, AttributeValue> item) {
    AttributeValue t = item.get(typeAttribute);
    return t != null && name.equals(t.s());
  }

  // ---- writes

  /**
   * The record's component values with generated ids, defaults and timestamps filled in. The version component is
   * left as it is; {@link #withVersion} sets it.
   */
  public Object[] prepare(T record, Instant now) {
    Object[] values = mapper.values(record);
    Instant stamp = now.truncatedTo(ChronoUnit.MILLIS);
    for (Map.Entry<Field, Ids> g : generatedIds.entrySet()) {
      Field f = g.getKey();
      Object v = unwrap(f, values[f.index()]);
      if (v == null || "".equals(v)) {
        Object id = f.valueType() == UUID.class ? Ids.uuidV7() : g.getValue().next();
        values[f.index()] = wrap(f, id);
      }
    }
    for (Map.Entry<Field, Object> d : defaults.entrySet()) {
      Field f = d.getKey();
      if (unwrap(f, values[f.index()]) == null) {
        values[f.index()] = wrap(f, d.getValue());
      }
    }
    if (createdAt != null && unwrap(createdAt, values[createdAt.index()]) == null) {
      values[createdAt.index()] = wrap(createdAt, stamp);
    }
    if (updatedAt != null) {
      values[updatedAt.index()] = wrap(updatedAt, stamp);
    }
    rules.validateAll(values);
    return values;
  }

  /**
   * {@link #prepare} for a write that replaces the item at the record's key ({@code operation}: put, upsert),
   * refusing a record whose table key the library would complete ({@link KeyDrift#checkReplace}).
   */
  public Object[] prepareReplacing(T record, Instant now, String operation) {
    KeyDrift.checkReplace(this, mapper.values(record), operation);
    return prepare(record, now);
  }

  // ---- declared rules: see FieldRules

  /** The declared rules of {@code field} (none: empty). */
  public List<Rule> rules(Field field) {
    return rules.of(field);
  }

  /** The fields declared {@link Rule#readOnly()}. */
  public List<Field> readOnlyFields() {
    return rules.readOnly();
  }

  /** Checks a present value ({@code value} unwrapped; null passes) against {@code field}'s rules. */
  public void validate(Field field, Object value) {
    rules.validate(field, value);
  }

  public ValidationException refused(Field field, Rule r, Object value, String more) {
    return rules.refused(field, r, value, more);
  }

  /** The version in {@code values}: null for "new" (null, empty or 0). */
  public Long currentVersion(Object[] values) {
    Object v = unwrap(version, values[version.index()]);
    long n = v == null ? 0 : ((Number) v).longValue();
    return n == 0 ? null : n;
  }

  public void withVersion(Object[] values, long next) {
    Object boxed = version.valueType() == Integer.class ? (Object) Math.toIntExact(next) : (Object) next;
    values[version.index()] = wrap(version, boxed);
  }

  public T construct(Object[] values) {
    try {
      return mapper.construct(values);
    } catch (RuntimeException e) {
      throw new ValidationException("Entity " + name + ": the record's constructor refused the written values: "
          + e.getMessage(), name, null, e);
    }
  }

  /** The whole item: the fields, the type attribute, the table key and every index key that can be built. */
  public Map<String, AttributeValue> item(Object[] values) {
    Map<String, AttributeValue> item = encodeInto(values, new HashMap<>(mapper.fields().size() * 2 + 8));
    item.put(typeAttribute, typeValue);
    if (schema != null) {
      item.put(schema.attribute(), schemaValue);
    }
    putKey(tableKey, values, item, true);
    for (TemplateKey k : indexKeys.values()) {
      putKey(k, values, item, false);
    }
    return item;
  }

  /** The table key of the item {@code values} describe. */
  public Map<String, AttributeValue> key(Object[] values) {
    Map<String, AttributeValue> key = new HashMap<>(4);
    putKey(tableKey, values, key, true);
    return key;
  }

  private void putKey(TemplateKey k, Object[] values, Map<String, AttributeValue> out, boolean required) {
    Map<String, AttributeValue> key = indexKey(k, values);
    if (key == null) {
      if (required) {
        throw new ValidationException("Entity " + name + ": the " + k.shape().label() + " key cannot be built",
            name, null);
      }
      return; // sparse: an item whose index key fields are absent stays out of the index
    }
    out.putAll(key);
  }

  private String text(Object[] values, String placeholder) {
    Field f = mapper.field(placeholder);
    Object v = unwrap(f, values[f.index()]);
    return v == null ? null : f.codec().keyText(v);
  }

  // ---- keys from caller values: see CallerKeys

  /** The table key for {@code key}, which must give exactly the fields of the table key templates. */
  public Map<String, AttributeValue> key(Key key) {
    return keys.key(key);
  }

  void checkKeyFields(Key key, Set<String> used, String what) {
    keys.checkKeyFields(key, used, what);
  }

  /** {@code template} rendered with values from {@code key}; see {@link CallerKeys#render}. */
  public String render(Template template, Key key, boolean prefixOnly) {
    return keys.render(template, key, prefixOnly);
  }

  /** The table key fields of an item or key, read back from its key text; see {@link CallerKeys#keyFrom}. */
  public Key keyFrom(Map<String, AttributeValue> item) {
    return keys.keyFrom(item);
  }

  /** {@code value} as key text for {@code field}, checking its type. */
  public String keyText(String field, Object value) {
    return keys.keyText(field, value);
  }

  /** {@link Template#render}, a value its placeholder's format cannot take refused naming entity and field. */
  String renderText(Template template, java.util.function.Function<String, String> text, boolean prefixOnly) {
    try {
      return template.render(text, prefixOnly);
    } catch (RecordMapper.FieldException e) {
      throw new ValidationException("Entity " + name + ", field " + e.field() + ": " + e.getMessage(), name,
          e.field(), e);
    }
  }

  // ---- reads

  /** Decodes an item of this entity; {@code lenient} for projections, where absent fields become null or zero. */
  public T decode(Map<String, AttributeValue> item, boolean lenient) {
    return decode(item, lenient, null);
  }

  /** {@link #decode(Map, boolean)}; {@code notReturned} (or null): a field the read cannot return, absent: null. */
  public T decode(Map<String, AttributeValue> item, boolean lenient, Field notReturned) {
    try {
      return mapper.decodeRecord(upgrade(item), lenient, notReturned);
    } catch (RecordMapper.FieldException e) {
      throw new ModelException("Entity " + name + ", field " + e.field() + ": cannot decode item " + keyText(item)
          + ": " + e.getMessage(), name, e.field(), e);
    } catch (ModelException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ModelException("Entity " + name + ": cannot decode item " + keyText(item) + ": " + e.getMessage(),
          name, null, e);
    }
  }

  private String keyText(Map<String, AttributeValue> item) {
    AttributeValue pk = item.get(tableKey.shape().partitionKey());
    AttributeValue sk = tableKey.shape().sortKey() == null ? null : item.get(tableKey.shape().sortKey());
    return (pk == null ? "?" : pk.s()) + (sk == null ? "" : " / " + sk.s());
  }

  /** The attribute names of every key (table and index) this entity writes, for projections. */
  public void keyAttributes(List<String> out) {
    addShape(tableKey.shape(), out);
    for (TemplateKey k : indexKeys.values()) {
      addShape(k.shape(), out);
    }
  }

  private static void addShape(KeyShape s, List<String> out) {
    for (List<String> part : List.of(s.partitionKeys(), s.sortKeys())) {
      for (String a : part) {
        if (!out.contains(a)) {
          out.add(a);
        }
      }
    }
  }

  static Object unwrap(Field f, Object v) {
    return f.optional() && v != null ? ((Optional<?>) v).orElse(null) : v;
  }

  static Object wrap(Field f, Object v) {
    return f.optional() ? Optional.ofNullable(v) : v;
  }
}
