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
    boolean getItem,
    List<SortOp> sortOps,
    List<Template> partitions,
    List<Template> sorts) {

  /** Whether a query with sort condition {@code op} (null: none) names one whole table key: a GetItem. */
  static boolean getItem(KeyShape shape, SortOp op) {
    return shape.isTable() && (op == SortOp.EQ || (op == null && shape.sortKey() == null));
  }

  /** The fields the partition templates use. */
  public List<String> partitionFields() {
    List<String> out = new java.util.ArrayList<>();
    partitions.forEach(t -> t.fields().stream().filter(f -> !out.contains(f)).forEach(out::add));
    return out;
  }

  /** The fields the sort templates use. */
  public List<String> sortFields() {
    List<String> out = new java.util.ArrayList<>();
    sorts.forEach(t -> t.fields().stream().filter(f -> !out.contains(f)).forEach(out::add));
    return out;
  }

  /**
   * The condition a query uses: {@code asked} when the pattern declares it, its default when nothing was asked.
   *
   * @throws io.partita.model.ValidationException when the pattern does not declare {@code asked}
   */
  public SortOp sortOp(SortOp asked) {
    if (asked == null || asked == sortOp) {
      return sortOp;
    }
    if (!sortOps.contains(asked)) {
      throw new io.partita.model.ValidationException("Access pattern '" + name() + "' does not allow sort operator "
          + asked + (sortOps.isEmpty() ? "; it has no sort key condition" : "; it declares " + sortOps), null, null);
    }
    return asked;
  }

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
