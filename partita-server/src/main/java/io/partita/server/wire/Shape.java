package io.partita.server.wire;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;

/**
 * The wire shape of one SDK model class: its members by JSON name, read once from the SDK's own
 * field metadata ({@link SdkPojo#sdkFields()}) and cached. This is what lets one codec serve every
 * DynamoDB operation, present and future, with no hand-written mapping per operation.
 */
final class Shape {
  private static final Map<Class<?>, Shape> BY_REQUEST_TYPE = new ConcurrentHashMap<>();
  private static final Map<Supplier<SdkPojo>, Shape> BY_CONSTRUCTOR = new ConcurrentHashMap<>();

  final Supplier<SdkPojo> newBuilder;
  final List<SdkField<?>> fields;
  private final Map<String, SdkField<?>> byName;

  private Shape(Supplier<SdkPojo> newBuilder) {
    this.newBuilder = newBuilder;
    this.fields = newBuilder.get().sdkFields();
    Map<String, SdkField<?>> names = new HashMap<>();
    for (SdkField<?> f : fields) {
      names.put(f.locationName(), f);
    }
    this.byName = Map.copyOf(names);
  }

  /** The member with this JSON name, or {@code null} when the model has none. */
  SdkField<?> field(String jsonName) {
    return byName.get(jsonName);
  }

  /** The shape of a top-level model class that has a static {@code builder()} method. */
  static Shape ofType(Class<?> type) {
    return BY_REQUEST_TYPE.computeIfAbsent(type, t -> new Shape(builderSupplier(t)));
  }

  /** The shape of a nested structure member. */
  static Shape ofMember(SdkField<?> field) {
    return BY_CONSTRUCTOR.computeIfAbsent(field.constructor(), Shape::new);
  }

  private static Supplier<SdkPojo> builderSupplier(Class<?> type) {
    try {
      MethodHandle builder = MethodHandles.publicLookup()
          .findStatic(type, "builder", MethodType.methodType(type.getMethod("builder").getReturnType()));
      return () -> {
        try {
          return (SdkPojo) builder.invoke();
        } catch (Throwable e) {
          throw new IllegalStateException("cannot build " + type.getName(), e);
        }
      };
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(type.getName() + " is not an SDK model class", e);
    }
  }
}
