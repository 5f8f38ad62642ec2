package io.partita.server.isolation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.StringJoiner;

/**
 * One isolated database's name: the parts of a request's signer that {@link Isolation} separates by,
 * each null when it does not ({@code key} without {@code keys}, {@code account} without {@code accounts},
 * {@code region} without {@code regions}).
 *
 * @param key the signing access key id
 * @param account the 12-digit account the key maps to
 * @param region the signing region
 */
public record Namespace(String key, String account, String region) {
  /** The most characters of the label a folder name keeps before its hash. */
  private static final int READABLE_CHARS = 40;

  /**
   * The namespace in words, its parts joined by {@code /} in the order key, account, region
   * ({@code AKIDEXAMPLE/us-west-2}, {@code 123456789012}): the metrics' {@code namespace} label and what
   * messages name.
   */
  public String label() {
    StringJoiner j = new StringJoiner("/");
    for (String part : new String[] {key, account, region}) {
      if (part != null) {
        j.add(part);
      }
    }
    return j.toString();
  }

  /**
   * The folder name this namespace's data lives in under the data folder: the label's letters, digits,
   * {@code .}, {@code _} and {@code -} (any other character made {@code _}, at most {@value
   * #READABLE_CHARS}), then {@code -} and the first 16 hex digits of the label's SHA-256. Never a
   * client's string as a path: no separator, no {@code ..}, no two namespaces in one folder, and the
   * same folder for the same namespace on every start.
   */
  public String folder() {
    String label = label();
    StringBuilder readable = new StringBuilder();
    for (int i = 0; i < label.length() && readable.length() < READABLE_CHARS; i++) {
      char c = label.charAt(i);
      boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
          || (c == '.' && readable.length() > 0);
      readable.append(plain ? c : '_');
    }
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(label.getBytes(StandardCharsets.UTF_8));
      return readable + "-" + HexFormat.of().formatHex(hash, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return label();
  }
}
