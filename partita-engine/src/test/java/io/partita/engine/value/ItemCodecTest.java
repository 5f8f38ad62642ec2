package io.partita.engine.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemCodecTest {
  static Map<String, AttributeValue> allTypes() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("user#1"));
    item.put("s", AttributeValue.fromS("h\u00e9llo \ud83d\ude00 \u0000"));
    item.put("empty", AttributeValue.fromS(""));
    item.put("n", AttributeValue.fromN("-12.5"));
    item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 0xFF})));
    item.put("eb", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[0])));
    item.put("ss", AttributeValue.fromSs(List.of("a", "\u20ac", "")));
    item.put("ns", AttributeValue.fromNs(List.of("1", "0.000000001", "100")));
    item.put("bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[0]))));
    item.put("t", AttributeValue.fromBool(true));
    item.put("f", AttributeValue.fromBool(false));
    item.put("null", AttributeValue.fromNul(true));
    item.put("m", AttributeValue.fromM(Map.of("x", AttributeValue.fromL(List.of(
        AttributeValue.fromM(Map.of()), AttributeValue.fromL(List.of()), AttributeValue.fromN("0"))))));
    item.put("\u00e9t\u00e9", AttributeValue.fromS("x".repeat(1000)));
    return item;
  }

  @Test
  void roundTripsAllTypes() {
    Map<String, AttributeValue> item = allTypes();
    byte[] bytes = ItemCodec.encode(item);
    assertEquals(ItemCodec.VERSION, bytes[0]);
    Map<String, AttributeValue> back = ItemCodec.decode(bytes);
    assertEquals(item, back);
    assertTrue(back instanceof HashMap);
  }

  @Test
  void emptyItem() {
    assertEquals(Map.of(), ItemCodec.decode(ItemCodec.encode(Map.of())));
  }

  @Test
  void rejectsUnknownVersion() {
    byte[] bytes = ItemCodec.encode(allTypes());
    bytes[0] = 7;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ItemCodec.decode(bytes));
    assertTrue(e.getMessage().contains("7"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> ItemCodec.decode(new byte[0]));
  }

  @Test
  void rejectsTruncatedInput() {
    byte[] bytes = ItemCodec.encode(allTypes());
    for (int cut = 1; cut < bytes.length; cut += 7) {
      byte[] part = java.util.Arrays.copyOf(bytes, cut);
      assertThrows(IllegalStateException.class, () -> ItemCodec.decode(part));
    }
  }

  @Test
  void decodingAOneKilobyteItemIsFast() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("tenant#42#user#1234"));
    item.put("sk", AttributeValue.fromS("order#2024-01-01T00:00:00Z"));
    for (int i = 0; i < 20; i++) {
      item.put("attr" + i, AttributeValue.fromS("value-" + "x".repeat(20) + i));
      item.put("num" + i, AttributeValue.fromN(Integer.toString(i * 1234567)));
    }
    item.put("tags", AttributeValue.fromSs(List.of("a", "b", "c")));
    byte[] bytes = ItemCodec.encode(item);
    assertTrue(bytes.length > 800 && bytes.length < 2000, "size " + bytes.length);
    long sink = 0;
    for (int i = 0; i < 50_000; i++) { // warm up
      sink += ItemCodec.decode(bytes).size();
    }
    int rounds = 50_000;
    long start = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      sink += ItemCodec.decode(bytes).size();
    }
    long perDecodeNanos = (System.nanoTime() - start) / rounds;
    assertTrue(sink > 0);
    // generous bound for a shared 2-core machine; typically a few microseconds
    assertTrue(perDecodeNanos < 50_000, "decode took " + perDecodeNanos + " ns");
  }
}
