package io.partita.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SHA-256, HMAC-SHA256 and lower-case hex, the only primitives SigV4 uses. The JCA objects are kept
 * per thread: looking a provider up for every request costs more than the hashing itself, and
 * Netty's event-loop threads live as long as the server.
 */
final class Hashing {
  private static final String HMAC_SHA256 = "HmacSHA256";
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static final ThreadLocal<MessageDigest> SHA256 =
      ThreadLocal.withInitial(() -> newInstance(() -> MessageDigest.getInstance("SHA-256")));
  private static final ThreadLocal<Mac> HMAC =
      ThreadLocal.withInitial(() -> newInstance(() -> Mac.getInstance(HMAC_SHA256)));

  private Hashing() {}

  static byte[] sha256(byte[] data) {
    MessageDigest digest = SHA256.get();
    digest.reset();
    return digest.digest(data);
  }

  static String sha256Hex(byte[] data) {
    return hex(sha256(data));
  }

  static String sha256Hex(String text) {
    return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] hmacSha256(byte[] key, String data) {
    Mac mac = HMAC.get();
    try {
      mac.init(new SecretKeySpec(key, HMAC_SHA256));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 refused its key", e);
    }
    return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
  }

  static String hex(byte[] bytes) {
    char[] chars = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      chars[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
      chars[2 * i + 1] = HEX[bytes[i] & 0xF];
    }
    return new String(chars);
  }

  /** Whether {@code text} is exactly {@code bytes} bytes in lower-case hex, as {@link #hex} writes. */
  static boolean isLowerHex(String text, int bytes) {
    if (text.length() != 2 * bytes) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }

  /** The bytes {@code hex} spells (either case), or {@code null} when it is not hex. */
  static byte[] unhex(String hex) {
    if (hex.length() % 2 != 0) {
      return null;
    }
    byte[] bytes = new byte[hex.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      int high = Character.digit(hex.charAt(2 * i), 16);
      int low = Character.digit(hex.charAt(2 * i + 1), 16);
      if (high < 0 || low < 0) {
        return null;
      }
      bytes[i] = (byte) (high << 4 | low);
    }
    return bytes;
  }

  private interface JcaFactory<T> {
    T create() throws GeneralSecurityException;
  }

  private static <T> T newInstance(JcaFactory<T> factory) {
    try {
      return factory.create();
    } catch (GeneralSecurityException e) {
      // Every Java SE platform must provide SHA-256 and HmacSHA256.
      throw new IllegalStateException(e);
    }
  }
}
