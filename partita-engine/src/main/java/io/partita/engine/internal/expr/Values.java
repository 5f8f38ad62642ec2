package io.partita.engine.internal.expr;

import io.partita.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** DynamoDB's comparison, equality and size rules on attribute values. */
final class Values {
  private Values() {}

  /** DynamoDB's type name: S, N, B, SS, NS, BS, M, L, NULL, BOOL. */
  static String typeName(AttributeValue v) {
    return switch (v.type()) {
      case S -> "S";
      case N -> "N";
      case B -> "B";
      case SS -> "SS";
      case NS -> "NS";
      case BS -> "BS";
      case M -> "M";
      case L -> "L";
      case NUL -> "NULL";
      case BOOL -> "BOOL";
      default -> "UNKNOWN";
    };
  }

  static boolean isSet(AttributeValue v) {
    return switch (v.type()) {
      case SS, NS, BS -> true;
      default -> false;
    };
  }

  /** Deep equality: numbers numerically, sets regardless of order. */
  static boolean equal(AttributeValue a, AttributeValue b) {
    if (a == null || b == null || a.type() != b.type()) {
      return false;
    }
    return switch (a.type()) {
      case S -> a.s().equals(b.s());
      case N -> num(a.n()).compareTo(num(b.n())) == 0;
      case B -> a.b().asByteBuffer().equals(b.b().asByteBuffer());
      case BOOL -> a.bool().equals(b.bool());
      case NUL -> true;
      case SS -> sameElements(a.ss(), b.ss(), Values::sameString);
      case NS -> sameElements(a.ns(), b.ns(), (x, y) -> num(x).compareTo(num(y)) == 0);
      case BS -> sameElements(a.bs(), b.bs(), (x, y) -> x.asByteBuffer().equals(y.asByteBuffer()));
      case L -> {
        List<AttributeValue> x = a.l();
        List<AttributeValue> y = b.l();
        if (x.size() != y.size()) {
          yield false;
        }
        for (int i = 0; i < x.size(); i++) {
          if (!equal(x.get(i), y.get(i))) {
            yield false;
          }
        }
        yield true;
      }
      case M -> {
        Map<String, AttributeValue> x = a.m();
        Map<String, AttributeValue> y = b.m();
        if (x.size() != y.size()) {
          yield false;
        }
        for (Map.Entry<String, AttributeValue> e : x.entrySet()) {
          if (!equal(e.getValue(), y.get(e.getKey()))) {
            yield false;
          }
        }
        yield true;
      }
      default -> false;
    };
  }

  private static boolean sameString(String x, String y) {
    return x.equals(y);
  }

  private interface Same<T> {
    boolean test(T a, T b);
  }

  private static <T> boolean sameElements(List<T> a, List<T> b, Same<T> same) {
    if (a.size() != b.size()) {
      return false;
    }
    for (T x : a) {
      if (!containsElement(b, x, same)) {
        return false;
      }
    }
    for (T y : b) {
      if (!containsElement(a, y, same)) {
        return false;
      }
    }
    return true;
  }

