package io.partita.engine.internal.value;

import io.partita.engine.PartitaException;
import java.math.BigDecimal;

/**
 * DynamoDB's number type: at most 38 significant digits, magnitude 1E-130 to
 * 9.9999999999999999999999999999999999999E+125 (or zero), leading and trailing zeros not
 * significant. Numbers travel as strings and are never passed through a {@code double}.
 */
public final class Numbers {
  public static final int MAX_PRECISION = 38;
  private static final BigDecimal MAX_MAGNITUDE = new BigDecimal("9.9999999999999999999999999999999999999E+125");
  private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");
  /** Longest number text parsed: 38 digits, 130 zeros after the point, sign and exponent fit easily. */
  static final int MAX_TEXT_LENGTH = 1000;

  private Numbers() {}

  /** Parses and validates a number as DynamoDB does, with DynamoDB's messages. */
  public static BigDecimal parse(String text) {
    if (text == null || !isLiteral(text)) {
      throw notANumber(text);
    }
    if (text.length() > MAX_TEXT_LENGTH) {
      // BigDecimal parses in time quadratic in the length: a 400 KB digit string would hold a
      // thread for seconds. No number DynamoDB stores needs this many characters.
      throw PartitaException.validation("Attempting to store more than 38 significant digits in a Number");
    }
    BigDecimal value;
    try {
      value = new BigDecimal(text);
    } catch (NumberFormatException | ArithmeticException e) {
      throw notANumber(text);
    }
    return checkRange(value);
  }

  /** Checks precision and magnitude of a computed number (a sum or a difference). */
  public static BigDecimal checkRange(BigDecimal value) {
    if (value.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    BigDecimal magnitude = stripped.abs();
    if (magnitude.compareTo(MAX_MAGNITUDE) > 0) {
      throw PartitaException.validation(
          "Number overflow. Attempting to store a number with magnitude larger than supported range");
    }
    if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
      throw PartitaException.validation(
          "Number underflow. Attempting to store a number with magnitude smaller than supported range");
    }
    if (stripped.precision() > MAX_PRECISION) {
      throw PartitaException.validation("Attempting to store more than 38 significant digits in a Number");
    }
    return stripped;
  }

  /** The one string DynamoDB answers for a number: {@code 1.50}, {@code 1.5} and {@code 15E-1} are all {@code 1.5}. */
  public static String canonical(BigDecimal value) {
    if (value.signum() == 0) {
      return "0";
    }
    return value.stripTrailingZeros().toPlainString();
  }

  /**
   * Validates {@code text} and answers its canonical form. A whole number already written as
   * DynamoDB answers it (no sign but a minus, no leading zero, at most 38 digits: a count, a
   * version, a time in milliseconds) is its own canonical form and is answered as it is, without a
   * BigDecimal; every other text is parsed.
   */
  public static String normalize(String text) {
    return isCanonicalWhole(text) ? text : canonical(parse(text));
  }

  /**
   * What DynamoDB accepts as a number literal, {@code [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?}
   * with ASCII digits: BigDecimal alone would also take forms DynamoDB refuses. Scanned by hand,
   * since every number of every item passes here (a regular expression cost 2% of a transaction's
   * server CPU).
   */
  static boolean isLiteral(String s) {
    int n = s.length();
    int i = sign(s, 0);
    int whole = digits(s, i);
    i += whole;
    int fraction = 0;
    if (i < n && s.charAt(i) == '.') {
      fraction = digits(s, ++i);
      i += fraction;
    }
    if (whole == 0 && fraction == 0) {
      return false;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i = sign(s, i + 1);
      int exponent = digits(s, i);
      if (exponent == 0) {
        return false;
      }
      i += exponent;
    }
    return i == n;
  }

  /** Whether {@code s} is a whole number in canonical form: 0, or an optional minus, a digit 1-9 and at most 37 more digits. */
  static boolean isCanonicalWhole(String s) {
    if (s == null) {
      return false;
    }
    if (s.equals("0")) {
      return true;
    }
    int start = s.startsWith("-") ? 1 : 0;
    int count = s.length() - start;
    return count >= 1 && count <= MAX_PRECISION && s.charAt(start) != '0' && digits(s, start) == count;
  }

  private static int sign(String s, int at) {
    return at < s.length() && (s.charAt(at) == '+' || s.charAt(at) == '-') ? at + 1 : at;
  }

  /** The number of ASCII digits in a row from {@code at}. */
  private static int digits(String s, int at) {
    int i = at;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i - at;
  }

  public static BigDecimal add(BigDecimal a, BigDecimal b) {
    return checkComputed(a.add(b));
  }

  public static BigDecimal subtract(BigDecimal a, BigDecimal b) {
    return checkComputed(a.subtract(b));
  }

  /**
   * A sum or difference, computed exactly: one that needs more than 38 digits is refused, never
   * rounded (1E50 + 1 cannot be stored as it is). The service refuses it with its overflow sentence,
   * whatever the magnitude (scylladb's test_number.py::test_update_expression_plus_imprecise, which
   * records Amazon DynamoDB's answer; the differential tests' reference model found the rounding).
   */
  private static BigDecimal checkComputed(BigDecimal exact) {
    if (exact.signum() != 0 && exact.stripTrailingZeros().precision() > MAX_PRECISION) {
      throw PartitaException.validation(
          "Number overflow. Attempting to store a number with magnitude larger than supported range");
    }
    return checkRange(exact);
  }

  /**
   * Amazon DynamoDB's answer, naming the value (public reports of the service: "The parameter cannot be
   * converted to a numeric value: NaN", docs/dynamodb-messages.md).
   */
  private static PartitaException notANumber(String text) {
    return PartitaException.validation("The parameter cannot be converted to a numeric value: " + text);
  }
}
