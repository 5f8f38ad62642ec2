package io.partita.model.internal;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.partita.model.Rule;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import io.partita.model.internal.UpdateSpec.Action;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The declared rules of an entity's fields where a write cannot simply validate a whole record: an update's
 * changes (some of whose results only the database knows) and the read-only fields a put or upsert must keep.
 */
final class RuleChecks {
  private final EntityModel<?> entity;

  RuleChecks(EntityModel<?> entity) {
    this.entity = entity;
  }

  /**
   * The declared rules of the field an update action changes. A read-only field is never changed by an update. A
   * whole value set is checked here; an add or subtract on a number with a min or max is guarded by a condition
   * (the result is known only to the database: {@code old >= min - delta}) added to {@code guards}; any other
   * change whose result only the database knows (a nested path, append, a set operation) is refused on a field with
   * rules, which check whole values.
   */
  void update(DocPath p, Action a, Object v, String path, Expressions x, List<String> guards) {
    Field top = p.top();
    List<Rule> rules = entity.rules(top);
    if (rules.isEmpty()) {
      return;
    }
    for (Rule r : rules) {
      if (r.kind() == Rule.Kind.READ_ONLY) {
        throw new ValidationException("Entity " + entity.name() + ", field " + top.name() + ": it breaks rule '" + r
            + "': an update cannot change it", entity.name(), top.name(), r);
      }
    }
    boolean whole = p.isTopLevel() && (a.kind() == UpdateSpec.Kind.SET || a.kind() == UpdateSpec.Kind.SET_IF_NOT_EXISTS
        || a.kind() == UpdateSpec.Kind.REMOVE);
    if (whole) {
      wholeValue(top, v);
      return;
    }
    boolean counter = p.isTopLevel() && p.codec() instanceof Codecs.NumberCodec && v instanceof Number
        && (a.kind() == UpdateSpec.Kind.ADD || a.kind() == UpdateSpec.Kind.SUBTRACT);
    for (Rule r : rules) {
      boolean bound = r.kind() == Rule.Kind.MIN || r.kind() == Rule.Kind.MAX;
      if (!counter || !bound) {
        throw UpdateValues.invalid(entity, p, a, "field " + top.name() + " has rule '" + r + "', which checks whole"
            + " values; set the whole value instead");
      }
      guards.add(bound(r, a, (Number) v, path, x));
    }
  }

  /** A whole new value is validated as a record's would be; one of another type is left to encode()'s message. */
  private void wholeValue(Field top, Object v) {
    if (v == null) {
      return;
    }
    Object converted;
    try {
      converted = Numbers.convert(v, top.valueType());
    } catch (IllegalArgumentException e) {
      return; // encode() refuses it with its own message
    }
    entity.validate(top, converted);
  }

  /** The condition keeping {@code old + delta} within a min or max rule (absent counts as zero when that fits). */
  private static String bound(Rule r, Action a, Number v, String path, Expressions x) {
    BigDecimal delta = Numbers.exact(v);
    if (a.kind() == UpdateSpec.Kind.SUBTRACT) {
      delta = delta.negate();
    }
    BigDecimal limit = ((BigDecimal) r.bound()).subtract(delta); // old + delta within the bound
    boolean min = r.kind() == Rule.Kind.MIN;
    String check = path + (min ? " >= " : " <= ") + x.value(AttributeValue.fromN(limit.toPlainString()));
    boolean absentOk = min ? delta.compareTo((BigDecimal) r.bound()) >= 0 : delta.compareTo((BigDecimal) r.bound()) <= 0;
    return absentOk ? "attribute_not_exists(" + path + ") OR " + check : check;
  }

  /**
   * Refuses a put or upsert that would change a read-only field of the stored item: the stored values are read
   * (consistently, projecting only those fields) and compared with the record's. Two requests: a writer between them
   * goes unnoticed unless the entity is versioned, when the write's version check refuses it.
   */
  void readOnly(Object[] values, EntityOps.Reads reads) {
    List<Field> readOnly = entity.readOnlyFields();
    if (readOnly.isEmpty()) {
      return;
    }
    Set<String> names = new LinkedHashSet<>();
    readOnly.forEach(f -> names.add(f.name()));
    Map<String, AttributeValue> current = reads.fields(entity.key(values), names);
    if (current == null || !entity.owns(current)) {
      return; // a new item: nothing to keep
    }
    Map<String, AttributeValue> written = entity.fieldValues(values);
    for (Field f : readOnly) {
      AttributeValue before = current.get(f.stored());
      if (!Objects.equals(before, written.get(f.stored()))) {
        Rule r = entity.rules(f).stream().filter(x -> x.kind() == Rule.Kind.READ_ONLY).findFirst().orElseThrow();
        throw entity.refused(f, r, EntityModel.unwrap(f, values[f.index()]), ": the stored value is "
            + (before == null ? "absent" : describeValue(f, before)));
      }
    }
  }

  private static String describeValue(Field f, AttributeValue av) {
    try {
      return String.valueOf(f.codec().decode(av));
    } catch (RuntimeException e) {
      return av.toString();
    }
  }
}
