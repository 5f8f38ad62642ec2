package io.partita.engine.internal.transfer;

import io.partita.engine.PartitaException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * NextToken of ListImports and ListExports: the ARN of the last entry of a page, in lowercase hex,
 * padded with zero bytes to a multiple of 8 bytes and at least 56, so it matches the pattern
 * ListImports declares for it ({@code ([0-9a-f]{16})+}, 112 to 1024 characters).
 */
final class ListTokens {
  private static final int MIN_BYTES = 56;

  private ListTokens() {}

  static String of(String lastArn) {
    byte[] arn = lastArn.getBytes(StandardCharsets.UTF_8);
    int length = Math.max(MIN_BYTES, (arn.length + 7) / 8 * 8);
    return HexFormat.of().formatHex(Arrays.copyOf(arn, length));
  }

  /** The ARN a token names, or ValidationException for a token this class did not make. */
  static String arn(String token) {
    try {
      byte[] bytes = HexFormat.of().parseHex(token);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] == 0) {
        end--;
      }
      return new String(bytes, 0, end, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw PartitaException.validation("Invalid NextToken");
    }
  }
}
