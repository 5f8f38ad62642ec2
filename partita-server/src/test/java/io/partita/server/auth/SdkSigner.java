package io.partita.server.auth;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Signs requests with the AWS SDK v2's own SigV4 signer, exactly as a DynamoDB client would, and
 * turns the result into the {@link SignedRequest} the server's HTTP layer would hand the verifier.
 */
final class SdkSigner {
  static final String REGION = "us-east-1";
  static final String SERVICE = "dynamodb";
  static final String ENDPOINT = "http://localhost:8000/";
  static final String GET_ITEM_BODY =
      "{\"TableName\":\"Music\",\"Key\":{\"Artist\":{\"S\":\"No One You Know\"}}}";

  private SdkSigner() {}

  static Clock clockAt(Instant instant) {
    return Clock.fixed(instant, ZoneOffset.UTC);
  }

  /** A DynamoDB GetItem as the SDK sends it: POST / with the JSON 1.0 content type and target. */
  static SdkHttpFullRequest.Builder getItem(String uri) {
    return SdkHttpFullRequest.builder()
        .method(SdkHttpMethod.POST)
        .uri(URI.create(uri))
        .putHeader("Content-Type", "application/x-amz-json-1.0")
        .putHeader("X-Amz-Target", "DynamoDB_20120810.GetItem");
  }

  static SdkHttpFullRequest.Builder getItem() {
    return getItem(ENDPOINT);
  }

  /** {@code request} with {@code body}, signed in its Authorization header at {@code clock}. */
  static SignedRequest sign(
      SdkHttpRequest.Builder request, String body, AwsCredentialsIdentity identity, Clock clock) {
    return sign(request, body, identity, clock, null, REGION);
  }

  /** {@code request} with {@code body}, signed in its Authorization header for {@code region}. */
  static SignedRequest signFor(
      String region,
      SdkHttpRequest.Builder request,
      String body,
      AwsCredentialsIdentity identity,
      Clock clock) {
    return sign(request, body, identity, clock, null, region);
  }

  /**
   * Signed in its Authorization header with the payload left unsigned (the SDK does this only over
   * https): the canonical request carries UNSIGNED-PAYLOAD instead of the body's hash.
   */
  static SignedRequest signWithUnsignedPayload(
      SdkHttpRequest.Builder request, String body, AwsCredentialsIdentity identity, Clock clock) {
    SdkHttpRequest unsigned = request.build();
    software.amazon.awssdk.http.auth.spi.signer.SignedRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r ->
                    r.identity(identity)
                        .request(unsigned)
                        .payload(ContentStreamProvider.fromUtf8String(body))
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SERVICE)
                        .putProperty(AwsV4HttpSigner.REGION_NAME, REGION)
                        .putProperty(AwsV4HttpSigner.SIGNING_CLOCK, clock)
                        .putProperty(AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, false));
    return asReceived(signed.request(), body.getBytes(StandardCharsets.UTF_8));
  }

  /** Presigned in its query string, valid for {@code expiration}. */
  static SignedRequest presign(
      SdkHttpRequest.Builder request,
      String body,
      AwsCredentialsIdentity identity,
      Clock clock,
      Duration expiration) {
    return sign(request, body, identity, clock, expiration, REGION);
  }

  private static SignedRequest sign(
      SdkHttpRequest.Builder request,
      String body,
      AwsCredentialsIdentity identity,
      Clock clock,
      Duration expiration,
      String region) {
    SdkHttpRequest unsigned = request.build();
    software.amazon.awssdk.http.auth.spi.signer.SignedRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r -> {
                  r.identity(identity)
                      .request(unsigned)
                      .payload(ContentStreamProvider.fromUtf8String(body))
                      .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SERVICE)
                      .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                      .putProperty(AwsV4HttpSigner.SIGNING_CLOCK, clock);
                  if (expiration != null) {
                    r.putProperty(
                            AwsV4HttpSigner.AUTH_LOCATION,
                            AwsV4FamilyHttpSigner.AuthLocation.QUERY_STRING)
                        .putProperty(AwsV4HttpSigner.EXPIRATION_DURATION, expiration);
                  }
                });
    return asReceived(signed.request(), body.getBytes(StandardCharsets.UTF_8));
  }

  /** What the server would receive for {@code request}: raw path and query, every header line. */
  static SignedRequest asReceived(SdkHttpRequest request, byte[] body) {
    URI uri = request.getUri();
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    request.forEachHeader(
        (name, values) -> values.forEach(value -> headers.add(Map.entry(name, value))));
    String rawQuery = uri.getRawQuery() == null ? "" : uri.getRawQuery();
    return new SignedRequest(
        request.method().name(), request.encodedPath(), rawQuery, headers, body);
  }

  // Helpers that alter a received request the way a client bug or an attacker would.

  static SignedRequest withHeader(SignedRequest request, String name, String value) {
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    boolean replaced = false;
    for (Map.Entry<String, String> header : request.headers()) {
      if (header.getKey().equalsIgnoreCase(name)) {
        if (!replaced) {
          headers.add(Map.entry(header.getKey(), value));
          replaced = true;
        }
      } else {
        headers.add(header);
      }
    }
    if (!replaced) {
      headers.add(Map.entry(name, value));
    }
    return new SignedRequest(
        request.method(), request.rawPath(), request.rawQuery(), headers, request.payload());
  }

  static SignedRequest withoutHeader(SignedRequest request, String name) {
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    for (Map.Entry<String, String> header : request.headers()) {
      if (!header.getKey().equalsIgnoreCase(name)) {
        headers.add(header);
      }
    }
    return new SignedRequest(
        request.method(), request.rawPath(), request.rawQuery(), headers, request.payload());
  }

  static SignedRequest withBody(SignedRequest request, String body) {
    return new SignedRequest(
        request.method(),
        request.rawPath(),
        request.rawQuery(),
        request.headers(),
        body.getBytes(StandardCharsets.UTF_8));
  }

  static SignedRequest withQuery(SignedRequest request, String rawQuery) {
    return new SignedRequest(
        request.method(), request.rawPath(), rawQuery, request.headers(), request.payload());
  }
}
