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

  @Test
  void theHealthPageNeedsNoSignature() {
    HttpResponse<byte[]> health = new RawHttp(server.endpoint())
        .send(java.net.http.HttpRequest.newBuilder(server.endpoint()).GET().build());
    assertEquals(200, health.statusCode());
  }
}
