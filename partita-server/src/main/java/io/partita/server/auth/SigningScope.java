package io.partita.server.auth;

import java.util.Map;

/**
 * Who signed a request and for which region, read from its credential scope (the Authorization
 * header's {@code Credential=AKID/DAY/REGION/SERVICE/aws4_request}, or a presigned URL's
 * X-Amz-Credential) and not verified: an isolating server chooses a request's database by it
 * (docs/SERVER.md, "Isolation"), after {@link SigV4Verifier} has verified it where credentials are
 * configured.
 */
public record SigningScope(String accessKeyId, String region) {
  private static final String CREDENTIAL = "Credential=";

  /**
   * The scope a request names, or null when it is not signed (no Authorization header of an
   * {@code AWS4-} scheme, no X-Amz-Credential).
   *
   * @param rawQuery the query string as received, without its {@code ?}; empty for none
   * @throws io.partita.server.wire.FrontEndRefusal IncompleteSignatureException when the credential is
   *     not five elements
   */
  public static SigningScope of(String authorization, String rawQuery) {
    String credential = null;
    if (authorization != null && authorization.strip().startsWith("AWS4-")) {
      int at = authorization.indexOf(CREDENTIAL);
      if (at < 0) {
        return null;
      }
      int from = at + CREDENTIAL.length();
      int to = from;
      while (to < authorization.length() && authorization.charAt(to) != ','
          && !Character.isWhitespace(authorization.charAt(to))) {
        to++;
      }
      credential = authorization.substring(from, to);
    } else if (authorization == null && rawQuery.contains(SignatureParameters.X_AMZ_CREDENTIAL)) {
      for (Map.Entry<String, String> p : UriEncoding.parseQuery(rawQuery)) {
        if (p.getKey().equals(SignatureParameters.X_AMZ_CREDENTIAL)) {
          credential = p.getValue();
          break;
        }
      }
    }
    if (credential == null) {
      return null;
    }
    CredentialScope scope = CredentialScope.parse(credential);
    return new SigningScope(scope.accessKeyId(), scope.region());
  }
}
