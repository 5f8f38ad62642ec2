package io.partita.server.observe;

import java.util.List;
import java.util.Objects;

/**
 * Cross-origin resource sharing, so a page on another origin (a browser tool, a web app in
 * development) can call the server. DynamoDB Local documents only its {@code -cors} option, an
 * allow list of origins defaulting to {@code *}; the headers are those AWS's JSON endpoints were
 * recorded answering a preflight with (docs/SERVER.md gives the sources), plus DynamoDB's own
 * {@code x-amz-crc32} among the exposed headers.
 *
 * @param origins the origins allowed, each as a browser sends it ({@code http://localhost:3000}),
 *     or {@code *} alone for any
 */
public record Cors(List<String> origins) {
  public static final Cors ANY_ORIGIN = new Cors(List.of("*"));
  public static final String ALLOW_METHODS = "GET, HEAD, POST, OPTIONS";
  /** When a preflight does not say which headers it will send: those the AWS SDKs send. */
  public static final String DEFAULT_ALLOW_HEADERS = "Content-Type, Content-Encoding, X-Amz-Target, X-Amz-Date,"
      + " X-Amz-Security-Token, X-Amz-User-Agent, X-Amz-Content-Sha256, Authorization, amz-sdk-invocation-id,"
      + " amz-sdk-request";
  public static final String EXPOSE_HEADERS = "x-amzn-RequestId, x-amz-crc32, x-amzn-ErrorType, x-amzn-ErrorMessage,"
      + " Date";
  /** Two days, what the recorded AWS endpoints answer. */
  public static final String MAX_AGE = "172800";

  public Cors {
    origins = List.copyOf(origins);
    if (origins.isEmpty()) {
      throw new IllegalArgumentException("CORS needs at least one allowed origin (or * for any)");
    }
    for (String o : origins) {
      Objects.requireNonNull(o);
      if (o.isBlank() || (o.equals("*") && origins.size() > 1)) {
        throw new IllegalArgumentException("a CORS origin is a scheme, host and port such as http://localhost:3000,"
            + " or * alone, not '" + o + "'");
      }
    }
  }

  public boolean anyOrigin() {
    return origins.size() == 1 && origins.get(0).equals("*");
  }

  /**
   * The Access-Control-Allow-Origin value for a request from {@code origin}: {@code *} when any is
   * allowed, the origin itself when listed, null when it is not allowed (or the request names none).
   */
  public String allowOrigin(String origin) {
    if (origin == null) {
      return null;
    }
    if (anyOrigin()) {
      return "*";
    }
    for (String o : origins) {
      if (o.equalsIgnoreCase(origin)) {
        return origin;
      }
    }
    return null;
  }
}
