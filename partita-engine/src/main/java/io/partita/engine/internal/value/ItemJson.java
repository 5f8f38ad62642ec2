package io.partita.engine.internal.value;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A stored item written as DynamoDB JSON straight from its encoding ({@link ItemCodec}): strings and
 * numbers go from their stored UTF-8 bytes to the output, so an item answered over HTTP is never
 * decoded into {@code AttributeValue}s, copied into an SDK response and walked again. The JSON is
 * the one the SDK's model would write for the decoded item: {@code {"S":...}}, numbers as strings,
 * binary as base64, {@code {"NULL":true}}.
 */
public final class ItemJson {
  private ItemJson() {}

  /** Writes the item, or of it only the attributes of {@code only} when that is not null. */
  public static void write(byte[] stored, Collection<String> only, JsonGenerator g) throws IOException {
    ItemCodec.Reader r = ItemCodec.reader(stored);
    g.writeStartObject();
    for (int i = 0, n = r.length(); i < n; i++) {
      int length = r.length();
      String name = NameCache.name(r.buf, r.pos, length);
      r.pos += length;
      if (only == null || only.contains(name)) {
        g.writeFieldName(name);
        writeValue(r, g);
      } else {
        r.skipValue();
      }
    }
    g.writeEndObject();
  }

  /** Writes an item already decoded (one an answer made in memory: a projection into documents). */
  public static void write(Map<String, AttributeValue> item, JsonGenerator g) throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, AttributeValue> a : item.entrySet()) {
      g.writeFieldName(a.getKey());
      writeValue(a.getValue(), g);
    }
    g.writeEndObject();
  }

  /** Writes one attribute value as DynamoDB JSON: the one member that is set. */
  public static void writeValue(AttributeValue av, JsonGenerator g) throws IOException {
    g.writeStartObject();
    switch (av.type()) {
      case S -> g.writeStringField("S", av.s());
      case N -> g.writeStringField("N", av.n());
      case B -> {
        g.writeFieldName("B");
        g.writeBinary(av.b().asByteArrayUnsafe());
      }
      case BOOL -> g.writeBooleanField("BOOL", av.bool());
      case NUL -> g.writeBooleanField("NULL", true);
      case SS -> strings("SS", av.ss(), g);
      case NS -> strings("NS", av.ns(), g);
      case BS -> {
        g.writeArrayFieldStart("BS");
        for (SdkBytes b : av.bs()) {
          g.writeBinary(b.asByteArrayUnsafe());
        }
        g.writeEndArray();
      }
      case M -> {
        g.writeFieldName("M");
        write(av.m(), g);
      }
      case L -> {
        g.writeArrayFieldStart("L");
        for (AttributeValue element : av.l()) {
          writeValue(element, g);
        }
        g.writeEndArray();
      }
      default -> throw new IllegalStateException("an attribute value with no one type: " + av);
    }
    g.writeEndObject();
  }

  private static void strings(String name, List<String> values, JsonGenerator g) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static void writeValue(ItemCodec.Reader r, JsonGenerator g) throws IOException {
    byte tag = r.get();
    g.writeStartObject();
    switch (tag) {
      case ItemCodec.S -> text("S", r, g);
      case ItemCodec.N -> text("N", r, g);
      case ItemCodec.B -> {
        g.writeFieldName("B");
        binary(r, g);
      }
      case ItemCodec.TRUE -> g.writeBooleanField("BOOL", true);
      case ItemCodec.FALSE -> g.writeBooleanField("BOOL", false);
      case ItemCodec.NULL -> g.writeBooleanField("NULL", true);
      case ItemCodec.M -> {
        g.writeFieldName("M");
        g.writeStartObject();
        for (int i = 0, n = r.length(); i < n; i++) {
          int length = r.length();
          g.writeFieldName(NameCache.name(r.buf, r.pos, length));
          r.pos += length;
          writeValue(r, g);
        }
        g.writeEndObject();
      }
      case ItemCodec.L -> {
        g.writeArrayFieldStart("L");
        for (int i = 0, n = r.length(); i < n; i++) {
          writeValue(r, g);
        }
        g.writeEndArray();
      }
      case ItemCodec.SS, ItemCodec.NS -> {
        g.writeArrayFieldStart(tag == ItemCodec.SS ? "SS" : "NS");
        for (int i = 0, n = r.length(); i < n; i++) {
          utf8(r, g);
        }
        g.writeEndArray();
      }
      case ItemCodec.BS -> {
        g.writeArrayFieldStart("BS");
        for (int i = 0, n = r.length(); i < n; i++) {
          binary(r, g);
        }
        g.writeEndArray();
      }
      default -> throw new IllegalStateException("corrupt item encoding: unknown value tag " + tag + " at " + (r.pos - 1));
    }
    g.writeEndObject();
  }

  private static void text(String member, ItemCodec.Reader r, JsonGenerator g) throws IOException {
    g.writeFieldName(member);
    utf8(r, g);
  }

  /** A string (or a number's text), escaped as JSON needs, from its UTF-8 bytes. */
  private static void utf8(ItemCodec.Reader r, JsonGenerator g) throws IOException {
    int length = r.length();
    if (g.getOutputTarget() instanceof OutputStream) {
      g.writeUTF8String(r.buf, r.pos, length);
    } else {
      // a generator over characters cannot take UTF-8 bytes
      g.writeString(new String(r.buf, r.pos, length, StandardCharsets.UTF_8));
    }
    r.pos += length;
  }

  private static void binary(ItemCodec.Reader r, JsonGenerator g) throws IOException {
    int length = r.length();
    g.writeBinary(r.buf, r.pos, length);
    r.pos += length;
  }
}
