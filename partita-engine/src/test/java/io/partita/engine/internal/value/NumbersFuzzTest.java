package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.testing.QuietJazzer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Fuzzes DynamoDB's number type: {@link Numbers#parse} against an oracle written independently of
 * it (a hand-written scanner instead of the regular expression, the range and precision rules from
 * DynamoDB's documentation), the canonical form, sums and differences, and the number encodings of
 * {@link KeyCodec} (exact round trip, byte order = numeric order) and {@link ItemCodec}.
 *
 * <p>Without {@code JAZZER_FUZZ} this runs the inputs in {@code NumbersFuzzTestInputs/} (test
 * resources) once each; see docs/fuzzing.md for a fuzzing run.
 */
@ExtendWith(QuietJazzer.class)
class NumbersFuzzTest {
  private static final BigDecimal MAX = new BigDecimal("9.9999999999999999999999999999999999999E+125");
  private static final BigDecimal MIN = new BigDecimal("1E-130");

  /** Input: two number texts in UTF-8, separated by the first line break (the second may be absent). */
  @FuzzTest
  @DictionaryEntries({"E+", "e-", "E+125", "E-130", "9999999999", "0000000000", ".", "-", "+"})
  void numbers(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    int newline = text.indexOf('\n');
    String a = newline < 0 ? text : text.substring(0, newline);
    String b = newline < 0 ? "0" : text.substring(newline + 1);
    BigDecimal x = checkParse(a);
    BigDecimal y = checkParse(b);
    if (x != null && y != null) {
      checkOrder(x, y);
      checkArithmetic(x, y);
    }
  }

  /** Parses {@code text}, checks everything that follows, and answers the value or null if refused. */
  private static BigDecimal checkParse(String text) {
    BigDecimal expected = oracle(text);
    BigDecimal parsed;
    try {
      parsed = Numbers.parse(text);
    } catch (PartitaException e) {
      assertEquals(ErrorCode.ValidationException, e.code(), e.toString());
      assertEquals(null, expected, () -> "refused, but the oracle accepts " + text + ": " + e.getMessage());
      return null;
    }
    assertTrue(expected != null, () -> "accepted, but the oracle refuses " + text);
    assertEquals(0, expected.compareTo(parsed), text);

    String canonical = Numbers.canonical(parsed);
    assertEquals(canonical, Numbers.normalize(text));
    assertEquals(canonical, Numbers.normalize(canonical), "the canonical form is a fixed point");
    assertEquals(0, new BigDecimal(canonical).compareTo(parsed));

    // the key encoding: equal numbers encode alike, and decode to the canonical form
    byte[] key = KeyCodec.encodeNumber(text);
    assertArrayEquals(key, KeyCodec.encodeNumber(canonical));
    assertEquals(canonical, KeyCodec.decodeNumber(key, 0, key.length));
    AttributeValue n = AttributeValue.fromN(canonical);
    byte[] terminated = KeyCodec.encodeTerminated(n);
    assertEquals(n, KeyCodec.decodeTerminated(ScalarType.N, terminated, 0));

    // the item encoding keeps the text exactly, as a number and in a number set
    Map<String, AttributeValue> item = Map.of("n", n, "ns", AttributeValue.fromNs(java.util.List.of(canonical)));
    assertEquals(item, ItemCodec.decode(ItemCodec.encode(item)));
    return parsed;
  }

  private static void checkOrder(BigDecimal x, BigDecimal y) {
    int expected = Integer.signum(x.compareTo(y));
    byte[] kx = KeyCodec.encodeNumber(Numbers.canonical(x));
    byte[] ky = KeyCodec.encodeNumber(Numbers.canonical(y));
    assertEquals(expected, Integer.signum(Arrays.compareUnsigned(kx, ky)), () -> x + " vs " + y);
    byte[] tx = KeyCodec.encodeTerminated(AttributeValue.fromN(Numbers.canonical(x)));
    byte[] ty = KeyCodec.encodeTerminated(AttributeValue.fromN(Numbers.canonical(y)));
    assertEquals(expected, Integer.signum(Arrays.compareUnsigned(tx, ty)), () -> x + " vs " + y);
  }

  /** A sum or difference is exact and in range, or refused with a ValidationException: never rounded. */
  private static void checkArithmetic(BigDecimal x, BigDecimal y) {
    checkComputed(x.add(y), () -> Numbers.add(x, y));
    checkComputed(x.subtract(y), () -> Numbers.subtract(x, y));
  }

  private static void checkComputed(BigDecimal exact, java.util.function.Supplier<BigDecimal> op) {
    BigDecimal result;
    try {
      result = op.get();
    } catch (PartitaException e) {
      assertEquals(ErrorCode.ValidationException, e.code(), e.toString());
      assertTrue(!inRange(exact), () -> "refused " + exact + ": " + e.getMessage());
      return;
    }
    assertTrue(inRange(exact), () -> "accepted " + exact);
    assertEquals(0, exact.compareTo(result));
  }

  // ---------------------------------------------------------------- the oracle

  /**
   * DynamoDB's number rules, written without {@link Numbers}: an optional sign, digits with an
   * optional point (at least one digit), an optional exponent; at most 1000 characters; zero, or a
   * magnitude from 1E-130 to 9.99..E+125 with at most 38 significant digits. Null when refused.
   */
  static BigDecimal oracle(String text) {
    if (!syntax(text) || text.length() > Numbers.MAX_TEXT_LENGTH) {
      return null;
    }
    BigDecimal v;
    try {
      v = new BigDecimal(text);
    } catch (NumberFormatException e) {
      return null; // an exponent beyond an int
    }
    return inRange(v) ? v : null;
  }

  static boolean inRange(BigDecimal v) {
    if (v.signum() == 0) {
      return true;
    }
    BigDecimal m = v.abs();
    return m.compareTo(MIN) >= 0 && m.compareTo(MAX) <= 0 && v.stripTrailingZeros().precision() <= 38;
  }

  private static boolean syntax(String s) {
    int i = 0;
    int n = s.length();
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    int digits = 0;
    while (i < n && isDigit(s.charAt(i))) {
      i++;
      digits++;
    }
    if (i < n && s.charAt(i) == '.') {
      i++;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      int exponentDigits = 0;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
        exponentDigits++;
      }
      if (exponentDigits == 0) {
        return false;
      }
    }
    return i == n;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
