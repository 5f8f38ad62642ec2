package io.partita.server.auth;

import static io.partita.server.auth.SdkSigner.GET_ITEM_BODY;
import static io.partita.server.auth.SdkSigner.clockAt;
import static io.partita.server.auth.SdkSigner.getItem;
import static io.partita.server.auth.SdkSigner.presign;
import static io.partita.server.auth.SdkSigner.sign;
import static io.partita.server.auth.SdkSigner.withBody;
import static io.partita.server.auth.SdkSigner.withHeader;
import static io.partita.server.auth.SdkSigner.withQuery;
import static io.partita.server.auth.SdkSigner.withoutHeader;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.server.wire.FrontEndRefusal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

class SigV4VerifierTest {
  static final String ACCESS_KEY_ID = "AKIDPARTITAEXAMPLE";
  static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  static final AwsCredentialsIdentity IDENTITY =
      AwsCredentialsIdentity.create(ACCESS_KEY_ID, SECRET);

  static final Instant SIGNED_AT = Instant.parse("2024-01-01T00:00:00Z");
  static final Clock SIGNING_CLOCK = clockAt(SIGNED_AT);

  static final Credentials CREDENTIALS =
      Credentials.of(Map.of(ACCESS_KEY_ID, SECRET, "AKIDOTHER", "another-secret"));

  static final String MISMATCH =
      "The request signature we calculated does not match the signature you provided. Check your"
          + " AWS Secret Access Key and signing method. Consult the service documentation for"
          + " details.";

  static SigV4Verifier verifierAt(Instant now) {
    return new SigV4Verifier(CREDENTIALS, SdkSigner.REGION, clockAt(now));
  }

  static final SigV4Verifier VERIFIER = verifierAt(SIGNED_AT);

  static SignedRequest signedGetItem() {
    return sign(getItem(), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK);
  }

  static FrontEndRefusal refused(SigV4Verifier verifier, SignedRequest request) {
    return assertThrows(FrontEndRefusal.class, () -> verifier.verify(request));
  }

  static void assertRefused(
      SignedRequest request, FrontEndRefusal.Code code, String message, SigV4Verifier verifier) {
    FrontEndRefusal e = refused(verifier, request);
    assertEquals(code, e.code(), () -> "message was: " + e.getMessage());
    assertEquals(message, e.getMessage());
  }

  static void assertRefused(SignedRequest request, FrontEndRefusal.Code code, String message) {
    assertRefused(request, code, message, VERIFIER);
  }

  static String authorization(SignedRequest request) {
    return request.firstHeader("Authorization");
  }

  static SignedRequest withAuthorization(SignedRequest request, String authorization) {
    return withHeader(request, "Authorization", authorization);
  }

