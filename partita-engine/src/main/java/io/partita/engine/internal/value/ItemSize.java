package io.partita.engine.internal.value;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's item size rules ("Item sizes and formats" in the developer guide):
 *
 * <ul>
 *   <li>an item is the sum over its attributes of the UTF-8 length of the name plus the size of the
 *       value;
 *   <li>S: UTF-8 bytes; B: raw bytes; BOOL and NULL: 1 byte;
 *   <li>N: see {@link #ofNumber(String)};
 *   <li>SS, NS, BS: the sum of the sizes of the elements;
 *   <li>M and L: 3 bytes of overhead, plus 1 byte per element, plus the elements (a map entry also
 *       counts the UTF-8 length of its key).
 * </ul>
 */
public final class ItemSize {
  /** DynamoDB's item size limit, 400 KB. */
  public static final int MAX_ITEM_BYTES = 400 * 1024;
  /** The most a number counts for. */
  public static final int MAX_NUMBER_BYTES = 21;

  private ItemSize() {}

  public static long of(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += AttributeValues.utf8Length(e.getKey()) + of(e.getValue());
    }
    return size;
  }

  public static long of(AttributeValue value) {
    if (value.s() != null) {
      return AttributeValues.utf8Length(value.s());
    }
    if (value.n() != null) {
      return ofNumber(value.n());
    }
    if (value.b() != null) {
      return value.b().asByteArrayUnsafe().length;
    }
    if (value.bool() != null || value.nul() != null) {
      return 1;
    }
    if (value.hasM()) {
      long size = 3;
      for (Map.Entry<String, AttributeValue> e : value.m().entrySet()) {
        size += 1 + AttributeValues.utf8Length(e.getKey()) + of(e.getValue());
      }
      return size;
    }
    if (value.hasL()) {
      List<AttributeValue> l = value.l();
      long size = 3 + l.size();
      for (AttributeValue e : l) {
        size += of(e);
      }
      return size;
    }
    long size = 0;
    if (value.hasSs()) {
      for (String s : value.ss()) {
        size += AttributeValues.utf8Length(s);
      }
    } else if (value.hasNs()) {
      for (String n : value.ns()) {
        size += ofNumber(n);
      }
    } else if (value.hasBs()) {
      for (SdkBytes b : value.bs()) {
        size += b.asByteArrayUnsafe().length;
      }
    }
    return size;
  }

  /**
   * {@link #ofNumber(String)} of a valid number's text held as ASCII bytes (a stored number), read digit by
   * digit instead of through a {@code BigDecimal}: the weight of each significant digit is its place
   * against the decimal point plus the exponent.
   */
  public static int ofNumber(byte[] text, int off, int len) {
    int end = off + len;
    int i = off;
    boolean negative = text[i] == '-';
    if (negative || text[i] == '+') {
      i++;
    }
    int mantissaEnd = i;
    while (mantissaEnd < end && text[mantissaEnd] != 'e' && text[mantissaEnd] != 'E') {
      mantissaEnd++;
    }
    long exponent = 0;
    if (mantissaEnd < end) {
      int j = mantissaEnd + 1;
      boolean negativeExponent = text[j] == '-';
      if (negativeExponent || text[j] == '+') {
        j++;
      }
      for (; j < end; j++) {
        exponent = Math.min(exponent * 10 + (text[j] - '0'), Integer.MAX_VALUE);
      }
      exponent = negativeExponent ? -exponent : exponent;
    }
    int point = i;
    while (point < mantissaEnd && text[point] != '.') {
      point++;
    }
    long high = Long.MIN_VALUE;
    long low = Long.MAX_VALUE;
    for (int k = i; k < mantissaEnd; k++) {
      byte c = text[k];
      if (c > '0' && c <= '9') {
        // the digit's power of ten: places left of the point count from 0, right of it from -1
        long weight = (k < point ? point - 1 - k : point - k) + exponent;
        high = Math.max(high, weight);
        low = Math.min(low, weight);
      }
    }
    if (high == Long.MIN_VALUE) {
      return 1; // zero, whatever its sign or exponent
    }
    long pairs = Math.floorDiv(high, 2) - Math.floorDiv(low, 2) + 1;
    return (int) Math.min(MAX_NUMBER_BYTES, pairs + 1 + (negative ? 1 : 0));
  }

  /**
   * Size of a number. The guide says "approximately 1 byte per two significant digits, plus 1 byte";
   * the precise rule follows from DynamoDB storing numbers in base 100 (as Oracle's NUMBER does): the
   * significant digits, leading and trailing zeros trimmed, are grouped in pairs aligned on the
   * decimal point, one byte per pair, plus one byte of exponent, plus one more byte for a negative
   * number (its terminator). So {@code 1}, {@code 10}, {@code 100} and {@code 0.01} are 2 bytes,
   * {@code 123} and {@code 12.3} are 3 bytes, {@code 1.5} is 3 bytes (pairs {@code 01|50}) while
   * {@code 15} is 2, a 38-digit number is 20 or 21 bytes, and zero is 1 byte. No number counts for
   * more than {@value #MAX_NUMBER_BYTES} bytes (a negative number of 20 pairs counts 21, not 22): this
   * matches the sizes measured against DynamoDB by public item-size calculators, not a documented
   * rule.
   *
   * <p>Equivalently: with the value written as {@code unscaled x 10^-scale} (trailing zeros
   * stripped), the digit of weight {@code 10^e} sits in pair {@code floor(e / 2)}, and the number of
   * pairs is {@code floor(eHigh / 2) - floor(eLow / 2) + 1}.
   */
  public static int ofNumber(String number) {
    BigDecimal d = new BigDecimal(number);
    if (d.signum() == 0) {
      return 1;
    }
    d = d.stripTrailingZeros();
    int eLow = -d.scale();
    int eHigh = d.precision() - 1 - d.scale();
    int pairs = Math.floorDiv(eHigh, 2) - Math.floorDiv(eLow, 2) + 1;
    return Math.min(MAX_NUMBER_BYTES, pairs + 1 + (d.signum() < 0 ? 1 : 0));
  }
}
