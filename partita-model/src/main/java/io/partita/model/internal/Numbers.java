package io.partita.model.internal;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact conversion between Java's number types, so {@code Condition.ge("stock", 2)} works on a {@code long} field:
 * Integer, Long, Short, Byte, BigInteger, BigDecimal, Double and Float convert to one another when the value is
 * the same number afterwards, and are refused otherwise (2.5 into a long, 2^53 + 1 into a double, 300 into a byte).
 * A double counts by its shortest decimal text ({@code 0.1} is 0.1), as the mapping stores it.
 */
public final class Numbers {
  private Numbers() {}

  /**
   * {@code value} as a {@code target} (a boxed number type, BigInteger or BigDecimal) when it is a number that fits
   * exactly; {@code value} itself when it is not a number or already a {@code target}.
   *
   * @throws IllegalArgumentException saying why, when the value does not fit
   */
  public static Object convert(Object value, Class<?> target) {
    if (!(value instanceof Number n) || target.isInstance(value) || !Number.class.isAssignableFrom(target)) {
      return value;
    }
    BigDecimal exact = exact(n);
    try {
      if (target == Long.class) {
        return exact.longValueExact();
      }
      if (target == Integer.class) {
        return exact.intValueExact();
      }
      if (target == Short.class) {
        return exact.shortValueExact();
      }
      if (target == Byte.class) {
        return exact.byteValueExact();
      }
      if (target == BigInteger.class) {
        return exact.toBigIntegerExact();
      }
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(describe(n) + " does not fit a " + target.getSimpleName() + " exactly");
    }
    if (target == BigDecimal.class) {
      return exact;
    }
    if (target == Double.class) {
      double d = exact.doubleValue();
      if (Double.isFinite(d) && BigDecimal.valueOf(d).compareTo(exact) == 0) {
        return d;
      }
    } else if (target == Float.class) {
      float f = exact.floatValue();
      if (Float.isFinite(f) && new BigDecimal(Float.toString(f)).compareTo(exact) == 0) {
        return f;
      }
    } else {
      return value; // a Number type the mapping does not know: left for the caller's type check
    }
    throw new IllegalArgumentException(describe(n) + " does not fit a " + target.getSimpleName() + " exactly");
  }

  public static BigDecimal exact(Number n) {
    if (n instanceof BigDecimal b) {
      return b;
    }
    if (n instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException(describe(n) + " is not a number DynamoDB can store");
      }
      return n instanceof Float ? new BigDecimal(n.toString()) : BigDecimal.valueOf(d);
    }
    return BigDecimal.valueOf(n.longValue()); // Integer, Long, Short, Byte, atomics
  }

  private static String describe(Number n) {
    return n.getClass().getSimpleName() + " " + n;
  }
}
