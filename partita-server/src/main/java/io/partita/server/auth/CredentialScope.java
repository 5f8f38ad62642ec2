package io.partita.server.auth;

/**
 * The Credential of a signature, {@code AKID/20150830/us-east-1/dynamodb/aws4_request}: who signed,
 * and the day, region and service the signing key was derived for.
 */
record CredentialScope(
    String accessKeyId, String day, String region, String service, String terminator) {

  static final String TERMINATOR = "aws4_request";

  /**
   * The five elements of {@code credential}. Trailing slashes are ignored, as DynamoDB ignores them
   * (dynalite's record of its behaviour).
   *
   * @throws io.partita.server.wire.FrontEndRefusal IncompleteSignatureException when there are not
   *     exactly five elements
   */
  static CredentialScope parse(String credential) {
    String trimmed = credential;
    while (trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    String[] elements = trimmed.split("/", -1);
    if (elements.length != 5) {
      throw AuthFailures.credentialNotFiveElements(credential);
    }
    return new CredentialScope(elements[0], elements[1], elements[2], elements[3], elements[4]);
  }

  /** The scope line of the string to sign: day/region/service/terminator. */
  String scope() {
    return day + '/' + region + '/' + service + '/' + terminator;
  }
}
