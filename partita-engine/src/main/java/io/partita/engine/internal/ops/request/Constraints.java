package io.partita.engine.internal.ops.request;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects an operation's own constraint violations (those the API model does not declare, such as
 * CreateTable's key schema of at most two elements) and reports them all at once, in the form
 * {@link ApiConstraints} uses for the declared ones.
 */
public final class Constraints {
  private final List<String> errors = new ArrayList<>();

  public static Constraints check() {
    return new Constraints();
  }

  public Constraints notNull(String member) {
    errors.add("Value null at '" + member + "' failed to satisfy constraint: Member must not be null");
    return this;
  }

  public Constraints custom(String message) {
    errors.add(message);
    return this;
  }

  public void done() {
    ApiConstraints.report(errors);
  }
}
