package io.partita.model;

import java.io.Serializable;
import java.util.function.Function;

/**
 * A record component named by its accessor, {@code Post::title}, where the API otherwise takes a
 * field name: the compiler then checks that the field exists and that the value given for it has
 * its type ({@code update.set(Post::title, "Hello")}, {@code Condition.eq(Post::published, true)},
 * {@code Key.of(User::username, "alice")}).
 *
 * <p>Only a method reference to a record's own accessor names a field; a lambda or any other
 * method is refused with a {@link ValidationException} when first used. The name is worked out
 * once per method reference (from its serialized form) and cached.
 *
 * @param <T> the record
 * @param <V> the field's type
 */
@FunctionalInterface
public interface Field<T extends Record, V> extends Function<T, V>, Serializable {
  /** The record component's name. */
  default String name() {
    return io.partita.model.internal.FieldNames.of(this);
  }
}
