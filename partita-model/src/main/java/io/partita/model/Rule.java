package io.partita.model;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import io.partita.model.internal.Numbers;

/**
 * A declarative check on one field of an entity ({@link Entity#validate}), run before anything is sent: on the
 * record of a create, put, upsert, batch put or transaction write, and on the values an update sets. A refused value
 * is a {@link ValidationException} naming the entity, the field and the rule. Rules check present values; an empty
 * Optional passes every rule (required fields are required by their type already).
 *
 * <pre>{@code
 * Entity.of(Product.class).key("PRODUCT#{sku}", "PRODUCT")
 *     .validate("sku", Rule.pattern("[A-Z]{3}-\\d{4}"))
 *     .validate("stock", Rule.min(0))
 *     .validate("currency", Rule.oneOf("EUR", "USD"))
 *     .validate("name", Rule.notBlank()).validate("name", Rule.maxLength(80))
 *     .validate("createdBy", Rule.readOnly())
 *     .validate("discount", Rule.check((BigDecimal d) -> d.scale() <= 2, "has at most two decimals"));
 * }</pre>
 *
 * Immutable.
 */
public final class Rule {

  /** What a rule is, for messages and for the checks {@link Model.Builder#build()} makes. */
  public enum Kind { PATTERN, MIN, MAX, ONE_OF, NOT_BLANK, MAX_LENGTH, READ_ONLY, CHECK }

  private final Kind kind;
  private final String description;
  private final Predicate<Object> test;
  private final Object bound;

  private Rule(Kind kind, String description, Predicate<Object> test, Object bound) {
    this.kind = kind;
    this.description = description;
    this.test = test;
    this.bound = bound;
  }

  /** The whole text (a String, or an enum's name) matches {@code regex}. */
  public static Rule pattern(String regex) {
    Pattern p = Pattern.compile(Objects.requireNonNull(regex, "regex"));
    return new Rule(Kind.PATTERN, "pattern " + regex, v -> p.matcher(text(v)).matches(), p);
  }

  /** A number at least {@code min} (compared exactly, whatever the field's number type). */
  public static Rule min(Number min) {
    BigDecimal b = Numbers.exact(Objects.requireNonNull(min, "min"));
    return new Rule(Kind.MIN, "min " + min, v -> Numbers.exact((Number) v).compareTo(b) >= 0, b);
  }

  /** A number at most {@code max}. */
  public static Rule max(Number max) {
    BigDecimal b = Numbers.exact(Objects.requireNonNull(max, "max"));
    return new Rule(Kind.MAX, "max " + max, v -> Numbers.exact((Number) v).compareTo(b) <= 0, b);
  }

  /** One of {@code allowed}: strings, numbers (compared exactly) or enum constants. */
  public static Rule oneOf(Object... allowed) {
    List<Object> values = List.of(allowed);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("oneOf needs at least one allowed value");
    }
    return new Rule(Kind.ONE_OF, "one of " + values, v -> {
      for (Object a : values) {
        if (a.equals(v) || (a instanceof Number n && v instanceof Number m
            && Numbers.exact(n).compareTo(Numbers.exact(m)) == 0)) {
          return true;
        }
      }
      return false;
    }, Set.copyOf(values));
  }

  /** Text with at least one character that is not white space. */
  public static Rule notBlank() {
    return new Rule(Kind.NOT_BLANK, "not blank", v -> !text(v).isBlank(), null);
  }

  /** Text of at most {@code max} characters, or a list, set or map of at most {@code max} elements. */
  public static Rule maxLength(int max) {
    return new Rule(Kind.MAX_LENGTH, "max length " + max, v -> length(v) <= max, max);
  }

  /**
   * Written by create and never changed after: an update that sets (or removes) the field is refused, and so is a
   * put or upsert whose value differs from the stored one (read, consistently, just before the write).
   */
  public static Rule readOnly() {
    return new Rule(Kind.READ_ONLY, "read-only after create", v -> true, null);
  }

  /**
   * A custom check: {@code predicate} gets the field's value (the record component's type, unwrapped from an
   * Optional) and {@code message} says what it requires ("is a working day").
   */
  @SuppressWarnings("unchecked")
  public static <V> Rule check(Predicate<V> predicate, String message) {
    Objects.requireNonNull(predicate, "predicate");
    return new Rule(Kind.CHECK, Objects.requireNonNull(message, "message"), v -> predicate.test((V) v), null);
  }

  public Kind kind() {
    return kind;
  }

  /** The bound of MIN and MAX (a BigDecimal), of MAX_LENGTH (an Integer), the values of ONE_OF; else null. */
  public Object bound() {
    return bound;
  }

  /** Whether {@code value} (present, unwrapped) passes. */
  public boolean test(Object value) {
    return test.test(value);
  }

  private static String text(Object v) {
    return v instanceof Enum<?> e ? e.name() : (String) v;
  }

  private static int length(Object v) {
    if (v instanceof Collection<?> c) {
      return c.size();
    }
    return v instanceof Map<?, ?> m ? m.size() : ((String) v).length();
  }

  @Override
  public String toString() {
    return description;
  }
}
