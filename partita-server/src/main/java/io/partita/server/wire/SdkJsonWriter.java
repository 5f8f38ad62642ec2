package io.partita.server.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes an SDK model object (a response, or an error's payload) as DynamoDB JSON 1.0, streaming,
 * from the SDK's field metadata. Members left unset are omitted, as DynamoDB omits them: the SDK
 * marks never-set lists and maps with its auto-construct types, which are skipped, while a list set
 * to empty is written as {@code []}. Timestamps are epoch seconds with a fraction, binary is base64,
 * and numbers in items are written as the strings they are.
 */
public final class SdkJsonWriter {
  private SdkJsonWriter() {}

  public static void write(SdkPojo pojo, JsonGenerator g) throws IOException {
    g.writeStartObject();
    writeMembers(pojo, g);
    g.writeEndObject();
  }

  /** Writes an item (or key) as DynamoDB JSON: an object of attribute values. */
  public static void writeItem(Map<String, AttributeValue> item, JsonGenerator g) throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, AttributeValue> a : item.entrySet()) {
      g.writeFieldName(a.getKey());
      writeAttributeValue(a.getValue(), g);
    }
    g.writeEndObject();
  }

  /** Writes the members of {@code pojo} into the object {@code g} is inside of. */
  public static void writeMembers(SdkPojo pojo, JsonGenerator g) throws IOException {
    for (SdkField<?> field : pojo.sdkFields()) {
      Object value = field.getValueOrDefault(pojo);
      if (isSet(value)) {
        g.writeFieldName(field.locationName());
        writeValue(field, value, g);
      }
    }
  }

  private static boolean isSet(Object value) {
    return value != null && !(value instanceof SdkAutoConstructList) && !(value instanceof SdkAutoConstructMap);
  }

  private static void writeValue(SdkField<?> field, Object value, JsonGenerator g) throws IOException {
    MarshallingType<?> type = field.marshallingType();
    if (value instanceof AttributeValue av) {
      writeAttributeValue(av, g);
    } else if (type == MarshallingType.SDK_POJO) {
      write((SdkPojo) value, g);
    } else if (type == MarshallingType.LIST) {
      SdkField<?> member = field.getRequiredTrait(ListTrait.class).memberFieldInfo();
      g.writeStartArray();
      for (Object element : (List<?>) value) {
        writeValue(member, element, g);
      }
      g.writeEndArray();
    } else if (type == MarshallingType.MAP) {
      SdkField<?> member = field.getRequiredTrait(MapTrait.class).valueFieldInfo();
      g.writeStartObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        g.writeFieldName((String) e.getKey());
        writeValue(member, e.getValue(), g);
      }
      g.writeEndObject();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (value instanceof Integer i) {
      g.writeNumber(i);
    } else if (value instanceof Long l) {
      g.writeNumber(l);
    } else if (value instanceof Double d) {
      g.writeNumber(d);
    } else if (value instanceof BigDecimal d) {
      g.writeNumber(d);
    } else if (value instanceof Instant t) {
      g.writeNumber(epochSeconds(t));
    } else if (value instanceof SdkBytes bytes) {
      g.writeBinary(bytes.asByteArrayUnsafe());
    } else {
      throw new IllegalStateException("no JSON form for " + field.memberName() + " of " + value.getClass());
    }
  }

  /**
   * Items are most of what DynamoDB sends, so their values skip the generic walk over the ten
   * members of {@link AttributeValue}: the one that is set is written directly.
   */
  private static void writeAttributeValue(AttributeValue av, JsonGenerator g) throws IOException {
    AttributeValue.Type type = av.type();
    if (type == null || type == AttributeValue.Type.UNKNOWN_TO_SDK_VERSION) {
      // no member set (UNKNOWN_TO_SDK_VERSION) or several (null): the generic walk writes what is set
      write(av, g);
      return;
    }
    g.writeStartObject();
    switch (type) {
      case S -> g.writeStringField("S", av.s());
      case N -> g.writeStringField("N", av.n());
      case B -> {
        g.writeFieldName("B");
        g.writeBinary(av.b().asByteArrayUnsafe());
      }
      case BOOL -> g.writeBooleanField("BOOL", av.bool());
      case NUL -> g.writeBooleanField("NULL", true);
      case SS -> writeStrings("SS", av.ss(), g);
      case NS -> writeStrings("NS", av.ns(), g);
      case BS -> {
        g.writeArrayFieldStart("BS");
        for (SdkBytes b : av.bs()) {
          g.writeBinary(b.asByteArrayUnsafe());
        }
        g.writeEndArray();
      }
      case M -> {
        g.writeObjectFieldStart("M");
        for (Map.Entry<String, AttributeValue> e : av.m().entrySet()) {
          g.writeFieldName(e.getKey());
          writeAttributeValue(e.getValue(), g);
        }
        g.writeEndObject();
      }
      case L -> {
        g.writeArrayFieldStart("L");
        for (AttributeValue element : av.l()) {
          writeAttributeValue(element, g);
        }
        g.writeEndArray();
      }
      default -> throw new IllegalStateException("unknown attribute value type " + av.type());
    }
    g.writeEndObject();
  }

  private static void writeStrings(String name, List<String> values, JsonGenerator g) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  /** Epoch seconds with milliseconds, as DynamoDB writes its timestamps ({@code 1700000000.123}). */
  private static BigDecimal epochSeconds(Instant t) {
    return BigDecimal.valueOf(t.toEpochMilli(), 3);
  }
}
