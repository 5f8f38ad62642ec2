package io.partita.model.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class MapCodec implements Codec {
  private final Codec value;

  MapCodec(Codec value) {
    this.value = value;
  }

  /** The codec of the map's values, for update paths into a map. */
  Codec values() {
    return value;
  }

  @Override
  public Class<?> javaType() {
    return Map.class;
  }

  @Override
  public AttributeValue encode(Object v) {
    Map<?, ?> map = (Map<?, ?>) v;
    Map<String, AttributeValue> out = new LinkedHashMap<>(Math.max(4, map.size() * 2));
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        throw new IllegalArgumentException("maps cannot hold null keys or values");
      }
      AttributeValue av = value.encode(e.getValue());
      if (av != null) {
        out.put((String) e.getKey(), av);
      }
    }
    return AttributeValue.fromM(out);
  }

  @Override
  public Object decode(AttributeValue v) {
    Map<String, AttributeValue> m = Codecs.require(v.hasM() ? v.m() : null, "M", v);
    Map<String, Object> out = new LinkedHashMap<>(Math.max(4, m.size() * 2));
    for (Map.Entry<String, AttributeValue> e : m.entrySet()) {
      out.put(e.getKey(), value.decode(e.getValue()));
    }
    return Collections.unmodifiableMap(out);
  }
}
