package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.partita.model.Rule;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;

/** An entity's declared rules by field, and the checks of whole values against them (a write's record, a set). */
final class FieldRules {
  private final String name;
  private final Map<Field, List<Rule>> rules;

  FieldRules(String name, Map<Field, List<Rule>> rules) {
    this.name = name;
    this.rules = Map.copyOf(rules);
  }

  /** The declared rules of {@code field} (none: empty). */
  List<Rule> of(Field field) {
    return rules.getOrDefault(field, List.of());
  }

  /** The fields declared {@link Rule#readOnly()}. */
  List<Field> readOnly() {
    List<Field> out = new ArrayList<>();
    rules.forEach((f, list) -> {
      if (list.stream().anyMatch(r -> r.kind() == Rule.Kind.READ_ONLY)) {
        out.add(f);
      }
    });
    return out;
  }

  /** Checks a present value ({@code value} unwrapped; null passes) against {@code field}'s rules. */
  void validate(Field field, Object value) {
    if (value == null) {
      return;
    }
    for (Rule r : of(field)) {
      boolean ok;
      try {
        ok = r.test(value);
      } catch (RuntimeException e) {
        throw refused(field, r, value, ": the check threw " + e);
      }
      if (!ok) {
        throw refused(field, r, value, "");
      }
    }
  }

  ValidationException refused(Field field, Rule r, Object value, String more) {
    String shown = value instanceof String s ? "'" + s + "'" : value instanceof float[] a ? "a float[" + a.length + "]"
        : value instanceof java.util.Collection<?> c && c.size() > 16 ? "[" + c.size() + " elements]"
        : String.valueOf(value); // a vector of 768 numbers is not a message
    return new ValidationException("Entity " + name + ", field " + field.name() + ": " + shown + " breaks rule '"
        + r + "'" + more, name, field.name(), r);
  }

  /** Every rule checked on the record {@code values} describe (a present value only). */
  void validateAll(Object[] values) {
    for (Map.Entry<Field, List<Rule>> r : rules.entrySet()) {
      validate(r.getKey(), EntityModel.unwrap(r.getKey(), values[r.getKey().index()]));
    }
  }
}
