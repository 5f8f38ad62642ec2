package io.partita.model.migrate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The condition a dual-write window sends with a write: the caller's own, and when the window read the item first
 * ({@code guarded}), the guard that it is still the item read, so the answer built from that read is true.
 */
record WindowCondition(String expression, Map<String, String> names, Map<String, AttributeValue> values,
    boolean guarded) {
  /** The window's own placeholders in conditions it adds to the caller's (the model's own are #n/:v). */
  static final String PREFIX = "dw";

  /**
   * The caller's condition ({@code callers} with its placeholders, each may be null), and with {@code guard} the
   * guard that the item is still {@code before} (null: that there is none; {@code partitionKey} names the check).
   */
  static WindowCondition of(String callers, Map<String, String> names, Map<String, AttributeValue> values,
      boolean guard, Map<String, AttributeValue> before, String partitionKey) {
    Map<String, String> n = new HashMap<>(names == null ? Map.of() : names);
    Map<String, AttributeValue> v = new HashMap<>(values == null ? Map.of() : values);
    String expression = callers == null ? "" : callers;
    if (guard) {
      for (String name : n.keySet()) {
        if (name.startsWith("#" + PREFIX)) {
          throw new IllegalArgumentException("the dual-write window adds conditions with placeholders #" + PREFIX
              + "N and :" + PREFIX + "N: the request's own " + name + " would be taken for one");
        }
      }
      String unchanged = before == null
          ? "attribute_not_exists(#" + PREFIX + "k)"
          : StoredItems.unchanged(before, List.of(), n, v, PREFIX);
      if (before == null) {
        n.put("#" + PREFIX + "k", partitionKey);
      }
      expression = expression.isEmpty() ? unchanged : "(" + expression + ") AND " + unchanged;
    }
    return new WindowCondition(expression, n, v, guard);
  }

  String expressionOrNull() {
    return expression.isEmpty() ? null : expression;
  }

  Map<String, String> namesOrNull() {
    return names.isEmpty() ? null : names;
  }

  Map<String, AttributeValue> valuesOrNull() {
    return values.isEmpty() ? null : values;
  }
}
