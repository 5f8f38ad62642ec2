package io.partita.model;

import java.util.List;
import java.util.Objects;

/**
 * A typed condition on an entity's fields, named by record component: a query filter or a write condition.
 * Rendered to a DynamoDB expression with generated {@code #names} and {@code :values}; values are encoded by the
 * field's own mapping (an enum by name, an Instant as ISO-8601 text), never concatenated into the expression.
 * Field names are checked against the entities when the request is made.
 *
 * <pre>{@code
 * Condition.eq("published", true).and(Condition.beginsWith("title", "How"))
 * Condition.not(Condition.contains("tags", "draft"))
 * }</pre>
 */
public sealed interface Condition {

  /** Comparison operators, with their DynamoDB spelling. */
  enum Op {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  record Compare(String field, Op op, Object value) implements Condition {
    public Compare {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(value, "value (use notExists for absence)");
    }
  }

  record Between(String field, Object low, Object high) implements Condition {
    public Between {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(low, "low");
      Objects.requireNonNull(high, "high");
    }
  }

  record BeginsWith(String field, String prefix) implements Condition {
    public BeginsWith {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(prefix, "prefix");
    }
  }

  /** A substring of a String field, or an element of a Set or List field. */
  record Contains(String field, Object value) implements Condition {
    public Contains {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(value, "value");
    }
  }

  /** The field's attribute is present ({@code exists}) or absent. */
  record Exists(String field, boolean exists) implements Condition {
    public Exists {
      Objects.requireNonNull(field, "field");
    }
  }

  /** The item itself exists, or not: {@code attribute_exists} on the table's partition key. */
  record ItemExists(boolean exists) implements Condition {}

  record And(List<Condition> conditions) implements Condition {
    public And {
      conditions = List.copyOf(conditions);
    }
  }

  record Or(List<Condition> conditions) implements Condition {
    public Or {
      conditions = List.copyOf(conditions);
    }
  }

  record Not(Condition condition) implements Condition {
    public Not {
      Objects.requireNonNull(condition, "condition");
    }
  }

  static Condition eq(String field, Object value) {
    return new Compare(field, Op.EQ, value);
  }

  static Condition ne(String field, Object value) {
    return new Compare(field, Op.NE, value);
  }

  static Condition lt(String field, Object value) {
    return new Compare(field, Op.LT, value);
  }

  static Condition le(String field, Object value) {
    return new Compare(field, Op.LE, value);
  }

  static Condition gt(String field, Object value) {
    return new Compare(field, Op.GT, value);
  }

  static Condition ge(String field, Object value) {
    return new Compare(field, Op.GE, value);
  }

  static Condition between(String field, Object low, Object high) {
    return new Between(field, low, high);
  }

  static Condition beginsWith(String field, String prefix) {
    return new BeginsWith(field, prefix);
  }

  static Condition contains(String field, Object value) {
    return new Contains(field, value);
  }

  static Condition exists(String field) {
    return new Exists(field, true);
  }

  static Condition notExists(String field) {
    return new Exists(field, false);
  }

  /** {@link #eq(String, Object)} of a field named by its accessor: {@code eq(Post::published, true)}. */
  static <T extends Record, V> Condition eq(Field<T, V> field, V value) {
    return eq(field.name(), value);
  }

  static <T extends Record, V> Condition ne(Field<T, V> field, V value) {
    return ne(field.name(), value);
  }

  static <T extends Record, V extends Comparable<? super V>> Condition lt(Field<T, V> field, V value) {
    return lt(field.name(), value);
  }

  static <T extends Record, V extends Comparable<? super V>> Condition le(Field<T, V> field, V value) {
    return le(field.name(), value);
  }

  static <T extends Record, V extends Comparable<? super V>> Condition gt(Field<T, V> field, V value) {
    return gt(field.name(), value);
  }

  static <T extends Record, V extends Comparable<? super V>> Condition ge(Field<T, V> field, V value) {
    return ge(field.name(), value);
  }

  static <T extends Record, V extends Comparable<? super V>> Condition between(Field<T, V> field, V low, V high) {
    return between(field.name(), low, high);
  }

  static <T extends Record> Condition beginsWith(Field<T, String> field, String prefix) {
    return beginsWith(field.name(), prefix);
  }

  static <T extends Record> Condition exists(Field<T, ?> field) {
    return exists(field.name());
  }

  static <T extends Record> Condition notExists(Field<T, ?> field) {
    return notExists(field.name());
  }

  static Condition itemExists() {
    return new ItemExists(true);
  }

  static Condition itemNotExists() {
    return new ItemExists(false);
  }

  static Condition and(Condition... conditions) {
    return new And(List.of(conditions));
  }

  static Condition or(Condition... conditions) {
    return new Or(List.of(conditions));
  }

  static Condition not(Condition condition) {
    return new Not(condition);
  }

  default Condition and(Condition other) {
    return new And(List.of(this, other));
  }

  default Condition or(Condition other) {
    return new Or(List.of(this, other));
  }

  default Condition negate() {
    return new Not(this);
  }
}
