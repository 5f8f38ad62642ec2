package io.partita.model.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.partita.model.ConditionFailedException;
import io.partita.model.Rule;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import io.partita.model.internal.UpdateSpec.Action;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the UpdateItem of an {@link UpdateSpec}. Derived keys: table key fields cannot change (refused); for each
 * index whose template uses a changed field, the index key is rendered again from the new values, the table key's
 * values, the caller's {@code assuming} values and, for fields none of these give, values read from the item
 * (consistently) on which the write is then conditioned. A template that can no longer be built (an Optional
 * removed) removes the index key attributes. Placeholders are taken in a fixed order (changes, updatedAt, type,
 * version, index keys, guards, rules, the caller's condition), so one update always renders the same request.
 */
final class UpdatePlanner<T> {
  /** What an action leaves a top-level field as when only the database will know its value. */
  private static final Object OPAQUE = new Object();

  private final EntityOps<T> ops;
  private final EntityModel<T> entity;
  private final RuleChecks rules;

  UpdatePlanner(EntityOps<T> ops) {
    this.ops = ops;
    this.entity = ops.entity();
    this.rules = new RuleChecks(entity);
  }

  /** One update being planned: its expression so far and what is known of the fields it changes. */
  private static final class Draft {
    final UpdateSpec spec;
    final Map<String, AttributeValue> key;
    final Expressions x = new Expressions();
    final Clauses c = new Clauses();
    final List<DocPath> paths = new ArrayList<>();
    final Map<String, Object> known = new HashMap<>(); // top-level field -> its new value (null: absent)
    final Set<String> opaque = new HashSet<>(); // top-level fields changed to a value only the database will know
    final Map<String, BigDecimal> counters = new HashMap<>(); // numbers added to or subtracted from: the change
    final Set<String> touched = new LinkedHashSet<>();
    final List<String> ruleGuards = new ArrayList<>();
    final List<String> conditions = new ArrayList<>();
    final Map<String, String> texts = new HashMap<>(); // field -> key text, null when absent
    final Set<String> unknown = new LinkedHashSet<>(); // fields a derived key needs and only a read gives
    final Map<String, AttributeValue> guards = new LinkedHashMap<>();
    final Set<String> readGuards = new HashSet<>();

    Draft(UpdateSpec spec, Map<String, AttributeValue> key) {
      this.spec = spec;
      this.key = key;
    }
  }

  UpdateCommand plan(UpdateSpec spec, EntityOps.Reads reads) {
    String name = entity.name();
    if (spec.actions().isEmpty()) {
      throw new ValidationException("Entity " + name + ": an update needs at least one change", name, null);
    }
    Draft d = new Draft(spec, entity.key(spec.key()));
    Instant now = ops.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    for (Action a : spec.actions()) {
      action(d, a);
    }
    stampUpdatedAt(d, now);
    d.conditions.add(d.x.name(entity.typeAttribute()) + " = " + d.x.value(entity.typeValue()));
    version(d);
    indexKeys(d, reads);
    for (Map.Entry<String, AttributeValue> g : d.guards.entrySet()) {
      String n = d.x.name(g.getKey());
      d.conditions.add(g.getValue() == null ? "attribute_not_exists(" + n + ")" : n + " = " + d.x.value(g.getValue()));
    }
    d.conditions.addAll(d.ruleGuards);
    if (spec.condition() != null) {
      d.conditions.add(d.x.condition(spec.condition(), List.of(entity), ops.partitionKey()));
    }
    return new UpdateCommand(ops, d.key, d.c.render(), Clauses.and(d.conditions), d.x, spec.expectedVersion(),
        spec.condition() != null, d.guards, d.readGuards, guardedBy(d));
  }

  /** One change: its path checked against the others and the keys, its clause, and what it leaves the field as. */
  private void action(Draft d, Action a) {
    String name = entity.name();
    DocPath p = DocPath.resolve(entity, a.path());
    for (DocPath q : d.paths) {
      if (q.overlaps(p)) {
        throw new ValidationException("Entity " + name + ": update paths '" + q + "' and '" + p + "' overlap;"
            + " one update changes each path once", name, p.top().name());
      }
    }
    d.paths.add(p);
    Field top = p.top();
    if (entity.tableKeyFields().contains(top.name())) {
      throw new ValidationException("Entity " + name + ", field " + top.name() + ": it is part of the table key ("
          + ModelCompiler.describe(entity.tableKey()) + "), which cannot change; delete the item and create it anew",
          name, top.name());
    }
    if (top == entity.version()) {
      throw new ValidationException("Entity " + name + ", field " + top.name() + ": the version is maintained by"
          + " every write; use ifVersion(v) to check it", name, top.name());
    }
    d.touched.add(top.name());
    String path = p.render(d.x);
    Object v = a.value() instanceof Optional<?> o ? o.orElse(null) : a.value();
    rules.update(p, a, v, path, d.x, d.ruleGuards);
    Object after = clause(d, p, a, v, path);
    if (after != OPAQUE && p.isTopLevel()) {
      d.known.put(top.name(), after);
    } else {
      d.opaque.add(top.name());
    }
  }

  /** Adds the action's clause; returns the value it leaves the field as (null: absent), or OPAQUE. */
  private Object clause(Draft d, DocPath p, Action a, Object v, String path) {
    Expressions x = d.x;
    switch (a.kind()) {
      case SET: {
        AttributeValue av = v == null ? null : UpdateValues.encode(entity, p, v, a);
        if (av == null) {
          UpdateValues.requireRemovable(entity, p, a);
          d.c.remove.add(path);
          return null;
        }
        d.c.set.add(path + " = " + x.value(av));
        return v;
      }
      case REMOVE:
        UpdateValues.requireRemovable(entity, p, a);
        d.c.remove.add(path);
        return null;
      case ADD:
      case SUBTRACT:
        addOrSubtract(d, p, a, v, path);
        return OPAQUE;
      case APPEND:
      case PREPEND: {
        if (!(p.codec() instanceof ListCodec)) {
          throw UpdateValues.invalid(entity, p, a, "works on lists, not on a " + p.codec().javaType().getSimpleName());
        }
        String list = x.value(UpdateValues.encode(entity, p, UpdateValues.required(entity, v, p, a), a));
        String existing = "if_not_exists(" + path + ", " + x.value(AttributeValue.fromL(List.of())) + ")";
        d.c.set.add(path + " = list_append(" + (a.kind() == UpdateSpec.Kind.APPEND ? existing + ", " + list
            : list + ", " + existing) + ")");
        return OPAQUE;
      }
      case DELETE_FROM_SET:
        if (!(p.codec() instanceof SetCodec)) {
          throw UpdateValues.invalid(entity, p, a, "works on sets, not on a " + p.codec().javaType().getSimpleName());
        }
        d.c.delete.add(path + " " + x.value(UpdateValues.nonEmptySet(entity, p, v, a)));
        return OPAQUE;
      default: // SET_IF_NOT_EXISTS
        d.c.set.add(path + " = if_not_exists(" + path + ", "
            + x.value(UpdateValues.encode(entity, p, UpdateValues.required(entity, v, p, a), a)) + ")");
        return OPAQUE;
    }
  }

  /** ADD to a set, or add to / subtract from a number (whose change is kept: a derived key may need it). */
  private void addOrSubtract(Draft d, DocPath p, Action a, Object v, String path) {
    Expressions x = d.x;
    if (p.codec() instanceof SetCodec && a.kind() == UpdateSpec.Kind.ADD) {
      d.c.add.add(path + " " + x.value(UpdateValues.nonEmptySet(entity, p, v, a)));
    } else if (p.codec() instanceof Codecs.NumberCodec) {
      String zero = x.value(AttributeValue.fromN("0"));
      d.c.set.add(path + " = if_not_exists(" + path + ", " + zero + ") "
          + (a.kind() == UpdateSpec.Kind.ADD ? "+ " : "- ")
          + x.value(UpdateValues.encode(entity, p, UpdateValues.required(entity, v, p, a), a)));
      if (p.isTopLevel()) {
        BigDecimal delta = Numbers.exact((Number) v);
        d.counters.put(p.top().name(), a.kind() == UpdateSpec.Kind.ADD ? delta : delta.negate());
      }
    } else {
      throw UpdateValues.invalid(entity, p, a, "works on numbers" + (a.kind() == UpdateSpec.Kind.ADD ? " and sets" : "")
          + ", not on a " + p.codec().javaType().getSimpleName());
    }
  }

  private void stampUpdatedAt(Draft d, Instant now) {
    Field updatedAt = entity.updatedAt();
    if (updatedAt != null && !d.touched.contains(updatedAt.name())
        && !entity.tableKeyFields().contains(updatedAt.name())) {
      d.c.set.add(d.x.name(updatedAt.stored()) + " = " + d.x.value(updatedAt.codec().encode(now)));
      d.touched.add(updatedAt.name());
      d.known.put(updatedAt.name(), now);
    }
  }

  /** The version's check and increment: to {@code expected + 1} with ifVersion, else one more than stored. */
  private void version(Draft d) {
    Long expected = d.spec.expectedVersion();
    Field version = entity.version();
    if (version == null) {
      if (expected != null) {
        throw new ValidationException("Entity " + entity.name() + ": ifVersion needs a version field, and the entity"
            + " has none", entity.name(), null);
      }
      return;
    }
    d.c.version(d.x.name(version.stored()), expected, d.x, d.conditions);
    if (expected != null) {
      d.known.put(version.name(), version.valueType() == Integer.class ? (Object) Math.toIntExact(expected + 1)
          : (Object) (expected + 1));
    } else {
      d.opaque.add(version.name());
    }
    d.touched.add(version.name());
  }

  /** The keys of the indexes whose templates use a changed field, rendered again (some inputs read first). */
  private void indexKeys(Draft d, EntityOps.Reads reads) {
    for (Map.Entry<String, Object> e : d.spec.assumed().entrySet()) {
      Field f = entity.mapper().field(e.getKey());
      if (f == null || d.touched.contains(f.name()) || entity.tableKeyFields().contains(f.name())) {
        throw new ValidationException("Entity " + entity.name() + ", field " + e.getKey() + ": assuming(field,"
            + " value) is for a field of the entity that the update neither changes nor takes from the key",
            entity.name(), e.getKey());
      }
    }
    List<TemplateKey> affected = new ArrayList<>();
    for (TemplateKey k : entity.indexKeys()) {
      List<String> fields = EntityModel.fieldsOf(k);
      if (fields.stream().anyMatch(d.touched::contains)) {
        affected.add(k);
        fields.forEach(f -> keyText(d, k, f));
      }
    }
    if (!d.unknown.isEmpty()) {
      readUnknown(d, reads);
    }
    for (TemplateKey k : affected) {
      d.c.indexKey(k, entity.renderKey(k, d.texts::get), d.x);
    }
  }

  /** The key text of {@code f}, an input of {@code k}'s key, from what the update knows; else marked to read. */
  private void keyText(Draft d, TemplateKey k, String f) {
    String name = entity.name();
    if (d.opaque.contains(f) && d.counters.containsKey(f)) {
      // a counter that feeds an index key: its stored value is read and the key rendered from that value plus the
      // change; the write is conditioned on the value read, so it is still an atomic change (planned again from a
      // new read when another writer came first)
      d.unknown.add(f);
      return;
    }
    if (d.opaque.contains(f)) {
      throw new ValidationException("Entity " + name + ", field " + f + ": it feeds the key of index "
          + k.shape().index() + " (" + ModelCompiler.describe(k) + "), so the update must give its new value: use"
          + " set(" + f + ", value)" + (entity.version() != null && f.equals(entity.version().name())
          ? ", and for the version ifVersion(v)" : "") + " rather than an operation only the database"
          + " resolves", name, f);
    }
    if (d.texts.containsKey(f) || d.unknown.contains(f)) {
      return;
    }
    Map<String, Object> keyValues = d.spec.key().values();
    if (d.known.containsKey(f)) {
      Object v = d.known.get(f);
      d.texts.put(f, v == null ? null : entity.mapper().field(f).codec().keyText(v));
    } else if (keyValues.containsKey(f)) {
      d.texts.put(f, entity.keyText(f, keyValues.get(f)));
    } else if (d.spec.assumed().containsKey(f)) {
      Field field = entity.mapper().field(f);
      Object v = d.spec.assumed().get(f);
      v = v instanceof Optional<?> o ? o.orElse(null) : v;
      if (v == null && !field.optional()) {
        throw new ValidationException("Entity " + name + ", field " + f + ": assumed absent, but it is required",
            name, f);
      }
      d.texts.put(f, v == null ? null : entity.keyText(f, v));
      d.guards.put(field.stored(), v == null ? null : field.codec().encode(v));
    } else {
      d.unknown.add(f);
    }
  }

  /** Reads the derived-key inputs the update does not give; the write is then conditioned on the values read. */
  private void readUnknown(Draft d, EntityOps.Reads reads) {
    Map<String, AttributeValue> current = reads.fields(d.key, d.unknown);
    if (current == null || !entity.owns(current)) {
      throw new ConditionFailedException("Entity " + entity.name() + ": there is no item of this entity at "
          + ops.refusals().describe(d.key) + " to update", entity.name(), null, null);
    }
    for (String f : d.unknown) {
      Field field = entity.mapper().field(f);
      AttributeValue av = current.get(field.stored());
      if (d.counters.containsKey(f)) {
        BigDecimal after = (av == null ? BigDecimal.ZERO : new BigDecimal(av.n())).add(d.counters.get(f));
        d.texts.put(f, field.codec().keyText(counterValue(field, after, d.key)));
      } else {
        d.texts.put(f, av == null ? null : field.codec().keyText(field.codec().decode(av)));
      }
      d.guards.put(field.stored(), av);
      d.readGuards.add(field.stored());
    }
  }

  /**
   * The value a counter that feeds an index key will have, from the value read: refused as the write's own
   * condition would refuse it when it breaks a {@code min}/{@code max} rule (the write is conditioned on the value
   * read, so this is what the database would answer), and as a {@link ValidationException} when it leaves the field's
   * type. A value the key's format cannot hold (a padded number below zero) is refused when the key is rendered.
   */
  private Object counterValue(Field field, BigDecimal after, Map<String, AttributeValue> key) {
    for (Rule r : entity.rules(field)) {
      boolean min = r.kind() == Rule.Kind.MIN;
      if ((min || r.kind() == Rule.Kind.MAX)
          && (min ? after.compareTo((BigDecimal) r.bound()) < 0 : after.compareTo((BigDecimal) r.bound()) > 0)) {
        throw new ConditionFailedException("Entity " + entity.name() + ": item " + ops.refusals().describe(key)
            + ": field " + field.name() + " would be " + after.toPlainString() + ", which breaks rule '" + r
            + "'; nothing was written", entity.name(), null, null);
      }
    }
    try {
      return Numbers.convert(after, field.valueType());
    } catch (IllegalArgumentException e) {
      throw new ValidationException("Entity " + entity.name() + ", field " + field.name() + ": the change makes it "
          + after.toPlainString() + ", which " + e.getMessage(), entity.name(), field.name());
    }
  }

  /** The rules the add/subtract guards check, for the message when one refuses the write; null when none. */
  private String guardedBy(Draft d) {
    if (d.ruleGuards.isEmpty()) {
      return null;
    }
    List<String> guarded = new ArrayList<>();
    for (Action a : d.spec.actions()) {
      Field top = DocPath.resolve(entity, a.path()).top();
      entity.rules(top).forEach(r -> guarded.add(top.name() + " '" + r + "'"));
    }
    return String.join(", ", guarded);
  }
}
