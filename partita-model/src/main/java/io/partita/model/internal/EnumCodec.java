package io.partita.model.internal;

import java.util.HashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class EnumCodec implements Codec {
  private final Class<?> type;
  private final Map<String, Object> byName = new HashMap<>();

  EnumCodec(Class<?> type) {
    this.type = type;
    for (Object constant : type.getEnumConstants()) {
      byName.put(((Enum<?>) constant).name(), constant);
    }
  }

  @Override
  public Class<?> javaType() {
    return type;
  }

  @Override
  public AttributeValue encode(Object value) {
    return AttributeValue.fromS(((Enum<?>) value).name());
  }

  @Override
  public Object decode(AttributeValue value) {
    String name = Codecs.require(value.s(), "S", value);
    Object constant = byName.get(name);
    if (constant == null) {
      throw new IllegalStateException(type.getSimpleName() + " has no constant " + name);
    }
    return constant;
  }

  @Override
  public String keyText(Object value) {
    return ((Enum<?>) value).name();
  }

  /** The constant named {@code text}, or the one whose name it is in another case (a cased template). */
  @Override
  public Object fromKeyText(String text) {
    Object constant = byName.get(text);
    if (constant != null) {
      return constant;
    }
    for (Map.Entry<String, Object> e : byName.entrySet()) {
      if (e.getKey().equalsIgnoreCase(text)) {
        return e.getValue();
      }
    }
    throw new IllegalArgumentException(type.getSimpleName() + " has no constant " + text);
  }

  @Override
  public boolean scalar() {
    return true;
  }
}
