package io.partita.server.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.partita.engine.answer.JsonItems;
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
    write(pojo, null, false, null, g);
  }

  /** Writes one member's value in place of the SDK's own (an answer's items, written from storage). */
  public interface Member {
    void writeValue(JsonGenerator g) throws IOException;
  }

  /**
   * {@link #write}, with the member named {@code name} (when {@code given}) written by {@code member}
   * in its place, so the answer's members keep the order the SDK's model gives them.
   */
  public static void write(SdkPojo pojo, String name, boolean given, Member member, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    for (SdkField<?> field : pojo.sdkFields()) {
      if (name != null && field.locationName().equals(name)) {
        if (given) {
          g.writeFieldName(name);
          member.writeValue(g);
        }
        continue;
      }
      Object value = field.getValueOrDefault(pojo);
      if (isSet(value)) {
        g.writeFieldName(field.locationName());
        writeValue(field, value, g);
      }
    }
    g.writeEndObject();
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
   * members of {@link AttributeValue}: the one that is set is written directly ({@link JsonItems}).
   */
  private static void writeAttributeValue(AttributeValue av, JsonGenerator g) throws IOException {
    AttributeValue.Type type = av.type();
    if (type == null || type == AttributeValue.Type.UNKNOWN_TO_SDK_VERSION) {
      // no member set (UNKNOWN_TO_SDK_VERSION) or several (null): the generic walk writes what is set
      write(av, g);
      return;
    }
    switch (type) {
      // documents recurse here, where a nested value of no member or several is written as it is
      case M -> {
        g.writeStartObject();
        g.writeObjectFieldStart("M");
        for (Map.Entry<String, AttributeValue> e : av.m().entrySet()) {
          g.writeFieldName(e.getKey());
          writeAttributeValue(e.getValue(), g);
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      case L -> {
        g.writeStartObject();
        g.writeArrayFieldStart("L");
        for (AttributeValue element : av.l()) {
          writeAttributeValue(element, g);
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      default -> JsonItems.writeValue(av, g);
    }
  }

  /** Epoch seconds with milliseconds, as DynamoDB writes its timestamps ({@code 1700000000.123}). */
  private static BigDecimal epochSeconds(Instant t) {
    return BigDecimal.valueOf(t.toEpochMilli(), 3);
  }
}
