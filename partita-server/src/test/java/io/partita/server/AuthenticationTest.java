package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.SigV4Verifier;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Signature Version 4 checked end to end: the Java SDK signs over HTTP, the server verifies. */
class AuthenticationTest {
  private Partita partita;
  private PartitaServer server;

  @BeforeEach
  void start() throws Exception {
    partita = Partita.inMemory();
    SigV4Verifier verifier = new SigV4Verifier(Credentials.of(Map.of("AKIDPARTITA", "s3cret", "AKIDOTHER", "other")),
        Clock.systemUTC());
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
    byte[] gz = RawHttp.gzip("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    software.amazon.awssdk.http.SdkHttpFullRequest unsigned = software.amazon.awssdk.http.SdkHttpFullRequest.builder()
        .method(software.amazon.awssdk.http.SdkHttpMethod.POST).uri(server.endpoint())
        .putHeader("Content-Type", "application/x-amz-json-1.0")
        .putHeader("Content-Encoding", "gzip")
        .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
        .contentStreamProvider(() -> new java.io.ByteArrayInputStream(gz)).build();
    var signed = software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.create().sign(r -> r
        .identity(software.amazon.awssdk.identity.spi.AwsCredentialsIdentity.create("AKIDPARTITA", "s3cret"))
        .request(unsigned).payload(unsigned.contentStreamProvider().orElseThrow())
        .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
        .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.REGION_NAME, "us-east-1"));
    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(server.endpoint())
        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(gz));
    signed.request().headers().forEach((name, values) -> {
      if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")) {
        values.forEach(v -> b.header(name, v));
      }
    });
    HttpResponse<byte[]> r = new RawHttp(server.endpoint()).send(b.build());
    assertEquals(200, r.statusCode(), RawHttp.text(r));
    assertEquals("{\"TableNames\":[]}", RawHttp.text(r));
  }

  @Test
  void theHealthPageNeedsNoSignature() {
    HttpResponse<byte[]> health = new RawHttp(server.endpoint())
        .send(java.net.http.HttpRequest.newBuilder(server.endpoint()).GET().build());
    assertEquals(200, health.statusCode());
  }
}
