package io.partita.model.onetable;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.partita.model.ModelException;

/**
 * Reading values out of a parsed OneTable schema: JSON objects and strings where a schema must have them, the
 * schema's type names checked against the record's components, and defaults converted to the component's type.
 */
final class OneTableValues {
  private OneTableValues() {}

  /** The lower-case type name: from a bare constructor ({@code String}) or a string ({@code 'string'}). */
  static String typeName(Object type) {
    if (type instanceof io.partita.model.internal.JsonText.Name n) {
      return n.text().toLowerCase(java.util.Locale.ROOT);
    }
    return type == null ? null : type.toString().toLowerCase(java.util.Locale.ROOT);
  }

  static Class<?> unwrap(RecordComponent c) {
    Type t = c.getGenericType();
    if (c.getType() == Optional.class && t instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] instanceof Class<?> inner) {
      return inner;
    }
    if (c.getType() == Optional.class && t instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] instanceof ParameterizedType inner) {
      return (Class<?>) inner.getRawType();
    }
    return c.getType();
  }

  static void checkType(String where, Object type, RecordComponent c) {
    String name = typeName(type);
    if (name == null) {
      return; // OneTable allows an untyped attribute; the record's type decides
    }
    Class<?> k = unwrap(c);
    boolean fits = switch (name) {
      case "string" -> k == String.class || k.isEnum() || k == UUID.class || k == LocalDate.class;
      case "number" -> Number.class.isAssignableFrom(box(k));
      case "boolean" -> k == Boolean.class || k == boolean.class;
      case "date" -> k == Instant.class;
      case "array" -> List.class.isAssignableFrom(k) || k == float[].class; // a vector is an array of numbers
      case "object" -> Map.class.isAssignableFrom(k) || k.isRecord();
      case "set" -> Set.class.isAssignableFrom(k);
      case "buffer", "binary", "arraybuffer" -> k == byte[].class
          || k.getName().equals("software.amazon.awssdk.core.SdkBytes");
      default -> throw new ModelException(where + "type " + name + " is not a OneTable type", null, c.getName());
    };
    if (!fits) {
      throw new ModelException(where + "type " + name + " does not fit the component's " + c.getGenericType()
          .getTypeName(), null, c.getName());
    }
  }

  static Class<?> box(Class<?> k) {
    if (!k.isPrimitive()) {
      return k;
    }
    return k == int.class ? Integer.class : k == long.class ? Long.class : k == double.class ? Double.class
        : k == float.class ? Float.class : k == short.class ? Short.class : k == byte.class ? Byte.class : k;
  }

  /** A default from the schema as the component's Java type. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object convert(String where, Object value, Class<?> k) {
    Class<?> b = box(k);
    if (value instanceof BigDecimal n) {
      if (b == Integer.class) {
        return n.intValueExact();
      } else if (b == Long.class) {
        return n.longValueExact();
      } else if (b == Short.class) {
        return n.shortValueExact();
      } else if (b == Byte.class) {
        return n.byteValueExact();
      } else if (b == Double.class) {
        return n.doubleValue();
      } else if (b == Float.class) {
        return n.floatValue();
      } else if (b == BigInteger.class) {
        return n.toBigIntegerExact();
      } else if (b == BigDecimal.class) {
        return n;
      }
    } else if (value instanceof String s) {
      if (b == String.class) {
        return s;
      } else if (b.isEnum()) {
        return Enum.valueOf((Class<Enum>) b, s);
      } else if (b == Instant.class) {
        return Instant.parse(s);
      } else if (b == UUID.class) {
        return UUID.fromString(s);
      } else if (b == LocalDate.class) {
        return LocalDate.parse(s);
      }
    } else if (value instanceof Boolean && b == Boolean.class) {
      return value;
    }
    throw new ModelException(where + "default " + value + " does not fit " + k.getSimpleName());
  }

  static String text(Map<String, Object> m, String key, String where) {
    if (!(m.get(key) instanceof String s)) {
      throw new ModelException("OneTable schema, " + where + ": '" + key + "' is " + m.get(key) + ", not a name");
    }
    return s;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object v, String where) {
    if (!(v instanceof Map<?, ?>)) {
      throw new ModelException("OneTable schema: " + where + " is " + v + ", not an object");
    }
    return (Map<String, Object>) v;
  }

  static Map<String, Map<String, Object>> objects(Object v, String where) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    object(v, where).forEach((k, x) -> out.put(k, object(x, where + " " + k)));
    return out;
  }
}
