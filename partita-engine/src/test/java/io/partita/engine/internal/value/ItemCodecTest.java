package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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

  /** Names come back as shared Strings; more distinct names than the cache holds still decode right. */
  @Test
  void namesAreSharedBetweenDecodes_andEvictionNeverMixesThemUp() {
    byte[] bytes = ItemCodec.encode(allTypes());
    Map<String, AttributeValue> first = ItemCodec.decode(bytes);
    Map<String, AttributeValue> second = ItemCodec.decode(bytes);
    for (String name : first.keySet()) {
      String same = second.keySet().stream().filter(name::equals).findFirst().orElseThrow();
      assertSame(name, same, name);
    }
    Map<String, AttributeValue> many = new HashMap<>();
    for (int i = 0; i < 10_000; i++) {
      many.put("attribute-" + i, AttributeValue.fromM(Map.of("inner-" + (i % 97), AttributeValue.fromN(Integer.toString(i)))));
    }
    byte[] manyBytes = ItemCodec.encode(many);
    for (int round = 0; round < 3; round++) {
      assertEquals(many, ItemCodec.decode(manyBytes));
    }
  }

  /**
   * A corrupt element count is refused as corrupt before it sizes anything: 7 bytes asking for a
   * map of two billion entries threw IllegalArgumentException from HashMap (found by
   * ItemCodecFuzzTest, whose corpus replays it), and large counts allocated arrays of that size.
   */
  @Test
  void corruptCountsAreRefusedBeforeTheyAllocate() {
    byte[][] corrupt = {
      {1, (byte) 0xFD, (byte) 0xFD, (byte) 0x91, (byte) 0x91, 0x06, 0x32},        // top-level map
      {1, 1, 1, 'm', 7, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}, // nested map
      {1, 1, 1, 'l', 8, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x40},              // list
      {1, 1, 1, 's', 4, (byte) 0x80, (byte) 0x80, 0x10},                            // string set
      {1, 1, 1, 'n', 5, 3, 1, '1'},                                                 // number set, 3 of 1 byte
      {1, 1, 1, 'b', 6, 2, 0},                                                      // binary set
    };
    for (byte[] bytes : corrupt) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> ItemCodec.decode(bytes));
      assertTrue(e.getMessage().startsWith("corrupt item encoding"), e.getMessage());
    }
  }
}
