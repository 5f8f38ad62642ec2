package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumbersTest {
  static final String MAX = "9.9999999999999999999999999999999999999E+125";

  static void assertValidation(String message, Runnable r) {
    PartitaException e = assertThrows(PartitaException.class, r::run);
    assertEquals(ErrorCode.ValidationException, e.code());
    assertEquals(message, e.getMessage());
  }

  @Test
  void normalizesEqualNumbersToOneString() {
    assertEquals("1.5", Numbers.normalize("1.50"));
    assertEquals("1.5", Numbers.normalize("1.5"));
    assertEquals("1.5", Numbers.normalize("15E-1"));
    assertEquals("1.5", Numbers.normalize("+1.5"));
    assertEquals("1500", Numbers.normalize("1.5e3"));
    assertEquals("100", Numbers.normalize("100"));
    assertEquals("100", Numbers.normalize("0100.000"));
    assertEquals("-0.001", Numbers.normalize("-1E-3"));
    assertEquals("0.5", Numbers.normalize(".5"));
    assertEquals("5", Numbers.normalize("5."));
  }

  @Test
  void veryLongNumberTextIsRefusedBeforeParsing() {
    assertEquals("1", Numbers.normalize("0".repeat(Numbers.MAX_TEXT_LENGTH - 1) + "1"));
    assertValidation("Attempting to store more than 38 significant digits in a Number",
        () -> Numbers.parse("7".repeat(400_000)));
  }

  @Test
  void zeroInAllSpellingsIsZero() {
    assertEquals("0", Numbers.normalize("0"));
    assertEquals("0", Numbers.normalize("-0"));
    assertEquals("0", Numbers.normalize("0.000"));
    assertEquals("0", Numbers.normalize("0E-500"));
    assertEquals("0", Numbers.normalize("0e+999"));
  }

  @Test
  void thirtyEightSignificantDigitsAreAcceptedThirtyNineAreNot() {
    String d38 = "12345678901234567890123456789012345678";
    assertEquals(d38, Numbers.normalize(d38));
    assertEquals("0.0" + d38, Numbers.normalize("0.0" + d38));
    // trailing and leading zeros are not significant
    assertEquals(d38 + "000", Numbers.normalize("000" + d38 + "000"));
    assertValidation(
        "Attempting to store more than 38 significant digits in a Number",
        () -> Numbers.normalize(d38 + "9"));
    assertValidation(
        "Attempting to store more than 38 significant digits in a Number",
        () -> Numbers.normalize("1." + d38));
  }

  @Test
  void bothEndsOfTheRange() {
    assertEquals(new BigDecimal(MAX).toPlainString(), Numbers.normalize(MAX));
    assertEquals("-" + new BigDecimal(MAX).toPlainString(), Numbers.normalize("-" + MAX));
    assertEquals(new BigDecimal("1E-130").toPlainString(), Numbers.normalize("1E-130"));
    assertEquals(new BigDecimal("-1E-130").toPlainString(), Numbers.normalize("-1E-130"));
    assertEquals(new BigDecimal("1E+125").toPlainString(), Numbers.normalize("1E+125"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1E+126", "-1E+126", "10E+125", "9.99999999999999999999999999999999999999E+125"})
  void overflow(String text) {
    assertValidation(
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
        () -> Numbers.normalize(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1E-131", "-1E-131", "0.9E-130", "9.9E-131"})
  void underflow(String text) {
    assertValidation(
        "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        () -> Numbers.normalize(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "", "1e", "--1", " 1", "1 ", "1.2.3", "e5", ".", "+", "0x10", "1,5", "NaN", "Infinity", "1e+"})
  void notANumber(String text) {
    assertValidation("The parameter cannot be converted to a numeric value: " + text, () -> Numbers.parse(text));
  }

  @Test
  void nullIsNotANumber() {
    assertValidation("The parameter cannot be converted to a numeric value: null", () -> Numbers.parse(null));
  }

  @Test
  void arithmeticChecksTheRange() {
    assertEquals(new BigDecimal("3"), Numbers.add(new BigDecimal("1"), new BigDecimal("2")));
    assertEquals(BigDecimal.ZERO, Numbers.subtract(new BigDecimal("1.5"), new BigDecimal("1.50")));
    assertValidation(
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
        () -> Numbers.add(new BigDecimal(MAX), new BigDecimal(MAX)));
    // a sum that needs more than 38 digits is refused, never rounded; the service answers it with its overflow
    // sentence whatever the magnitude (scylladb's test_number.py::test_update_expression_plus_imprecise)
    String overflow = "Number overflow. Attempting to store a number with magnitude larger than supported range";
    assertValidation(overflow, () -> Numbers.add(new BigDecimal("1E+38"), BigDecimal.ONE));
    assertValidation(overflow, () -> Numbers.subtract(new BigDecimal("1E+50"), BigDecimal.ONE));
    // 38 nines + 0.001: 41 digits, which 39-digit arithmetic rounded back to 38 nines and stored
    assertValidation(overflow, () -> Numbers.add(new BigDecimal("9".repeat(38)), new BigDecimal("0.001")));
    assertEquals(new BigDecimal("1E+38"), Numbers.add(new BigDecimal("9".repeat(38)), BigDecimal.ONE));
  }

  /**
   * The hand-written scanner accepts exactly what the grammar it replaced accepts: every string of
   * up to five characters over the characters that matter (and a non-ASCII digit, which \d did
   * not match either).
   */
  @Test
  void literalScannerAcceptsWhatTheGrammarAccepts() {
    java.util.regex.Pattern grammar = java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    char[] alphabet = {'0', '7', '+', '-', '.', 'e', 'E', 'x', '\u0663'};
    int checked = 0;
    for (int length = 0; length <= 5; length++) {
      int[] at = new int[length];
      while (true) {
        StringBuilder b = new StringBuilder();
        for (int i : at) {
          b.append(alphabet[i]);
        }
        String s = b.toString();
        assertEquals(grammar.matcher(s).matches(), Numbers.isLiteral(s), s);
        checked++;
        int k = length - 1;
        while (k >= 0 && ++at[k] == alphabet.length) {
          at[k--] = 0;
        }
        if (k < 0) {
          break;
        }
      }
    }
    assertEquals(66430, checked);
  }

  /** A whole number answered as it is must be what parsing it answers. */
  @ParameterizedTest
  @ValueSource(strings = {"0", "7", "-7", "10", "1000", "-1735689600123", "12345678901234567890123456789012345678",
      "-10000000000000000000000000000000000000"})
  void canonicalWholeNumbersAreTheirOwnForm(String text) {
    assertEquals(true, Numbers.isCanonicalWhole(text));
    assertEquals(Numbers.canonical(Numbers.parse(text)), Numbers.normalize(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-0", "+7", "07", "-07", "7.", "7.0", "1e3", "", "-", "123456789012345678901234567890123456789"})
  void otherSpellingsAreParsed(String text) {
    assertEquals(false, Numbers.isCanonicalWhole(text));
  }
}
