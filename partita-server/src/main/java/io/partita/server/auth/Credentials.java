package io.partita.server.auth;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The access keys the server accepts: each access key id with its secret access key. Immutable.
 *
 * <p>{@link #toString()} names the access key ids (they travel in clear in every request's
 * Authorization header anyway) but never a secret, so a {@code Credentials} can be logged.
 */
public final class Credentials {
  private static final Credentials NONE = new Credentials(Map.of());

  private final Map<String, String> secretsByAccessKeyId;

  private Credentials(Map<String, String> secretsByAccessKeyId) {
    this.secretsByAccessKeyId = secretsByAccessKeyId;
  }

  /**
   * The given access key id → secret access key pairs.
   *
   * @throws IllegalArgumentException if an id or a secret is null or blank
   */
  public static Credentials of(Map<String, String> secretsByAccessKeyId) {
    Map<String, String> copy = new LinkedHashMap<>();
    secretsByAccessKeyId.forEach(
        (accessKeyId, secret) -> {
          if (accessKeyId == null || accessKeyId.isBlank()) {
            throw new IllegalArgumentException("An access key id is null or blank");
          }
          if (secret == null || secret.isBlank()) {
            // Name the id, never the secret.
            throw new IllegalArgumentException(
                "The secret access key of " + accessKeyId + " is null or blank");
          }
          copy.put(accessKeyId, secret);
        });
    return copy.isEmpty() ? NONE : new Credentials(Collections.unmodifiableMap(copy));
  }

  /** No access keys at all: a verifier holding these recognizes no client. */
  public static Credentials none() {
    return NONE;
  }

  public boolean isEmpty() {
    return secretsByAccessKeyId.isEmpty();
  }

  /** The secret access key of {@code accessKeyId}, or {@code null} when the id is unknown. */
  public String secretFor(String accessKeyId) {
    return accessKeyId == null ? null : secretsByAccessKeyId.get(accessKeyId);
  }

  /** The known access key ids, in the order they were given. */
  public Set<String> accessKeyIds() {
    return secretsByAccessKeyId.keySet();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Credentials that
        && secretsByAccessKeyId.equals(that.secretsByAccessKeyId);
  }

  @Override
  public int hashCode() {
    return secretsByAccessKeyId.hashCode();
  }

  @Override
  public String toString() {
    return "Credentials" + secretsByAccessKeyId.keySet();
  }
}
