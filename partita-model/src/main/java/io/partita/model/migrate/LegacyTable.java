package io.partita.model.migrate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.partita.model.ModelException;
import io.partita.model.internal.Codecs;
import io.partita.model.internal.RecordMapper;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table of the multi-table design being left (guide 002 §10): its items are records of one type, stored one
 * attribute per record component (the component's name, or its {@link io.partita.model.Attr @Attr} name), keyed by
 * the table's own key attributes, with no type attribute. It is the source of a {@link Migration#copy copy} into
 * the single table and the second target of a {@link DualWrite#alsoTo cross-table dual write}.
 *
 * <pre>{@code
 * record LegacyOrder(String orderId, String customerId, Instant createdAt, long totalCents) {}
 * LegacyTable<LegacyOrder> orders = LegacyTable.of("Orders", LegacyOrder.class, "orderId");
 * }</pre>
 *
 * <p>An item is recognised as the record by its table — every item of the table, by default — or by a rule on its
 * attributes ({@link #recognisedBy}) when the old table held several kinds. An item the table holds that is not
 * recognised, or does not decode (a missing required attribute, a value of another type), is a {@link
 * ModelException} naming the table, the item's key and the reason: never an empty result, never skipped.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class LegacyTable<L extends Record> {
  private final String name;
  private final Class<L> type;
  private final RecordMapper<L> mapper;
  private final List<String> keyAttributes;
  private final Predicate<Map<String, AttributeValue>> recognised;
  private final String rule;

  private LegacyTable(String name, Class<L> type, RecordMapper<L> mapper, List<String> keyAttributes,
      Predicate<Map<String, AttributeValue>> recognised, String rule) {
    this.name = name;
    this.type = type;
    this.mapper = mapper;
    this.keyAttributes = keyAttributes;
    this.recognised = recognised;
    this.rule = rule;
  }

  /**
   * The table {@code name}, keyed by the record components {@code keyComponents} (its partition key, then its sort
   * key if it has one), each a String, a number or a byte array as the table's key attributes are.
   *
   * @throws IllegalArgumentException when a key component is not a component of {@code type}, or of a type a key
   *     attribute cannot hold, or the record cannot be mapped
   */
  public static <L extends Record> LegacyTable<L> of(String name, Class<L> type, String... keyComponents) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (keyComponents.length < 1 || keyComponents.length > 2) {
      throw new IllegalArgumentException("a table key has a partition key and at most a sort key, not "
          + keyComponents.length + " attributes");
    }
    RecordMapper<L> mapper;
    try {
      mapper = RecordMapper.forEntity(type, new Codecs(), Map.of(), Set.of());
    } catch (RecordMapper.FieldException e) {
      throw new IllegalArgumentException("legacy table " + name + ": " + type.getSimpleName() + "." + e.field() + " "
          + e.getMessage(), e);
    }
    String[] stored = new String[keyComponents.length];
    for (int i = 0; i < keyComponents.length; i++) {
      RecordMapper.Field f = mapper.field(keyComponents[i]);
      if (f == null) {
        throw new IllegalArgumentException("legacy table " + name + ": " + type.getSimpleName() + " has no component "
            + keyComponents[i] + " to key it by");
      }
      if (f.optional() || !keyType(f.valueType())) {
        throw new IllegalArgumentException("legacy table " + name + ": key component " + type.getSimpleName() + "."
            + f.name() + " must be a String, a number or a byte[], as a key attribute is, not " + f.type().getTypeName());
      }
      stored[i] = f.stored();
    }
    return new LegacyTable<>(name, type, mapper, List.of(stored), item -> true, "every item of the table");
  }

  private static boolean keyType(Class<?> c) {
    return c == String.class || c == byte[].class || c == int.class || c == long.class || c == Integer.class
        || c == Long.class || c == BigDecimal.class || c == BigInteger.class || c == short.class || c == Short.class;
  }

  /**
   * Only the items that {@code rule} accepts are records of this type (an old table that held several kinds,
   * told apart by a key prefix or an attribute); {@code description} says the rule in the error an other item gets.
   */
  public LegacyTable<L> recognisedBy(String description, Predicate<Map<String, AttributeValue>> rule) {
    return new LegacyTable<>(name, type, mapper, keyAttributes, Objects.requireNonNull(rule, "rule"),
        Objects.requireNonNull(description, "description"));
  }

  /** The table's name. */
  public String name() {
    return name;
  }

  /** The record type of its items. */
  public Class<L> type() {
    return type;
  }

  /** The stored names of its key attributes: the partition key, then the sort key if any. */
  public List<String> keyAttributes() {
    return keyAttributes;
  }

  /**
   * The record {@code item} of this table stores.
   *
   * @throws ModelException when the item is not recognised as one, or does not decode, saying which and why
   */
  public L decode(Map<String, AttributeValue> item) {
    if (!recognised.test(item)) {
      throw new ModelException("item " + keyOf(item) + " of legacy table " + name + " is not a "
          + type.getSimpleName() + ": it does not match " + rule, type.getSimpleName(), null);
    }
    try {
      return mapper.decodeRecord(item, false);
    } catch (RecordMapper.FieldException e) {
      throw new ModelException("item " + keyOf(item) + " of legacy table " + name + " does not decode as "
          + type.getSimpleName() + ": " + e.field() + " " + e.getMessage(), type.getSimpleName(), e.field(), e);
    } catch (RuntimeException e) {
      // the record's own constructor refused the values
      throw new ModelException("item " + keyOf(item) + " of legacy table " + name + " does not make a "
          + type.getSimpleName() + ": " + e, type.getSimpleName(), null, e);
    }
  }

  /** The item this table stores for {@code record}. */
  public Map<String, AttributeValue> encode(L record) {
    Map<String, AttributeValue> out = new HashMap<>();
    try {
      mapper.encodeValues(mapper.values(Objects.requireNonNull(record, "record")), out);
    } catch (RecordMapper.FieldException e) {
      throw new ModelException("legacy table " + name + ": " + type.getSimpleName() + "." + e.field() + " "
          + e.getMessage(), type.getSimpleName(), e.field(), e);
    }
    return out;
  }

  /** The table key of {@code item}: its key attributes. */
  public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    for (String k : keyAttributes) {
      AttributeValue v = item.get(k);
      if (v != null) {
        key.put(k, v);
      }
    }
    return key;
  }

  /**
   * The table key of the record whose key components have {@code values} (by component name): how a window finds
   * the legacy item of a new-table key whose item it has not read.
   *
   * @throws ModelException when a key component has no value there, or one of another type
   */
  Map<String, AttributeValue> keyOfValues(Map<String, Object> values) {
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    for (RecordMapper.Field f : mapper.fields()) {
      if (!keyAttributes.contains(f.stored())) {
        continue;
      }
      Object v = values.get(f.name());
      if (v == null || !f.valueType().isInstance(v)) {
        throw new ModelException("legacy table " + name + ": the key of the new table's item gives "
            + (v == null ? "no " + f.name() : f.name() + " as a " + v.getClass().getSimpleName()) + ", where the legacy key "
            + "needs a " + f.valueType().getSimpleName() + " " + f.name(), type.getSimpleName(), f.name());
      }
      key.put(f.stored(), f.codec().encode(v));
    }
    return key;
  }

  /**
   * The record stored at {@code key}, read consistently; empty when there is no item there.
   *
   * @throws ModelException when there is one that is not such a record
   */
  public Optional<L> get(DynamoDbClient dynamo, Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item = dynamo.getItem(g -> g.tableName(name).key(key).consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(decode(item));
  }

  @Override
  public String toString() {
    return "LegacyTable[" + name + ", " + type.getSimpleName() + " by " + keyAttributes + "]";
  }
}
