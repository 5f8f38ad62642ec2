package io.partita.model.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class ListCodec implements Codec {
  private final Codec element;

  ListCodec(Codec element) {
    this.element = element;
  }

  @Override
  public Class<?> javaType() {
    return List.class;
  }

  @Override
  public AttributeValue encode(Object value) {
    List<?> list = (List<?>) value;
    List<AttributeValue> out = new ArrayList<>(list.size());
    for (Object e : list) {
      if (e == null) {
        throw new IllegalArgumentException("lists cannot hold null");
      }
      AttributeValue av = element.encode(e);
      // an empty set inside a list has no DynamoDB form; an empty list or map does
      out.add(av == null ? AttributeValue.fromNul(true) : av);
    }
    return AttributeValue.fromL(out);
  }

  @Override
  public Object decode(AttributeValue value) {
    List<AttributeValue> list = Codecs.require(value.hasL() ? value.l() : null, "L", value);
    List<Object> out = new ArrayList<>(list.size());
    for (AttributeValue av : list) {
      out.add(Boolean.TRUE.equals(av.nul()) ? element.absent() : element.decode(av));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public Codec element() {
    return element;
  }
}
