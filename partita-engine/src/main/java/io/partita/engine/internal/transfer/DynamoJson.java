package io.partita.engine.internal.transfer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.partita.engine.internal.value.ItemJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items as JSON: DynamoDB JSON ({@code {"pk":{"S":"a"},"n":{"N":"1"}}}, binary as base64), the form
 * of an export's {@code DYNAMODB_JSON} data files and of an import's source lines; and plain JSON
 * ({@code {"pk":"a","n":1}}), which {@code partita seed} also takes. Numbers are kept as their text,
 * so a 38-digit number is never rounded through a double.
 */
public final class DynamoJson {
  static final JsonFactory FACTORY = JsonFactory.builder().build();

  private DynamoJson() {}

  /** One line of an export's DYNAMODB_JSON data file: {@code {"Item":{...}}}. */
  static String itemLine(Map<String, AttributeValue> item) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName("Item");
      writeItem(g, item);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  static void writeItem(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
    ItemJson.write(item, g);
  }

  /**
   * The item of one import line, {@code {"Item":{...}}}, as DynamoDB's import takes it (Developer
   * Guide, "Importing data from Amazon S3: DynamoDB JSON").
   *
   * @throws IllegalArgumentException saying what is wrong with the line
   */
  static Map<String, AttributeValue> parseItemLine(String line) {
    try (JsonParser p = FACTORY.createParser(line)) {
      expect(p.nextToken(), JsonToken.START_OBJECT, "a line must hold one JSON object {\"Item\": {...}}");
      Map<String, AttributeValue> item = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        if (!name.equals("Item") || item != null) {
          throw new IllegalArgumentException("unexpected member '" + name + "': a line holds {\"Item\": {...}} only");
        }
        item = readItem(p);
      }
      if (item == null) {
        throw new IllegalArgumentException("the line has no \"Item\"");
      }
      if (p.nextToken() != null) {
        throw new IllegalArgumentException("more than one JSON value on the line");
      }
      return item;
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + firstLine(e.getMessage()));
    }
  }

  /** A DynamoDB JSON item at the parser's current START_OBJECT. */
  static Map<String, AttributeValue> readItem(JsonParser p) throws IOException {
    expect(p.currentToken(), JsonToken.START_OBJECT, "an item must be a JSON object");
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      item.put(name, readValue(p, name));
    }
    return item;
  }

  private static AttributeValue readValue(JsonParser p, String name) throws IOException {
    expect(p.currentToken(), JsonToken.START_OBJECT, "attribute '" + name + "' must be an object such as {\"S\": \"x\"}");
    if (p.nextToken() != JsonToken.FIELD_NAME) {
      throw new IllegalArgumentException("attribute '" + name + "' has no type");
    }
    String type = p.currentName();
    JsonToken t = p.nextToken();
    AttributeValue v = switch (type) {
      case "S" -> AttributeValue.fromS(text(p, t, name));
      case "N" -> AttributeValue.fromN(text(p, t, name));
      case "B" -> AttributeValue.fromB(bytes(text(p, t, name), name));
      case "BOOL" -> {
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
          throw new IllegalArgumentException("attribute '" + name + "': BOOL must be true or false");
        }
        yield AttributeValue.fromBool(t == JsonToken.VALUE_TRUE);
      }
      case "NULL" -> {
        if (t != JsonToken.VALUE_TRUE) {
          throw new IllegalArgumentException("attribute '" + name + "': NULL must be true");
        }
        yield AttributeValue.fromNul(true);
      }
      case "SS" -> AttributeValue.fromSs(texts(p, t, name));
      case "NS" -> AttributeValue.fromNs(texts(p, t, name));
      case "BS" -> AttributeValue.fromBs(texts(p, t, name).stream().map(s -> bytes(s, name)).toList());
      case "L" -> {
        expect(t, JsonToken.START_ARRAY, "attribute '" + name + "': L must be an array");
        List<AttributeValue> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(readValue(p, name));
        }
        yield AttributeValue.fromL(list);
      }
      case "M" -> AttributeValue.fromM(readItem(p));
      default -> throw new IllegalArgumentException("attribute '" + name + "' has an unknown type '" + type + "'");
    };
    if (p.nextToken() != JsonToken.END_OBJECT) {
      throw new IllegalArgumentException("attribute '" + name + "' has more than one type");
    }
    return v;
  }

  private static String text(JsonParser p, JsonToken t, String name) throws IOException {
    if (t != JsonToken.VALUE_STRING) {
      throw new IllegalArgumentException("attribute '" + name + "': expected a string, found " + t);
    }
    return p.getText();
  }

  private static List<String> texts(JsonParser p, JsonToken t, String name) throws IOException {
    expect(t, JsonToken.START_ARRAY, "attribute '" + name + "': a set must be an array");
    List<String> out = new ArrayList<>();
    JsonToken e;
    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
      out.add(text(p, e, name));
    }
    return out;
  }

  private static SdkBytes bytes(String base64, String name) {
    try {
      return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(base64));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("attribute '" + name + "': binary is not base64");
    }
  }

  /**
   * A plain JSON value as an attribute value: a string is S, a number N (its text kept), true and
   * false BOOL, null NULL, an array L and an object M. For {@code partita seed}.
   */
  static AttributeValue readPlain(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    return switch (t) {
      case VALUE_STRING -> AttributeValue.fromS(p.getText());
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> AttributeValue.fromN(p.getText());
      case VALUE_TRUE, VALUE_FALSE -> AttributeValue.fromBool(t == JsonToken.VALUE_TRUE);
      case VALUE_NULL -> AttributeValue.fromNul(true);
      case START_ARRAY -> {
        List<AttributeValue> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(readPlain(p));
        }
        yield AttributeValue.fromL(list);
      }
      case START_OBJECT -> {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          m.put(name, readPlain(p));
        }
        yield AttributeValue.fromM(m);
      }
      default -> throw new IllegalArgumentException("unexpected JSON " + t);
    };
  }

  private static void expect(JsonToken actual, JsonToken expected, String message) {
    if (actual != expected) {
      throw new IllegalArgumentException(message);
    }
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
