package io.partita.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** The writer is the reader's inverse, for whatever the reader accepts (found by WireFuzzTest). */
class SdkJsonWriterTest {
  private static final JsonFactory JSON = new JsonFactory();

  private static PutItemRequest read(String json) throws IOException {
    try (JsonParser p = JSON.createParser(json)) {
      return SdkJsonReader.read(PutItemRequest.class, p);
    }
  }

  private static String write(SdkPojo pojo) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      SdkJsonWriter.write(pojo, g);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anAttributeValueWithNoMemberOrSeveralIsWrittenAsRead() throws IOException {
    // the SDK's AttributeValue.type() is null for a value with several members: the writer threw a
    // NullPointerException; and an IllegalStateException for one with none inside a map or a list
    String json = "{\"TableName\":\"tab\",\"Item\":{\"PK\":{\"S\":\"a\",\"N\":\"1\"},\"e\":{},"
        + "\"m\":{\"M\":{\"x\":{},\"l\":{\"L\":[{},{\"S\":\"s\",\"BOOL\":true}]}}}}}";
    PutItemRequest request = read(json);
    assertEquals(json, write(request));
    assertEquals(request, read(write(request)));
  }
}
