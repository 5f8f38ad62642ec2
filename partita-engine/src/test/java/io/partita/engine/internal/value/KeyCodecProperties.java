package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyCodecProperties {
  static final BigDecimal MAX = new BigDecimal("9.9999999999999999999999999999999999999E+125");
  static final BigDecimal MIN = new BigDecimal("1E-130");

  // ------------------------------------------------------------------ generators

  /** Strings mixing ASCII, NUL, Latin, BMP (including U+E000..U+FFFF) and supplementary characters. */
  @Provide
  static Arbitrary<String> strings() {
    Arbitrary<String> cp = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(0, 0x7F)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x80, 0x7FF)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x800, 0xD7FF)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0xE000, 0xFFFF)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x10000, 0x10FFFF)))
        .map(c -> new String(Character.toChars(c)));
    return cp.list().ofMaxSize(8).map(l -> String.join("", l));
  }

  /** Valid DynamoDB numbers: up to 38 digits over the whole exponent range, the extremes and zero. */
  @Provide
  static Arbitrary<BigDecimal> numbers() {
    Arbitrary<BigDecimal> random = Combinators.combine(
            Arbitraries.integers().between(1, 38),
            Arbitraries.longs(),
            Arbitraries.integers().between(-130, 125),
            Arbitraries.of(true, false))
        .as((digits, seed, exponent, negative) -> {
          java.util.Random r = new java.util.Random(seed);
          StringBuilder sb = new StringBuilder();
          sb.append((char) ('1' + r.nextInt(9)));
          for (int i = 1; i < digits; i++) {
            sb.append((char) ('0' + r.nextInt(10)));
          }
          // value = d.ddd x 10^exponent, clamped into the range
          BigDecimal v = new BigDecimal(new BigInteger(sb.toString()), digits - 1 - exponent);
          if (v.compareTo(MAX) > 0) {
            v = MAX;
          }
          if (v.compareTo(MIN) < 0) {
            v = MIN;
          }
          return negative ? v.negate() : v;
        });
    Arbitrary<BigDecimal> small = Arbitraries.integers().between(-1000, 1000).map(BigDecimal::valueOf)
        .flatMap(v -> Arbitraries.integers().between(0, 3).map(s -> v.movePointLeft(s)));
    Arbitrary<BigDecimal> edges = Arbitraries.of(
        BigDecimal.ZERO, MAX, MAX.negate(), MIN, MIN.negate(), BigDecimal.ONE, BigDecimal.ONE.negate(),
        new BigDecimal("1E+125"), new BigDecimal("-1E+125"), new BigDecimal("9.9999999999999999999999999999999999999E-130"));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, random), net.jqwik.api.Tuple.of(3, small), net.jqwik.api.Tuple.of(2, edges));
  }

  @Provide
  static Arbitrary<byte[]> binaries() {
    Arbitrary<Byte> b = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, Arbitraries.bytes()),
        net.jqwik.api.Tuple.of(1, Arbitraries.of((byte) 0, (byte) 1, (byte) 0xFF, (byte) 0x80)));
    return b.list().ofMaxSize(8).map(l -> {
      byte[] a = new byte[l.size()];
      for (int i = 0; i < a.length; i++) {
        a[i] = l.get(i);
      }
      return a;
    });
  }

  @Provide
  static Arbitrary<byte[]> suffixes() {
    return binaries();
  }

  // ------------------------------------------------------------------ helpers

  static AttributeValue n(BigDecimal d) {
    return AttributeValue.fromN(Numbers.canonical(d));
  }

  static AttributeValue b(byte[] a) {
    return AttributeValue.fromB(SdkBytes.fromByteArray(a));
  }

  static int sign(int c) {
    return Integer.signum(c);
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  /** DynamoDB's string order: UTF-8 bytes, that is code points. */
  static int dynamoCompare(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  static int codePointCompare(String a, String b) {
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
    return Boolean.compare(i < a.length(), j < b.length());
  }

  static void checkOrder(int expected, AttributeValue a, AttributeValue b, byte[] x, byte[] y) {
    assertEquals(expected, sign(Arrays.compareUnsigned(KeyCodec.encode(a), KeyCodec.encode(b))));
    byte[] ta = KeyCodec.encodeTerminated(a);
    byte[] tb = KeyCodec.encodeTerminated(b);
    assertEquals(expected, sign(Arrays.compareUnsigned(ta, tb)));
    if (expected != 0) {
      assertEquals(expected, sign(Arrays.compareUnsigned(concat(ta, x), concat(tb, y))));
    }
  }

  static void checkRoundTrip(ScalarType type, AttributeValue v, AttributeValue expected, byte[] suffix) {
    byte[] e = KeyCodec.encode(v);
    assertEquals(expected, KeyCodec.decode(type, e, 0, e.length));
    byte[] prefix = {7, 0, 1};
    byte[] t = concat(concat(prefix, KeyCodec.encodeTerminated(v)), suffix);
    assertEquals(KeyCodec.encodeTerminated(v).length, KeyCodec.terminatedLength(t, prefix.length));
    assertEquals(expected, KeyCodec.decodeTerminated(type, t, prefix.length));
  }

  // ------------------------------------------------------------------ properties

  @Property(tries = 1000)
  void stringOrder(@ForAll("strings") String a, @ForAll("strings") String b,
      @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    int expected = sign(codePointCompare(a, b));
    assertEquals(expected, sign(dynamoCompare(a, b)));
    checkOrder(expected, AttributeValue.fromS(a), AttributeValue.fromS(b), x, y);
  }

  @Property(tries = 1000)
  void stringOrderWithCommonPrefix(@ForAll("strings") String p, @ForAll("strings") String a, @ForAll("strings") String b,
      @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    String pa = p + a;
    String pb = p + b;
    checkOrder(sign(codePointCompare(pa, pb)), AttributeValue.fromS(pa), AttributeValue.fromS(pb), x, y);
  }

  @Property(tries = 1000)
  void numberOrder(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b,
      @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    checkOrder(sign(a.compareTo(b)), n(a), n(b), x, y);
  }

  @Property(tries = 1000)
  void numberOrderOfNeighbours(@ForAll("numbers") BigDecimal a, @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    // the closest numbers: one unit in the last of 38 digits apart
    BigDecimal ulp = BigDecimal.ONE.movePointLeft(37 - (a.precision() - a.scale() - 1));
    BigDecimal b = a.add(ulp);
    if (b.abs().compareTo(MAX) <= 0 && (b.signum() == 0 || b.abs().compareTo(MIN) >= 0) && b.stripTrailingZeros().precision() <= 38) {
      checkOrder(-1, n(a), n(b), x, y);
    }
    // and the same number written differently encodes the same
    AttributeValue padded = AttributeValue.fromN(a.setScale(a.scale() + 2).toString());
    assertArrayEquals(KeyCodec.encode(n(a)), KeyCodec.encode(padded));
  }

  @Property(tries = 1000)
  void binaryOrder(@ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b,
      @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    checkOrder(sign(Arrays.compareUnsigned(a, b)), b(a), b(b), x, y);
  }

  @Property(tries = 1000)
  void binaryOrderWithCommonPrefix(@ForAll("binaries") byte[] p, @ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b,
      @ForAll("suffixes") byte[] x, @ForAll("suffixes") byte[] y) {
    byte[] pa = concat(p, a);
    byte[] pb = concat(p, b);
    checkOrder(sign(Arrays.compareUnsigned(pa, pb)), b(pa), b(pb), x, y);
  }

  @Property(tries = 1000)
  void stringRoundTrip(@ForAll("strings") String s, @ForAll("suffixes") byte[] suffix) {
    checkRoundTrip(ScalarType.S, AttributeValue.fromS(s), AttributeValue.fromS(s), suffix);
  }

  @Property(tries = 1000)
  void numberRoundTrip(@ForAll("numbers") BigDecimal d, @ForAll("suffixes") byte[] suffix) {
    AttributeValue canonical = n(d);
    checkRoundTrip(ScalarType.N, canonical, canonical, suffix);
    // a non-canonical spelling decodes to the canonical string
    checkRoundTrip(ScalarType.N, AttributeValue.fromN(d.toString()), canonical, suffix);
  }

  @Property(tries = 1000)
  void binaryRoundTrip(@ForAll("binaries") byte[] a, @ForAll("suffixes") byte[] suffix) {
    checkRoundTrip(ScalarType.B, b(a), b(a), suffix);
  }
}
