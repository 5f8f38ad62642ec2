package io.partita.server.auth;

import io.partita.server.wire.FrontEndRefusal;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Verifies AWS Signature Version 4 the way DynamoDB does, and refuses a request with the error code
 * and message DynamoDB would answer.
 *
 * <p>The checks run in DynamoDB's order (as dynalite recorded it), so a request with several faults
 * gets the error DynamoDB would give first:
 *
 * <ol>
 *   <li>an Authorization header or an X-Amz-Algorithm query parameter, not both, and a header whose
 *       scheme starts with "AWS4-" (MissingAuthenticationTokenException otherwise);
 *   <li>every part present: Credential, SignedHeaders, Signature and a date
 *       (IncompleteSignatureException);
 *   <li>the date in ISO 8601 basic format (IncompleteSignatureException), and within 15 minutes of
 *       the server's clock (InvalidSignatureException);
 *   <li>"host" among the signed headers whenever the request has a Host header, as every HTTP/1.1
 *       request does, and so is every x-amz-* header the request carries (InvalidSignatureException);
 *   <li>the algorithm AWS4-HMAC-SHA256 and a five-element credential (IncompleteSignature);
 *   <li>the credential scoped to the server's region, the service "dynamodb", "aws4_request" and
 *       the request's own day (InvalidSignatureException);
 *   <li>a known access key id (UnrecognizedClientException);
 *   <li>the signature itself, 64 lower-case hex digits (InvalidSignatureException);
 *   <li>no session token (UnrecognizedClientException).
 * </ol>
 *
 * <p>Every x-amz-* header must be signed because an unsigned one can be changed by whoever replays
 * the request: X-Amz-Target names the operation, so a DescribeTable whose target was not signed
 * could be sent again as a DeleteTable under the same signature. AWS requires them signed ("Any
 * x-amz-* headers that you plan to include in your request must also be added", the IAM user
 * guide's "Create a signed AWS API request").
 *
 * <p>The server is one region, as each DynamoDB endpoint is: a credential scoped to another region
 * is refused as DynamoDB refuses it (unless it keeps a database per region, when any region name is
 * accepted). A session token (X-Amz-Security-Token) must be signed like any
 * x-amz-* header; as this server issues no temporary credentials, every token is unknown to it and
 * the request is refused as DynamoDB refuses a token it did not issue. The payload hash is always
 * computed from the body received, never taken from an x-amz-content-sha256 header: outside S3,
 * SigV4 signs the body's own hash (UNSIGNED-PAYLOAD and streaming payloads are S3's), so a
 * mismatching header can only mean a mismatching body.
 *
 * <p>Thread-safe; one verifier serves every connection.
 */
public final class SigV4Verifier {
  /** The only algorithm SigV4 has. */
  public static final String ALGORITHM = "AWS4-HMAC-SHA256";

  /** The signing name DynamoDB's clients use in their credential scope. */
  public static final String SERVICE = "dynamodb";

  /** How far a request's time stamp may be from the server's clock, either way. */
  public static final Duration ALLOWED_CLOCK_SKEW = Duration.ofMinutes(15);

  /** The longest X-Amz-Expires a presigned URL may ask for: seven days. */
  private static final long MAX_EXPIRES_SECONDS = Duration.ofDays(7).toSeconds();

  private static final int SIGNING_KEY_CACHE_CAPACITY = 256;

  /** The header, or query parameter, that carries a session token. */
  static final String X_AMZ_SECURITY_TOKEN = "X-Amz-Security-Token";

  private final Credentials credentials;
  private final java.util.function.Predicate<String> regions;
  private final Clock clock;
  private final SigningKeys signingKeys = new SigningKeys(SIGNING_KEY_CACHE_CAPACITY);

  /**
   * @param region the one region a credential may be scoped to, the server's own ({@link
   *     io.partita.server.ServerConfig#region()})
   * @param clock the time a request's date is checked against
   */
  public SigV4Verifier(Credentials credentials, String region, Clock clock) {
    this(credentials, Objects.requireNonNull(region, "region")::equals, clock);
  }

