package io.partita.server.wire;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * Reads a DynamoDB JSON 1.0 request body straight into the SDK's request object, member by member
 * from the SDK's field metadata, in one streaming pass (no intermediate tree).
 *
 * <p>The rules follow DynamoDB's front end: unknown members are ignored; {@code null} means absent;
 * a scalar given for a string member is taken as its text; a structure or list where the model has
 * something else is a {@code SerializationException} with the service's own wording ("Start of
 * structure or map found where not expected", "Start of list found where not expected",
 * "Unexpected field type"). Numbers stay text all the way to the engine: an {@code N} value never
 * passes through a double.
 */
public final class SdkJsonReader {
  private static final Base64.Decoder BASE64 = Base64.getDecoder();
  private static final int MAX_SCALE = 400;
  private static final int MAX_NUMBER_TEXT = 100;
  /** The largest timestamp accepted, in epoch seconds: the year 9999, far beyond any DynamoDB date. */
  private static final BigDecimal MAX_EPOCH_SECONDS = BigDecimal.valueOf(253_402_300_799L);

  private SdkJsonReader() {}

  /**
   * Reads one request of {@code type} from {@code parser}, which must be positioned before the
   * body's first token. An empty body reads as an empty request, as DynamoDB's clients send for
   * operations without members.
   */
  public static <T> T read(Class<T> type, JsonParser parser) {
    try {
      JsonToken first = parser.nextToken();
      Shape shape = Shape.ofType(type);
      Object request;
      if (first == null) {
        request = build(shape.newBuilder.get());
      } else if (first != JsonToken.START_OBJECT) {
        throw serialization(unexpected(first));
      } else {
        request = readStructure(shape, parser);
      }
      if (parser.nextToken() != null) {
        throw serialization("Unexpected content after the end of the request body");
      }
      return type.cast(request);
    } catch (StreamConstraintsException e) {
      throw serialization("The request body exceeds a JSON limit: " + e.getOriginalMessage());
    } catch (JsonParseException e) {
      throw serialization("The request body is not valid JSON: " + e.getOriginalMessage()
          + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
    } catch (IOException e) {
      throw serialization("The request body could not be read: " + e.getMessage());
    }
  }

  private static Object readStructure(Shape shape, JsonParser p) throws IOException {
    SdkPojo builder = shape.newBuilder.get();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      JsonToken token = p.nextToken();
      Shape.Member member = shape.member(name);
      if (member == null || token == JsonToken.VALUE_NULL) {
        p.skipChildren();
        continue;
      }
      member.field.set(builder, readValue(member, token, p));
    }
    return build(builder);
  }

