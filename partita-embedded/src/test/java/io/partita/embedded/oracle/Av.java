package io.partita.embedded.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short constructors and a compact, deterministic rendering for {@link AttributeValue}s. */
final class Av {
  private Av() {}

  static AttributeValue s(String v) {
    return AttributeValue.builder().s(v).build();
  }

  static AttributeValue n(String v) {
    return AttributeValue.builder().n(v).build();
  }

  static AttributeValue b(byte[] v) {
    return AttributeValue.builder().b(SdkBytes.fromByteArray(v)).build();
  }

  static AttributeValue bool(boolean v) {
    return AttributeValue.builder().bool(v).build();
  }

  static AttributeValue nul() {
    return AttributeValue.builder().nul(true).build();
  }

  static AttributeValue ss(String... v) {
    return AttributeValue.builder().ss(v).build();
  }

  static AttributeValue ns(String... v) {
    return AttributeValue.builder().ns(v).build();
  }

  static AttributeValue bs(byte[]... v) {
    List<SdkBytes> l = new ArrayList<>();
    for (byte[] x : v) l.add(SdkBytes.fromByteArray(x));
    return AttributeValue.builder().bs(l).build();
  }

  static AttributeValue l(AttributeValue... v) {
    return AttributeValue.builder().l(Arrays.asList(v)).build();
  }

  static AttributeValue l(List<AttributeValue> v) {
    return AttributeValue.builder().l(v).build();
  }

  static AttributeValue m(Object... kv) {
    return AttributeValue.builder().m(item(kv)).build();
  }

  static AttributeValue m(Map<String, AttributeValue> v) {
    return AttributeValue.builder().m(v).build();
  }

  /** An ordered map from alternating name, value arguments. */
  static Map<String, AttributeValue> item(Object... kv) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], (AttributeValue) kv[i + 1]);
    return m;
  }

  /** A copy of {@code base} with the given name, value pairs added or replaced. */
  static Map<String, AttributeValue> with(Map<String, AttributeValue> base, Object... kv) {
    Map<String, AttributeValue> m = new LinkedHashMap<>(base);
    m.putAll(item(kv));
    return m;
  }

  /** Renders an item as {@code {a: {S: x}, ...}}, in the map's iteration order; strings over 60 chars are abbreviated. */
  static String show(Map<String, AttributeValue> item) {
    if (item == null) return "null";
    StringBuilder sb = new StringBuilder("{");
    boolean first = true;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      if (!first) sb.append(", ");
      first = false;
      sb.append(abbrev(e.getKey())).append(": ").append(show(e.getValue()));
    }
    return sb.append('}').toString();
  }

  static String show(AttributeValue v) {
    if (v == null) return "null";
    switch (v.type()) {
      case S: return "{S: \"" + abbrev(v.s()) + "\"}";
      case N: return "{N: " + v.n() + "}";
      case B: return "{B: " + b64(v.b()) + "}";
      case BOOL: return "{BOOL: " + v.bool() + "}";
      case NUL: return "{NULL: " + v.nul() + "}";
      case SS: return "{SS: " + v.ss().stream().map(x -> "\"" + abbrev(x) + "\"").toList() + "}";
      case NS: return "{NS: " + v.ns() + "}";
      case BS: return "{BS: " + v.bs().stream().map(Av::b64).toList() + "}";
      case L: return "{L: " + v.l().stream().map(Av::show).toList() + "}";
      case M: return "{M: " + show(v.m()) + "}";
      default: return "{?: " + v + "}";
    }
  }

  private static String b64(SdkBytes b) {
    return Base64.getEncoder().encodeToString(b.asByteArray());
  }

  private static String abbrev(String s) {
    if (s == null) return "null";
    return s.length() <= 60 ? s : s.substring(0, 20) + "…(" + s.length() + " chars)";
  }
}
