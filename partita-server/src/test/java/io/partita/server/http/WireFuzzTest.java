package io.partita.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.partita.embedded.HttpStatuses;
import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.testing.QuietJazzer;
import io.partita.server.Authenticator;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.FrontEndRefusal;
import io.partita.server.wire.SdkJsonReader;
import io.partita.server.wire.SdkJsonWriter;
import io.partita.server.wire.WireErrors;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Fuzzes DynamoDB's wire protocol in process, without a socket: a request built from the input
 * goes through the server's own handler chain ({@link BodyLimit}, {@link DynamoDbHttpHandler}:
 * inflation, {@link Dispatcher}, the JSON reader, the engine, the JSON writer) on a Netty {@link
 * EmbeddedChannel}, against an in-memory database holding two tables and a few items.
 *
 * <p>Input: the first line (visible ASCII; other bytes are dropped) names the operation ({@code
 * PutItem}) or gives a whole target (an unknown name is sent as the target as it is) and, after a
 * blank, optionally a body encoding: {@code gzip} or {@code deflate} compress the body, any other
 * word is sent as the Content-Encoding header of an uncompressed body.
 * The rest of the input is the body, as bytes.
 *
 * <p>Invariants: no answer is a 5xx (the handler's internal errors are also caught from its log,
 * so a finding shows the original stack trace); every answer is one JSON object; an error names one
 * of the engine's codes with the namespace and HTTP status the server gives it; a successful
 * answer reads back into its SDK response type and writes the same bytes again; a body the reader
 * accepts writes back (through {@link SdkJsonWriter}) to JSON that reads to an equal request.
 *
 * <p>Each input runs against a fresh database, so an input's answer does not depend on the
 * inputs before it: the regression run is deterministic and a finding reproduces alone.
 */
