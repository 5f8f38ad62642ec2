package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.partita.server.Authenticator;
import io.partita.server.access.Access;
import io.partita.server.access.Cors;
import io.partita.server.access.Hosts;
import io.partita.server.auth.SignedRequest;
import io.partita.server.wire.FrontEndRefusal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Who may be served, decided in one place before a request is routed (docs/SECURITY.md):
 *
 * <ol>
 *   <li>every request: its {@code Host} must be one the server may be addressed by ({@link Hosts},
 *       against DNS rebinding), and a browser's request must come from a page CORS allows or from
 *       the server's own pages (its {@code Origin}), so a page of another site cannot even send a
 *       request that needs no preflight;
 *   <li>the side doors (hot keys, schemas, the admin API, metrics) with credentials configured: a
 *       valid signature, as the API itself needs, or for {@code /metrics} the bearer token;
 *   <li>the requests that change how the server serves (the admin API, a schema's registration):
 *       without credentials, only a caller on this machine, and never a page of another origin,
 *       even one CORS lets read.
 * </ol>
 *
 * <p>Only the health answer ({@code GET /}), the console's files (public, the jar's own) and CORS
 * preflights (which carry no credentials, by the standard) pass the second step unsigned.
 */
final class Gate {
  private final Hosts hosts;
  private final Cors cors;
  private final Authenticator authenticator;
  private final byte[] metricsToken;

  Gate(Access access, InetAddress bound, Authenticator authenticator) {
    this.hosts = new Hosts(bound, access.allowedHosts());
    this.cors = access.cors();
    this.authenticator = authenticator;
    this.metricsToken = access.metricsToken() == null ? null
        : access.metricsToken().getBytes(StandardCharsets.UTF_8);
  }

  /** The origins allowed to call from a browser, or null for none. */
  Cors cors() {
    return cors;
  }

  /**
   * Why a request may not be served at all, in one line, or null when it may: a Host the server is
   * not addressed by, or a page of an origin neither allowed nor the server's own.
   */
  String refusal(HttpHeaders headers) {
    String host = headers.get(HttpHeaderNames.HOST);
    if (!hosts.allows(host)) {
      return hosts.refusal(host);
    }
    String origin = headers.get(HttpHeaderNames.ORIGIN);
    if (origin == null) {
      // a browser names no origin on another site's <script>, <img> or <link> (no-cors): their status
      // alone would tell that page whether a schema or hot keys exist. It says where the request comes
      // from in Sec-Fetch-Site (every current browser; SDKs never send it): such a request is refused,
      // unless it is the user's own navigation to a page of the server (the console).
      String site = headers.get("Sec-Fetch-Site");
      if (site != null && !site.equals("same-origin") && !site.equals("none")
          && !"navigate".equals(headers.get("Sec-Fetch-Mode"))) {
        return "a page of another site may not load this server's resources (Sec-Fetch-Site: " + site
            + "); only pages CORS allows may call it, by fetch with their Origin (docs/SECURITY.md).";
      }
      return null;
    }
    if (sameOrigin(origin, host) || (cors != null && cors.allowOrigin(origin) != null)) {
      return null;
    }
    return "a page of " + origin + " may not call this server from a browser: "
        + (cors == null ? "CORS is off (--no-cors)" : cors.describe())
        + ". Start it with --cors-origin " + origin + " to allow that origin (docs/SECURITY.md).";
  }

  /**
   * Whether a browser names the server's own page (the console): its origin is the address the
   * request was sent to. Proof of nothing by itself, since a rebinding page has the same property;
   * it means something only once {@link #refusal} has accepted the Host.
   */
  private static boolean sameOrigin(String origin, String host) {
    return host != null && (origin.equalsIgnoreCase("http://" + host) || origin.equalsIgnoreCase("https://" + host));
  }

  /**
   * The refusal of a side door's request ({@code /partita/...}, {@code /metrics}) when credentials
   * are configured and the request is not signed with one of them, or null when it may go on. For
   * {@code /metrics}, a bearer token equal to the configured one does too.
   */
  FrontEndRefusal sideDoorRefusal(FullHttpRequest request, boolean metrics) {
    if (authenticator == Authenticator.ACCEPT_ANY) {
      return null;
    }
    String authorization = request.headers().get(HttpHeaderNames.AUTHORIZATION);
    if (metrics && metricsToken != null && authorization != null
        && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
        // in constant time: the comparison must not tell an attacker how much of a guess was right
        && MessageDigest.isEqual(metricsToken, authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8))) {
      return null;
    }
    try {
      authenticate(request);
      return null;
    } catch (FrontEndRefusal e) {
      return e;
    }
  }

  /**
   * Returns normally when {@code request}'s signature lets it in (any does, without credentials);
   * throws DynamoDB's authentication refusal otherwise. The one check of signatures, API and side
   * doors alike.
   */
  void authenticate(FullHttpRequest request) {
    if (authenticator != Authenticator.ACCEPT_ANY) {
      authenticator.authenticate(signedRequest(request));
    }
  }

  /**
   * Why a caller may not change how the server serves (the admin API, a schema's registration), or
   * null when it may: without credentials, one on another machine; any page of another origin
   * (a browser names the page's origin; only the server's own pages may), including one CORS lets
   * call the API, since such a POST needs no preflight. The Host was checked by {@link #refusal}.
   */
  String changeRefusal(SocketAddress remote, HttpHeaders headers) {
    if (authenticator == Authenticator.ACCEPT_ANY
        && !(remote instanceof InetSocketAddress a && a.getAddress().isLoopbackAddress())) {
      return "without credentials, the admin API answers requests from this machine only";
    }
    String origin = headers.get(HttpHeaderNames.ORIGIN);
    if (origin != null && !sameOrigin(origin, headers.get(HttpHeaderNames.HOST))) {
      return "the admin API answers no page of another origin (" + origin + ")";
    }
    return null;
  }

  /** The request as it was signed: raw path and query, headers as received, the body as sent. */
  private static SignedRequest signedRequest(FullHttpRequest request) {
    String uri = request.uri();
    int q = uri.indexOf('?');
    List<Map.Entry<String, String>> headers = new ArrayList<>(request.headers().size());
    request.headers().forEach(headers::add);
    ByteBuf content = request.content();
    byte[] payload = new byte[content.readableBytes()];
    content.getBytes(content.readerIndex(), payload);
    return new SignedRequest(request.method().name(),
        new QueryStringDecoder(uri).rawPath(), q < 0 ? "" : uri.substring(q + 1), headers, payload);
  }
}
