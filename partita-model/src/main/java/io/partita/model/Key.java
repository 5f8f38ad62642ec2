package io.partita.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Values for the fields of key templates, by record component name: {@code Key.of("username", "alice")}. Values
 * have the component's Java type ({@code Instant} for an Instant field, an enum constant for an enum field). A key
 * naming a field no template uses is refused, which catches typos. Immutable.
 */
public final class Key {
  private final Map<String, Object> values;

  private Key(Map<String, Object> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** No values: for constant templates. */
  public static Key empty() {
    return new Key(new LinkedHashMap<>());
  }

  public static Key of(String field, Object value) {
    return empty().and(field, value);
  }

  public static Key of(String field1, Object value1, String field2, Object value2) {
    return of(field1, value1).and(field2, value2);
  }

  public static Key of(String field1, Object value1, String field2, Object value2, String field3, Object value3) {
    return of(field1, value1, field2, value2).and(field3, value3);
  }

  /** A key of one field named by its accessor: {@code Key.of(User::username, "alice")}. */
  public static <T extends Record, V> Key of(Field<T, V> field, V value) {
    return of(field.name(), value);
  }

  /** A key of two fields named by their accessors. */
  public static <T extends Record, V, W> Key of(Field<T, V> field1, V value1, Field<T, W> field2, W value2) {
    return of(field1.name(), value1, field2.name(), value2);
  }

  /** This key plus one more value, of a field named by its accessor. */
  public <T extends Record, V> Key and(Field<T, V> field, V value) {
    return and(field.name(), value);
  }

  /** This key plus one more value. */
  public Key and(String field, Object value) {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, () -> "value of " + field);
    Map<String, Object> copy = new LinkedHashMap<>(values);
    copy.put(field, value);
    return new Key(copy);
  }

  public Map<String, Object> values() {
    return values;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Key k && k.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return "Key" + values;
  }
}
