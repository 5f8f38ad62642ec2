package io.partita.model.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.partita.model.AccessPattern;
import io.partita.model.AccessPattern.SortOp;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;
import io.partita.model.internal.RecordMapper.Field;

/**
 * Compiles an access pattern against the table and the entities it returns: its key (the table's or an index's),
 * its templates parsed and checked to be the entities' own, and an index that projects every field it returns.
 */
final class PatternCompiler {
  private final TableSchema table;

  PatternCompiler(TableSchema table) {
    this.table = table;
  }

  /**
   * A pattern reads whole records, so an index that does not project every field of an entity the pattern returns
   * cannot serve it (decoding what is there would make a required field null): refused, naming the field.
   */
  private void checkProjected(String label, TableSchema.Index index, List<EntityModel<?>> entities) {
    if (index.projection().type() == software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL) {
      return;
    }
    Set<String> keys = new HashSet<>(List.of(table.partitionKey()));
    table.sortKey().ifPresent(keys::add);
    keys.addAll(index.partitionKeys());
    keys.addAll(index.sortKeys());
    for (EntityModel<?> e : entities) {
      for (Field f : e.mapper().fields()) {
        if (!index.projects(f.stored(), keys)) {
          throw new ModelException(label + ", entity " + e.name() + ", field " + f.name() + ": index "
              + index.name() + " projects " + index.projection().type()
              + (index.projection().nonKeyAttributes().isEmpty() ? "" : " " + index.projection().nonKeyAttributes())
              + ", not " + f.stored() + "; a pattern returns whole records, so project it (INCLUDE it, or ALL)",
              e.name(), f.name());
        }
      }
    }
  }

  PatternModel pattern(AccessPattern<?> p, List<EntityModel<?>> entities) {
    String label = "Access pattern '" + p.name() + "'";
    KeyShape shape;
    if (p.index().isPresent()) {
      TableSchema.Index index = table.indexes().get(p.index().get());
      if (index == null) {
        throw new ModelException(label + ": index " + p.index().get() + " is not an index of table "
            + table.name() + " (it has " + table.indexes().keySet() + ")");
      }
      shape = new KeyShape(index.name(), index.partitionKeys(), index.sortKeys(), index.local());
      checkProjected(label, index, entities);
    } else {
      shape = new KeyShape(null, table.partitionKey(), table.sortKey().orElse(null));
    }
    List<Template> partitions = new ArrayList<>();
    List<Template> sorts = new ArrayList<>();
    try {
      for (String t : p.partitionTemplates()) {
        partitions.add(Template.parse(t));
      }
      for (String t : p.sortTemplates()) {
        sorts.add(Template.parse(t));
      }
    } catch (IllegalArgumentException e) {
      throw new ModelException(label + ": a template cannot be parsed: " + e.getMessage());
    }
    if (partitions.size() != shape.partitionKeys().size()) {
      // DynamoDB compares every partition key attribute with =: a query names them all
      throw new ModelException(label + ": the " + shape.label() + " has partition key " + shape.partitionKeys()
          + "; give one partition template per attribute, not " + partitions.size());
    }
    Template partition = partitions.get(0);
    Template sort = sorts.isEmpty() ? null : sorts.get(sorts.size() - 1);
    SortOp op = p.sortOp().orElse(null);
    if (op != null && shape.sortKey() == null) {
      throw new ModelException(label + ": the " + shape.label() + " has no sort key for a " + op + " condition");
    }
    if (sorts.size() > shape.sortKeys().size()) {
      throw new ModelException(label + ": the " + shape.label() + " has sort key " + shape.sortKeys() + "; "
          + sorts.size() + " sort templates are too many");
    }
    // the condition applies to the last sort attribute used; those before it are compared with =
    String sortAttribute = sort == null ? null : shape.sortKeys().get(sorts.size() - 1);
    List<SortOp> ops = p.sortOps();
    for (EntityModel<?> e : entities) {
      checkEntity(label, p, e, shape, partitions, sorts, sortAttribute);
    }
    return new PatternModel(p, shape, partition, op, sort, List.copyOf(entities), PatternModel.getItem(shape, op),
        ops, partitions, sorts);
  }

  /** The pattern's templates are the entity's own on that key: equal, or (the last sort template) a leading part. */
  private static void checkEntity(String label, AccessPattern<?> p, EntityModel<?> e, KeyShape shape,
      List<Template> partitions, List<Template> sorts, String sortAttribute) {
    Template sort = sorts.isEmpty() ? null : sorts.get(sorts.size() - 1);
    List<SortOp> ops = p.sortOps();
    String who = label + ", entity " + e.name();
    if (!p.resultType().isAssignableFrom(e.type())) {
      throw new ModelException(who + ": record " + e.type().getSimpleName() + " is not a "
          + p.resultType().getSimpleName(), e.name(), null);
    }
    TemplateKey k = e.keyOn(shape.index());
    if (k == null) {
      throw new ModelException(who + ": the entity has no key on " + shape.label()
          + ", so the pattern would need a Scan", e.name(), null);
    }
    for (int i = 0; i < partitions.size(); i++) {
      Template t = partitions.get(i);
      if (!t.sameAs(k.partitions().get(i))) {
        throw new ModelException(who + ": partition template '" + t + "' is not the entity's "
            + shape.partitionKeys().get(i) + " template '" + k.partitions().get(i) + "' on " + shape.label(),
            e.name(), t.fields().isEmpty() ? null : t.fields().get(0));
      }
    }
    for (int i = 0; i < sorts.size() - 1; i++) {
      if (!sorts.get(i).sameAs(k.sorts().get(i))) {
        throw new ModelException(who + ": sort template '" + sorts.get(i) + "' (compared with =) is not the"
            + " entity's " + shape.sortKeys().get(i) + " template '" + k.sorts().get(i) + "'", e.name(), null);
      }
    }
    Template entitySort = sort == null ? null : k.sorts().get(sorts.size() - 1);
    if (ops.contains(SortOp.EQ) && !sort.sameAs(entitySort)) {
      throw new ModelException(who + ": EQ sort template '" + sort + "' is not the entity's "
          + sortAttribute + " template '" + entitySort + "'", e.name(), null);
    }
    for (SortOp other : ops) {
      if (other != SortOp.EQ && !sort.isPrefixOf(entitySort)) {
        throw new ModelException(who + ": " + other + " sort template '" + sort + "' is not a leading part of the"
            + " entity's " + sortAttribute + " template '" + entitySort + "'", e.name(), null);
      }
    }
  }
}
