package io.partita.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A target names one of DynamoDB's operations, served or not yet, or an operation DynamoDB does
 * not have: the two refusals differ in their message only.
 */
class DispatcherOperationsTest {
  private Partita partita;
  private Dispatcher dispatcher;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  @BeforeEach
  void open() {
    partita = Partita.inMemory();
    dispatcher = new Dispatcher(partita);
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private String answer(String operation) {
    out.reset();
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    dispatcher.dispatch(Dispatcher.TARGET_PREFIX + operation, body, 0, body.length, Dispatcher.Output.to(out), null);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void madeUpNamesAreUnknownOperations() {
    for (String name : List.of("Frobnicate", "getItem", "GetItemRequest", "GetItem2", "DynamoDb", "")) {
      assertEquals("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\","
          + "\"message\":\"An unknown operation was requested.\"}", answer(name), name);
    }
  }

  @Test
  void everyOperationOfTheModelIsServedOrRefusedByName() {
    List<String> notYet = new ArrayList<>();
    for (Method m : DynamoDbClient.class.getDeclaredMethods()) {
      if (m.getParameterCount() != 1 || !m.getParameterTypes()[0].getSimpleName().endsWith("Request")) {
        continue;
      }
      String operation = m.getParameterTypes()[0].getSimpleName().replaceFirst("Request$", "");
      String answer = answer(operation);
      assertTrue(!answer.contains("An unknown operation was requested."), operation + ": " + answer);
      if (Partita.requestType(operation) == null) {
        notYet.add(operation);
        assertEquals("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\","
            + "\"message\":\"Partita does not support the operation " + operation + " yet\"}", answer);
      }
    }
    assertTrue(notYet.size() < 40, "most of DynamoDB's operations are served: " + notYet);
  }
}
