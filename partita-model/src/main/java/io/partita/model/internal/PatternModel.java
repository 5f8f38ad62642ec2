package io.partita.model.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.partita.model.AccessPattern;
import io.partita.model.AccessPattern.SortOp;

/**
 * An access pattern after the model checked it against the table and its entities. {@code getItem} when the
 * pattern names one whole table key (EQ on the sort key, or a table without one). Immutable.
 */
public record PatternModel(
    AccessPattern<?> pattern,
    KeyShape shape,
    Template partition,
    SortOp sortOp,
    Template sort,
    List<EntityModel<?>> entities,
    boolean getItem) {

  public String name() {
    return pattern.name();
  }

  /** The entity whose fields type the key values (the templates are the same for every returned entity). */
  public EntityModel<?> keyEntity() {
    return entities.get(0);
  }

  public Map<String, EntityModel<?>> byTypeName() {
    Map<String, EntityModel<?>> out = new HashMap<>();
    for (EntityModel<?> e : entities) {
      out.put(e.name(), e);
    }
    return out;
  }
}