  /**
   * A verifier that lets a credential be scoped to any region {@code regions} accepts: a server that
   * keeps a database per region ({@code --isolate regions}) answers for every region, as each of
   * DynamoDB's regional endpoints does for its own.
   */
  public SigV4Verifier(Credentials credentials, java.util.function.Predicate<String> regions, Clock clock) {
    this.credentials = Objects.requireNonNull(credentials, "credentials");
    this.regions = Objects.requireNonNull(regions, "regions");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Returns when {@code request} is signed by one of the known access keys; throws otherwise.
   *
   * @throws FrontEndRefusal MissingAuthenticationTokenException, IncompleteSignatureException,
   *     InvalidSignatureException or UnrecognizedClientException, with DynamoDB's message
   */
  public void verify(SignedRequest request) {
    SignatureParameters parameters = signatureParameters(request);

    Instant requestDate = requestDate(parameters);
    checkClockSkew(requestDate, parameters);

    List<String> signedHeaders = parameters.signedHeaderNames();
    if (request.hasHeader("Host") && !containsIgnoreCase(signedHeaders, "host")) {
      throw AuthFailures.hostNotSigned();
    }
    checkAmzHeadersSigned(request, signedHeaders);
    if (!ALGORITHM.equals(parameters.algorithm())) {
      throw AuthFailures.unsupportedAlgorithm(parameters.algorithm());
    }
    CredentialScope scope = CredentialScope.parse(parameters.credential());
    checkScope(scope, requestDate, regions);

    String secret = credentials.secretFor(scope.accessKeyId());
    if (secret == null) {
      throw AuthFailures.unrecognizedClient();
    }

    String canonicalRequest =
        CanonicalRequest.of(
            request,
            signedHeaders,
            parameters.signedHeaders(),
            parameters.presigned() ? SignatureParameters.X_AMZ_SIGNATURE : null,
            Hashing.sha256Hex(request.payload()));
    String stringToSign =
        ALGORITHM
            + '\n'
            + AmzDate.basic(requestDate)
            + '\n'
            + scope.scope()
            + '\n'
            + Hashing.sha256Hex(canonicalRequest);
    byte[] expected = Hashing.hmacSha256(signingKeys.signingKey(secret, scope), stringToSign);
    // The signature is Hex(), lower-case base 16 (the IAM guide's table of SigV4 functions), so AWS
    // matches it as the lower-case text it computed: any other spelling, upper case included, is a
    // signature that does not match.
    byte[] provided = Hashing.isLowerHex(parameters.signature(), expected.length)
        ? Hashing.unhex(parameters.signature()) : null;
    // Constant time, so the response time tells nothing of how much of a forgery was right.
    if (provided == null || !MessageDigest.isEqual(expected, provided)) {
      throw AuthFailures.signatureMismatch();
    }
    // Checked last, as DynamoDB checks it (dynalite's record): a well-signed request whose token
    // this server never issued. The token is signed already: a header by the check above, a query
    // parameter by the canonical query string.
    if (request.hasHeader(X_AMZ_SECURITY_TOKEN) || parameters.sessionToken() != null) {
      throw AuthFailures.invalidSessionToken();
    }
  }

  /**
   * Refuses a request carrying an x-amz-* header that SignedHeaders does not list. The first
   * unsigned one, in the order received, is named.
   */
  private static void checkAmzHeadersSigned(SignedRequest request, List<String> signedHeaders) {
    for (Map.Entry<String, String> header : request.headers()) {
      String name = header.getKey().toLowerCase(Locale.ROOT);
      if (name.startsWith("x-amz-") && !containsIgnoreCase(signedHeaders, name)) {
        throw AuthFailures.headerNotSigned(name);
      }
    }
  }

  private static SignatureParameters signatureParameters(SignedRequest request) {
    String authorization = request.firstHeader("Authorization");
    Map<String, String> query = queryParameters(request.rawQuery());
    boolean queryAuthentication = query.containsKey(SignatureParameters.X_AMZ_ALGORITHM);
    if (authorization != null && queryAuthentication) {
      throw AuthFailures.bothHeaderAndQueryAuthentication();
    }
    if (authorization != null) {
      // DynamoDB reads any other scheme (Basic, Bearer, ...) as no authentication at all.
      if (!authorization.strip().startsWith("AWS4-")) {
        throw AuthFailures.missingAuthenticationToken();
      }
      return SignatureParameters.fromAuthorizationHeader(authorization, request);
    }
    if (queryAuthentication) {
      return SignatureParameters.fromQuery(query);
    }
    throw AuthFailures.missingAuthenticationToken();
  }

  /** The decoded query parameters; the first of a repeated name wins. */
  private static Map<String, String> queryParameters(String rawQuery) {
    if (rawQuery.isEmpty()) {
      return Map.of();
    }
    Map<String, String> query = new LinkedHashMap<>();
    for (Map.Entry<String, String> param : UriEncoding.parseQuery(rawQuery)) {
      query.putIfAbsent(param.getKey(), param.getValue());
    }
    return query;
  }

  /**
   * The request's time stamp. X-Amz-Date (header or query parameter) must be in ISO 8601 basic
   * format; a Date header may also be in HTTP's format. Otherwise IncompleteSignatureException,
   * "Date must be in ISO-8601 'basic format'", as DynamoDB answers (dynalite's record).
   */
  private static Instant requestDate(SignatureParameters parameters) {
    Instant date =
        parameters.dateIsHttpDate()
            ? AmzDate.parseHttpDate(parameters.date())
            : AmzDate.parseBasic(parameters.date());
    if (date == null) {
      throw AuthFailures.dateNotBasicFormat(parameters.date());
    }
    return date;
  }

  /**
   * Refuses a time stamp more than 15 minutes from now either way (exactly 15 minutes passes). A
   * presigned URL that names X-Amz-Expires lives that long instead, up to seven days, as S3's do;
   * without it, the 15-minute window applies to it as to a header signature.
   */
  private void checkClockSkew(Instant requestDate, SignatureParameters parameters) {
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    if (requestDate.isAfter(now.plus(ALLOWED_CLOCK_SKEW))) {
      throw AuthFailures.signatureNotYetCurrent(requestDate, now, ALLOWED_CLOCK_SKEW);
    }
    if (parameters.expires() != null) {
      long seconds = expiresSeconds(parameters.expires());
      if (now.isAfter(requestDate.plusSeconds(seconds))) {
        throw AuthFailures.presignedUrlExpired(requestDate, now, seconds);
      }
      return;
    }
    if (requestDate.isBefore(now.minus(ALLOWED_CLOCK_SKEW))) {
      throw AuthFailures.signatureExpired(requestDate, now, ALLOWED_CLOCK_SKEW);
    }
  }

  private static long expiresSeconds(String expires) {
    long seconds;
    try {
      seconds = Long.parseLong(expires);
    } catch (NumberFormatException e) {
      throw AuthFailures.expiresNotANumber();
    }
    if (seconds < 0) {
      throw AuthFailures.expiresNotANumber();
    }
    if (seconds > MAX_EXPIRES_SECONDS) {
      throw AuthFailures.expiresTooLong();
    }
    return seconds;
  }

  /**
   * Every scope problem at once, as DynamoDB lists them: region, service, terminator, day. The
   * region must be the server's, as a DynamoDB endpoint answers only for its own region; the day
   * must be the request's own day, even a second across midnight (the SigV4 date-handling page);
   * all must match in case.
   */
  private static void checkScope(CredentialScope scope, Instant requestDate,
      java.util.function.Predicate<String> regions) {
    List<String> problems = new ArrayList<>(4);
    if (!regions.test(scope.region())) {
      problems.add(AuthFailures.regionProblem(scope.region()));
    }
    if (!SERVICE.equals(scope.service())) {
      problems.add(AuthFailures.serviceProblem(SERVICE));
    }
    if (!CredentialScope.TERMINATOR.equals(scope.terminator())) {
      problems.add(AuthFailures.terminatorProblem(scope.terminator()));
    }
    if (!AmzDate.day(requestDate).equals(scope.day())) {
      problems.add(AuthFailures.dateProblem(scope.day(), requestDate));
    }
    if (!problems.isEmpty()) {
      throw AuthFailures.badCredentialScope(problems);
    }
  }

  private static boolean containsIgnoreCase(List<String> names, String name) {
    for (String candidate : names) {
      if (candidate.equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  /** How many signing keys are cached (for tests of the cache's bound). */
  int cachedSigningKeys() {
    return signingKeys.size();
  }
}
