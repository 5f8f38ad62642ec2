package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Signature Version 4 checked end to end: the Java SDK signs over HTTP, the server verifies. */
class AuthenticationTest {
  private Partita partita;
  private PartitaServer server;

  @BeforeEach
  void start() throws Exception {
    partita = Partita.inMemory();
    SigV4Verifier verifier = new SigV4Verifier(Credentials.of(Map.of("AKIDPARTITA", "s3cret", "AKIDOTHER", "other")),
        "us-east-1", Clock.systemUTC());
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0).withAuthenticator(verifier::verify));
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    partita.close();
  }

  @Test
  void requestsSignedWithAConfiguredKeyAreServed() {
    for (String[] key : new String[][] {{"AKIDPARTITA", "s3cret"}, {"AKIDOTHER", "other"}}) {
      try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint(), key[0], key[1])) {
        assertEquals(List.of(), dynamo.listTables().tableNames());
      }
    }
  }

  @Test
  void aWrongSecretIsAnInvalidSignature() {
    try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint(), "AKIDPARTITA", "wrong")) {
      AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
      assertEquals("InvalidSignatureException", e.awsErrorDetails().errorCode());
      assertEquals(400, e.statusCode());
      assertTrue(e.awsErrorDetails().errorMessage().startsWith("The request signature we calculated does not match"),
          e.awsErrorDetails().errorMessage());
    }
  }

  @Test
  void anUnknownAccessKeyIsAnUnrecognizedClient() {
    try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint(), "AKIDSTRANGER", "s3cret")) {
      AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
      assertEquals("UnrecognizedClientException", e.awsErrorDetails().errorCode());
      assertEquals("The security token included in the request is invalid.", e.awsErrorDetails().errorMessage());
    }
  }

  @Test
  void anUnsignedRequestIsMissingItsToken() {
    HttpResponse<byte[]> r = new RawHttp(server.endpoint()).post("ListTables", "{}");
    assertEquals(400, r.statusCode());
    assertEquals("{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\","
        + "\"message\":\"Request is missing Authentication Token\"}", RawHttp.text(r));
  }

  /** A compressed body is verified as sent (compressed), then inflated and served. */
  @Test
  void aSignedGzipBodyIsVerifiedOverTheCompressedBytes() {
    byte[] gz = RawHttp.gzip("{}".getBytes(StandardCharsets.UTF_8));
    SdkHttpFullRequest unsigned = SdkHttpFullRequest.builder()
        .method(SdkHttpMethod.POST).uri(server.endpoint())
        .putHeader("Content-Type", "application/x-amz-json-1.0")
        .putHeader("Content-Encoding", "gzip")
        .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
        .contentStreamProvider(() -> new ByteArrayInputStream(gz)).build();
    var signed = AwsV4HttpSigner.create().sign(r -> r
        .identity(AwsCredentialsIdentity.create("AKIDPARTITA", "s3cret"))
        .request(unsigned).payload(unsigned.contentStreamProvider().orElseThrow())
        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
    HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint())
        .POST(HttpRequest.BodyPublishers.ofByteArray(gz));
    signed.request().headers().forEach((name, values) -> {
      if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")) {
        values.forEach(v -> b.header(name, v));
      }
    });
    HttpResponse<byte[]> r = new RawHttp(server.endpoint()).send(b.build());
    assertEquals(200, r.statusCode(), RawHttp.text(r));
    assertEquals("{\"TableNames\":[]}", RawHttp.text(r));
  }

  /**
   * Issue 13: a DescribeTable signed with {@code SignedHeaders=content-type;host;x-amz-date} left its
   * X-Amz-Target out of the signature, so the same signature, replayed with the target changed to
   * DeleteTable, deleted the table. AWS requires every x-amz-* header the request carries to be
   * signed ("Any x-amz-* headers that you plan to include in your request must also be added",
   * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html), so
   * both requests are refused and the table stays.
   */
  @Test
  void aTargetLeftOutOfTheSignatureCannotBeReplayedAsAnotherOperation() {
    try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint(), "AKIDPARTITA", "s3cret")) {
      dynamo.createTable(b -> b.tableName("victim")
          .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"))
          .keySchema(k -> k.attributeName("PK").keyType("HASH"))
          .billingMode("PAY_PER_REQUEST"));
      byte[] body = "{\"TableName\":\"victim\"}".getBytes(StandardCharsets.UTF_8);
      // signed with no X-Amz-Target at all (over http the SDK signs x-amz-content-sha256 too)
      String authorization = signed(body, Map.of()).build().headers().firstValue("Authorization").orElseThrow();
      assertTrue(authorization.contains("SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,"),
          authorization);

      for (String operation : List.of("DescribeTable", "DeleteTable")) {
        HttpResponse<byte[]> r = new RawHttp(server.endpoint())
            .send(signed(body, Map.of()).header("X-Amz-Target", "DynamoDB_20120810." + operation).build());
        assertEquals(400, r.statusCode(), RawHttp.text(r));
        assertEquals("{\"__type\":\"com.amazon.coral.service#InvalidSignatureException\",\"message\":"
            + "\"'x-amz-target' must be a 'SignedHeader' in the AWS Authorization.\"}", RawHttp.text(r));
      }
      assertEquals(List.of("victim"), dynamo.listTables().tableNames());
    }
  }

  /**
   * The server stands for us-east-1 (ServerConfig's region): a client configured for another region
   * is refused as a DynamoDB endpoint refuses it (https://github.com/3mcloud/falcano/pull/47).
   */
  @Test
  void aClientSigningForAnotherRegionIsRefused() {
    try (DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(server.endpoint())
        .region(Region.US_WEST_2)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create("AKIDPARTITA", "s3cret")))
        .httpClient(UrlConnectionHttpClient.create()).build()) {
      AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
      assertEquals(400, e.statusCode());
      assertEquals("InvalidSignatureException", e.awsErrorDetails().errorCode());
      assertEquals("Credential should be scoped to a valid region, not 'us-west-2'. ",
          e.awsErrorDetails().errorMessage());
    }
  }

  /** The server issues no session tokens, so a well-signed request carrying one is refused. */
  @Test
  void aSessionTokenIsUnknownToTheServer() {
    try (DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(server.endpoint())
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsSessionCredentials.create("AKIDPARTITA", "s3cret", "token")))
        .httpClient(UrlConnectionHttpClient.create()).build()) {
      AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
      assertEquals(400, e.statusCode());
      assertEquals("UnrecognizedClientException", e.awsErrorDetails().errorCode());
      assertEquals("The security token included in the request is invalid", e.awsErrorDetails().errorMessage());
    }
  }

  /** A request signed more than 15 minutes ago is refused with AWS's "Signature expired" sentence. */
  @Test
  void aRequestSignedTooLongAgoHasExpired() {
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    Instant signedAt = Instant.now().minus(Duration.ofMinutes(20))
        .truncatedTo(ChronoUnit.SECONDS);
    HttpResponse<byte[]> r = new RawHttp(server.endpoint()).send(
        signed(body, Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables"), Clock.fixed(signedAt,
            ZoneOffset.UTC)).build());
    assertEquals(400, r.statusCode(), RawHttp.text(r));
    String basic = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
        .withZone(ZoneOffset.UTC).format(signedAt);
    assertTrue(RawHttp.text(r).startsWith("{\"__type\":\"com.amazon.coral.service#InvalidSignatureException\","
        + "\"message\":\"Signature expired: " + basic + " is now earlier than "), RawHttp.text(r));
    assertTrue(RawHttp.text(r).endsWith(" - 15 min.)\"}"), RawHttp.text(r));
  }

  private HttpRequest.Builder signed(byte[] body, Map<String, String> extra) {
    return signed(body, extra, Clock.systemUTC());
  }

  /**
   * {@code body} POSTed to the server with Content-Type and {@code extra} headers, signed at {@code
   * clock}'s time by the SDK's own SigV4 signer for AKIDPARTITA; headers added to the builder
   * afterwards are not signed.
   */
  private HttpRequest.Builder signed(byte[] body, Map<String, String> extra, Clock clock) {
    SdkHttpFullRequest.Builder unsigned = SdkHttpFullRequest
        .builder().method(SdkHttpMethod.POST).uri(server.endpoint())
        .putHeader("Content-Type", "application/x-amz-json-1.0");
    extra.forEach(unsigned::putHeader);
    SdkHttpFullRequest request = unsigned.build();
    var signed = AwsV4HttpSigner.create().sign(r -> r
        .identity(AwsCredentialsIdentity.create("AKIDPARTITA", "s3cret"))
        .request(request).payload(() -> new ByteArrayInputStream(body))
        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
        .putProperty(AwsV4HttpSigner.SIGNING_CLOCK, clock));
    HttpRequest.Builder b = HttpRequest.newBuilder(server.endpoint())
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    signed.request().headers().forEach((name, values) -> {
      // the HTTP client sets these itself, to the values signed
      if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")) {
        values.forEach(v -> b.header(name, v));
      }
    });
    return b;
  }

  @Test
  void theHealthPageNeedsNoSignature() {
    HttpResponse<byte[]> health = new RawHttp(server.endpoint())
        .send(HttpRequest.newBuilder(server.endpoint()).GET().build());
    assertEquals(200, health.statusCode());
  }
}
