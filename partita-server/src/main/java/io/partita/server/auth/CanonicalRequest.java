package io.partita.server.auth;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The canonical request of SigV4: the request reduced to the six lines the client hashed before
 * signing (method, canonical URI, canonical query string, canonical headers, signed headers,
 * payload hash), rebuilt here from what arrived so the server can compute the same signature.
 *
 * <p>Each rule mirrors what the AWS SDKs do for services other than S3 (the Java SDK v2's {@code
 * V4CanonicalRequest} with its defaults), since those are the signatures the server must accept.
 */
final class CanonicalRequest {
  private CanonicalRequest() {}

  /**
   * The canonical request string.
   *
   * @param signedHeaders the names listed in SignedHeaders, as the client listed them
   * @param signedHeadersText the SignedHeaders value itself, which is signed verbatim
   * @param excludedQueryParameter a parameter left out of the canonical query string (the signature
   *     itself, for presigned URLs), or {@code null}
   * @param payloadHash the hex SHA-256 of the body
   */
  static String of(
      SignedRequest request,
      List<String> signedHeaders,
      String signedHeadersText,
      String excludedQueryParameter,
      String payloadHash) {
    return request.method()
        + '\n'
        + canonicalUri(request.rawPath())
        + '\n'
        + canonicalQueryString(request.rawQuery(), excludedQueryParameter)
        + '\n'
        + canonicalHeaders(request, signedHeaders)
        + '\n'
        + signedHeadersText
        + '\n'
        + payloadHash;
  }

  /**
   * The path with "." and ".." segments resolved, then URI-encoded once more: the SDKs encode the
   * already-encoded path a second time for every service but S3 ("/a%20b" is signed as "/a%2520b").
   * DynamoDB clients always send "/", for which all of this is the identity.
   */
  static String canonicalUri(String rawPath) {
    if (rawPath.isEmpty()) {
      return "/";
    }
    String normalized = normalize(rawPath);
    String path = UriEncoding.encodeKeepingSlashes(normalized);
    if (!path.startsWith("/")) {
      path = "/" + path;
    }
    // Resolving "/a/b/." leaves a trailing slash the client's path did not have; the SDKs drop it.
    if (path.length() > 1 && path.endsWith("/") && !rawPath.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return path;
  }

  /** Dot segments resolved as {@link URI#normalize()} does, which is what the Java SDK signs. */
  private static String normalize(String rawPath) {
    if (!rawPath.contains(".")) {
      return rawPath;
    }
    try {
      // The scheme and host keep a path starting with "//" from being read as an authority.
      String path = URI.create("http://h" + rawPath).normalize().getRawPath();
      return path == null ? rawPath : path;
    } catch (IllegalArgumentException notAUri) {
      return rawPath; // characters a URI may not hold: sign what was sent
    }
  }

  /**
   * Every parameter but {@code excluded}, name and value decoded then URI-encoded (so any encoding
   * the client chose canonicalizes alike), sorted by name then value, joined by '&'. Parameters
   * with an empty name are not signed, as in the SDKs.
   */
  static String canonicalQueryString(String rawQuery, String excluded) {
    if (rawQuery.isEmpty()) {
      return "";
    }
    List<String[]> params = new ArrayList<>();
    for (Map.Entry<String, String> param : UriEncoding.parseQuery(rawQuery)) {
      if (param.getKey().isEmpty() || param.getKey().equals(excluded)) {
        continue;
      }
      params.add(
          new String[] {UriEncoding.encode(param.getKey()), UriEncoding.encode(param.getValue())});
    }
    params.sort(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]));
    StringBuilder out = new StringBuilder();
    for (String[] param : params) {
      if (out.length() > 0) {
        out.append('&');
      }
      out.append(param[0]).append('=').append(param[1]);
    }
    return out.toString();
  }

  /**
   * One "name:value\n" line per signed header, in the order SignedHeaders lists them. Each value is
   * trimmed and its inner runs of whitespace collapsed to one space; a header sent several times
   * has its values joined by ',' in the order received.
   */
  static String canonicalHeaders(SignedRequest request, List<String> signedHeaders) {
    StringBuilder out = new StringBuilder(256);
    for (String name : signedHeaders) {
      out.append(name).append(':');
      List<String> values = request.headerValues(name);
      for (int i = 0; i < values.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        appendTrimmedAndCollapsed(out, values.get(i));
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static void appendTrimmedAndCollapsed(StringBuilder out, String value) {
    boolean pendingSpace = false;
    boolean wroteAny = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (isWhitespace(c)) {
        pendingSpace = wroteAny;
      } else {
        if (pendingSpace) {
          out.append(' ');
          pendingSpace = false;
        }
        out.append(c);
        wroteAny = true;
      }
    }
  }

  /** The whitespace the SDKs collapse: space, tab, CR, LF, vertical tab, form feed. */
  private static boolean isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\r' || c == '\f';
  }
}
