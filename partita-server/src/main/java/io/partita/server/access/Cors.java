package io.partita.server.access;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Cross-origin resource sharing: which pages a browser lets call the server. By default only pages
 * served from this machine's loopback names ({@code http://localhost:3000}, {@code
 * http://127.0.0.1:5173}, {@code https://[::1]:8443}, any port), so a front end under development
 * on the same laptop works while a site the developer happens to visit cannot read or write the
 * tables (docs/SECURITY.md). Other origins are named; {@code *} only when named on purpose.
 *
 * <p>The headers are those AWS's JSON endpoints were recorded answering a preflight with
 * (docs/SERVER.md gives the sources), plus DynamoDB's own {@code x-amz-crc32} among the exposed
 * headers.
 *
 * @param origins the origins allowed besides loopback ones, each as a browser sends it ({@code
 *     http://app.test:8080}), or {@code *} alone for any
 * @param loopback whether every loopback origin is allowed too
 */
public record Cors(List<String> origins, boolean loopback) {
  /** The default: pages of this machine's loopback origins, any port. */
  public static final Cors LOOPBACK = new Cors(List.of(), true);
  /** Any page of any site: only when asked for by name ({@code --cors-origin '*'}). */
  public static final Cors ANY_ORIGIN = new Cors(List.of("*"), false);
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
    if (origins.contains("*") && origins.size() > 1) {
      throw new IllegalArgumentException("a CORS origin of * allows every origin: give it alone");
    }
    for (String o : origins) {
      Objects.requireNonNull(o);
      if (!o.equals("*") && !isOrigin(o)) {
        // a browser sends exactly scheme://host[:port]: anything else would never match, silently
        throw new IllegalArgumentException("a CORS origin is a scheme, host and optional port as a browser sends it,"
            + " such as http://localhost:3000 (no path, no trailing slash), or * alone; not '" + o + "'");
      }
    }
  }

  /** Loopback origins and {@code origins} ({@code --cors-origin}, repeated). */
  public static Cors loopbackAnd(List<String> origins) {
    return origins.equals(List.of("*")) ? ANY_ORIGIN : new Cors(origins, true);
  }

  public boolean anyOrigin() {
    return origins.size() == 1 && origins.get(0).equals("*");
  }

  /**
   * The Access-Control-Allow-Origin value for a request from {@code origin}: {@code *} when any is
   * allowed, the origin itself when listed or loopback, null when it is not allowed (or the request
   * names none).
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
    return loopback && isLoopbackOrigin(origin) ? origin : null;
  }

  /** In words, for the server's banner and docs: what pages may call the server. */
  public String describe() {
    if (anyOrigin()) {
      return "any web page of any site may call this server from a browser (--cors-origin *): every site open in"
          + " your browser can read and write every table";
    }
    return "pages of localhost" + (origins.isEmpty() ? "" : " and of " + String.join(", ", origins))
        + " may call this server from a browser";
  }

  /**
   * Whether {@code origin} is a page of this machine's loopback: http or https with a loopback
   * host ({@link Hosts#isLoopbackName}) and any port. A browser resolves these names itself (RFC
   * 6761 for localhost), never through a DNS an attacker controls.
   */
  static boolean isLoopbackOrigin(String origin) {
    String lower = origin.toLowerCase(Locale.ROOT);
    String rest = lower.startsWith("http://") ? lower.substring(7) : lower.startsWith("https://") ? lower.substring(8)
        : null;
    if (rest == null || !isOrigin(origin)) {
      return false;
    }
    String host = Hosts.hostPart(rest);
    return host != null && Hosts.isLoopbackName(Hosts.normalized(host));
  }

  /** Whether {@code o} has an origin's shape: {@code scheme://host[:port]}, nothing after. */
  private static boolean isOrigin(String o) {
    int sep = o.indexOf("://");
    if (sep <= 0 || !o.substring(0, sep).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
      return false;
    }
    String authority = o.substring(sep + 3);
    return !authority.isEmpty() && authority.indexOf('/') < 0 && authority.indexOf('?') < 0
        && authority.indexOf('#') < 0 && authority.indexOf('@') < 0 && Hosts.hostPart(authority) != null;
  }
}
