package io.partita.engine.ops;

import io.partita.engine.PartitaException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Collects violations of the API's declared member constraints and reports them all at once, in
 * DynamoDB's form: {@code 1 validation error detected: Value 'x' at 'tableName' failed to satisfy
 * constraint: Member must have length greater than or equal to 3}.
 */
final class Constraints {
  private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]+");
  private final List<String> errors = new ArrayList<>();

  static Constraints check() {
    return new Constraints();
  }

  Constraints tableName(String name, String member) {
    if (name == null) {
      return notNull(member);
    }
    if (name.length() < 3) {
      errors.add(value(name, member) + "Member must have length greater than or equal to 3");
    }
    if (name.length() > 255) {
      errors.add(value(name, member) + "Member must have length less than or equal to 255");
    }
    if (!TABLE_NAME.matcher(name).matches()) {
      errors.add(value(name, member) + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
    }
    return this;
  }

  Constraints notNull(Object v, String member) {
    return v == null ? notNull(member) : this;
  }

  Constraints notNull(String member) {
    errors.add("Value null at '" + member + "' failed to satisfy constraint: Member must not be null");
    return this;
  }

  Constraints range(Long v, long min, long max, String member) {
    if (v != null && v < min) {
      errors.add(value(v, member) + "Member must have value greater than or equal to " + min);
    } else if (v != null && v > max) {
      errors.add(value(v, member) + "Member must have value less than or equal to " + max);
    }
    return this;
  }

  /** For an enum parameter given a value the SDK did not recognise. */
  Constraints oneOf(String raw, boolean unknown, String member, String allowed) {
    if (unknown) {
      errors.add(value(raw, member) + "Member must satisfy enum value set: " + allowed);
    }
    return this;
  }

  Constraints custom(String message) {
    errors.add(message);
    return this;
  }

  void done() {
    if (errors.isEmpty()) {
      return;
    }
    int n = errors.size();
    throw PartitaException.validation(
        n + " validation error" + (n == 1 ? "" : "s") + " detected: " + String.join("; ", errors));
  }

  private static String value(Object v, String member) {
    return "Value '" + v + "' at '" + member + "' failed to satisfy constraint: ";
  }
}
