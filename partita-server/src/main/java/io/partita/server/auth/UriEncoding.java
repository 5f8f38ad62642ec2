package io.partita.server.auth;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * SigV4's URI encoding (RFC 3986: every byte but the unreserved {@code A-Z a-z 0-9 - _ . ~} becomes
 * {@code %XX}, upper-case hex), percent-decoding, and query-string splitting.
 */
final class UriEncoding {
  private static final char[] HEX_UPPER = "0123456789ABCDEF".toCharArray();

  private UriEncoding() {}

  /** {@code text} URI-encoded, '/' included. */
  static String encode(String text) {
    return encode(text, false);
  }

  /** {@code text} URI-encoded, leaving each '/' as it is (for paths). */
  static String encodeKeepingSlashes(String text) {
    return encode(text, true);
  }

  private static String encode(String text, boolean keepSlashes) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder(bytes.length + 8);
    for (byte b : bytes) {
      char c = (char) (b & 0xFF);
      if (isUnreserved(c) || (keepSlashes && c == '/')) {
        out.append(c);
      } else {
        out.append('%').append(HEX_UPPER[(b >> 4) & 0xF]).append(HEX_UPPER[b & 0xF]);
      }
    }
    return out.toString();
  }

  private static boolean isUnreserved(char c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '_'
        || c == '.'
        || c == '~';
  }

  /**
   * {@code text} with each {@code %XX} decoded, read as UTF-8. A '+' stays a '+': SigV4 clients
   * encode a space as {@code %20}, and a '+' they sent was signed as {@code %2B}. A '%' not
   * followed by two hex digits is kept literally; the signature check then decides.
   */
  static String decode(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    int literalStart = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) != '%' || i + 2 >= text.length()) {
        continue;
      }
      int high = Character.digit(text.charAt(i + 1), 16);
      int low = Character.digit(text.charAt(i + 2), 16);
      if (high < 0 || low < 0) {
        continue;
      }
      bytes.writeBytes(text.substring(literalStart, i).getBytes(StandardCharsets.UTF_8));
      bytes.write(high << 4 | low);
      i += 2;
      literalStart = i + 1;
    }
    bytes.writeBytes(text.substring(literalStart).getBytes(StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * The parameters of a raw query string, names and values decoded, in the order sent. A parameter
   * without '=' has the value {@code ""}, as SigV4 signs it ("?foo" as "foo=").
   */
  static List<Map.Entry<String, String>> parseQuery(String rawQuery) {
    List<Map.Entry<String, String>> params = new ArrayList<>();
    if (rawQuery.isEmpty()) {
      return params;
    }
    for (String param : rawQuery.split("&", -1)) {
      if (param.isEmpty()) {
        continue;
      }
      int equals = param.indexOf('=');
      String name = equals < 0 ? param : param.substring(0, equals);
      String value = equals < 0 ? "" : param.substring(equals + 1);
      params.add(Map.entry(decode(name), decode(value)));
    }
    return params;
  }
}
