package io.partita.engine.ops;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects an operation's own constraint violations (those the API model does not declare, such as
 * CreateTable's key schema of at most two elements) and reports them all at once, in the form
 * {@link ApiConstraints} uses for the declared ones.
 */
final class Constraints {
  private final List<String> errors = new ArrayList<>();

  static Constraints check() {
    return new Constraints();
  }

  Constraints notNull(String member) {
    errors.add("Value null at '" + member + "' failed to satisfy constraint: Member must not be null");
    return this;
  }

  Constraints custom(String message) {
    errors.add(message);
    return this;
  }

  void done() {
    ApiConstraints.report(errors);
  }
}
