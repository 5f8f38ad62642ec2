package io.partita.embedded.oracle.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Attribute values as the Developer Guide describes them: type names, equality, the key order (S by unsigned UTF-8
 * bytes, N numerically, B by unsigned bytes), validation of what a request may carry, and item sizes.
 */
final class Vals {
  private Vals() {}

  /** The type's short name (S, N, B, BOOL, NULL, SS, NS, BS, L, M), or null for a value without a type. */
  static String type(AttributeValue v) {
    if (v == null || v.type() == null) return null;
    return switch (v.type()) {
      case S -> "S";
      case N -> "N";
      case B -> "B";
      case BOOL -> "BOOL";
      case NUL -> "NULL";
      case SS -> "SS";
      case NS -> "NS";
      case BS -> "BS";
      case L -> "L";
      case M -> "M";
      default -> null;
    };
  }

  static boolean isScalarKeyType(String t) {
    return "S".equals(t) || "N".equals(t) || "B".equals(t);
  }

  static BigDecimal num(String n) {
    return new BigDecimal(n.trim());
  }

  static int compareBytes(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
      if (c != 0) return c;
    }
    return Integer.compare(a.length, b.length);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Order of two values of one of the types S, N, B (the same type). */
  static int compare(AttributeValue a, AttributeValue b) {
    return switch (type(a)) {
      case "S" -> compareBytes(utf8(a.s()), utf8(b.s()));
      case "N" -> num(a.n()).compareTo(num(b.n()));
      case "B" -> compareBytes(a.b().asByteArray(), b.b().asByteArray());
      default -> throw new IllegalArgumentException("not ordered: " + a);
    };
  }

  /** Whether two values are equal as DynamoDB compares them (numbers by value, sets as sets). */
  static boolean equal(AttributeValue a, AttributeValue b) {
    String ta = type(a), tb = type(b);
    if (ta == null || !ta.equals(tb)) return false;
    switch (ta) {
      case "S": return a.s().equals(b.s());
      case "N": return num(a.n()).compareTo(num(b.n())) == 0;
      case "B": return a.b().equals(b.b());
      case "BOOL": return a.bool().equals(b.bool());
      case "NULL": return true;
      case "SS": return new HashSet<>(a.ss()).equals(new HashSet<>(b.ss()));
      case "NS": return numberSet(a.ns()).equals(numberSet(b.ns()));
      case "BS": return new HashSet<>(a.bs()).equals(new HashSet<>(b.bs()));
      case "L": {
        if (a.l().size() != b.l().size()) return false;
        for (int i = 0; i < a.l().size(); i++) if (!equal(a.l().get(i), b.l().get(i))) return false;
        return true;
      }
      default: {
        if (!a.m().keySet().equals(b.m().keySet())) return false;
        for (String k : a.m().keySet()) if (!equal(a.m().get(k), b.m().get(k))) return false;
        return true;
      }
    }
  }

  static boolean equalItems(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    if (!a.keySet().equals(b.keySet())) return false;
    for (String k : a.keySet()) if (!equal(a.get(k), b.get(k))) return false;
    return true;
  }

  static Set<BigDecimal> numberSet(List<String> ns) {
    Set<BigDecimal> s = new HashSet<>();
    for (String n : ns) s.add(num(n).stripTrailingZeros());
    return s;
  }

  // ------------------------------------------------------------------ validation

  /** Why a number literal is not a valid DynamoDB number, or null. */
  static String numberProblem(String n) {
    BigDecimal d;
    try {
      if (n == null || n.isEmpty() || !n.equals(n.trim())) return "A value provided cannot be converted into a number";
      d = new BigDecimal(n);
    } catch (NumberFormatException e) {
      return "A value provided cannot be converted into a number";
    }
    return numberRangeProblem(d);
  }

  /** Why a number is out of DynamoDB's range (38 significant digits, magnitude 1E-130 to below 1E126), or null. */
  static String numberRangeProblem(BigDecimal d) {
    if (d.signum() == 0) return null;
    BigDecimal s = d.stripTrailingZeros();
    if (s.precision() > 38) return "Attempting to store more than 38 significant digits in a Number";
    BigDecimal abs = s.abs();
    if (abs.compareTo(new BigDecimal("1E126")) >= 0) {
      return "Number overflow. Attempting to store a number with magnitude larger than supported range";
    }
    if (abs.compareTo(new BigDecimal("1E-130")) < 0) {
      return "Number underflow. Attempting to store a number with magnitude smaller than supported range";
    }
    return null;
  }

