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
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;

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
  private final Map<String, Member> byName;

  private Shape(Supplier<SdkPojo> newBuilder) {
    this.newBuilder = newBuilder;
    this.fields = newBuilder.get().sdkFields();
    Map<String, Member> names = new HashMap<>();
    for (SdkField<?> f : fields) {
      names.put(f.locationName(), new Member(f));
    }
    this.byName = Map.copyOf(names);
  }

  /** The member with this JSON name, or {@code null} when the model has none. */
  Member member(String jsonName) {
    return byName.get(jsonName);
  }

  /**
   * One member of a shape, with what reading its value needs worked out on first use and kept: the
   * shape of a structure, the member of a list's elements or a map's values. (Looked up for every
   * value, these were a tenth of reading an item's JSON.) Computed at most a few times under a race,
   * always to the same value, so unsynchronized.
   */
  static final class Member {
    final SdkField<?> field;
    final MarshallingType<?> type;
    private Shape structure;
    private Member element;

    private Member(SdkField<?> field) {
      this.field = field;
      this.type = field.marshallingType();
    }

    /** The shape of this structure member's value. */
    Shape structure() {
      Shape s = structure;
      if (s == null) {
        structure = s = ofMember(field);
      }
      return s;
    }

    /** The member of this list's elements or this map's values. */
    Member element() {
      Member e = element;
      if (e == null) {
        element = e = new Member(type == MarshallingType.LIST
            ? field.getRequiredTrait(ListTrait.class).memberFieldInfo()
            : field.getRequiredTrait(MapTrait.class).valueFieldInfo());
      }
      return e;
    }
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
