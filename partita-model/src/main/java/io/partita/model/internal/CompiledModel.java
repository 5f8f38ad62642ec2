package io.partita.model.internal;

import java.util.List;

import io.partita.model.TableSchema;

/** The checked model: entities and patterns in declaration order, and the entities' vector fields. Immutable. */
public record CompiledModel(TableSchema table, List<EntityModel<?>> entities, List<PatternModel> patterns,
    List<VectorBinding> vectors) {

  /** {@code entity}'s field bound to vector index {@code index}, or null when it binds none. */
  public VectorBinding vector(EntityModel<?> entity, String index) {
    for (VectorBinding v : vectors) {
      if (v.entity() == entity && v.index().name().equals(index)) {
        return v;
      }
    }
    return null;
  }
}