  private static <T> boolean containsElement(List<T> list, T x, Same<T> same) {
    for (T y : list) {
      if (same.test(x, y)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Ordering of two scalars of the same type (N numerically, S by UTF-8 bytes, B by unsigned bytes),
   * or {@code null} when they are not comparable (missing, different types, not scalars).
   */
  static Integer compare(AttributeValue a, AttributeValue b) {
    if (a == null || b == null || a.type() != b.type()) {
      return null;
    }
    return switch (a.type()) {
      case N -> Integer.signum(num(a.n()).compareTo(num(b.n())));
      case S -> Integer.signum(compareUtf8(a.s(), b.s()));
      case B -> Integer.signum(compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe()));
      default -> null;
    };
  }

  /** UTF-8 byte order is code point order (unlike {@link String#compareTo}, which orders UTF-16 units). */
  static int compareUtf8(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  static int compareUnsigned(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  /** {@code size()}: UTF-8 length of S, bytes of B, element count of sets, lists and maps; {@code null} otherwise. */
  static Integer size(AttributeValue v) {
    if (v == null) {
      return null;
    }
    return switch (v.type()) {
      case S -> v.s().getBytes(StandardCharsets.UTF_8).length;
      case B -> v.b().asByteArrayUnsafe().length;
      case SS -> v.ss().size();
      case NS -> v.ns().size();
      case BS -> v.bs().size();
      case L -> v.l().size();
      case M -> v.m().size();
      default -> null;
    };
  }

  static boolean beginsWith(AttributeValue a, AttributeValue prefix) {
    if (a == null || prefix == null || a.type() != prefix.type()) {
      return false;
    }
    return switch (a.type()) {
      case S -> a.s().startsWith(prefix.s());
      case B -> {
        byte[] x = a.b().asByteArrayUnsafe();
        byte[] p = prefix.b().asByteArrayUnsafe();
        if (p.length > x.length) {
          yield false;
        }
        for (int i = 0; i < p.length; i++) {
          if (x[i] != p[i]) {
            yield false;
          }
        }
        yield true;
      }
      default -> false;
    };
  }

  /** {@code contains(a, b)}: substring of a string, member of a set, element of a list. */
  static boolean contains(AttributeValue a, AttributeValue b) {
    if (a == null || b == null) {
      return false;
    }
    return switch (a.type()) {
      case S -> b.type() == AttributeValue.Type.S && a.s().contains(b.s());
      case B -> b.type() == AttributeValue.Type.B && indexOf(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe()) >= 0;
      case SS -> b.type() == AttributeValue.Type.S && a.ss().contains(b.s());
      case NS -> b.type() == AttributeValue.Type.N && containsNumber(a.ns(), b.n());
      case BS -> b.type() == AttributeValue.Type.B && a.bs().contains(b.b());
      case L -> a.l().stream().anyMatch(e -> equal(e, b));
      default -> false;
    };
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static boolean containsNumber(List<String> numbers, String n) {
    BigDecimal x = num(n);
    for (String s : numbers) {
      if (num(s).compareTo(x) == 0) {
        return true;
      }
    }
    return false;
  }

  /** Union of two sets of the same type, keeping {@code a}'s order and appending new elements of {@code b}. */
  static AttributeValue union(AttributeValue a, AttributeValue b) {
    return switch (a.type()) {
      case SS -> {
        List<String> out = new ArrayList<>(a.ss());
        for (String s : b.ss()) {
          if (!out.contains(s)) {
            out.add(s);
          }
        }
        yield AttributeValue.fromSs(out);
      }
      case NS -> {
        List<String> out = new ArrayList<>(a.ns());
        for (String s : b.ns()) {
          if (!containsNumber(out, s)) {
            out.add(s);
          }
        }
        yield AttributeValue.fromNs(out);
      }
      case BS -> {
        List<SdkBytes> out = new ArrayList<>(a.bs());
        for (SdkBytes s : b.bs()) {
          if (!out.contains(s)) {
            out.add(s);
          }
        }
        yield AttributeValue.fromBs(out);
      }
      default -> throw new IllegalArgumentException("not a set: " + a);
    };
  }

  /** {@code a} without the elements of {@code b}; {@code null} when nothing is left. */
  static AttributeValue difference(AttributeValue a, AttributeValue b) {
    return switch (a.type()) {
      case SS -> {
        List<String> out = new ArrayList<>(a.ss());
        out.removeAll(b.ss());
        yield out.isEmpty() ? null : AttributeValue.fromSs(out);
      }
      case NS -> {
        List<String> out = new ArrayList<>();
        for (String s : a.ns()) {
          if (!containsNumber(b.ns(), s)) {
            out.add(s);
          }
        }
        yield out.isEmpty() ? null : AttributeValue.fromNs(out);
      }
      case BS -> {
        List<SdkBytes> out = new ArrayList<>(a.bs());
        out.removeAll(b.bs());
        yield out.isEmpty() ? null : AttributeValue.fromBs(out);
      }
      default -> throw new IllegalArgumentException("not a set: " + a);
    };
  }

  static BigDecimal num(String n) {
    return new BigDecimal(n);
  }

  static AttributeValue number(BigDecimal n) {
    return AttributeValue.fromN(Numbers.canonical(n));
  }
}