  /** Why a value may not be stored (or used as an expression value), or null; messages as Amazon DynamoDB words them. */
  static String problem(AttributeValue v) {
    String t = type(v);
    if (t == null) return "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
    switch (t) {
      case "N": return numberProblem(v.n());
      case "SS": {
        if (v.ss().isEmpty()) return "One or more parameter values were invalid: An string set  may not be empty";
        if (new HashSet<>(v.ss()).size() != v.ss().size()) return "Input collection " + v.ss() + " contains duplicates.";
        return null;
      }
      case "NS": {
        if (v.ns().isEmpty()) return "One or more parameter values were invalid: An number set  may not be empty";
        for (String n : v.ns()) {
          String p = numberProblem(n);
          if (p != null) return p;
        }
        if (numberSet(v.ns()).size() != v.ns().size()) return "Input collection " + v.ns() + " contains duplicates.";
        return null;
      }
      case "BS": {
        if (v.bs().isEmpty()) return "One or more parameter values were invalid: An binary set  may not be empty";
        if (new HashSet<>(v.bs()).size() != v.bs().size()) return "Input collection contains duplicates.";
        return null;
      }
      case "L": {
        for (AttributeValue e : v.l()) {
          String p = problem(e);
          if (p != null) return p;
        }
        return null;
      }
      case "M": {
        for (AttributeValue e : v.m().values()) {
          String p = problem(e);
          if (p != null) return p;
        }
        return null;
      }
      default: return null;
    }
  }

  // ------------------------------------------------------------------ sizes

  static long utf8Length(String s) {
    return utf8(s).length;
  }

  /** The size of an item: per attribute, the UTF-8 length of its name plus the size of its value. */
  static long size(Map<String, AttributeValue> item) {
    long n = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) n += utf8Length(e.getKey()) + size(e.getValue());
    return n;
  }

  /**
   * The size of a value (Developer Guide, "Item sizes and formats"): S its UTF-8 bytes, B its raw bytes, BOOL and
   * NULL 1 byte, sets the sum of their elements, L and M 3 bytes plus 1 byte per element plus the elements (a map
   * element also counts its name), N see {@link #numberSize}.
   */
  static long size(AttributeValue v) {
    switch (type(v)) {
      case "S": return utf8Length(v.s());
      case "N": return numberSize(v.n());
      case "B": return v.b().asByteArray().length;
      case "BOOL": case "NULL": return 1;
      case "SS": { long n = 0; for (String s : v.ss()) n += utf8Length(s); return n; }
      case "NS": { long n = 0; for (String s : v.ns()) n += numberSize(s); return n; }
      case "BS": { long n = 0; for (SdkBytes b : v.bs()) n += b.asByteArray().length; return n; }
      case "L": { long n = 3; for (AttributeValue e : v.l()) n += 1 + size(e); return n; }
      default: { long n = 3; for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) n += 1 + utf8Length(e.getKey()) + size(e.getValue()); return n; }
    }
  }

  /**
   * A number's size: "approximately 1 byte per two significant digits, plus 1 byte" says the guide. Made exact the
   * way DynamoDB stores numbers, base-100 digits: the significant digits grouped in pairs aligned on the decimal
   * point (a pair per byte), one byte of exponent, one more byte for a negative number, at most 21 bytes; zero is 1.
   */
  static int numberSize(String n) {
    BigDecimal d = num(n);
    if (d.signum() == 0) return 1;
    d = d.stripTrailingZeros();
    int low = -d.scale();                          // exponent of the lowest significant digit
    int high = d.precision() - 1 - d.scale();      // exponent of the highest
    int pairs = Math.floorDiv(high, 2) - Math.floorDiv(low, 2) + 1;
    return Math.min(21, pairs + 1 + (d.signum() < 0 ? 1 : 0));
  }

  // ------------------------------------------------------------------ building values

  static AttributeValue n(BigDecimal d) {
    return AttributeValue.fromN(d.stripTrailingZeros().toPlainString().equals("0") ? "0" : plain(d));
  }

  private static String plain(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 && s.precision() - s.scale() > 40 ? s.toString() : s.toPlainString();
  }

  static BigDecimal add(BigDecimal a, BigDecimal b) {
    return a.add(b, MathContext.UNLIMITED);
  }

  /** A set value's elements, for union and difference: S and N and B sets alike (numbers keyed by value). */
  static LinkedHashMap<Object, Object> setElements(AttributeValue v) {
    LinkedHashMap<Object, Object> m = new LinkedHashMap<>();
    switch (type(v)) {
      case "SS" -> v.ss().forEach(s -> m.put(s, s));
      case "NS" -> v.ns().forEach(s -> m.putIfAbsent(num(s).stripTrailingZeros(), s));
      default -> v.bs().forEach(b -> m.put(b, b));
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  static AttributeValue setOf(String type, java.util.Collection<Object> elements) {
    List<Object> l = new ArrayList<>(elements);
    return switch (type) {
      case "SS" -> AttributeValue.builder().ss((List<String>) (List<?>) l).build();
      case "NS" -> AttributeValue.builder().ns((List<String>) (List<?>) l).build();
      default -> AttributeValue.builder().bs((List<SdkBytes>) (List<?>) l).build();
    };
  }

  static Set<String> names(Map<String, ?> m) {
    return new LinkedHashSet<>(m.keySet());
  }
}
