package io.partita.model.internal;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.partita.model.Ids;
import io.partita.model.Rule;
import io.partita.model.internal.RecordMapper.Field;

/**
 * The checks of one entity's declaration that need only the record and its spec (ids, defaults, timestamps, the
 * version, rules, the schema version): apart from {@link ModelCompiler}, which checks the entity against the table
 * and the other entities.
 */
final class EntityChecks {
  private EntityChecks() {}

  static Map<Field, Ids> generatedIds(EntitySpec spec, RecordMapper<?> mapper) {
    Map<Field, Ids> generated = new LinkedHashMap<>();
    spec.generatedIds().forEach((fieldName, kind) -> {
      Field f = mapper.field(fieldName);
      boolean ok = f.valueType() == String.class || (f.valueType() == UUID.class && kind == Ids.UUID_V7);
      if (!ok) {
        throw ModelCompiler.fail(spec.name(), fieldName, kind + " ids need a String" + (kind == Ids.UUID_V7 ? " or UUID" : "")
            + " field, not " + f.type().getTypeName());
      }
      generated.put(f, kind);
    });
    return generated;
  }

  /** Defaults, each of its field's type; a primitive is never absent, so a default on one is a mistake. */
  static Map<Field, Object> defaults(EntitySpec spec, RecordMapper<?> mapper) {
    Map<Field, Object> defaults = new LinkedHashMap<>();
    spec.defaults().forEach((fieldName, value) -> {
      Field f = mapper.field(fieldName);
      if (f.primitive() != null) {
        throw ModelCompiler.fail(spec.name(), fieldName, "a default has no effect on a primitive " + f.primitive()
            + ", which is never absent; use " + Codecs.boxed(f.primitive()).getSimpleName());
      }
      if (!f.valueType().isInstance(value)) {
        throw ModelCompiler.fail(spec.name(), fieldName, "default " + value + " (" + value.getClass().getSimpleName()
            + ") is not a " + f.valueType().getSimpleName());
      }
      defaults.put(f, value);
    });
    return defaults;
  }

  /** The schema version and its upgrade steps: one step for every version below the current one, no other. */
  static EntityModel.Schema schema(EntitySpec spec, Set<String> reserved, Map<String, String> storedBy) {
    String name = spec.name();
    if (spec.schemaVersion() == 0) {
      if (!spec.upgrades().isEmpty()) {
        throw ModelCompiler.fail(name, null, "upgrade steps need a schema version: declare it with schemaVersion(n)");
      }
      return null;
    }
    String attribute = spec.schemaAttribute();
    if (reserved.contains(attribute) || storedBy.containsKey(attribute)) {
      throw ModelCompiler.fail(name, storedBy.get(attribute), "the schema version attribute " + attribute + " is already a key"
          + " attribute, the type attribute or a field's stored name");
    }
    int current = spec.schemaVersion();
    for (int from : spec.upgrades().keySet()) {
      if (from < 1 || from >= current) {
        throw ModelCompiler.fail(name, null, "an upgrade from version " + from + " does not lead to schema version " + current
            + " (steps go from 1 to " + (current - 1) + ")");
      }
    }
    for (int v = 1; v < current; v++) {
      if (!spec.upgrades().containsKey(v)) {
        throw ModelCompiler.fail(name, null, "schema version " + current + " has no upgrade from version " + v + " to "
            + (v + 1) + ": an item of version " + v + " could not be read");
      }
    }
    return new EntityModel.Schema(current, attribute, Map.copyOf(spec.upgrades()));
  }

  /** A rule must apply to the field's type, so a typo'd rule fails here, not at the first write. */
  static void checkRule(String entity, Field f, Rule r) {
    Class<?> v = f.valueType();
    boolean number = Number.class.isAssignableFrom(v);
    boolean text = v == String.class || v.isEnum();
    String needs = null;
    switch (r.kind()) {
      case PATTERN:
      case NOT_BLANK:
        needs = text ? null : "a String or enum field";
        break;
      case MIN:
      case MAX:
        needs = number ? null : "a number field";
        break;
      case MAX_LENGTH:
        needs = v == String.class || java.util.Collection.class.isAssignableFrom(v) || Map.class.isAssignableFrom(v)
            ? null : "a String, List, Set or Map field";
        break;
      case ONE_OF:
        for (Object a : (Set<?>) r.bound()) {
          if (!(v.isInstance(a) || (number && a instanceof Number))) {
            throw ModelCompiler.fail(entity, f.name(), "rule " + r + ": " + a + " (" + a.getClass().getSimpleName() + ") is not a "
                + v.getSimpleName());
          }
        }
        break;
      default:
        break;
    }
    if (needs != null) {
      throw ModelCompiler.fail(entity, f.name(), "rule " + r + " applies to " + needs + ", not to a " + f.type().getTypeName());
    }
  }

  static boolean isInstant(Class<?> type, String field) {
    for (RecordComponent rc : type.getRecordComponents()) {
      if (rc.getName().equals(field)) {
        return rc.getType() == Instant.class || rc.getGenericType().getTypeName().equals(
            "java.util.Optional<java.time.Instant>");
      }
    }
    return false;
  }

  static Field typed(String entity, RecordMapper<?> mapper, String field, String role, Class<?>... types) {
    if (field == null) {
      return null;
    }
    Field f = mapper.field(field);
    for (Class<?> t : types) {
      if (f.valueType() == t) {
        return f;
      }
    }
    StringBuilder allowed = new StringBuilder();
    for (Class<?> t : types) {
      allowed.append(allowed.length() == 0 ? "" : " or ").append(t.getSimpleName());
    }
    throw ModelCompiler.fail(entity, field, "the " + role + " field must be " + allowed + ", not " + f.type().getTypeName());
  }
}
