package io.partita.server.access;

import java.util.List;

/**
 * Who may reach a server besides what its signatures allow (docs/SECURITY.md): the pages a browser
 * may call it from, the names it may be addressed by, and the token Prometheus may read the
 * metrics with.
 *
 * @param cors the origins of pages allowed to call the server from a browser, or null for none
 *     (the console, served by the server itself, is never a cross-origin caller)
 * @param allowedHosts names the server may be addressed by besides loopback ones and addresses
 *     ({@link Hosts}), or {@code *} alone for any
 * @param metricsToken with credentials, a bearer token that reads {@code GET /metrics} unsigned
 *     (Prometheus cannot sign); null for none
 */
public record Access(Cors cors, List<String> allowedHosts, String metricsToken) {
  /** Loopback pages only, loopback names and addresses only, no metrics token. */
  public static final Access DEFAULTS = new Access(Cors.LOOPBACK, List.of(), null);

  public Access {
    allowedHosts = List.copyOf(allowedHosts);
    if (metricsToken != null && metricsToken.isBlank()) {
      throw new IllegalArgumentException("a metrics token cannot be empty");
    }
  }

  /** The token is a secret: a logged configuration shows only whether there is one. */
  @Override
  public String toString() {
    return "Access[cors=" + cors + ", allowedHosts=" + allowedHosts + ", metricsToken="
        + (metricsToken == null ? "none" : "(set)") + "]";
  }

  public Access withCors(Cors cors) {
    return new Access(cors, allowedHosts, metricsToken);
  }

  public Access withAllowedHosts(List<String> allowedHosts) {
    return new Access(cors, allowedHosts, metricsToken);
  }

  public Access withMetricsToken(String metricsToken) {
    return new Access(cors, allowedHosts, metricsToken);
  }

  /**
   * The guards opened wide, in words, or empty: the server says them at start, since each lets web
   * pages the developer visits reach the data (docs/SECURITY.md).
   */
  public String openedWide() {
    List<String> open = new java.util.ArrayList<>();
    if (cors != null && cors.anyOrigin()) {
      open.add(cors.describe());
    }
    if (allowedHosts.equals(List.of("*"))) {
      open.add("requests addressed to any name are answered (--allowed-host *), so a DNS-rebinding page can reach"
          + " this server");
    }
    return String.join("; ", open);
  }
}
