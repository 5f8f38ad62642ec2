package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * The statuses DynamoDB answers with (Developer Guide, "Error handling with DynamoDB": client
 * errors are the 400 class; InternalServerError 500; ServiceUnavailable 503), and the embedded
 * client's exceptions carrying the same status as the server's answers.
 */
class HttpStatusesTest {
  @Test
  void clientErrorsAre400AndTheServiceFaults5xx() {
    assertEquals(500, HttpStatuses.of(ErrorCode.InternalServerError));
    assertEquals(503, HttpStatuses.of(ErrorCode.ServiceUnavailable));
    for (ErrorCode code : EnumSet.complementOf(EnumSet.of(ErrorCode.InternalServerError, ErrorCode.ServiceUnavailable))) {
      assertEquals(400, HttpStatuses.of(code), code.name());
    }
  }

  @Test
  void theEmbeddedClientsExceptionsCarryTheStatusTheServerAnswers() {
    for (ErrorCode code : ErrorCode.values()) {
      AwsServiceException e = SdkErrors.toSdk(new PartitaException(code, "refused"));
      assertEquals(HttpStatuses.of(code), e.statusCode(), code.name());
      assertEquals(HttpStatuses.of(code), e.awsErrorDetails().sdkHttpResponse().statusCode(), code.name());
      assertEquals(code.name(), e.awsErrorDetails().errorCode());
    }
  }
}
