package io.partita.model.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class SetCodec implements Codec {
  enum Kind { SS, NS, BS }

  private final Codec element;
  final Kind kind; // read by Codecs.attributeType

  SetCodec(Codec element, Kind kind) {
    this.element = element;
    this.kind = kind;
  }

  @Override
  public Class<?> javaType() {
    return Set.class;
  }

  @Override
  public AttributeValue encode(Object value) {
    Set<?> set = (Set<?>) value;
    if (set.isEmpty()) {
      return null; // DynamoDB cannot store an empty set: the attribute is left out
    }
    switch (kind) {
      case SS: {
        List<String> out = new ArrayList<>(set.size());
        for (Object e : set) {
          out.add((String) nonNull(e));
        }
        return AttributeValue.fromSs(out);
      }
      case NS: {
        List<String> out = new ArrayList<>(set.size());
        for (Object e : set) {
          out.add(((Codecs.NumberCodec) element).text(nonNull(e)));
        }
        return AttributeValue.fromNs(out);
      }
      default: {
        List<SdkBytes> out = new ArrayList<>(set.size());
        for (Object e : set) {
          out.add((SdkBytes) nonNull(e));
        }
        return AttributeValue.fromBs(out);
      }
    }
  }

  private static Object nonNull(Object e) {
    if (e == null) {
      throw new IllegalArgumentException("sets cannot hold null");
    }
    return e;
  }

  @Override
  public Object decode(AttributeValue value) {
    Set<Object> out = new LinkedHashSet<>();
    switch (kind) {
      case SS:
        out.addAll(Codecs.require(value.hasSs() ? value.ss() : null, "SS", value));
        break;
      case NS:
        for (String n : Codecs.require(value.hasNs() ? value.ns() : null, "NS", value)) {
          out.add(((Codecs.NumberCodec) element).parse(n));
        }
        break;
      default:
        out.addAll(Codecs.require(value.hasBs() ? value.bs() : null, "BS", value));
    }
    return Collections.unmodifiableSet(out);
  }

  @Override
  public Object absent() {
    return Set.of();
  }

  @Override
  public Codec element() {
    return element;
  }
}