@ExtendWith(QuietJazzer.class)
class WireFuzzTest {
  private static final JsonFactory JSON = new JsonFactory();
  private static final int MAX_BODY = 1 << 20;
  private static final Logger SERVER_LOG = Logger.getLogger("io.partita.server");
  private static final List<Throwable> LOGGED = new ArrayList<>();
  private static final Handler CAPTURE = new Handler() {
    @Override
    public void publish(LogRecord r) {
      if (r.getLevel().intValue() >= Level.SEVERE.intValue()) {
        LOGGED.add(r.getThrown() != null ? r.getThrown() : new AssertionError(r.getMessage()));
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  /** The database every input starts from: two tables, one with a global index, and three items. */
  private static final String[][] SETUP = {
    {"CreateTable", "{\"TableName\":\"tab\",\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"},"
        + "{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"},{\"AttributeName\":\"G\",\"AttributeType\":\"N\"}],"
        + "\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"SK\",\"KeyType\":\"RANGE\"}],"
        + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"gsi\",\"KeySchema\":[{\"AttributeName\":\"G\",\"KeyType\":\"HASH\"}],"
        + "\"Projection\":{\"ProjectionType\":\"ALL\"}}],\"BillingMode\":\"PAY_PER_REQUEST\"}"},
    {"CreateTable", "{\"TableName\":\"num\",\"AttributeDefinitions\":[{\"AttributeName\":\"id\",\"AttributeType\":\"N\"}],"
        + "\"KeySchema\":[{\"AttributeName\":\"id\",\"KeyType\":\"HASH\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}"},
    {"PutItem", "{\"TableName\":\"tab\",\"Item\":{\"PK\":{\"S\":\"a\"},\"SK\":{\"S\":\"1\"},\"G\":{\"N\":\"1\"},"
        + "\"n\":{\"N\":\"12.5\"},\"l\":{\"L\":[{\"S\":\"x\"},{\"M\":{\"k\":{\"BOOL\":true}}}]},\"ss\":{\"SS\":[\"p\",\"q\"]}}}"},
    {"PutItem", "{\"TableName\":\"tab\",\"Item\":{\"PK\":{\"S\":\"a\"},\"SK\":{\"S\":\"2\"},\"b\":{\"B\":\"AP8=\"},"
        + "\"z\":{\"NULL\":true}}}"},
    {"PutItem", "{\"TableName\":\"num\",\"Item\":{\"id\":{\"N\":\"7\"},\"ns\":{\"NS\":[\"1\",\"2\"]}}}"},
  };

  @BeforeAll
  static void captureServerLog() {
    SERVER_LOG.addHandler(CAPTURE);
    SERVER_LOG.setUseParentHandlers(false);
  }

  @AfterAll
  static void releaseServerLog() {
    SERVER_LOG.removeHandler(CAPTURE);
    SERVER_LOG.setUseParentHandlers(true);
  }

  @FuzzTest
  @DictionaryEntries({"{\"TableName\":\"tab\",", "\"Key\":{\"PK\":{\"S\":\"a\"},\"SK\":{\"S\":\"1\"}}", "\"Item\":",
      "{\"S\":\"", "{\"N\":\"", "{\"B\":\"", "{\"SS\":[", "{\"NS\":[", "{\"BS\":[", "{\"M\":{", "{\"L\":[",
      "{\"NULL\":true}", "{\"BOOL\":false}", "\"ConditionExpression\":\"", "\"UpdateExpression\":\"",
      "\"KeyConditionExpression\":\"", "\"FilterExpression\":\"", "\"ProjectionExpression\":\"",
      "\"ExpressionAttributeNames\":{\"#n\":\"", "\"ExpressionAttributeValues\":{\":v\":", "\"IndexName\":\"gsi\"",
      "\"ExclusiveStartKey\":", "\"Limit\":", "\"ReturnValues\":\"ALL_OLD\"", "\"TransactItems\":[", "\"RequestItems\":{",
      "\"Select\":\"COUNT\"", "\"Segment\":", "\"TotalSegments\":", "\"ReturnConsumedCapacity\":\"TOTAL\""})
  void wire(byte[] input) {
    int newline = indexOf(input, (byte) '\n');
    // header values as an HTTP decoder passes them: visible ASCII and blanks
    String header = new String(input, 0, newline < 0 ? input.length : newline, StandardCharsets.ISO_8859_1)
        .replaceAll("[^\\x20-\\x7E]", "").trim();
    byte[] body = newline < 0 ? new byte[0] : Arrays.copyOfRange(input, newline + 1, input.length);
    int blank = header.indexOf(' ');
    String target = blank < 0 ? header : header.substring(0, blank);
    // an operation's name, or a whole target (served the same when its prefix is DynamoDB's)
    String operation = target.startsWith(Dispatcher.TARGET_PREFIX)
        ? target.substring(Dispatcher.TARGET_PREFIX.length()) : target;
    String encoding = blank < 0 ? null : header.substring(blank + 1).trim();

    LOGGED.clear();
    try (Partita partita = Partita.with().backgroundExecutor(Runnable::run).inMemory()) {
      ServerState state = new ServerState(new Dispatcher(partita), Authenticator.ACCEPT_ANY, "us-east-1", false,
          MAX_BODY, partita::storageStatus);
      for (String[] step : SETUP) {
        Answer setup = call(state, step[0], null, step[1].getBytes(StandardCharsets.UTF_8));
        assertEquals(200, setup.status, setup::text);
      }
      Answer answer = call(state, target, encoding, body);
      if (!LOGGED.isEmpty()) {
        throw new AssertionError("the server logged a failure, answering " + answer.status, LOGGED.get(0));
      }
      assertTrue(answer.status < 500, () -> "HTTP " + answer.status + ": " + answer.text());
      checkAnswer(operation, answer);
      // issue 13: bytes that are not UTF-8 never reach the engine, so never alias stored text
      if (answer.status == 200 && !isUtf8(body)) {
        throw new AssertionError("a body that is not UTF-8 was served: " + answer.text());
      }
      if (encoding == null) {
        checkRequestRoundTrip(operation, body);
      }
    }
  }

  // ---------------------------------------------------------------- the request

  /** Whether {@code bytes} are well-formed UTF-8, by the JDK's strict decoder (independent of Utf8Checked). */
  private static boolean isUtf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
      return true;
    } catch (java.nio.charset.CharacterCodingException e) {
      return false;
    }
  }