  @Nested
  class WellSigned {
    @Test
    void aGetItemSignedByTheSdkVerifies() {
      SignedRequest request = signedGetItem();
      assertEquals("/", request.rawPath());
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void theSecondAccessKeyIsAcceptedToo() {
      SignedRequest request =
          sign(
              getItem(),
              GET_ITEM_BODY,
              AwsCredentialsIdentity.create("AKIDOTHER", "another-secret"),
              SIGNING_CLOCK);
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void anEmptyBodyVerifies() {
      SignedRequest request = sign(getItem(), "", IDENTITY, SIGNING_CLOCK);
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void aPathOtherThanTheRootIsCanonicalizedAsTheSdkSignedIt() {
      SignedRequest request =
          sign(
              getItem("http://localhost:8000/some%20dir/a+b/%C3%A9t%C3%A9/x.json"),
              GET_ITEM_BODY,
              IDENTITY,
              SIGNING_CLOCK);
      assertEquals("/some%20dir/a+b/%C3%A9t%C3%A9/x.json", request.rawPath());
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void aQueryStringIsCanonicalizedAsTheSdkSignedIt() {
      SignedRequest request =
          sign(
              getItem()
                  .putRawQueryParameter("zeta", "last")
                  .putRawQueryParameter("alpha", List.of("two words", "a/b+c", "*~"))
                  .putRawQueryParameter("empty", ""),
              GET_ITEM_BODY,
              IDENTITY,
              SIGNING_CLOCK);
      assertDoesNotThrow(() -> VERIFIER.verify(request));
      // The same parameters in another order and another (valid) encoding sign alike.
      assertDoesNotThrow(
          () ->
              VERIFIER.verify(
                  withQuery(
                      request, "empty&alpha=%2A%7E&zeta=last&alpha=two%20words&alpha=a%2Fb%2Bc")));
    }

    @Test
    void exactlyFifteenMinutesEitherWayStillVerifies() {
      SignedRequest request = signedGetItem();
      assertDoesNotThrow(() -> verifierAt(SIGNED_AT.plus(Duration.ofMinutes(15))).verify(request));
      assertDoesNotThrow(() -> verifierAt(SIGNED_AT.minus(Duration.ofMinutes(15))).verify(request));
    }

    @Test
    void aStreamOfRequestsReusesOneSigningKey() {
      SigV4Verifier verifier = verifierAt(SIGNED_AT);
      for (int i = 0; i < 50; i++) {
        SignedRequest request =
            sign(getItem(), "{\"n\":" + i + "}", IDENTITY, clockAt(SIGNED_AT.plusSeconds(i)));
        verifier.verify(request);
      }
      assertEquals(1, verifier.cachedSigningKeys());
    }

    @Test
    void theSigningKeyCacheStaysBounded() {
      SigningKeys keys = new SigningKeys(8);
      for (int i = 0; i < 100; i++) {
        CredentialScope scope =
            new CredentialScope("AKID", "20240101", "region-" + i, "dynamodb", "aws4_request");
        assertEquals(
            Hashing.hex(SigningKeys.derive("secret", "20240101", "region-" + i, "dynamodb")),
            Hashing.hex(keys.signingKey("secret", scope)));
        assertTrue(keys.size() <= 8);
      }
    }

    @Test
    void oneVerifierServesManyThreads() throws Exception {
      SigV4Verifier verifier = verifierAt(SIGNED_AT);
      List<SignedRequest> requests = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        requests.add(sign(getItem(), "{\"n\":" + i + "}", IDENTITY, SIGNING_CLOCK));
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          results.add(
              pool.submit(
                  () -> {
                    for (int round = 0; round < 25; round++) {
                      requests.forEach(verifier::verify);
                    }
                  }));
        }
        for (Future<?> result : results) {
          result.get();
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Nested
  class HeaderWhitespaceAndCase {
    @Test
    void valuesPaddedWithSpacesAndTabsStillVerify() {
      SignedRequest request = signedGetItem();
      request = withHeader(request, "Content-Type", "   application/x-amz-json-1.0 \t ");
      request = withHeader(request, "X-Amz-Target", "\tDynamoDB_20120810.GetItem  ");
      SignedRequest padded = request;
      assertDoesNotThrow(() -> VERIFIER.verify(padded));
    }

    @Test
    void innerRunsOfSpacesCollapseToOne() {
      SignedRequest request =
          sign(
              getItem().putHeader("X-Partita-Note", "a  quiet   note"),
              GET_ITEM_BODY,
              IDENTITY,
              SIGNING_CLOCK);
      assertDoesNotThrow(() -> VERIFIER.verify(request));
      assertDoesNotThrow(
          () -> VERIFIER.verify(withHeader(request, "X-Partita-Note", " a quiet \t  note")));
      assertRefused(
          withHeader(request, "X-Partita-Note", "aquiet note"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void headerNamesMatchInAnyCase() {
      SignedRequest request = signedGetItem();
      SignedRequest renamed =
          new SignedRequest(
              request.method(),
              request.rawPath(),
              request.rawQuery(),
              request.headers().stream()
                  .map(h -> Map.entry(h.getKey().toUpperCase(), h.getValue()))
                  .toList(),
              request.payload());
      assertDoesNotThrow(() -> VERIFIER.verify(renamed));
    }

    @Test
    void aRepeatedHeaderIsSignedAsItsValuesJoinedByCommas() {
      SignedRequest request =
          sign(
              getItem().putHeader("X-Partita-Tag", List.of("red", "green ")),
              GET_ITEM_BODY,
              IDENTITY,
              SIGNING_CLOCK);
      assertEquals(List.of("red", "green "), request.headerValues("X-Partita-Tag"));
      assertDoesNotThrow(() -> VERIFIER.verify(request));
      // Swapped order is a different canonical header.
      SignedRequest swapped = withoutHeader(request, "X-Partita-Tag");
      swapped = SdkSigner.withHeader(swapped, "X-Partita-Tag", "green");
      SignedRequest twice =
          new SignedRequest(
              swapped.method(),
              swapped.rawPath(),
              swapped.rawQuery(),
              concat(swapped.headers(), Map.entry("X-Partita-Tag", "red")),
              swapped.payload());
      assertRefused(twice, FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    private List<Map.Entry<String, String>> concat(
        List<Map.Entry<String, String>> headers, Map.Entry<String, String> extra) {
      List<Map.Entry<String, String>> all = new ArrayList<>(headers);
      all.add(extra);
      return all;
    }
  }

  @Nested
  class Tampering {
    @Test
    void aWrongSecretIsAMismatch() {
      SignedRequest request =
          sign(
              getItem(),
              GET_ITEM_BODY,
              AwsCredentialsIdentity.create(ACCESS_KEY_ID, "not-the-secret"),
              SIGNING_CLOCK);
      assertRefused(request, FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    @Test
    void anUnknownAccessKeyIsAnUnrecognizedClient() {
      SignedRequest request =
          sign(
              getItem(),
              GET_ITEM_BODY,
              AwsCredentialsIdentity.create("AKIDNOBODY", SECRET),
              SIGNING_CLOCK);
      assertRefused(
          request,
          FrontEndRefusal.Code.UnrecognizedClientException,
          "The security token included in the request is invalid.");
    }

    @Test
    void noCredentialsRecognizeNoOne() {
      SigV4Verifier verifier = new SigV4Verifier(Credentials.none(), SdkSigner.REGION, SIGNING_CLOCK);
      assertRefused(
          signedGetItem(),
          FrontEndRefusal.Code.UnrecognizedClientException,
          "The security token included in the request is invalid.",
          verifier);
    }

    @Test
    void aTamperedBodyIsAMismatch() {
      SignedRequest request = signedGetItem();
      assertRefused(
          withBody(request, GET_ITEM_BODY.replace("No One You Know", "Somebody Else")),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void aTamperedSignedHeaderIsAMismatch() {
      assertRefused(
          withHeader(signedGetItem(), "Content-Type", "application/json"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void aChangedTargetIsAMismatch() {
      assertRefused(
          withHeader(signedGetItem(), "X-Amz-Target", "DynamoDB_20120810.DeleteItem"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void aChangedHostIsAMismatch() {
      assertRefused(
          withHeader(signedGetItem(), "Host", "elsewhere:8000"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void aChangedMethodPathOrQueryIsAMismatch() {
      SignedRequest request = signedGetItem();
      assertRefused(
          new SignedRequest("PUT", "/", "", request.headers(), request.payload()),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
      assertRefused(
          new SignedRequest("POST", "/other", "", request.headers(), request.payload()),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
      assertRefused(withQuery(request, "extra=1"), FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    @Test
    void anUnsignedPayloadIsRefused() {
      // Outside S3 the payload hash is the body's own: a signature over UNSIGNED-PAYLOAD would
      // leave the body unauthenticated, so it is checked against the real body's hash and fails.
      SignedRequest request =
          SdkSigner.signWithUnsignedPayload(
              getItem("https://localhost:8000/"), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK);
      assertEquals("UNSIGNED-PAYLOAD", request.firstHeader("x-amz-content-sha256"));
      assertRefused(request, FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    @Test
    void aContentHashHeaderThatDisagreesWithTheBodyIsAMismatch() {
      SignedRequest request = signedGetItem();
      // The SDK signs x-amz-content-sha256 with the body's hash; the body is what counts.
      assertRefused(
          withHeader(request, "x-amz-content-sha256", Hashing.sha256Hex("{}")),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void aSignatureThatIsNotHexIsAMismatch() {
      SignedRequest request = signedGetItem();
      String auth = authorization(request);
      String forged = auth.substring(0, auth.indexOf("Signature=")) + "Signature=zz-not-hex";
      assertRefused(
          withAuthorization(request, forged), FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    /**
     * The signature is Hex() of the HMAC, "lowercase base 16 encoding" (the IAM user guide's table
     * of SigV4 functions,
     * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html):
     * the right bytes spelled in upper case, cut short, or lengthened are not that signature.
     */
    @ParameterizedTest
    @ValueSource(strings = {"upper", "mixed", "short", "long", "odd", "not-hex"})
    void aSignatureNotInLowerCaseHexOfTheRightLengthIsAMismatch(String malformation) {
      SignedRequest request = signedGetItem();
      String auth = authorization(request);
      int at = auth.indexOf("Signature=") + "Signature=".length();
      String signature = auth.substring(at);
      assertEquals(64, signature.length());
      String malformed =
          switch (malformation) {
            case "upper" -> signature.toUpperCase();
            case "mixed" -> signature.substring(0, 32) + signature.substring(32).toUpperCase();
            case "short" -> signature.substring(0, 62);
            case "long" -> signature + "00";
            case "odd" -> signature + "0";
            default -> "g" + signature.substring(1);
          };
      assertRefused(
          withAuthorization(request, auth.substring(0, at) + malformed),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }
  }

  @Nested
  class ClockSkew {
    @Test
    void sixteenMinutesLaterTheSignatureHasExpired() {
      assertRefused(
          signedGetItem(),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Signature expired: 20240101T000000Z is now earlier than 20240101T000100Z"
              + " (20240101T001600Z - 15 min.)",
          verifierAt(SIGNED_AT.plus(Duration.ofMinutes(16))));
    }

    @Test
    void theBriefsExampleOfAnExpiredSignature() {
      assertRefused(
          signedGetItem(),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Signature expired: 20240101T000000Z is now earlier than 20240101T001000Z"
              + " (20240101T002500Z - 15 min.)",
          verifierAt(Instant.parse("2024-01-01T00:25:00.750Z")));
    }

    @Test
    void sixteenMinutesEarlierTheSignatureIsNotYetCurrent() {
      assertRefused(
          signedGetItem(),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Signature not yet current: 20240101T000000Z is still later than 20231231T235900Z"
              + " (20231231T234400Z + 15 min.)",
          verifierAt(SIGNED_AT.minus(Duration.ofMinutes(16))));
    }
  }

  @Nested
  class MissingAuthentication {
    static final String MISSING = "Request is missing Authentication Token";

    @Test
    void noAuthorizationHeader() {
      assertRefused(
          withoutHeader(signedGetItem(), "Authorization"),
          FrontEndRefusal.Code.MissingAuthenticationTokenException,
          MISSING);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer abc.def.ghi", "Basic dXNlcjpwYXNz", "AWS AKID:signature", ""})
    void anAuthorizationOfAnotherScheme(String authorization) {
      assertRefused(
          withAuthorization(signedGetItem(), authorization),
          FrontEndRefusal.Code.MissingAuthenticationTokenException,
          MISSING);
    }
  }

  @Nested
  class IncompleteSignature {
    static final String DATE_REQUIRED =
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";

    @Test
    void onlyTheAlgorithm() {
      String auth = "AWS4-HMAC-SHA256";
      assertRefused(
          withoutHeader(withAuthorization(signedGetItem(), auth), "X-Amz-Date"),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Authorization header requires 'Credential' parameter. Authorization header requires"
              + " 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. "
              + DATE_REQUIRED
              + "Authorization=AWS4-HMAC-SHA256");
    }

    @Test
    void missingCredentialAndSignature() {
      String auth = "AWS4-HMAC-SHA256 SignedHeaders=host;x-amz-date";
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Authorization header requires 'Credential' parameter. Authorization header requires"
              + " 'Signature' parameter. Authorization="
              + auth);
    }

    @Test
    void anEmptySignature() {
      String auth = authorization(signedGetItem());
      String truncated = auth.substring(0, auth.indexOf("Signature=") + "Signature=".length());
      assertRefused(
          withAuthorization(signedGetItem(), truncated),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Authorization header requires 'Signature' parameter. Authorization=" + truncated);
    }

    @Test
    void noDateHeaderAtAll() {
      SignedRequest request = withoutHeader(signedGetItem(), "X-Amz-Date");
      assertRefused(
          request,
          FrontEndRefusal.Code.IncompleteSignatureException,
          DATE_REQUIRED + "Authorization=" + authorization(request));
    }

    @Test
    void aComponentWithoutAnEqualSign() {
      String auth = "AWS4-HMAC-SHA256 Signature=b,    Credential,    SignedHeaders";
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "'Credential' not a valid key=value pair (missing equal-sign) in Authorization header: '"
              + auth
              + "'.");
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "2024-01-01T00:00:00Z",
          "20240101",
          "20240101T000000",
          "201",
          "20241301T000000Z"
        })
    void aDateNotInBasicFormat(String date) {
      assertRefused(
          withHeader(signedGetItem(), "X-Amz-Date", date),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Date must be in ISO-8601 'basic format'. Got '"
              + date
              + "'. See http://en.wikipedia.org/wiki/ISO_8601");
    }

    @Test
    void anotherAlgorithm() {
      String auth = authorization(signedGetItem()).replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA512");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA512' (only AWS4-HMAC-SHA256 for now). ");
    }

    @Test
    void aCredentialWithoutFiveElements() {
      String auth =
          authorization(signedGetItem())
              .replace("/us-east-1/dynamodb/aws4_request", "/us-east-1/dynamodb");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Credential must have exactly 5 slash-delimited elements, e.g."
              + " keyid/date/region/service/term, got '"
              + ACCESS_KEY_ID
              + "/20240101/us-east-1/dynamodb'");
    }

    @Test
    void aCredentialWithATrailingSlashIsStillFiveElements() {
      String auth = authorization(signedGetItem()).replace("aws4_request,", "aws4_request/,");
      assertDoesNotThrow(() -> VERIFIER.verify(withAuthorization(signedGetItem(), auth)));
    }
  }

  @Nested
  class InvalidScope {
    @Test
    void wrongServiceTerminatorAndDay() {
      String auth =
          authorization(signedGetItem())
              .replace(
                  "/20240101/us-east-1/dynamodb/aws4_request",
                  "/20231231/us-east-1/s3/aws5_request");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to correct service: 'dynamodb'. Credential should be scoped"
              + " with a valid terminator: 'aws4_request', not 'aws5_request'. Date in Credential"
              + " scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '20231231'"
              + " != '20240101', from '20240101T000000Z'.");
    }

    @Test
    void anEmptyRegion() {
      String auth = authorization(signedGetItem()).replace("/us-east-1/", "//");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not ''. ");
    }

    /**
     * A DynamoDB endpoint is one region: a credential scoped to another is refused, with the
     * trailing space of the service's sentence (DynamoDB in us-east-1 answering a us-east-2
     * credential, https://github.com/3mcloud/falcano/pull/47; the raw sentence with its space,
     * https://github.com/gonsuke/fluent-plugin-dynamodb/issues/30).
     */
    @Test
    void aCredentialScopedToAnotherRegion() {
      SignedRequest request = signedGetItem();
      String auth = authorization(request).replace("/us-east-1/", "/eu-west-3/");
      assertRefused(
          withAuthorization(request, auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not 'eu-west-3'. ");
    }

    @Test
    void aRequestSignedForAnotherRegion() {
      SignedRequest request =
          SdkSigner.signFor("us-west-2", getItem(), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK);
      assertRefused(
          request,
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not 'us-west-2'. ");
    }

    @Test
    void theVerifiersRegionIsTheOneAccepted() {
      SigV4Verifier paris = new SigV4Verifier(CREDENTIALS, "eu-west-3", SIGNING_CLOCK);
      assertDoesNotThrow(
          () ->
              paris.verify(
                  SdkSigner.signFor("eu-west-3", getItem(), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK)));
      assertRefused(
          signedGetItem(),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not 'us-east-1'. ",
          paris);
    }

    /** The raw answer, trailing space included: https://github.com/arnemolland/sigv4/issues/15. */
    @Test
    void aCredentialScopedToAnotherService() {
      String auth =
          authorization(signedGetItem()).replace("/us-east-1/dynamodb/", "/us-east-1/execute-api/");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to correct service: 'dynamodb'. ");
    }

    @Test
    void aCredentialWithAnotherTerminator() {
      String auth = authorization(signedGetItem()).replace("/aws4_request", "/aws4_REQUEST");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped with a valid terminator: 'aws4_request', not"
              + " 'aws4_REQUEST'. ");
    }

    /** The day of the scope is X-Amz-Date's day, even one second across midnight. */
    @Test
    void aCredentialScopedToAnotherDay() {
      SignedRequest request =
          sign(getItem(), GET_ITEM_BODY, IDENTITY, clockAt(SIGNED_AT.minusSeconds(1)));
      SignedRequest nextDay = withHeader(request, "X-Amz-Date", "20240101T000000Z");
      assertRefused(
          nextDay,
          FrontEndRefusal.Code.InvalidSignatureException,
          "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from"
              + " HTTP: '20231231' != '20240101', from '20240101T000000Z'.");
    }

    @Test
    void aWrongRegionAndDayAreListedTogether() {
      String auth =
          authorization(signedGetItem())
              .replace("/20240101/us-east-1/", "/20240102/us-west-2/");
      assertRefused(
          withAuthorization(signedGetItem(), auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not 'us-west-2'. Date in Credential"
              + " scope does not match YYYYMMDD from ISO-8601 version of date from HTTP:"
              + " '20240102' != '20240101', from '20240101T000000Z'.");
    }

    @Test
    void hostMustBeSigned() {
      SignedRequest request = signedGetItem();
      String auth =
          authorization(request)
              .replace("SignedHeaders=content-type;host;", "SignedHeaders=content-type;");
      assertRefused(
          withAuthorization(request, auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
    }

    @Test
    void bothAnAuthorizationHeaderAndQueryAuthentication() {
      SignedRequest request = withQuery(signedGetItem(), "X-Amz-Algorithm=AWS4-HMAC-SHA256");
      assertRefused(
          request,
          FrontEndRefusal.Code.InvalidSignatureException,
          "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP"
              + " header.");
    }
  }

  /**
   * Every x-amz-* header a request carries must be signed: "Any x-amz-* headers that you plan to
   * include in your request must also be added" to the canonical headers, the IAM user guide,
   * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html.
   * DynamoDB's own sentence for the refusal is not established; it is modelled on AWS's sentence for
   * an unsigned Host (see AuthFailures.headerNotSigned).
   */
  @Nested
  class UnsignedHeaders {
    static String notSigned(String name) {
      return "'" + name + "' must be a 'SignedHeader' in the AWS Authorization.";
    }

    /** Issue 13's attack at the verifier: the target was not signed, so it could be changed. */
    @Test
    void aTargetLeftOutOfTheSignatureIsRefused() {
      SignedRequest untargeted =
          sign(getItem().removeHeader("X-Amz-Target"), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK);
      assertTrue(!authorization(untargeted).contains("x-amz-target"));
      for (String operation : List.of("GetItem", "DeleteItem")) {
        assertRefused(
            withHeader(untargeted, "X-Amz-Target", "DynamoDB_20120810." + operation),
            FrontEndRefusal.Code.InvalidSignatureException,
            notSigned("x-amz-target"));
      }
    }

    @Test
    void xAmzDateLeftOutOfSignedHeaders() {
      SignedRequest request = signedGetItem();
      String auth = authorization(request).replace(";x-amz-date;", ";");
      assertTrue(!auth.contains("x-amz-date"), auth);
      assertRefused(
          withAuthorization(request, auth),
          FrontEndRefusal.Code.InvalidSignatureException,
          notSigned("x-amz-date"));
    }

    @Test
    void anAmzHeaderAddedAfterSigning() {
      assertRefused(
          withHeader(signedGetItem(), "X-Amz-Meta-Note", "added later"),
          FrontEndRefusal.Code.InvalidSignatureException,
          notSigned("x-amz-meta-note"));
    }

    @Test
    void theHeaderIsNamedInLowerCaseWhateverItsCaseOnTheWire() {
      SignedRequest untargeted =
          sign(getItem().removeHeader("X-Amz-Target"), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK);
      assertRefused(
          withHeader(untargeted, "X-AMZ-TARGET", "DynamoDB_20120810.DeleteItem"),
          FrontEndRefusal.Code.InvalidSignatureException,
          notSigned("x-amz-target"));
    }

    /** Headers the SDKs leave unsigned (User-Agent, X-Amzn-Trace-Id: "x-amzn-", not "x-amz-"). */
    @Test
    void otherHeadersMayStayUnsigned() {
      SignedRequest request =
          withHeader(
              withHeader(signedGetItem(), "User-Agent", "aws-sdk-java/2"),
              "X-Amzn-Trace-Id",
              "Root=1-5759e988-bd862e3fe1be46a994272793");
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void aPresignedRequestNeedsItsAmzHeadersSignedToo() {
      SignedRequest request =
          presign(getItem(), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK, Duration.ofMinutes(5));
      assertRefused(
          withHeader(request, "X-Amz-Meta-Note", "added later"),
          FrontEndRefusal.Code.InvalidSignatureException,
          notSigned("x-amz-meta-note"));
    }

    /** DynamoDB checks the signed headers before it looks the access key up (dynalite's order). */
    @Test
    void anUnsignedHeaderIsReportedBeforeAnUnknownKey() {
      SignedRequest stranger =
          sign(
              getItem().removeHeader("X-Amz-Target"),
              GET_ITEM_BODY,
              AwsCredentialsIdentity.create("AKIDNOBODY", SECRET),
              SIGNING_CLOCK);
      assertRefused(
          withHeader(stranger, "X-Amz-Target", "DynamoDB_20120810.DeleteItem"),
          FrontEndRefusal.Code.InvalidSignatureException,
          notSigned("x-amz-target"));
    }
  }

  /**
   * The server issues no temporary credentials, so every session token is one it does not know:
   * DynamoDB answers a token it does not recognize with UnrecognizedClientException "The security
   * token included in the request is invalid", without the final period of the unknown-key
   * sentence (dynalite's record, https://github.com/architect/dynalite/blob/main/index.js; the raw
   * answer in https://github.com/baopham/laravel-dynamodb/issues/228), after the signature check.
   */
  @Nested
  class SessionTokens {
    static final String TOKEN = "FwoGZXIvYXdzEXAMPLE//+=";
    static final String INVALID_TOKEN = "The security token included in the request is invalid";

    SignedRequest signedWithToken() {
      return sign(
          getItem(),
          GET_ITEM_BODY,
          AwsSessionCredentialsIdentity.create(ACCESS_KEY_ID, SECRET, TOKEN),
          SIGNING_CLOCK);
    }

    @Test
    void aSignedTokenIsUnknownToTheServer() {
      SignedRequest request = signedWithToken();
      assertEquals(TOKEN, request.firstHeader("X-Amz-Security-Token"));
      assertTrue(authorization(request).contains("x-amz-security-token"));
      assertRefused(request, FrontEndRefusal.Code.UnrecognizedClientException, INVALID_TOKEN);
    }

    @Test
    void theSignatureIsCheckedBeforeTheToken() {
      assertRefused(
          withHeader(signedWithToken(), "X-Amz-Security-Token", "another-token"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void anUnsignedTokenIsRefusedAsAnUnsignedHeader() {
      assertRefused(
          withHeader(signedGetItem(), "X-Amz-Security-Token", TOKEN),
          FrontEndRefusal.Code.InvalidSignatureException,
          UnsignedHeaders.notSigned("x-amz-security-token"));
    }

    @Test
    void aPresignedTokenIsUnknownToo() {
      SignedRequest request =
          presign(
              getItem(),
              GET_ITEM_BODY,
              AwsSessionCredentialsIdentity.create(ACCESS_KEY_ID, SECRET, TOKEN),
              SIGNING_CLOCK,
              Duration.ofMinutes(5));
      assertTrue(request.rawQuery().contains("X-Amz-Security-Token="), request.rawQuery());
      assertRefused(request, FrontEndRefusal.Code.UnrecognizedClientException, INVALID_TOKEN);
    }
  }

  @Nested
  class DateHeader {
    @Test
    void theDateHeaderStandsInForAMissingXAmzDate() {
      SignedRequest request = signedGetItem();
      String httpDate =
          DateTimeFormatter.RFC_1123_DATE_TIME.format(
              ZonedDateTime.ofInstant(SIGNED_AT, ZoneOffset.UTC));
      SignedRequest dated = withHeader(withoutHeader(request, "X-Amz-Date"), "Date", httpDate);
      // The date is found and in range, so verification gets as far as the signature, which
      // covered x-amz-date.
      assertRefused(dated, FrontEndRefusal.Code.InvalidSignatureException, MISMATCH);
    }

    @Test
    void xAmzDateWinsOverDate() {
      SignedRequest request = withHeader(signedGetItem(), "Date", "not a date at all");
      assertDoesNotThrow(() -> VERIFIER.verify(request));
    }

    @Test
    void aDateHeaderInNeitherFormat() {
      SignedRequest request =
          withHeader(withoutHeader(signedGetItem(), "X-Amz-Date"), "Date", "yesterday");
      assertRefused(
          request,
          FrontEndRefusal.Code.IncompleteSignatureException,
          "Date must be in ISO-8601 'basic format'. Got 'yesterday'. See"
              + " http://en.wikipedia.org/wiki/ISO_8601");
    }
  }

  @Nested
  class Presigned {
    static SignedRequest presignedGetItem(Duration expiration) {
      return presign(getItem(), GET_ITEM_BODY, IDENTITY, SIGNING_CLOCK, expiration);
    }

    @Test
    void aPresignedRequestVerifies() {
      SignedRequest request = presignedGetItem(Duration.ofMinutes(5));
      assertEquals(null, request.firstHeader("Authorization"));
      assertTrue(request.rawQuery().contains("X-Amz-Signature="));
      assertDoesNotThrow(() -> VERIFIER.verify(request));
      assertDoesNotThrow(() -> verifierAt(SIGNED_AT.plus(Duration.ofMinutes(5))).verify(request));
    }

    @Test
    void aPresignedRequestLivesAsLongAsItsExpires() {
      SignedRequest request = presignedGetItem(Duration.ofHours(2));
      assertDoesNotThrow(() -> verifierAt(SIGNED_AT.plus(Duration.ofMinutes(90))).verify(request));
      assertRefused(
          request,
          FrontEndRefusal.Code.InvalidSignatureException,
          "Signature expired: 20240101T000000Z is now earlier than 20240101T000001Z"
              + " (20240101T020001Z - 7200 sec.)",
          verifierAt(SIGNED_AT.plus(Duration.ofHours(2)).plusSeconds(1)));
    }

    @Test
    void aTamperedPresignedRequestIsAMismatch() {
      SignedRequest request = presignedGetItem(Duration.ofMinutes(5));
      assertRefused(
          withHeader(request, "X-Amz-Target", "DynamoDB_20120810.DeleteItem"),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
      assertRefused(
          withQuery(request, request.rawQuery().replace("X-Amz-Expires=300", "X-Amz-Expires=3000")),
          FrontEndRefusal.Code.InvalidSignatureException,
          MISMATCH);
    }

    @Test
    void missingQueryParameters() {
      assertRefused(
          withQuery(
              signedGetItemWithoutAuthorization(),
              "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240101T000000Z"),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "AWS query-string parameters must include 'X-Amz-Credential'. AWS query-string"
              + " parameters must include 'X-Amz-Signature'. AWS query-string parameters must"
              + " include 'X-Amz-SignedHeaders'. Re-examine the query-string parameters.");
    }

    @Test
    void aSignatureAloneIsNoAuthentication() {
      // Query authentication is recognized by X-Amz-Algorithm, as DynamoDB does.
      assertRefused(
          withQuery(signedGetItemWithoutAuthorization(), "X-Amz-Signature=abc"),
          FrontEndRefusal.Code.MissingAuthenticationTokenException,
          "Request is missing Authentication Token");
    }

    @Test
    void expiresMustBeANumberOfAtMostAWeek() {
      SignedRequest request = presignedGetItem(Duration.ofMinutes(5));
      assertRefused(
          withQuery(request, request.rawQuery().replace("X-Amz-Expires=300", "X-Amz-Expires=soon")),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "X-Amz-Expires should be a number");
      assertRefused(
          withQuery(
              request, request.rawQuery().replace("X-Amz-Expires=300", "X-Amz-Expires=604801")),
          FrontEndRefusal.Code.IncompleteSignatureException,
          "X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires"
              + " must be less than 604800 seconds");
    }

    private SignedRequest signedGetItemWithoutAuthorization() {
      return withoutHeader(signedGetItem(), "Authorization");
    }
  }
}
