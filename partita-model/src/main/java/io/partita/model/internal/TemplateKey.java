package io.partita.model.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The templates of one key (table or index), one per key attribute of {@code shape}: one partition and at most one
 * sort template, or for a multi-attribute GSI key up to four of each.
 */
public record TemplateKey(KeyShape shape, List<Template> partitions, List<Template> sorts) {
  public TemplateKey {
    partitions = List.copyOf(partitions);
    sorts = List.copyOf(sorts);
  }

  public TemplateKey(KeyShape shape, Template partition, Template sort) {
    this(shape, List.of(partition), sort == null ? List.of() : List.of(sort));
  }

  /** The (first) partition template. */
  public Template partition() {
    return partitions.get(0);
  }

  /** The (first) sort template, or null. */
  public Template sort() {
    return sorts.isEmpty() ? null : sorts.get(0);
  }

  /** Every template with its attribute, partition first. */
  public Map<String, Template> byAttribute() {
    Map<String, Template> out = new LinkedHashMap<>();
    for (int i = 0; i < partitions.size(); i++) {
      out.put(shape.partitionKeys().get(i), partitions.get(i));
    }
    for (int i = 0; i < sorts.size(); i++) {
      out.put(shape.sortKeys().get(i), sorts.get(i));
    }
    return out;
  }
}
