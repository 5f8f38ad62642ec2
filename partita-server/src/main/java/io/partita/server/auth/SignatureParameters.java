package io.partita.server.auth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parts of a signature, wherever the client put them: in the Authorization header ({@code
 * AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...} with the date in X-Amz-Date or
 * Date) or in the query string of a presigned URL (X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date,
 * X-Amz-Expires, X-Amz-SignedHeaders, X-Amz-Signature).
 *
 * @param date the request's time stamp as sent
 * @param dateIsHttpDate whether {@code date} came from the Date header, which may also be in HTTP's
 *     RFC 1123 format
 * @param expires X-Amz-Expires as sent, or {@code null} (header signatures never have one)
 * @param sessionToken the X-Amz-Security-Token query parameter of a presigned URL, or {@code null}
 *     (a header signature carries its token in a header)
 */
record SignatureParameters(
    String algorithm,
    String credential,
    String signedHeaders,
    String signature,
    String date,
    boolean dateIsHttpDate,
    boolean presigned,
    String expires,
    String sessionToken) {

  static final String X_AMZ_ALGORITHM = "X-Amz-Algorithm";
  static final String X_AMZ_CREDENTIAL = "X-Amz-Credential";
  static final String X_AMZ_DATE = "X-Amz-Date";
  static final String X_AMZ_EXPIRES = "X-Amz-Expires";
  static final String X_AMZ_SIGNED_HEADERS = "X-Amz-SignedHeaders";
  static final String X_AMZ_SIGNATURE = "X-Amz-Signature";

  // Components are separated by commas; like DynamoDB (dynalite's record), spaces alone separate
  // them too, since no value may contain one.
  private static final Pattern COMPONENT_SEPARATOR = Pattern.compile("[,\\s]+");

  /**
   * The parameters of an Authorization header whose scheme starts with "AWS4-".
   *
   * @throws io.partita.server.wire.FrontEndRefusal IncompleteSignatureException when a component is not
   *     {@code key=value}, or when Credential, Signature, SignedHeaders or a date is missing
   */
  static SignatureParameters fromAuthorizationHeader(String authorization, SignedRequest request) {
    String trimmed = authorization.strip();
    int space = indexOfWhitespace(trimmed);
    String algorithm = space < 0 ? trimmed : trimmed.substring(0, space);
    String rest = space < 0 ? "" : trimmed.substring(space + 1);

    Map<String, String> components = new HashMap<>();
    for (String component : COMPONENT_SEPARATOR.split(rest)) {
      if (component.isEmpty()) {
        continue;
      }
      int equals = component.indexOf('=');
      if (equals < 0) {
        throw AuthFailures.notAKeyValuePair(component, authorization);
      }
      components.put(component.substring(0, equals), component.substring(equals + 1));
    }

    String credential = components.get("Credential");
    String signature = components.get("Signature");
    // SignedHeaders may be present but empty at this point; the Host check refuses it later.
    String signedHeaders = components.get("SignedHeaders");
    String amzDate = nonEmpty(request.firstHeader(X_AMZ_DATE));
    String httpDate = nonEmpty(request.firstHeader("Date"));

    List<String> missing = new ArrayList<>(3);
    if (credential == null || credential.isEmpty()) {
      missing.add("Credential");
    }
    if (signature == null || signature.isEmpty()) {
      missing.add("Signature");
    }
    if (signedHeaders == null) {
      missing.add("SignedHeaders");
    }
    boolean missingDate = amzDate == null && httpDate == null;
    if (!missing.isEmpty() || missingDate) {
      throw AuthFailures.incompleteAuthorizationHeader(missing, missingDate, authorization);
    }
    // AWS looks for X-Amz-Date first and falls back to Date (the SigV4 date-handling page).
    String date = amzDate != null ? amzDate : httpDate;
    return new SignatureParameters(
        algorithm, credential, signedHeaders, signature, date, amzDate == null, false, null, null);
  }

  /**
   * The parameters of a presigned URL, given its decoded query parameters.
   *
   * @throws io.partita.server.wire.FrontEndRefusal IncompleteSignatureException when one of the X-Amz-*
   *     parameters is missing
   */
  static SignatureParameters fromQuery(Map<String, String> query) {
    List<String> missing = new ArrayList<>(5);
    for (String name :
        List.of(
            X_AMZ_ALGORITHM, X_AMZ_CREDENTIAL, X_AMZ_SIGNATURE, X_AMZ_SIGNED_HEADERS, X_AMZ_DATE)) {
      if (nonEmpty(query.get(name)) == null) {
        missing.add(name);
      }
    }
    if (!missing.isEmpty()) {
      throw AuthFailures.incompleteQueryParameters(missing);
    }
    return new SignatureParameters(
        query.get(X_AMZ_ALGORITHM),
        query.get(X_AMZ_CREDENTIAL),
        query.get(X_AMZ_SIGNED_HEADERS),
        query.get(X_AMZ_SIGNATURE),
        query.get(X_AMZ_DATE),
        false,
        true,
        query.get(X_AMZ_EXPIRES),
        query.get(SigV4Verifier.X_AMZ_SECURITY_TOKEN));
  }

  /** The names SignedHeaders lists, in its order. */
  List<String> signedHeaderNames() {
    List<String> names = new ArrayList<>();
    for (String name : signedHeaders.split(";", -1)) {
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  private static int indexOfWhitespace(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static String nonEmpty(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