  private static Object readValue(Shape.Member member, JsonToken token, JsonParser p) throws IOException {
    MarshallingType<?> type = member.type;
    SdkField<?> field = member.field;
    if (type == MarshallingType.SDK_POJO) {
      expect(token, JsonToken.START_OBJECT);
      return readStructure(member.structure(), p);
    }
    if (type == MarshallingType.LIST) {
      expect(token, JsonToken.START_ARRAY);
      Shape.Member element = member.element();
      List<Object> list = new ArrayList<>();
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        list.add(readValue(element, notNull(t, field), p));
      }
      return list;
    }
    if (type == MarshallingType.MAP) {
      expect(token, JsonToken.START_OBJECT);
      Shape.Member value = member.element();
      Map<String, Object> map = new LinkedHashMap<>();
      for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
        JsonToken t = p.nextToken();
        map.put(key, readValue(value, notNull(t, field), p));
      }
      return map;
    }
    return readScalar(field, type, token, p);
  }

  private static Object readScalar(SdkField<?> field, MarshallingType<?> type, JsonToken token, JsonParser p)
      throws IOException {
    if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
      throw serialization(unexpected(token));
    }
    if (type == MarshallingType.STRING) {
      return p.getText();
    }
    if (type == MarshallingType.BOOLEAN) {
      if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
        return token == JsonToken.VALUE_TRUE;
      }
      if (token == JsonToken.VALUE_STRING && ("true".equals(p.getText()) || "false".equals(p.getText()))) {
        return Boolean.parseBoolean(p.getText());
      }
      throw serialization(field.locationName() + " must be a boolean, not " + describe(token, p));
    }
    if (type == MarshallingType.SDK_BYTES) {
      if (token != JsonToken.VALUE_STRING) {
        throw serialization(field.locationName() + " must be a base64 string, not " + describe(token, p));
      }
      try {
        return SdkBytes.fromByteArrayUnsafe(BASE64.decode(p.getText()));
      } catch (IllegalArgumentException e) {
        throw serialization("Base64 encoded value of " + field.locationName() + " is not valid: " + e.getMessage());
      }
    }
    BigDecimal number = number(field, token, p);
    try {
      if (type == MarshallingType.INTEGER) {
        return number.intValueExact();
      }
      if (type == MarshallingType.LONG) {
        return number.longValueExact();
      }
      if (type == MarshallingType.INSTANT) {
        // compared first: longValue() of 1e1000000000 would expand a billion digits
        if (number.abs().compareTo(MAX_EPOCH_SECONDS) > 0) {
          throw new ArithmeticException();
        }
        return Instant.ofEpochSecond(number.longValue(), number.remainder(BigDecimal.ONE).movePointRight(9).intValue());
      }
      if (type == MarshallingType.DOUBLE) {
        return number.doubleValue();
      }
      if (type == MarshallingType.BIG_DECIMAL) {
        return number;
      }
    } catch (ArithmeticException e) {
      throw serialization(field.locationName() + " must be " + (type == MarshallingType.INSTANT ? "a timestamp"
          : "an integer") + " within range, not " + abbreviate(number.toString()));
    }
    throw serialization("Unexpected field type");
  }

  private static BigDecimal number(SdkField<?> field, JsonToken token, JsonParser p) throws IOException {
    if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT
        || token == JsonToken.VALUE_STRING) {
      String text = p.getText().trim();
      if (text.length() > MAX_NUMBER_TEXT) {
        // parsing is quadratic in the length; no member of DynamoDB's API needs long numbers
        throw serialization(field.locationName() + " is out of range: " + abbreviate(text));
      }
      BigDecimal n;
      try {
        n = new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw serialization(field.locationName() + " must be a number, not " + describe(token, p));
      }
      // A short text such as 1e-999999999 makes exact conversions expand a billion digits: no
      // member of DynamoDB's API needs more than a few hundred digits of scale either way.
      if (Math.abs((long) n.scale()) > MAX_SCALE) {
        throw serialization(field.locationName() + " is out of range: " + abbreviate(n.toString()));
      }
      return n;
    }
    throw serialization(field.locationName() + " must be a number, not " + describe(token, p));
  }

  /** DynamoDB's model has no null elements: a null inside a list or map is refused, not passed on. */
  private static JsonToken notNull(JsonToken token, SdkField<?> container) {
    if (token == JsonToken.VALUE_NULL) {
      throw serialization("Null value found in " + container.locationName() + ", where null is not allowed");
    }
    return token;
  }

  private static void expect(JsonToken actual, JsonToken expected) {
    if (actual != expected) {
      throw serialization(actual == JsonToken.START_OBJECT || actual == JsonToken.START_ARRAY
          ? unexpected(actual) : "Unexpected field type");
    }
  }

  private static String unexpected(JsonToken token) {
    return token == JsonToken.START_ARRAY ? "Start of list found where not expected"
        : token == JsonToken.START_OBJECT ? "Start of structure or map found where not expected"
        : "Unexpected field type";
  }

  private static String describe(JsonToken token, JsonParser p) throws IOException {
    return switch (token) {
      case VALUE_STRING -> "the string \"" + abbreviate(p.getText()) + "\"";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + abbreviate(p.getText());
      case VALUE_TRUE, VALUE_FALSE -> "the boolean " + p.getText();
      default -> token.toString();
    };
  }

  private static String abbreviate(String s) {
    return s.length() <= 64 ? s : s.substring(0, 64) + "...";
  }

  private static Object build(SdkPojo builder) {
    return ((SdkBuilder<?, ?>) builder).build();
  }

  static PartitaException serialization(String message) {
    return new PartitaException(ErrorCode.SerializationException, message);
  }
}
