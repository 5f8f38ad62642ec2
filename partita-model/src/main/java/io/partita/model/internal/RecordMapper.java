package io.partita.model.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.partita.model.Attr;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads and builds one record class through method handles looked up once: an accessor per component and the
 * canonical constructor spread over an {@code Object[]}. No reflection happens per call.
 */
public final class RecordMapper<T> {

  /** One record component as stored. */
  public record Field(
      String name, String stored, int index, Type type, Codec codec, boolean optional, Class<?> primitive) {

    /** The Java type values must have ({@code X} for {@code Optional<X>}, boxed for primitives). */
    public Class<?> valueType() {
      return codec.javaType();
    }
  }

  private final Class<T> type;
  private List<Field> fields;
  private Map<String, Field> byName;
  private MethodHandle[] accessors;
  private MethodHandle constructor;

  RecordMapper(Class<T> type) {
    this.type = type;
  }

  /** A mapper for an entity: {@code storedNames} and {@code epochSeconds} come from the entity definition. */
  public static <T> RecordMapper<T> forEntity(
      Class<T> type, Codecs codecs, Map<String, String> storedNames, Set<String> epochSeconds) {
    RecordMapper<T> mapper = new RecordMapper<>(type);
    mapper.initialize(codecs, storedNames, epochSeconds);
    return mapper;
  }

