package io.partita.model.internal;

import java.util.Map;

import io.partita.model.VectorIndex;
import io.partita.model.internal.RecordMapper.Field;

/**
 * An entity's field bound to a vector index, as the model checked it: what a search of the index for the entity
 * needs to build its request and decode its answer.
 *
 * @param index the vector index
 * @param entity the entity whose items the index holds by {@code vector}
 * @param vector the bound field (float[] or List&lt;Float&gt;, maybe Optional), stored as the index's attribute
 * @param partitionField the field stored as the index's partition key, or null
 * @param partitionTemplate the entity's key template for the index's partition key when no field is stored as it
 *     (a key attribute the entity writes), or null
 * @param filters the entity's fields stored as inline filter attributes of the index, by field name
 */
public record VectorBinding(VectorIndex index, EntityModel<?> entity, Field vector, Field partitionField,
    Template partitionTemplate, Map<String, Field> filters) {
  public VectorBinding {
    filters = Map.copyOf(filters);
  }
}
