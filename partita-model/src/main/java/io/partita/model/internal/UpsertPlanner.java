package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the UpdateItem that writes a record whole but keeps createdAt when the item exists: a put cannot keep a
 * stored value, an UpdateItem with {@code if_not_exists} can. It may create the item, but not take another entity's.
 */
final class UpsertPlanner<T> {
  private final EntityOps<T> ops;
  private final EntityModel<T> entity;

  UpsertPlanner(EntityOps<T> ops) {
    this.ops = ops;
    this.entity = ops.entity();
  }

  UpsertCommand plan(T record, EntityOps.Reads reads) {
    Object[] values = entity.prepareReplacing(record, ops.clock().instant(), "upsert");
    new RuleChecks(entity).readOnly(values, reads);
    Long expected = entity.version() == null ? null : entity.currentVersion(values);
    if (entity.version() != null) {
      entity.withVersion(values, expected == null ? 1 : expected + 1); // not written from here: see below
    }
    Map<String, AttributeValue> key = entity.key(values);
    Expressions x = new Expressions();
    Clauses c = fields(values, x);
    for (TemplateKey k : entity.indexKeys()) {
      c.indexKey(k, entity.indexKey(k, values), x);
    }
    List<String> conditions = new ArrayList<>();
    conditions.add(ItemPlanner.ownedOrAbsent(ops, x));
    if (entity.version() != null) {
      c.version(x.name(entity.version().stored()), expected, x, conditions);
    }
    return new UpsertCommand(ops, key, c.render(), Clauses.and(conditions), x, expected);
  }

  /** Every field set (createdAt only if not there yet) or removed, the type attribute and the schema stamp. */
  private Clauses fields(Object[] values, Expressions x) {
    Map<String, AttributeValue> fields = entity.fieldValues(values);
    Clauses c = new Clauses();
    for (Field f : entity.mapper().fields()) {
      if (f == entity.version()) {
        continue;
      }
      AttributeValue av = fields.get(f.stored());
      String n = x.name(f.stored());
      if (f == entity.createdAt() && av != null) {
        c.set.add(n + " = if_not_exists(" + n + ", " + x.value(av) + ")");
      } else if (av == null) {
        c.remove.add(n);
      } else {
        c.set.add(n + " = " + x.value(av));
      }
    }
    c.set.add(x.name(entity.typeAttribute()) + " = " + x.value(entity.typeValue()));
    Map.Entry<String, AttributeValue> stamp = entity.schemaStamp();
    if (stamp != null) {
      c.set.add(x.name(stamp.getKey()) + " = " + x.value(stamp.getValue()));
    }
    return c;
  }
}
