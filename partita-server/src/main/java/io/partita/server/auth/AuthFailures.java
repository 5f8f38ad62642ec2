package io.partita.server.auth;

import io.partita.server.wire.FrontEndRefusal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The errors DynamoDB answers a badly signed request with, code and wording as DynamoDB sends them,
 * in one place so the wording can be checked against the service's.
 *
 * <p>Sources for the wording: dynalite (an emulator whose authors recorded DynamoDB's answers,
 * {@code index.js}), AWS's "Troubleshoot signed requests" page of the IAM user guide, and
 * scratchstack-aws-signature (a SigV4 library whose tests pin the AWS messages). Where they differ,
 * the newer AWS form is used and the choice is noted on the method.
 */
final class AuthFailures {
  private AuthFailures() {}

  static FrontEndRefusal missingAuthenticationToken() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.MissingAuthenticationTokenException, "Request is missing Authentication Token");
  }

  static FrontEndRefusal bothHeaderAndQueryAuthentication() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
  }

  static FrontEndRefusal notAKeyValuePair(String component, String authorization) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException,
        "'"
            + component
            + "' not a valid key=value pair (missing equal-sign) in Authorization header: '"
            + authorization
            + "'.");
  }

  /**
   * "Authorization header requires 'Credential' parameter. ... Authorization=AWS4-HMAC-SHA256 ...":
   * one sentence per missing part, then the header as received.
   */
  static FrontEndRefusal incompleteAuthorizationHeader(
      List<String> missingParameters, boolean missingDate, String authorization) {
    StringBuilder message = new StringBuilder();
    for (String parameter : missingParameters) {
      message.append("Authorization header requires '").append(parameter).append("' parameter. ");
    }
    if (missingDate) {
      message.append(
          "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
    }
    message.append("Authorization=").append(authorization);
    return new FrontEndRefusal(FrontEndRefusal.Code.IncompleteSignatureException, message.toString());
  }

  static FrontEndRefusal incompleteQueryParameters(List<String> missingParameters) {
    StringBuilder message = new StringBuilder();
    for (String parameter : missingParameters) {
      message.append("AWS query-string parameters must include '").append(parameter).append("'. ");
    }
    message.append("Re-examine the query-string parameters.");
    return new FrontEndRefusal(FrontEndRefusal.Code.IncompleteSignatureException, message.toString());
  }

  static FrontEndRefusal dateNotBasicFormat(String date) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException,
        "Date must be in ISO-8601 'basic format'. Got '"
            + date
            + "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }

  /**
   * "Signature expired: 20240101T000000Z is now earlier than 20240101T001000Z (20240101T002500Z -
   * 15 min.)".
   */
  static FrontEndRefusal signatureExpired(Instant requestDate, Instant now, Duration skew) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "Signature expired: "
            + AmzDate.basic(requestDate)
            + " is now earlier than "
            + AmzDate.basic(now.minus(skew))
            + " ("
            + AmzDate.basic(now)
            + " - "
            + skew.toMinutes()
            + " min.)");
  }

  /**
   * "Signature not yet current: 20240101T004100Z is still later than 20240101T004000Z
   * (20240101T002500Z + 15 min.)".
   */
  static FrontEndRefusal signatureNotYetCurrent(Instant requestDate, Instant now, Duration skew) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "Signature not yet current: "
            + AmzDate.basic(requestDate)
            + " is still later than "
            + AmzDate.basic(now.plus(skew))
            + " ("
            + AmzDate.basic(now)
            + " + "
            + skew.toMinutes()
            + " min.)");
  }

  /**
   * A presigned URL used after its X-Amz-Expires. Services other than S3 publish no wording for
   * this (they bound presigned URLs by the same 15-minute window as headers), so the message is
   * modelled on "Signature expired" above.
   */
  static FrontEndRefusal presignedUrlExpired(Instant requestDate, Instant now, long seconds) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "Signature expired: "
            + AmzDate.basic(requestDate)
            + " is now earlier than "
            + AmzDate.basic(now.minusSeconds(seconds))
            + " ("
            + AmzDate.basic(now)
            + " - "
            + seconds
            + " sec.)");
  }

  /** S3's wording; the only AWS wording there is for a malformed X-Amz-Expires. */
  static FrontEndRefusal expiresNotANumber() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException, "X-Amz-Expires should be a number");
  }

  /** S3's wording, the only AWS wording there is for an X-Amz-Expires beyond seven days. */
  static FrontEndRefusal expiresTooLong() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException,
        "X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires"
            + " must be less than 604800 seconds");
  }

  /**
   * AWS's current wording; DynamoDB answered "'Host' must be a 'SignedHeader' in the AWS
   * Authorization." in 2013 (dynalite), and "... 'Host' or ':authority' ..." since HTTP/2.
   */
  static FrontEndRefusal hostNotSigned() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
  }

  /**
   * An x-amz-* header the signature does not cover. The service's sentence for this case is not
   * established: the wording is AWS's sentence for an unsigned Host above, naming the header as
   * scratchstack-aws-signature does for its required headers ("'x-amz-request-id' must be a
   * 'SignedHeader' in the AWS Authorization.").
   */
  static FrontEndRefusal headerNotSigned(String name) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "'" + name + "' must be a 'SignedHeader' in the AWS Authorization.");
  }

  /** DynamoDB's own wording (dynalite), trailing space included. */
  static FrontEndRefusal unsupportedAlgorithm(String algorithm) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException,
        "Unsupported AWS 'algorithm': '" + algorithm + "' (only AWS4-HMAC-SHA256 for now). ");
  }

  static FrontEndRefusal credentialNotFiveElements(String credential) {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.IncompleteSignatureException,
        "Credential must have exactly 5 slash-delimited elements, e.g."
            + " keyid/date/region/service/term, got '"
            + credential
            + "'");
  }

  /**
   * The scope problems found, each a sentence carrying its own separator, run together as AWS runs
   * them: the region, service and terminator sentences end in ". " and the date sentence in ".", so
   * a message that is one of the first three ends with a space. DynamoDB's raw answers show that
   * space ("Credential should be scoped to correct service: 'dynamodb'. ", arnemolland/sigv4 issue
   * 15; "... not 'us-east-1'. ", gonsuke/fluent-plugin-dynamodb issue 30), dynalite's record of all
   * four together ends in the date's "." with none.
   */
  static FrontEndRefusal badCredentialScope(List<String> problems) {
    return new FrontEndRefusal(FrontEndRefusal.Code.InvalidSignatureException, String.join("", problems));
  }

  static String regionProblem(String region) {
    return "Credential should be scoped to a valid region, not '" + region + "'. ";
  }

  static String serviceProblem(String expectedService) {
    return "Credential should be scoped to correct service: '" + expectedService + "'. ";
  }

  static String terminatorProblem(String terminator) {
    return "Credential should be scoped with a valid terminator: 'aws4_request', not '"
        + terminator
        + "'. ";
  }

  static String dateProblem(String scopeDate, Instant requestDate) {
    return "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from"
        + " HTTP: '"
        + scopeDate
        + "' != '"
        + AmzDate.day(requestDate)
        + "', from '"
        + AmzDate.basic(requestDate)
        + "'.";
  }

  static FrontEndRefusal unrecognizedClient() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.UnrecognizedClientException,
        "The security token included in the request is invalid.");
  }

  /**
   * A session token on a well-signed request, which this server never issued. DynamoDB's sentence
   * for a token it does not recognize lacks the final period of the unknown-key sentence above:
   * dynalite's record, and DynamoDB's raw answer quoted in baopham/laravel-dynamodb issue 228.
   */
  static FrontEndRefusal invalidSessionToken() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.UnrecognizedClientException,
        "The security token included in the request is invalid");
  }

  static FrontEndRefusal signatureMismatch() {
    return new FrontEndRefusal(
        FrontEndRefusal.Code.InvalidSignatureException,
        "The request signature we calculated does not match the signature you provided. Check"
            + " your AWS Secret Access Key and signing method. Consult the service documentation"
            + " for details.");
  }
}
