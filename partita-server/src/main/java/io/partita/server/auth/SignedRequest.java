package io.partita.server.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What signature verification needs of an HTTP request, as it came off the wire: nothing decoded,
 * nothing merged, so the verifier sees exactly the bytes the client signed. The HTTP layer adapts
 * its own request type to this one; nothing here depends on Netty.
 *
 * @param method the request method, e.g. {@code POST}
 * @param rawPath the path as sent, still percent-encoded ({@code "/"} for DynamoDB clients)
 * @param rawQuery the query string as sent, still percent-encoded, without the {@code ?}; {@code
 *     ""} when there is none
 * @param headers every header line in the order received, names as sent (any case); a name may
 *     repeat
 * @param payload the request body; empty when there is none
 */
public record SignedRequest(
    String method,
    String rawPath,
    String rawQuery,
    List<Map.Entry<String, String>> headers,
    byte[] payload) {

  public SignedRequest {
    Objects.requireNonNull(method, "method");
    rawPath = rawPath == null ? "" : rawPath;
    rawQuery = rawQuery == null ? "" : rawQuery;
    headers = headers == null ? List.of() : List.copyOf(headers);
    payload = payload == null ? new byte[0] : payload;
  }

  /** The values of every header named {@code name} (case-insensitively), in the order received. */
  public List<String> headerValues(String name) {
    List<String> values = new ArrayList<>(1);
    for (Map.Entry<String, String> header : headers) {
      if (header.getKey().equalsIgnoreCase(name)) {
        values.add(header.getValue());
      }
    }
    return values;
  }

  /** The first value of the header named {@code name} (case-insensitively), or {@code null}. */
  public String firstHeader(String name) {
    for (Map.Entry<String, String> header : headers) {
      if (header.getKey().equalsIgnoreCase(name)) {
        return header.getValue();
      }
    }
    return null;
  }

  /** Whether a header named {@code name} (case-insensitively) was sent at all. */
  public boolean hasHeader(String name) {
    return firstHeader(name) != null;
  }
}
