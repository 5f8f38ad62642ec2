package io.partita.embedded.oracle;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Canonical, comparable text for answers: map keys sorted, set elements sorted (sets are unordered), list order kept.
 *
 * <p>Numbers: by default compared by numeric value ({@code 1.50} equals {@code 15E-1}): DynamoDB stores numbers, not
 * their spelling, and which spelling comes back (normalized or as written, nested or not) is not what these tests
 * check. With {@code strictNumbers} the exact returned spelling is compared instead.
 */
final class Canon {
  private final boolean strictNumbers;

  Canon(boolean strictNumbers) {
    this.strictNumbers = strictNumbers;
  }

  String item(Map<String, AttributeValue> item) {
    if (item == null) return "null";
    StringBuilder sb = new StringBuilder("{");
    boolean first = true;
    for (Map.Entry<String, AttributeValue> e : new TreeMap<>(item).entrySet()) {
      if (!first) sb.append(", ");
      first = false;
      sb.append(quote(e.getKey())).append(": ").append(value(e.getValue()));
    }
    return sb.append('}').toString();
  }

  String value(AttributeValue v) {
    if (v == null) return "null";
    switch (v.type()) {
      case S: return "{S:" + quote(v.s()) + "}";
      case N: return "{N:" + number(v.n()) + "}";
      case B: return "{B:" + bytes(v.b()) + "}";
      case BOOL: return "{BOOL:" + v.bool() + "}";
      case NUL: return "{NULL:" + v.nul() + "}";
      case SS: {
        TreeSet<String> s = new TreeSet<>();
        for (String x : v.ss()) s.add(quote(x));
        return "{SS:" + s + (s.size() != v.ss().size() ? "(dups!)" : "") + "}";
      }
      case NS: {
        TreeSet<String> s = new TreeSet<>();
        for (String x : v.ns()) s.add(number(x));
        return "{NS:" + s + (s.size() != v.ns().size() ? "(dups!)" : "") + "}";
      }
      case BS: {
        TreeSet<String> s = new TreeSet<>();
        for (SdkBytes x : v.bs()) s.add(bytes(x));
        return "{BS:" + s + (s.size() != v.bs().size() ? "(dups!)" : "") + "}";
      }
      case L: {
        List<String> l = new ArrayList<>();
        for (AttributeValue x : v.l()) l.add(value(x));
        return "{L:" + l + "}";
      }
      case M: return "{M:" + item(v.m()) + "}";
      default: return "{UNKNOWN:" + v + "}";
    }
  }

  /** ConsumedCapacity with its per-index maps in name order (the two systems build them in different orders). */
  String capacity(ConsumedCapacity c) {
    if (c == null) return "none";
    return c.toBuilder().globalSecondaryIndexes(c.hasGlobalSecondaryIndexes() ? new java.util.TreeMap<>(c.globalSecondaryIndexes()) : null)
        .localSecondaryIndexes(c.hasLocalSecondaryIndexes() ? new java.util.TreeMap<>(c.localSecondaryIndexes()) : null)
        .build().toString();
  }

  private String number(String n) {
    if (strictNumbers) return n;
    try {
      BigDecimal d = new BigDecimal(n).stripTrailingZeros();
      return d.signum() == 0 ? "0" : d.toString();
    } catch (NumberFormatException e) {
      return "!" + n;
    }
  }

  private static String bytes(SdkBytes b) {
    return Base64.getEncoder().encodeToString(b.asByteArray());
  }

  private static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
