package io.partita.engine.internal.value;

import io.partita.engine.PartitaException;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * DynamoDB's number type: at most 38 significant digits, magnitude 1E-130 to
 * 9.9999999999999999999999999999999999999E+125 (or zero), leading and trailing zeros not
 * significant. Numbers travel as strings and are never passed through a {@code double}.
 */
public final class Numbers {
  public static final int MAX_PRECISION = 38;
  private static final BigDecimal MAX_MAGNITUDE = new BigDecimal("9.9999999999999999999999999999999999999E+125");
  private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");
  /** What DynamoDB accepts as a number literal; BigDecimal alone would also take e.g. "1_0"-free oddities like "+.e". */
  private static final Pattern SYNTAX = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  /** Longest number text parsed: 38 digits, 130 zeros after the point, sign and exponent fit easily. */
  static final int MAX_TEXT_LENGTH = 1000;

  private Numbers() {}

  /** Parses and validates a number as DynamoDB does, with DynamoDB's messages. */
  public static BigDecimal parse(String text) {
    if (text == null || !SYNTAX.matcher(text).matches()) {
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

  /** Validates {@code text} and answers its canonical form. */
  public static String normalize(String text) {
    return canonical(parse(text));
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
