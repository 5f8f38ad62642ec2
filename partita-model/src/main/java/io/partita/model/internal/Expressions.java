package io.partita.model.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.partita.model.Condition;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds one request's expressions: every attribute name becomes a {@code #nN} placeholder and every value a
 * {@code :vN} placeholder, so no caller value is ever part of the expression text (and reserved words need no
 * thought). One instance per request; not thread-safe.
 */
public final class Expressions {
  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<String, String> placeholderByName = new HashMap<>();
  private final Map<String, AttributeValue> values = new LinkedHashMap<>();

  /** The placeholder for attribute {@code attribute}, reused when the attribute appears again. */
  public String name(String attribute) {
    return placeholderByName.computeIfAbsent(attribute, a -> {
      String p = "#n" + names.size();
      names.put(p, a);
      return p;
    });
  }

  public String value(AttributeValue value) {
    String p = ":v" + values.size();
    values.put(p, value);
    return p;
  }

  /** {@code #n = :v}: SearchVectors' condition, equality only, on a value already encoded. */
  public String equality(String attribute, AttributeValue value) {
    return name(attribute) + " = " + value(value);
  }

  /** {@code #n = :v} on field {@code f} of {@code entity}, the value checked against the field's type first. */
  public String equality(Field f, Object value, EntityModel<?> entity) {
    return equality(f.stored(), encode(f, value, List.of(entity), false));
  }

  public Map<String, String> names() {
    return names;
  }

  public Map<String, AttributeValue> values() {
    return values;
  }

  /**
   * Renders {@code condition} over the fields of {@code entities} (the first entity having a field decides its
   * stored name and encoding); {@code partitionKey} is the table's, for {@code itemExists}.
   */
  public String condition(Condition condition, List<EntityModel<?>> entities, String partitionKey) {
    if (condition instanceof Condition.Compare c) {
      Field f = field(c.field(), entities);
      return name(f.stored()) + " " + c.op().symbol() + " " + value(encode(f, c.value(), entities, false));
    }
    if (condition instanceof Condition.Between b) {
      Field f = field(b.field(), entities);
      return name(f.stored()) + " BETWEEN " + value(encode(f, b.low(), entities, false)) + " AND "
          + value(encode(f, b.high(), entities, false));
    }
    if (condition instanceof Condition.BeginsWith b) {
      Field f = field(b.field(), entities);
      return "begins_with(" + name(f.stored()) + ", " + value(AttributeValue.fromS(b.prefix())) + ")";
    }
    if (condition instanceof Condition.Contains c) {
      Field f = field(c.field(), entities);
      AttributeValue operand = f.codec().element() != null ? encode(f, c.value(), entities, true)
          : AttributeValue.fromS(String.valueOf(c.value()));
      return "contains(" + name(f.stored()) + ", " + value(operand) + ")";
    }
    if (condition instanceof Condition.Exists e) {
      Field f = field(e.field(), entities);
      return (e.exists() ? "attribute_exists(" : "attribute_not_exists(") + name(f.stored()) + ")";
    }
    if (condition instanceof Condition.ItemExists e) {
      return (e.exists() ? "attribute_exists(" : "attribute_not_exists(") + name(partitionKey) + ")";
    }
    if (condition instanceof Condition.And a) {
      return join(a.conditions(), " AND ", entities, partitionKey);
    }
    if (condition instanceof Condition.Or o) {
      return join(o.conditions(), " OR ", entities, partitionKey);
    }
    Condition.Not n = (Condition.Not) condition;
    return "(NOT " + condition(n.condition(), entities, partitionKey) + ")";
  }

  /**
   * {@code c} in parentheses, unless one pair already encloses all of it: DynamoDB refuses a
   * doubled pair ("The expression has redundant parentheses"). Expressions here hold only #names
   * and :values placeholders, never literal text, so counting parentheses is exact.
   */
  public static String group(String c) {
    if (c.startsWith("(") && c.endsWith(")")) {
      int depth = 0;
      for (int i = 0; i < c.length(); i++) {
        char ch = c.charAt(i);
        if (ch == '(') {
          depth++;
        } else if (ch == ')') {
          depth--;
          if (depth == 0 && i < c.length() - 1) {
            return "(" + c + ")"; // the first pair closes early: "(a) AND (b)"
          }
        }
      }
      return c;
    }
    return "(" + c + ")";
  }

  private String join(List<Condition> parts, String operator, List<EntityModel<?>> entities, String pk) {
    if (parts.isEmpty()) {
      throw new ValidationException("an AND or OR condition needs at least one operand", null, null);
    }
    StringBuilder out = new StringBuilder("(");
    for (int i = 0; i < parts.size(); i++) {
      out.append(i == 0 ? "" : operator).append(condition(parts.get(i), entities, pk));
    }
    return out.append(')').toString();
  }

  private static Field field(String name, List<EntityModel<?>> entities) {
    for (EntityModel<?> e : entities) {
      Field f = e.mapper().field(name);
      if (f != null) {
        return f;
      }
    }
    StringBuilder names = new StringBuilder();
    for (EntityModel<?> e : entities) {
      names.append(names.length() == 0 ? "" : ", ").append(e.name());
    }
    String entity = entities.size() == 1 ? entities.get(0).name() : null;
    throw new ValidationException("Condition field " + name + " is not a field of " + names, entity, name);
  }

  private static AttributeValue encode(Field f, Object value, List<EntityModel<?>> entities, boolean element) {
    Codec codec = element ? f.codec().element() : f.codec();
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    try {
      v = Numbers.convert(v, codec.javaType());
    } catch (IllegalArgumentException e) {
      throw new ValidationException(where(f, entities) + e.getMessage(), owner(f, entities), f.name(), e);
    }
    if (v == null || !codec.javaType().isInstance(v)) {
      throw new ValidationException(where(f, entities) + "expected a "
          + codec.javaType().getSimpleName() + (element ? " element" : "") + ", got "
          + (v == null ? "nothing" : v.getClass().getSimpleName() + " " + v), owner(f, entities), f.name());
    }
    AttributeValue av;
    try {
      av = codec.encode(v);
    } catch (RuntimeException e) {
      throw new ValidationException(where(f, entities) + e.getMessage(), owner(f, entities), f.name(), e);
    }
    if (av == null) {
      throw new ValidationException(where(f, entities) + "an empty set has no DynamoDB value; use"
          + " notExists", owner(f, entities), f.name());
    }
    return av;
  }

  /** "Entity Post, condition on field stock: " (without the entity when no entity of the list owns it). */
  private static String where(Field f, List<EntityModel<?>> entities) {
    String owner = owner(f, entities);
    return (owner == null ? "Condition" : "Entity " + owner + ", condition") + " on field " + f.name() + ": ";
  }

  private static String owner(Field f, List<EntityModel<?>> entities) {
    for (EntityModel<?> e : entities) {
      if (e.mapper().field(f.name()) == f) {
        return e.name();
      }
    }
    return null;
  }
}
