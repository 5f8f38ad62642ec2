package io.partita.model.internal;

import io.partita.model.ValidationException;
import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The record component a {@code Field} method reference names, from the reference's serialized
 * form (the implementation method and its class), worked out once per reference and cached. It takes
 * the reference as a plain {@link Serializable}, so that this class does not know the public
 * {@code Field} that calls it (no circle between the two packages).
 */
public final class FieldNames {
  private static final Map<Class<?>, String> CACHE = new ConcurrentHashMap<>();

  private FieldNames() {}

  public static String of(Serializable field) {
    String cached = CACHE.get(field.getClass());
    return cached != null ? cached : CACHE.computeIfAbsent(field.getClass(), c -> resolve(field));
  }

  private static String resolve(Serializable field) {
    SerializedLambda lambda;
    try {
      Method writeReplace = field.getClass().getDeclaredMethod("writeReplace");
      writeReplace.setAccessible(true);
      lambda = (SerializedLambda) writeReplace.invoke(field);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ValidationException("a Field must be a method reference to a record accessor, like Post::title", null, null);
    }
    String method = lambda.getImplMethodName();
    String owner = lambda.getImplClass().replace('/', '.');
    try {
      Class<?> type = Class.forName(owner, false, field.getClass().getClassLoader());
      if (type.isRecord() && lambda.getImplMethodSignature().startsWith("()")) {
        for (var component : type.getRecordComponents()) {
          if (component.getName().equals(method)) {
            return method;
          }
        }
      }
    } catch (ClassNotFoundException e) {
      // refused below
    }
    throw new ValidationException("a Field must be a method reference to a record accessor, like Post::title, not "
        + owner + "." + method, null, method);
  }
}
