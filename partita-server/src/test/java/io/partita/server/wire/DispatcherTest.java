package io.partita.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.ByteArrayInputStream;
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
 * What the dispatcher does before an operation runs. A body held in an array is read only within
 * its range, and checked as UTF-8 there as a stream over the same bytes is: the server reads an
 * uncompressed request's body from the array it came in. A target names one of DynamoDB's
 * operations, served or not yet, or an operation DynamoDB does not have: the two refusals differ in
 * their message only.
 */
class DispatcherTest {
  private static final String LIST_TABLES = Dispatcher.TARGET_PREFIX + "ListTables";

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

  /** {@code body} between two bytes that are not UTF-8, and where it starts in the array. */
  private static byte[] framed(byte[] body) {
    byte[] framed = new byte[body.length + 6];
    framed[0] = (byte) 0xFF;
    framed[1] = (byte) 0xC0;
    framed[2] = (byte) 0x80;
    System.arraycopy(body, 0, framed, 3, body.length);
    framed[framed.length - 3] = (byte) 0xED;
    framed[framed.length - 2] = (byte) 0xA0;
    framed[framed.length - 1] = (byte) 0x80;
    return framed;
  }

  private int fromArray(byte[] body) {
    out.reset();
    return dispatcher.dispatch(LIST_TABLES, framed(body), 3, body.length, Dispatcher.Output.to(out), null);
  }

  private int fromStream(byte[] body) {
    out.reset();
    return dispatcher.dispatch(LIST_TABLES, new ByteArrayInputStream(body), Dispatcher.Output.to(out));
  }

  @Test
  void onlyTheRangeIsRead() {
    assertEquals(200, fromArray("{}".getBytes(StandardCharsets.UTF_8)));
    assertEquals("{\"TableNames\":[]}", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void invalidUtf8InTheRangeIsRefusedAsFromAStream() {
    // Latin-1 é (E9) reads as the lead of a three-byte character, which the quote after it breaks
    byte[] body = {'{', '"', 'L', 'i', 'm', 'i', 't', '"', ':', '"', (byte) 0xE9, '"', '}'};
    assertEquals(400, fromStream(body));
    String streamed = out.toString(StandardCharsets.UTF_8);
    assertEquals(400, fromArray(body));
    assertEquals(streamed, out.toString(StandardCharsets.UTF_8));
    assertTrue(streamed.contains("SerializationException") && streamed.contains("byte 0x22 at offset 11"), streamed);
  }

  @Test
  void aBodyEndingInsideACharacterIsRefused() {
    byte[] body = {'{', '}', ' ', (byte) 0xC3};
    assertEquals(400, fromArray(body));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("ends inside a character"), out.toString(StandardCharsets.UTF_8));
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