  private record Answer(int status, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** Sends {@code target}: an operation's name is prefixed with DynamoDB's, anything else sent as it is. */
  private static Answer call(ServerState state, String target, String encoding, byte[] body) {
    byte[] sent = body;
    if ("gzip".equals(encoding)) {
      sent = compress(body, true);
    } else if ("deflate".equals(encoding)) {
      sent = compress(body, false);
    }
    FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
        Unpooled.wrappedBuffer(sent));
    request.headers().set(HttpHeaderNames.HOST, "localhost");
    request.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/x-amz-json-1.0");
    request.headers().set("X-Amz-Target", Partita.requestType(target) != null
        ? Dispatcher.TARGET_PREFIX + target : target);
    request.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, sent.length);
    if (encoding != null && !encoding.isEmpty()) {
      request.headers().set(HttpHeaderNames.CONTENT_ENCODING, encoding);
    }
    EmbeddedChannel channel = new EmbeddedChannel(new BodyLimit(MAX_BODY),
        new DynamoDbHttpHandler(state, Runnable::run, new RequestDeadline(java.time.Duration.ofMinutes(1))));
    try {
      channel.writeInbound(request);
      channel.runPendingTasks();
      FullHttpResponse response = channel.readOutbound();
      assertNotNull(response, "no answer");
      try {
        return new Answer(response.status().code(), ByteBufUtil.getBytes(response.content()));
      } finally {
        response.release();
      }
    } finally {
      channel.finishAndReleaseAll();
    }
  }

  // ---------------------------------------------------------------- the answer

  private static void checkAnswer(String operation, Answer answer) {
    if (answer.status != 200) {
      checkError(answer);
      return;
    }
    Class<? extends DynamoDbRequest> requestType = Partita.requestType(operation);
    assertNotNull(requestType, "a 200 for an unknown operation");
    Class<?> responseType;
    try {
      responseType = Class.forName(requestType.getName().replaceFirst("Request$", "Response"));
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
    Object response = read(responseType, answer.body);
    assertArrayEquals(answer.body, write((SdkPojo) response),
        () -> "the answer does not read back to itself: " + answer.text());
  }

  /** {"__type": "namespace#Code", "message": "..."} and perhaps a payload: a code of the engine's, its status. */
  private static void checkError(Answer answer) {
    String type = null;
    String message = null;
    try (JsonParser p = JSON.createParser(answer.body)) {
      assertEquals(JsonToken.START_OBJECT, p.nextToken(), answer.text());
      for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
        JsonToken t = p.nextToken();
        if (name.equals("__type")) {
          type = p.getText();
        } else if (name.equals("message")) {
          assertEquals(JsonToken.VALUE_STRING, t);
          message = p.getText();
        } else {
          p.skipChildren();
        }
      }
      assertEquals(null, p.nextToken(), "one JSON object");
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + answer.text(), e);
    }
    assertNotNull(type, answer.text());
    assertNotNull(message, answer.text());
    String name = type.substring(type.indexOf('#') + 1);
    if (java.util.Arrays.stream(FrontEndRefusal.Code.values()).anyMatch(c -> c.name().equals(name))) {
      FrontEndRefusal.Code code = FrontEndRefusal.Code.valueOf(name);
      assertEquals(WireErrors.type(code), type);
      assertEquals(code.status(), answer.status, answer.text());
    } else {
      ErrorCode code = ErrorCode.valueOf(name);
      assertEquals(WireErrors.type(code), type);
      assertEquals(HttpStatuses.of(code), answer.status, answer.text());
    }
  }

  /** A body the reader accepts writes back to JSON that reads to the same request. */
  private static void checkRequestRoundTrip(String operation, byte[] body) {
    Class<? extends DynamoDbRequest> type = Partita.requestType(operation);
    if (type == null) {
      return;
    }
    DynamoDbRequest request;
    try (JsonParser p = JSON.createParser(body)) {
      request = SdkJsonReader.read(type, p);
    } catch (IOException unreadable) {
      return; // as the dispatcher: refused before the reader starts (an encoding Jackson cannot detect)
    } catch (PartitaException refused) {
      assertEquals(ErrorCode.SerializationException, refused.code(), refused.toString());
      return;
    }
    byte[] written = write((SdkPojo) request);
    DynamoDbRequest back = read(type, written);
    if (back instanceof TransactWriteItemsRequest t && ((TransactWriteItemsRequest) request).clientRequestToken() == null) {
      // the SDK makes up an idempotency token for a request without one, and the writer writes it
      back = t.toBuilder().clientRequestToken(null).build();
    }
    assertEquals(request, back, () -> new String(written, StandardCharsets.UTF_8));
  }

  private static <T> T read(Class<T> type, byte[] json) {
    try (JsonParser p = JSON.createParser(json)) {
      return SdkJsonReader.read(type, p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] write(SdkPojo pojo) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      SdkJsonWriter.write(pojo, g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] compress(byte[] body, boolean gzip) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream z = gzip ? new GZIPOutputStream(out) : new DeflaterOutputStream(out)) {
      z.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
