package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.partita.engine.PartitaException;
import io.partita.engine.testing.QuietJazzer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Fuzzes the stored forms of values: {@link ItemCodec} (whole items) and {@link KeyCodec} (key
 * values). The input is an item encoding, mutated; the checked-in seeds are encodings of varied
 * items, so most mutants are still items.
 *
 * <p>Invariants:
 *
 * <ul>
 *   <li>decoding any bytes either answers an item or refuses them as corrupt with an {@link
 *       IllegalStateException} (nothing else: no IndexOutOfBounds, NegativeArraySize, OutOfMemory);
 *   <li>a decoded item encodes and decodes to itself, and re-encoding is stable (byte for byte from
 *       the second round on: a first round may drop a repeated name and reorder the attributes);
 *   <li>for an item that passes DynamoDB's validation, each S, N and B value (attributes and set
 *       elements) round-trips exactly through both key encodings, and the unsigned byte order of
 *       the encodings is DynamoDB's order of the values, checked against comparators written here:
 *       code points for S, unsigned bytes for B, {@link BigDecimal#compareTo} for N.
 * </ul>
 */
@ExtendWith(QuietJazzer.class)
class ItemCodecFuzzTest {
  @FuzzTest
  void items(byte[] bytes) {
    Map<String, AttributeValue> decoded;
    try {
      decoded = ItemCodec.decode(bytes);
    } catch (IllegalStateException corrupt) {
      return;
    }
    byte[] encoded = ItemCodec.encode(decoded);
    assertEquals(decoded, ItemCodec.decode(encoded));
    // the bytes are stable from the second round on: the first may drop a repeated name (which
    // encode never writes) and so list the attributes in another order
    byte[] again = ItemCodec.encode(ItemCodec.decode(encoded));
    assertArrayEquals(again, ItemCodec.encode(ItemCodec.decode(again)));

    Map<String, AttributeValue> item;
    try {
      item = AttributeValues.validateItem(decoded);
    } catch (PartitaException invalid) {
      return;
    }
    assertEquals(item, ItemCodec.decode(ItemCodec.encode(item)));
    List<AttributeValue> keys = new ArrayList<>();
    for (AttributeValue v : item.values()) {
      collectScalars(v, keys);
    }
    for (AttributeValue k : keys) {
      checkKeyRoundTrip(k);
    }
    for (int i = 0; i < keys.size(); i++) {
      for (int j = i; j < keys.size() && j < i + 8; j++) {
        checkKeyOrder(keys.get(i), keys.get(j));
      }
    }
  }

  /** The S, N and B values of {@code v}: itself, or the elements of its set, or those nested in it. */
  private static void collectScalars(AttributeValue v, List<AttributeValue> out) {
    switch (v.type()) {
      case S, N, B -> out.add(v);
      case SS -> v.ss().forEach(s -> out.add(AttributeValue.fromS(s)));
      case NS -> v.ns().forEach(n -> out.add(AttributeValue.fromN(n)));
      case BS -> v.bs().forEach(b -> out.add(AttributeValue.fromB(b)));
      case L -> v.l().forEach(e -> collectScalars(e, out));
      case M -> v.m().values().forEach(e -> collectScalars(e, out));
      default -> { }
    }
  }

  private static void checkKeyRoundTrip(AttributeValue v) {
    ScalarType type = ScalarType.of(v);
    byte[] plain = KeyCodec.encode(v);
    assertEquals(v, KeyCodec.decode(type, plain, 0, plain.length));
    byte[] prefix = {9, 0};
    byte[] suffix = {0, 1, (byte) 0xFF};
    byte[] terminated = KeyCodec.encodeTerminated(v);
    byte[] framed = concat(concat(prefix, terminated), suffix);
    assertEquals(terminated.length, KeyCodec.terminatedLength(framed, prefix.length));
    assertEquals(v, KeyCodec.decodeTerminated(type, framed, prefix.length));
  }

  private static void checkKeyOrder(AttributeValue a, AttributeValue b) {
    if (a.type() != b.type()) {
      return;
    }
    int expected = Integer.signum(ORDER.compare(a, b));
    assertEquals(expected, Integer.signum(Arrays.compareUnsigned(KeyCodec.encode(a), KeyCodec.encode(b))),
        () -> a + " vs " + b);
    byte[] ta = KeyCodec.encodeTerminated(a);
    byte[] tb = KeyCodec.encodeTerminated(b);
    assertEquals(expected, Integer.signum(Arrays.compareUnsigned(ta, tb)), () -> a + " vs " + b);
    if (expected != 0) {
      // prefix-free: what follows a component never changes the order the component decides
      assertEquals(expected, Integer.signum(Arrays.compareUnsigned(concat(ta, new byte[] {(byte) 0xFF}),
          concat(tb, new byte[] {0}))), () -> a + " vs " + b);
    }
  }

  /** DynamoDB's order of key values of one type, written independently of {@link KeyCodec}. */
  static final Comparator<AttributeValue> ORDER = (a, b) -> switch (a.type()) {
    case S -> codePointCompare(a.s(), b.s());
    case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
    case B -> unsignedCompare(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
    default -> throw new IllegalArgumentException(a.type().toString());
  };

  static int codePointCompare(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return Integer.compare(x.length, y.length);
  }

  static int unsignedCompare(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int d = (a[i] & 0xFF) - (b[i] & 0xFF);
      if (d != 0) {
        return d;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  /** The seed inputs (seed-*): encodings of items that cover every type, nesting and odd strings. */
  static List<byte[]> seeds() {
    List<byte[]> out = new ArrayList<>();
    out.add(ItemCodec.encode(Map.of()));
    out.add(ItemCodec.encode(Map.of("pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromN("42"))));
    out.add(ItemCodec.encode(Map.of(
        "s", AttributeValue.fromS("h\u00e9llo \uD83D\uDE00 \uFFFF \u0000"),
        "n", AttributeValue.fromN("-12345678901234567890.123456789012345678"),
        "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 0x80, (byte) 0xFF})),
        "t", AttributeValue.fromBool(true),
        "f", AttributeValue.fromBool(false),
        "z", AttributeValue.fromNul(true))));
    out.add(ItemCodec.encode(Map.of(
        "ss", AttributeValue.fromSs(List.of("a", "ab", "\uE000", "\uD83D\uDE00", "")),
        "ns", AttributeValue.fromNs(List.of("0", "1", "-1", "0.5", "9.9999999999999999999999999999999999999E+125",
            "1E-130", "-1E-130", "100", "1E+3")),
        "bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {0}),
            SdkBytes.fromByteArray(new byte[] {0, 0}), SdkBytes.fromByteArray(new byte[] {(byte) 0xFF}))))));
    AttributeValue nested = AttributeValue.fromM(Map.of(
        "a", AttributeValue.fromM(Map.of("b", AttributeValue.fromN("7"))),
        "l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromL(List.of()),
            AttributeValue.fromM(Map.of())))));
    AttributeValue list = AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("2"),
        AttributeValue.fromSs(List.of("q"))));
    out.add(ItemCodec.encode(Map.of("m", nested, "l", list)));
    String big = "x".repeat(200);
    out.add(ItemCodec.encode(Map.of(big, AttributeValue.fromS(big), "\u00fc", AttributeValue.fromS("\u00fc"))));
    return out;
  }

  /**
   * Writes the seeds, one file per seed, into {@code args[0]}, run by hand with the test class path
   * (Map.of's order varies from run to run, so the bytes may differ from the checked-in ones).
   */
  public static void main(String[] args) throws java.io.IOException {
    java.nio.file.Path dir = java.nio.file.Path.of(args[0]);
    java.nio.file.Files.createDirectories(dir);
    List<byte[]> seeds = seeds();
    for (int i = 0; i < seeds.size(); i++) {
      java.nio.file.Files.write(dir.resolve("seed-" + i), seeds.get(i));
    }
    System.out.println(seeds.size() + " seeds in " + dir);
  }
}