  void initialize(Codecs codecs, Map<String, String> storedNames, Set<String> epochSeconds) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    RecordComponent[] components = type.getRecordComponents();
    List<Field> list = new ArrayList<>(components.length);
    Map<String, Field> names = new LinkedHashMap<>();
    MethodHandle[] getters = new MethodHandle[components.length];
    Class<?>[] parameterTypes = new Class<?>[components.length];
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    try {
      for (int i = 0; i < components.length; i++) {
        RecordComponent rc = components[i];
        parameterTypes[i] = rc.getType();
        Field field = field(rc, i, codecs, storedNames, epochSeconds);
        String name = field.name();
        list.add(field);
        names.put(name, field);
        Method accessor = rc.getAccessor();
        accessor.setAccessible(true);
        getters[i] = lookup.unreflect(accessor).asType(MethodType.methodType(Object.class, Object.class));
      }
      Constructor<T> canonical = type.getDeclaredConstructor(parameterTypes);
      canonical.setAccessible(true);
      constructor = lookup.unreflectConstructor(canonical)
          .asType(MethodType.methodType(Object.class, parameterTypes))
          .asSpreader(Object[].class, parameterTypes.length);
    } catch (ReflectiveOperationException | RuntimeException e) {
      if (e instanceof FieldException) {
        throw (FieldException) e;
      }
      throw new IllegalArgumentException("cannot access record " + type.getName() + ": " + e, e);
    }
    this.fields = Collections.unmodifiableList(list);
    this.byName = names;
    this.accessors = getters;
  }

  /** The field of component {@code rc} (position {@code i}): its codec, whether Optional, its stored name. */
  private static Field field(RecordComponent rc, int i, Codecs codecs, Map<String, String> storedNames,
      Set<String> epochSeconds) {
    String name = rc.getName();
    Type generic = rc.getGenericType();
    boolean optional = rc.getType() == Optional.class;
    Type valueType = generic;
    if (optional) {
      if (!(generic instanceof ParameterizedType p)) {
        throw new FieldException(name, "raw Optional needs a type argument");
      }
      valueType = p.getActualTypeArguments()[0];
      if (valueType instanceof ParameterizedType vp && vp.getRawType() == Optional.class) {
        throw new FieldException(name, "Optional<Optional<…>> is not supported");
      }
    }
    Codec codec;
    try {
      codec = codecs.forType(valueType, epochSeconds.contains(name));
    } catch (IllegalArgumentException e) {
      throw new FieldException(name, e.getMessage());
    }
    String stored = storedNames.get(name);
    if (stored == null) {
      Attr attr = rc.getAnnotation(Attr.class);
      stored = attr == null ? name : attr.value();
    }
    if (stored.isEmpty()) {
      throw new FieldException(name, "the stored name is empty");
    }
    return new Field(name, stored, i, generic, codec, optional,
        rc.getType().isPrimitive() ? rc.getType() : null);
  }

  /** A mapping or key-format problem that belongs to one component (a record field). */
  public static final class FieldException extends IllegalArgumentException {
    private final String field;

    FieldException(String field, String message) {
      super(message);
      this.field = field;
    }

    public String field() {
      return field;
    }
  }

  public Class<T> type() {
    return type;
  }

  public List<Field> fields() {
    return fields;
  }

  /** The component named {@code name}, or null. */
  public Field field(String name) {
    return byName.get(name);
  }

  /** The component values of {@code record}, in declaration order. */
  public Object[] values(Object record) {
    Object[] out = new Object[accessors.length];
    try {
      for (int i = 0; i < accessors.length; i++) {
        out[i] = accessors[i].invokeExact(record);
      }
    } catch (Throwable t) {
      throw rethrow(t);
    }
    return out;
  }

  /** Calls the canonical constructor (its own validation included). */
  @SuppressWarnings("unchecked")
  public T construct(Object[] values) {
    try {
      return (T) constructor.invoke(values);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException(t);
  }

  /** Encodes every present component of {@code values} into {@code out}; null in a required component is refused. */
  public void encodeValues(Object[] values, Map<String, AttributeValue> out) {
    for (Field f : fields) {
      Object v = values[f.index()];
      if (f.optional()) {
        v = v == null ? null : ((Optional<?>) v).orElse(null);
        if (v == null) {
          continue;
        }
      } else if (v == null) {
        throw new FieldException(f.name(), "is required but null");
      }
      AttributeValue av;
      try {
        av = f.codec().encode(v);
      } catch (RuntimeException e) {
        throw new FieldException(f.name(), e.getMessage());
      }
      if (av != null) {
        out.put(f.stored(), av);
      }
    }
  }

  Map<String, AttributeValue> encodeRecord(Object record) {
    Map<String, AttributeValue> out = new HashMap<>(Math.max(4, fields.size() * 2));
    try {
      encodeValues(values(record), out);
    } catch (FieldException e) {
      throw new IllegalArgumentException(type.getSimpleName() + "." + e.field() + " " + e.getMessage());
    }
    return out;
  }

  /**
   * Decodes an item or map. An absent Optional becomes empty and an absent set empty; another absent component is
   * an error unless {@code lenient} (a projected read), where it becomes null, or zero for a primitive.
   */
  public T decodeRecord(Map<String, AttributeValue> item, boolean lenient) {
    return decodeRecord(item, lenient, null);
  }

  /**
   * {@link #decodeRecord(Map, boolean)}, where {@code notReturned} (or null) is a field the read could not return
   * (SearchVectors never returns the vector): absent, it decodes as null (an empty Optional) even when required.
   */
  public T decodeRecord(Map<String, AttributeValue> item, boolean lenient, Field notReturned) {
    Object[] values = new Object[fields.size()];
    for (Field f : fields) {
      AttributeValue av = item.get(f.stored());
      Object v;
      if (av == null || Boolean.TRUE.equals(av.nul())) {
        v = f.codec().absent();
        if (v == null && !f.optional()) {
          if (!lenient && f != notReturned) {
            throw new FieldException(f.name(), "is required but the item has no attribute " + f.stored());
          }
          v = f.primitive() == null ? null : zero(f.primitive());
        }
      } else {
        try {
          v = f.codec().decode(av);
        } catch (RuntimeException e) {
          throw new FieldException(f.name(), e.getMessage());
        }
      }
      values[f.index()] = f.optional() ? Optional.ofNullable(v) : v;
    }
    return construct(values);
  }

  private static Object zero(Class<?> primitive) {
    if (primitive == boolean.class) {
      return false;
    }
    if (primitive == long.class) {
      return 0L;
    }
    if (primitive == double.class) {
      return 0.0;
    }
    if (primitive == float.class) {
      return 0f;
    }
    if (primitive == short.class) {
      return (short) 0;
    }
    if (primitive == byte.class) {
      return (byte) 0;
    }
    if (primitive == char.class) {
      return (char) 0;
    }
    return 0;
  }
}
