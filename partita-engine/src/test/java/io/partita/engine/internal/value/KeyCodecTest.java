package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyCodecTest {
  static AttributeValue n(String n) {
    return AttributeValue.fromN(n);
  }

  @Test
  void equalNumbersEncodeIdentically() {
    assertArrayEquals(KeyCodec.encode(n("1.5")), KeyCodec.encode(n("1.50")));
    assertArrayEquals(KeyCodec.encode(n("1.5")), KeyCodec.encode(n("15E-1")));
    assertArrayEquals(KeyCodec.encode(n("0")), KeyCodec.encode(n("-0.00")));
    assertArrayEquals(KeyCodec.encodeTerminated(n("100")), KeyCodec.encodeTerminated(n("1E+2")));
  }

  @Test
  void numbersSortNumerically() {
    String[] sorted = {
      "-9.9999999999999999999999999999999999999E+125", "-1E+125", "-100", "-12.3", "-10", "-1.5", "-1", "-0.123",
      "-0.12", "-1E-130", "0", "1E-130", "0.12", "0.1201", "0.123", "1", "1.5", "10", "12.3", "100", "1E+125",
      "9.9999999999999999999999999999999999999E+125"
    };
    for (int i = 0; i + 1 < sorted.length; i++) {
      byte[] a = KeyCodec.encode(n(sorted[i]));
      byte[] b = KeyCodec.encode(n(sorted[i + 1]));
      assertTrue(Arrays.compareUnsigned(a, b) < 0, sorted[i] + " < " + sorted[i + 1]);
      byte[] ta = KeyCodec.encodeTerminated(n(sorted[i]));
      byte[] tb = KeyCodec.encodeTerminated(n(sorted[i + 1]));
      assertTrue(Arrays.compareUnsigned(ta, tb) < 0, sorted[i] + " < " + sorted[i + 1] + " terminated");
    }
  }

  @Test
  void numbersDecodeToCanonicalStrings() {
    for (String s : new String[] {"0", "1.50", "-1.5", "15E-1", "1E+125", "-1E-130", "123456789012345678901234567890.12345678"}) {
      String canonical = Numbers.normalize(s);
      byte[] e = KeyCodec.encode(n(s));
      assertEquals(n(canonical), KeyCodec.decode(ScalarType.N, e, 0, e.length));
      byte[] t = KeyCodec.encodeTerminated(n(s));
      assertEquals(n(canonical), KeyCodec.decodeTerminated(ScalarType.N, t, 0));
    }
  }

  @Test
  void stringsSortByUtf8NotUtf16() {
    // U+FF61 is above the surrogates in UTF-16 but below U+1F600 in code points and UTF-8
    String bmpHigh = "\uff61";
    String astral = "\ud83d\ude00";
    assertTrue(bmpHigh.compareTo(astral) > 0, "Java orders them the other way");
    assertTrue(Arrays.compareUnsigned(
        KeyCodec.encode(AttributeValue.fromS(bmpHigh)), KeyCodec.encode(AttributeValue.fromS(astral))) < 0);
    assertTrue(Arrays.compareUnsigned(
        KeyCodec.encodeTerminated(AttributeValue.fromS(bmpHigh)),
        KeyCodec.encodeTerminated(AttributeValue.fromS(astral))) < 0);
  }

  @Test
  void terminatedStringsArePrefixFree() {
    AttributeValue a = AttributeValue.fromS("a");
    AttributeValue ab = AttributeValue.fromS("a\u0000");
    AttributeValue b = AttributeValue.fromS("ab");
    byte[] ta = KeyCodec.encodeTerminated(a);
    assertArrayEquals(new byte[] {'a', 0, 1}, ta);
    assertArrayEquals(new byte[] {'a', 0, (byte) 0xFF, 0, 1}, KeyCodec.encodeTerminated(ab));
    assertTrue(Arrays.compareUnsigned(ta, KeyCodec.encodeTerminated(ab)) < 0);
    assertTrue(Arrays.compareUnsigned(KeyCodec.encodeTerminated(ab), KeyCodec.encodeTerminated(b)) < 0);
    // with suffixes: "a" + 0xFF... still before "a\0"
    byte[] withSuffix = Arrays.copyOf(ta, ta.length + 2);
    withSuffix[ta.length] = (byte) 0xFF;
    withSuffix[ta.length + 1] = (byte) 0xFF;
    assertTrue(Arrays.compareUnsigned(withSuffix, KeyCodec.encodeTerminated(ab)) < 0);
  }

  @Test
  void terminatedComponentsChain() {
    List<AttributeValue> values = List.of(
        AttributeValue.fromS("p\u0000k"), n("-12.5"), AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 0, 1, (byte) 0xFF})),
        n("0"), AttributeValue.fromS(""), n("1E-130"));
    List<ScalarType> types = List.of(ScalarType.S, ScalarType.N, ScalarType.B, ScalarType.N, ScalarType.S, ScalarType.N);
    List<byte[]> parts = new ArrayList<>();
    int total = 0;
    for (AttributeValue v : values) {
      byte[] t = KeyCodec.encodeTerminated(v);
      parts.add(t);
      total += t.length;
    }
    byte[] key = new byte[total];
    int pos = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, key, pos, p.length);
      pos += p.length;
    }
    pos = 0;
    for (int i = 0; i < values.size(); i++) {
      assertEquals(parts.get(i).length, KeyCodec.terminatedLength(key, pos));
      AttributeValue expected = values.get(i).n() == null ? values.get(i) : n(Numbers.normalize(values.get(i).n()));
      assertEquals(expected, KeyCodec.decodeTerminated(types.get(i), key, pos));
      pos += KeyCodec.terminatedLength(key, pos);
    }
    assertEquals(key.length, pos);
  }

  @Test
  void binaryAndStringRoundTrip() {
    byte[] raw = {0, (byte) 0x80, (byte) 0xFF, 1};
    AttributeValue b = AttributeValue.fromB(SdkBytes.fromByteArray(raw));
    assertArrayEquals(raw, KeyCodec.encode(b));
    assertEquals(b, KeyCodec.decode(ScalarType.B, raw, 0, raw.length));
    byte[] framed = {9, 'h', 'i', 9};
    assertEquals(AttributeValue.fromS("hi"), KeyCodec.decode(ScalarType.S, framed, 1, 3));
  }

  @Test
  void rejectsNonKeyValuesAndCorruptInput() {
    assertThrows(IllegalArgumentException.class, () -> KeyCodec.encode(AttributeValue.fromBool(true)));
    assertThrows(IllegalArgumentException.class, () -> KeyCodec.terminatedLength(new byte[] {'a', 'b'}, 0));
    assertThrows(IllegalArgumentException.class, () -> KeyCodec.terminatedLength(new byte[] {'a', 0, 7}, 0));
    assertThrows(IllegalArgumentException.class, () -> KeyCodec.encode(n("1E+126")));
  }
}
