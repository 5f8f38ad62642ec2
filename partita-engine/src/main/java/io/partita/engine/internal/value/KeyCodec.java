package io.partita.engine.internal.value;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Order-preserving encoding of key values: the unsigned lexicographic order of the encodings is
 * DynamoDB's order of the values.
 *
 * <ul>
 *   <li>S: its UTF-8 bytes. DynamoDB orders strings by their UTF-8 bytes, which is code point order
 *       (not Java's UTF-16 {@code String.compareTo}: they differ for characters outside the BMP).
 *   <li>B: the bytes themselves (DynamoDB compares binary values as unsigned bytes).
 *   <li>N: a self-delimiting base-100 encoding. A non-zero number is {@code 0.d1d2...dk x 10^E}
 *       with {@code d1 != 0}; DynamoDB's range makes {@code E} run from -129 to 126, 256 values.
 *       <ul>
 *         <li>zero: {@code 0x02};
 *         <li>positive: {@code 0x03}, {@code E + 129}, the digits in pairs (the last one padded
 *             with a 0), pair {@code p} as byte {@code p + 2}, then terminator {@code 0x01};
 *         <li>negative: {@code 0x01}, {@code 126 - E}, pair {@code p} as byte {@code 201 - p},
 *             then terminator {@code 0xFF}.
 *       </ul>
 *       Larger exponents sort later for positives and earlier for negatives; a terminator sorts
 *       below every digit byte for positives (0.12 before 0.123) and above for negatives. Numbers
 *       that are equal ({@code 1.5}, {@code 1.50}, {@code 15E-1}) encode identically.
 * </ul>
 *
 * <p>{@link #encode} is the last component of a storage key and is not self-delimiting for S and B.
 * {@link #encodeTerminated} is ordered and prefix-free for every type: the plain encoding with each
 * {@code 0x00} written {@code 0x00 0xFF}, followed by {@code 0x00 0x01}. So {@code
 * encodeTerminated(a) + x} sorts before {@code encodeTerminated(b) + y} whenever {@code a < b},
 * whatever {@code x} and {@code y}, and the component's length is found without knowing its type.
 */
public final class KeyCodec {
  private static final byte NEGATIVE = 0x01;
  private static final byte ZERO = 0x02;
  private static final byte POSITIVE = 0x03;
  private static final int POSITIVE_END = 0x01;
  private static final int NEGATIVE_END = 0xFF;
  private static final int MIN_EXPONENT = -129;
  private static final int MAX_EXPONENT = 126;

  private KeyCodec() {}

  /** Ordered encoding of an S, N or B value: unsigned byte order of the results is DynamoDB's order. Not self-delimiting. */
  public static byte[] encode(AttributeValue value) {
    if (value.s() != null) {
      return value.s().getBytes(StandardCharsets.UTF_8);
    }
    if (value.n() != null) {
      return encodeNumber(value.n());
    }
    if (value.b() != null) {
      return value.b().asByteArray();
    }
    throw new IllegalArgumentException("not a key value: " + value);
  }

  public static AttributeValue decode(ScalarType type, byte[] src, int from, int to) {
    switch (type) {
      case S:
        return AttributeValue.fromS(new String(src, from, to - from, StandardCharsets.UTF_8));
      case B:
        return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(Arrays.copyOfRange(src, from, to)));
      case N:
        return AttributeValue.fromN(decodeNumber(src, from, to));
      default:
        throw new IllegalArgumentException("unknown type " + type);
    }
  }

  /** Ordered and prefix-free: {@code encodeTerminated(a) + x} sorts before {@code encodeTerminated(b) + y} whenever {@code a < b}. */
  public static byte[] encodeTerminated(AttributeValue value) {
    byte[] plain = encode(value);
    int zeros = 0;
    for (byte b : plain) {
      if (b == 0) {
        zeros++;
      }
    }
    byte[] out = new byte[plain.length + zeros + 2];
    int j = 0;
    for (byte b : plain) {
      out[j++] = b;
      if (b == 0) {
        out[j++] = (byte) 0xFF;
      }
    }
    out[j++] = 0x00;
    out[j] = 0x01;
    return out;
  }

  /** Length in bytes of the terminated component that starts at {@code from}. */
  public static int terminatedLength(byte[] src, int from) {
    int i = from;
    int limit = src.length - 1;
    while (i < limit) {
      if (src[i] == 0) {
        byte next = src[i + 1];
        if (next == 0x01) {
          return i + 2 - from;
        }
        if (next != (byte) 0xFF) {
          throw new IllegalArgumentException("corrupt terminated key component at " + i);
        }
        i += 2;
      } else {
        i++;
      }
    }
    throw new IllegalArgumentException("unterminated key component at " + from);
  }

  public static AttributeValue decodeTerminated(ScalarType type, byte[] src, int from) {
    int length = terminatedLength(src, from);
    int end = from + length - 2; // before the terminator
    byte[] plain = new byte[length - 2];
    int j = 0;
    for (int i = from; i < end; i++) {
      plain[j++] = src[i];
      if (src[i] == 0) {
        i++; // skip the 0xFF escape
      }
    }
    return decode(type, plain, 0, j);
  }

  // ---------------------------------------------------------------- numbers

  static byte[] encodeNumber(String text) {
    BigDecimal d = new BigDecimal(text);
    int sign = d.signum();
    if (sign == 0) {
      return new byte[] {ZERO};
    }
    d = d.stripTrailingZeros();
    String digits = d.unscaledValue().abs().toString();
    int k = digits.length();
    int exponent = k - d.scale(); // value = 0.digits x 10^exponent
    if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
      throw new IllegalArgumentException("number out of DynamoDB's range: " + text);
    }
    int pairs = (k + 1) / 2;
    byte[] out = new byte[2 + pairs + 1];
    out[0] = sign > 0 ? POSITIVE : NEGATIVE;
    out[1] = (byte) (sign > 0 ? exponent - MIN_EXPONENT : MAX_EXPONENT - exponent);
    for (int p = 0; p < pairs; p++) {
      int hi = digits.charAt(2 * p) - '0';
      int lo = 2 * p + 1 < k ? digits.charAt(2 * p + 1) - '0' : 0;
      int pair = hi * 10 + lo;
      out[2 + p] = (byte) (sign > 0 ? pair + 2 : 201 - pair);
    }
    out[out.length - 1] = (byte) (sign > 0 ? POSITIVE_END : NEGATIVE_END);
    return out;
  }

  static String decodeNumber(byte[] src, int from, int to) {
    byte head = src[from];
    if (head == ZERO) {
      return "0";
    }
    boolean positive = head == POSITIVE;
    if (!positive && head != NEGATIVE) {
      throw new IllegalArgumentException("corrupt number encoding: header " + head);
    }
    int e = src[from + 1] & 0xFF;
    int exponent = positive ? e + MIN_EXPONENT : MAX_EXPONENT - e;
    int end = positive ? POSITIVE_END : NEGATIVE_END;
    char[] digits = new char[2 * (to - from)];
    int k = 0;
    int i = from + 2;
    for (; i < to; i++) {
      int b = src[i] & 0xFF;
      if (b == end) {
        break;
      }
      int pair = positive ? b - 2 : 201 - b;
      if (pair < 0 || pair > 99) {
        throw new IllegalArgumentException("corrupt number encoding: digit byte " + b);
      }
      digits[k++] = (char) ('0' + pair / 10);
      digits[k++] = (char) ('0' + pair % 10);
    }
    if (i == to || k == 0) {
      throw new IllegalArgumentException("corrupt number encoding: no terminator");
    }
    BigInteger unscaled = new BigInteger(new String(digits, 0, k));
    BigDecimal value = new BigDecimal(positive ? unscaled : unscaled.negate(), k - exponent);
    return Numbers.canonical(value);
  }
}
