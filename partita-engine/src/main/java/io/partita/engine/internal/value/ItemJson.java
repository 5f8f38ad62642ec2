package io.partita.engine.internal.value;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
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

  /**
   * Writes the item, or of it only the attributes of {@code only} when that is not null, as one raw
   * value: its JSON is made by hand from the stored bytes ({@link JsonBytes}) and handed to the
   * generator whole, so a value costs a few byte copies rather than four generator calls. A
   * character beyond the BMP is written as its four UTF-8 bytes, as the server's generator writes it
   * (COMBINE_UNICODE_SURROGATES_IN_UTF8), not as an escaped surrogate pair.
   */
  public static void write(byte[] stored, Collection<String> only, JsonGenerator g) throws IOException {
    // room for the whole item's JSON at once; a projection starts small and grows if it must
    JsonBytes out = new JsonBytes(only == null ? stored.length + (stored.length >> 1) + 16 : 256);
    item(ItemCodec.reader(stored), only, out);
    g.writeRawValue(out);
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

  private static final byte[] S = ascii("{\"S\":");
  private static final byte[] N = ascii("{\"N\":");
  private static final byte[] B = ascii("{\"B\":");
  private static final byte[] TRUE = ascii("{\"BOOL\":true}");
  private static final byte[] FALSE = ascii("{\"BOOL\":false}");
  private static final byte[] NULL = ascii("{\"NULL\":true}");
  private static final byte[] M = ascii("{\"M\":");
  private static final byte[] L = ascii("{\"L\":[");
  private static final byte[] SS = ascii("{\"SS\":[");
  private static final byte[] NS = ascii("{\"NS\":[");
  private static final byte[] BS = ascii("{\"BS\":[");

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The item's attributes (those of {@code only}, when not null) as a JSON object. */
  private static void item(ItemCodec.Reader r, Collection<String> only, JsonBytes out) {
    out.put('{');
    boolean first = true;
    for (int i = 0, n = r.length(); i < n; i++) {
      int length = r.length();
      int at = r.pos;
      r.pos += length;
      if (only != null && !only.contains(NameCache.name(r.buf, at, length))) {
        r.skipValue();
        continue;
      }
      if (!first) {
        out.put(',');
      }
      first = false;
      out.string(r.buf, at, length);
      out.put(':');
      value(r, out);
    }
    out.put('}');
  }

  /** One value as DynamoDB JSON: {@code {"S":"..."}}, numbers as strings, binary as base64. */
  private static void value(ItemCodec.Reader r, JsonBytes out) {
    byte tag = r.get();
    switch (tag) {
      case ItemCodec.S -> {
        out.put(S);
        text(r, out);
        out.put('}');
      }
      case ItemCodec.N -> {
        out.put(N);
        text(r, out);
        out.put('}');
      }
      case ItemCodec.B -> {
        out.put(B);
        binary(r, out);
        out.put('}');
      }
      case ItemCodec.TRUE -> out.put(TRUE);
      case ItemCodec.FALSE -> out.put(FALSE);
      case ItemCodec.NULL -> out.put(NULL);
      case ItemCodec.M -> {
        out.put(M);
        item(r, null, out);
        out.put('}');
      }
      case ItemCodec.L -> {
        out.put(L);
        for (int i = 0, n = r.length(); i < n; i++) {
          if (i > 0) {
            out.put(',');
          }
          value(r, out);
        }
        out.put(']').put('}');
      }
      case ItemCodec.SS, ItemCodec.NS, ItemCodec.BS -> {
        out.put(tag == ItemCodec.SS ? SS : tag == ItemCodec.NS ? NS : BS);
        for (int i = 0, n = r.length(); i < n; i++) {
          if (i > 0) {
            out.put(',');
          }
          if (tag == ItemCodec.BS) {
            binary(r, out);
          } else {
            text(r, out);
          }
        }
        out.put(']').put('}');
      }
      default -> throw new IllegalStateException("corrupt item encoding: unknown value tag " + tag + " at " + (r.pos - 1));
    }
  }

  /** A string (or a number's text) from its stored UTF-8 bytes, quoted and escaped. */
  private static void text(ItemCodec.Reader r, JsonBytes out) {
    int length = r.length();
    out.string(r.buf, r.pos, length);
    r.pos += length;
  }

  private static void binary(ItemCodec.Reader r, JsonBytes out) {
    int length = r.length();
    out.base64(r.buf, r.pos, length);
    r.pos += length;
  }
}
