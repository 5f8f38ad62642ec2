package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemSizeTest {
  @Test
  void limit() {
    assertEquals(409600, ItemSize.MAX_ITEM_BYTES);
  }

  @Test
  void scalars() {
    assertEquals(0, ItemSize.of(AttributeValue.fromS("")));
    assertEquals(5, ItemSize.of(AttributeValue.fromS("hello")));
    assertEquals(2, ItemSize.of(AttributeValue.fromS("\u00e9")));
    assertEquals(3, ItemSize.of(AttributeValue.fromS("\u20ac")));
    assertEquals(4, ItemSize.of(AttributeValue.fromS("\ud83d\ude00")));
    assertEquals(3, ItemSize.of(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, 2}))));
    assertEquals(1, ItemSize.of(AttributeValue.fromBool(false)));
    assertEquals(1, ItemSize.of(AttributeValue.fromNul(true)));
  }

  @ParameterizedTest
  @CsvSource({
    "0, 1", "1, 2", "10, 2", "100, 2", "99, 2", "123, 3", "12.3, 3", "1.5, 3", "15, 2", "0.01, 2", "0.001, 2",
    "0.5, 2", "-1, 3", "-123, 4", "1E+125, 2", "1E-130, 2", "1234, 3", "12345, 4",
    "12345678901234567890123456789012345678, 20", "1.2345678901234567890123456789012345678, 21",
    "-1.2345678901234567890123456789012345678, 21", "9.9999999999999999999999999999999999999E+125, 20", "-99999999999999999999999999999999999999, 21"
  })
  void numbers(String n, int size) {
    assertEquals(size, ItemSize.of(AttributeValue.fromN(n)));
  }

  @Test
  void sets() {
    assertEquals(6, ItemSize.of(AttributeValue.fromSs(List.of("ab", "cde", "f"))));
    assertEquals(2 + 3, ItemSize.of(AttributeValue.fromNs(List.of("1", "-1"))));
    assertEquals(3, ItemSize.of(AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[2]), SdkBytes.fromByteArray(new byte[1])))));
  }

  @Test
  void documents() {
    assertEquals(3, ItemSize.of(AttributeValue.fromM(Map.of())));
    assertEquals(3, ItemSize.of(AttributeValue.fromL(List.of())));
    // 3 + (1 + 2) + (1 + 0)
    assertEquals(7, ItemSize.of(AttributeValue.fromL(List.of(AttributeValue.fromS("ab"), AttributeValue.fromS("")))));
    // 3 + 1 + |"key"| + |"v"|
    assertEquals(8, ItemSize.of(AttributeValue.fromM(Map.of("key", AttributeValue.fromS("v")))));
    // nested: outer 3 + 1 + |"m"| + inner (3 + 1 + |"a"| + 1 (bool))
    assertEquals(11, ItemSize.of(AttributeValue.fromM(Map.of("m",
        AttributeValue.fromM(Map.of("a", AttributeValue.fromBool(true)))))));
  }

  @Test
  void item() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("user#1")); // 2 + 6
    item.put("n", AttributeValue.fromN("42")); // 1 + 2
    item.put("\u00e9", AttributeValue.fromBool(true)); // 2 + 1
    assertEquals(14, ItemSize.of(item));
  }
}
