package io.partita.model.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.partita.model.ModelException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item brought to an entity's current schema version: the upgrade steps from its stored version (1 when it has
 * none) run in order. Apart from {@link EntityModel} because it is the one place that runs caller code on a read.
 */
final class SchemaUpgrade {
  private SchemaUpgrade() {}

  /**
   * {@code item} in the current shape; {@code where} names the item in a message.
   *
   * @throws ModelException when the item is of a newer version than this code knows, or a step fails
   */
  static Map<String, AttributeValue> upgrade(String name, EntityModel.Schema schema, AttributeValue schemaValue,
      Map<String, AttributeValue> item, Supplier<String> where) {
    AttributeValue stored = item.get(schema.attribute());
    int from;
    try {
      from = stored == null ? 1 : Integer.parseInt(stored.n());
    } catch (RuntimeException e) {
      throw new ModelException("Entity " + name + ": item " + where.get() + " has schema version " + stored
          + ", not a whole number", name, null, e);
    }
    if (from == schema.version()) {
      return item;
    }
    if (from > schema.version()) {
      throw new ModelException("Entity " + name + ": item " + where.get() + " is of schema version " + from
          + ", newer than this model's " + schema.version() + ": it was written by newer code", name, null);
    }
    Map<String, AttributeValue> current = new HashMap<>(item);
    for (int v = from; v < schema.version(); v++) {
      try {
        current = new HashMap<>(java.util.Objects.requireNonNull(schema.upgrades().get(v).apply(current),
            "the step returned null"));
      } catch (RuntimeException e) {
        throw new ModelException("Entity " + name + ": the upgrade of item " + where.get() + " from version " + v
            + " to " + (v + 1) + " failed: " + e.getMessage(), name, null, e);
      }
    }
    current.put(schema.attribute(), schemaValue);
    return current;
  }
}
