package io.partita.model.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.partita.model.Key;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The keys of one entity built from the values a caller gives ({@code Key.of("id", 7)}) and read back from key
 * text: the checks that a key names the right fields and that each value has its field's type, so a wrong key is
 * refused naming the entity and the field. Apart from {@link EntityModel}, which builds keys from whole records.
 */
final class CallerKeys {
  private final EntityModel<?> entity;
  private final String name;
  private final RecordMapper<?> mapper;
  private final TemplateKey tableKey;

  /** Made once {@code entity} is built (it reads the entity's name, mapper and table key). */
  CallerKeys(EntityModel<?> entity) {
    this.entity = entity;
    this.name = entity.name();
    this.mapper = entity.mapper();
    this.tableKey = entity.tableKey();
  }

  /** The table key for {@code key}, which must give exactly the fields of the table key templates. */
  Map<String, AttributeValue> key(Key key) {
    Set<String> used = entity.tableKeyFields();
    checkKeyFields(key, used, "table key");
    Map<String, AttributeValue> out = new LinkedHashMap<>(4);
    out.put(tableKey.shape().partitionKey(), AttributeValue.fromS(render(tableKey.partition(), key, false)));
    if (tableKey.sort() != null) {
      out.put(tableKey.shape().sortKey(), AttributeValue.fromS(render(tableKey.sort(), key, false)));
    }
    return out;
  }

  void checkKeyFields(Key key, Set<String> used, String what) {
    for (String f : key.values().keySet()) {
      if (!used.contains(f)) {
        throw new ValidationException("Entity " + name + ": field " + f + " is not part of the " + what
            + " (it uses " + used + ")", name, f);
      }
    }
  }

  /**
   * Renders {@code template} with values from {@code key}. With {@code prefixOnly} rendering stops at the first
   * placeholder without a value (a begins_with prefix); otherwise every placeholder needs one.
   */
  String render(Template template, Key key, boolean prefixOnly) {
    String typed = prefixOnly ? TypedPrefix.render(entity, template, key) : null;
    if (typed != null) {
      return typed; // a typed prefix (a YearMonth on an Instant field, leading digits) ends the text
    }
    return entity.renderText(template, placeholder -> {
      Object v = key.values().get(placeholder);
      if (v == null) {
        if (prefixOnly) {
          return null;
        }
        throw new ValidationException("Entity " + name + ": key field " + placeholder + " has no value (template "
            + template + ")", name, placeholder);
      }
      return keyText(placeholder, v);
    }, prefixOnly);
  }

  /**
   * The table key fields of an item or key ({@code item} holds the table key attributes), read back from the key
   * text: padding removed, each value decoded to its field's type. A field whose placeholder changes case is given
   * as stored (casing cannot be undone; an enum matches its constant whatever the case).
   *
   * @throws ValidationException when the key attributes are missing or were not written by this entity's templates
   */
  Key keyFrom(Map<String, AttributeValue> item) {
    Map<String, String> texts = new LinkedHashMap<>();
    matchInto(tableKey.partition(), item.get(tableKey.shape().partitionKey()), texts);
    if (tableKey.sort() != null) {
      matchInto(tableKey.sort(), item.get(tableKey.shape().sortKey()), texts);
    }
    Key key = Key.empty();
    for (Map.Entry<String, String> e : texts.entrySet()) {
      Field f = mapper.field(e.getKey());
      try {
        key = key.and(e.getKey(), f.codec().fromKeyText(e.getValue()));
      } catch (RuntimeException x) {
        throw new ValidationException("Entity " + name + ", field " + e.getKey() + ": key text '" + e.getValue()
            + "' is not a " + f.valueType().getSimpleName(), name, e.getKey(), x);
      }
    }
    return key;
  }

  private void matchInto(Template template, AttributeValue value, Map<String, String> out) {
    Map<String, String> texts = value == null || value.s() == null ? null : template.match(value.s());
    if (texts == null) {
      throw new ValidationException("Entity " + name + ": " + (value == null ? "no key attribute" : "key '"
          + value.s() + "'") + " does not match template '" + template + "'", name, null);
    }
    out.putAll(texts);
  }

  /** {@code value} as key text for {@code field}, checking its type. */
  String keyText(String field, Object value) {
    Field f = mapper.field(field);
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    if (f != null) {
      try {
        v = Numbers.convert(v, f.valueType());
      } catch (IllegalArgumentException e) {
        throw new ValidationException("Entity " + name + ", field " + field + ": " + e.getMessage(), name, field, e);
      }
    }
    if (f != null && v != null && TypedPrefix.isPrefix(f, v)) {
      throw TypedPrefix.refused(entity, field, "a " + v.getClass().getSimpleName() + " stands for the start of the"
          + " key text, so only a BEGINS_WITH sort condition takes it; give a " + f.valueType().getSimpleName());
    }
    if (f == null || v == null || !f.valueType().isInstance(v)) {
      throw new ValidationException("Entity " + name + ", field " + field + ": expected a "
          + (f == null ? "known field" : f.valueType().getSimpleName()) + " value, got "
          + (v == null ? "nothing" : v.getClass().getSimpleName() + " " + v), name, field);
    }
    String text = f.codec().keyText(v);
    if (text.isEmpty()) {
      throw new ValidationException("Entity " + name + ", field " + field + ": a key value cannot be empty", name,
          field);
    }
    return text;
  }
}
