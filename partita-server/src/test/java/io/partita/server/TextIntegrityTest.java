package io.partita.server;

import static io.partita.server.RawHttp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, findings 1 and 2: text that is not Unicode never aliases stored text, and a malformed
 * CreateTable is a 400, not a 500. Before the fix {@code "x\ud800"}, {@code "x\udc00"} and {@code
 * "x?"} were one item (Java's UTF-8 encoder writes '?' for a lone surrogate), and the overlong
 * {@code C0 80} was read as U+0000.
 */
class TextIntegrityTest {
  private static final String TABLE = "{\"TableName\":\"text\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
      + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
      + "\"BillingMode\":\"PAY_PER_REQUEST\"}";
  private static final String SERIALIZATION = "com.amazon.coral.service#SerializationException";
  private static final String VALIDATION = "com.amazon.coral.validate#ValidationException";

  private Partita partita;
  private PartitaServer server;
  private RawHttp raw;

  @BeforeEach
  void start() throws Exception {
    partita = Partita.inMemory();
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
    raw = new RawHttp(server.endpoint());
    assertEquals(200, raw.post("CreateTable", TABLE).statusCode());
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    partita.close();
  }

  @Test
  void escapedLoneSurrogatesAreRefusedAndAliasNothing() {
    assertEquals(200, put("{\"pk\":{\"S\":\"x?\"}}").statusCode());
    for (String key : new String[] {"x\\ud800", "x\\udc00", "x\\udc00\\ud800", "\\ud800x"}) {
      assertError(put("{\"pk\":{\"S\":\"" + key + "\"}}"), VALIDATION, "unpaired UTF-16 surrogate");
      assertError(get("{\"pk\":{\"S\":\"" + key + "\"}}"), VALIDATION, "unpaired UTF-16 surrogate");
    }
    // an attribute name, a string set's element, a nested map key, an expression's name
    assertError(put("{\"pk\":{\"S\":\"y\"},\"a\\ud800\":{\"S\":\"1\"},\"a?\":{\"S\":\"2\"}}"), VALIDATION, "surrogate");
    assertError(put("{\"pk\":{\"S\":\"y\"},\"ss\":{\"SS\":[\"\\ud800\",\"?\"]}}"), VALIDATION, "surrogate");
    assertError(put("{\"pk\":{\"S\":\"y\"},\"m\":{\"M\":{\"k\\udfff\":{\"S\":\"1\"}}}}"), VALIDATION, "surrogate");
    assertError(raw.post("UpdateItem", "{\"TableName\":\"text\",\"Key\":{\"pk\":{\"S\":\"y\"}},"
        + "\"UpdateExpression\":\"SET #n = :v\",\"ExpressionAttributeNames\":{\"#n\":\"a\\udc00\"},"
        + "\"ExpressionAttributeValues\":{\":v\":{\"S\":\"1\"}}}"), VALIDATION, "surrogate");
    assertEquals(1, count(), "only x? was written");
    assertEquals("{\"Item\":{\"pk\":{\"S\":\"x?\"}}}", text(get("{\"pk\":{\"S\":\"x?\"}}")));
  }

  @Test
  void aSurrogatePairIsOneCharacterEitherWayItIsSent() {
    assertEquals(200, put("{\"pk\":{\"S\":\"\\ud83d\\ude00\"}}").statusCode());
    byte[] raw4 = body("{\"TableName\":\"text\",\"Key\":{\"pk\":{\"S\":\"", new byte[] {(byte) 0xF0, (byte) 0x9F,
        (byte) 0x98, (byte) 0x80}, "\"}}}");
    HttpResponse<byte[]> got = raw.post("GetItem", raw4);
    assertEquals(200, got.statusCode());
    assertTrue(text(got).contains("\"Item\""), text(got));
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedBeforeAnythingIsRead() {
    byte[][] invalid = {
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate (CESU-8)
      {(byte) 0xC0, (byte) 0x80}, // overlong U+0000
      {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, // overlong '/'
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // beyond U+10FFFF
      {(byte) 0xF5}, {(byte) 0xFF}, {(byte) 0x80}, // never a lead byte
      {(byte) 0xC3}, // a lead byte without its continuation
      {(byte) 0xE9}, // Latin-1 'é'
    };
    for (byte[] bad : invalid) {
      byte[] body = body("{\"TableName\":\"text\",\"Item\":{\"pk\":{\"S\":\"y", bad, "\"}}}");
      assertError(raw.post("PutItem", body), SERIALIZATION, "not valid UTF-8");
    }
    // a put of y? with attribute_not_exists still succeeds: nothing above was stored as y?
    assertEquals(200, raw.post("PutItem", "{\"TableName\":\"text\",\"Item\":{\"pk\":{\"S\":\"y?\"}},"
        + "\"ConditionExpression\":\"attribute_not_exists(pk)\"}").statusCode());
    assertEquals(1, count());
  }

  @Test
  void anAttributeDefinitionWithoutItsTypeIsAValidationError() {
    // 30 of 7,267 fuzzed requests answered 500 from a NullPointerException before ApiConstraints
    for (String definition : new String[] {"{\"AttributeName\":\"pk\"}", "{}"}) {
      HttpResponse<byte[]> r = raw.post("CreateTable", "{\"TableName\":\"text2\",\"AttributeDefinitions\":[" + definition
          + "],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}");
      assertError(r, VALIDATION, "Member must not be null");
    }
    assertError(raw.post("CreateTable", TABLE.replace("\"text\"", "\"text2\"").replace("\"pk\"", "\"p\\ud800\"")),
        VALIDATION, "surrogate");
  }

  private HttpResponse<byte[]> put(String item) {
    return raw.post("PutItem", "{\"TableName\":\"text\",\"Item\":" + item + "}");
  }

  private HttpResponse<byte[]> get(String key) {
    return raw.post("GetItem", "{\"TableName\":\"text\",\"Key\":" + key + "}");
  }

  private int count() {
    String scan = text(raw.post("Scan", "{\"TableName\":\"text\",\"Select\":\"COUNT\"}"));
    return Integer.parseInt(scan.replaceAll(".*\"Count\":(\\d+).*", "$1"));
  }

  private static byte[] body(String before, byte[] middle, String after) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(middle);
    out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private static void assertError(HttpResponse<byte[]> response, String type, String fragment) {
    String body = text(response);
    assertEquals(400, response.statusCode(), body);
    assertTrue(body.startsWith("{\"__type\":\"" + type + "\""), body);
    assertTrue(body.contains(fragment), body);
  }
}
