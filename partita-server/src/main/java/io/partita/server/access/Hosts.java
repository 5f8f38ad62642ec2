package io.partita.server.access;

import java.net.InetAddress;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names a request may address the server by (its {@code Host} header): the guard against DNS
 * rebinding. A page of {@code evil.example} whose name is made to resolve to 127.0.0.1 after it has
 * loaded is, to the browser, the same origin as before: its requests reach this server with {@code
 * Host: evil.example}, and no CORS rule is asked. So the name is checked, on every path:
 *
 * <ul>
 *   <li>loopback names and addresses ({@code localhost}, {@code *.localhost}, {@code 127.x.x.x},
 *       {@code [::1]}), any port, always: a browser resolves {@code localhost} itself, and an
 *       address is no name a DNS can turn;
 *   <li>on a server bound to any other address, any IP address too (a rebinding page always uses a
 *       name; an address is how other machines and containers reach it);
 *   <li>names given with {@code --allowed-host} (a Docker service name, say), or any with {@code *}.
 * </ul>
 *
 * <p>A request with no Host at all (HTTP/1.0) passes: a browser always sends one.
 */
public final class Hosts {
  private final boolean loopbackOnly;
  private final Set<String> names = new LinkedHashSet<>();
  private final boolean any;
  private final String bound;
  /**
   * The last Host allowed: a server's clients send the same one on every request, so the check is
   * one comparison but for the first. Only an allowed value is kept, so a stream of refused names
   * costs nothing more than checking them.
   */
  private volatile String lastAllowed;
  private static final java.util.regex.Pattern PORT = java.util.regex.Pattern.compile("[0-9]{1,5}");
  private static final java.util.regex.Pattern HOST =
      java.util.regex.Pattern.compile("\\[[0-9a-fA-F:.]+\\]|[A-Za-z0-9._-]+");
  private static final java.util.regex.Pattern OCTET = java.util.regex.Pattern.compile("[0-9]{1,3}");

  /**
   * @param bound the address the server listens on
   * @param allowed names allowed besides those above, or {@code *} alone for any
   */
  public Hosts(InetAddress bound, List<String> allowed) {
    this.loopbackOnly = bound.isLoopbackAddress();
    this.bound = bound.getHostAddress();
    for (String n : allowed) {
      String name = normalized(n);
      if (!name.equals("*") && !name.equals(hostPart(name))) {
        throw new IllegalArgumentException("an allowed host is a name or address without a port, such as"
            + " partita.internal, or * for any; not '" + n + "'");
      }
      names.add(name);
    }
    this.any = names.contains("*");
    if (any && names.size() > 1) {
      throw new IllegalArgumentException("an allowed host of * allows every name: give it alone");
    }
  }

  /** Whether any name is allowed ({@code --allowed-host '*'}): no guard against DNS rebinding. */
  public boolean any() {
    return any;
  }

  /** Whether a request with this {@code Host} header (null when it has none) may be served. */
  public boolean allows(String hostHeader) {
    if (hostHeader == null || any || hostHeader.equals(lastAllowed)) {
      return true;
    }
    String host = hostPart(hostHeader.trim().toLowerCase(Locale.ROOT));
    if (host == null) {
      return false;
    }
    host = normalized(host);
    boolean allowed = isLoopbackName(host) || names.contains(host) || (!loopbackOnly && isAddress(host));
    if (allowed) {
      lastAllowed = hostHeader;
    }
    return allowed;
  }

  /** The one line a refused request is answered with: which Host, and how to allow it. */
  public String refusal(String hostHeader) {
    String host = hostPart(hostHeader.trim().toLowerCase(Locale.ROOT));
    String hint = host == null ? "" : " If you reach the server by that name, start it with --allowed-host "
        + normalized(host) + ".";
    return "Host '" + hostHeader + "' is not allowed: this server answers requests addressed to "
        + (loopbackOnly ? "localhost or a loopback address (it listens on " + bound + ")"
            : "one of its addresses or localhost")
        + (names.isEmpty() ? "" : " or " + String.join(", ", names))
        + ", a guard against DNS rebinding (docs/SECURITY.md)." + hint;
  }

  /**
   * The host of {@code authority} ({@code host[:port]}, {@code [v6][:port]}), lower case as given;
   * null when it is not one (a port that is not a number, an unclosed bracket, an empty host).
   */
  static String hostPart(String authority) {
    String host;
    String port;
    if (authority.startsWith("[")) {
      int close = authority.indexOf(']');
      if (close < 0) {
        return null;
      }
      host = authority.substring(0, close + 1);
      String after = authority.substring(close + 1);
      if (!after.isEmpty() && !after.startsWith(":")) {
        return null;
      }
      port = after.isEmpty() ? null : after.substring(1);
    } else {
      int colon = authority.lastIndexOf(':');
      host = colon < 0 ? authority : authority.substring(0, colon);
      port = colon < 0 ? null : authority.substring(colon + 1);
      if (host.contains(":")) {
        return null; // an IPv6 address without brackets
      }
    }
    if (host.isEmpty() || (port != null && !PORT.matcher(port).matches()) || !HOST.matcher(host).matches()) {
      return null;
    }
    return host;
  }

  /** A name as compared: lower case, without the trailing dot a fully qualified name may carry. */
  static String normalized(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
  }

  /**
   * {@code localhost}, a name under it, an address of 127.0.0.0/8 or {@code [::1]}, or the wildcard
   * addresses {@code 0.0.0.0} and {@code [::]}, which reach this machine's listeners on Linux and
   * macOS (boto3 scripts use {@code http://0.0.0.0:8000}); an address cannot be rebound. Given
   * normalized ({@link #normalized}) by the caller.
   */
  static boolean isLoopbackName(String host) {
    if (host == null) {
      return false;
    }
    return host.equals("localhost") || host.endsWith(".localhost") || host.equals("[::1]") || host.equals("0.0.0.0")
        || host.equals("[::]") || (isIpv4(host) && host.startsWith("127."));
  }

  private static boolean isAddress(String host) {
    return isIpv4(host) || (host.startsWith("[") && host.endsWith("]"));
  }

  private static boolean isIpv4(String host) {
    String[] parts = host.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String p : parts) {
      if (!OCTET.matcher(p).matches() || Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return true;
  }
}
