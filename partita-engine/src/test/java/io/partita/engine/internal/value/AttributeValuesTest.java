package io.partita.engine.internal.value;

import static io.partita.engine.internal.value.NumbersTest.assertValidation;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AttributeValuesTest {
  static AttributeValue s(String s) {
    return AttributeValue.fromS(s);
  }

  static AttributeValue n(String n) {
    return AttributeValue.fromN(n);
  }

  static AttributeValue b(int... bytes) {
    byte[] a = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      a[i] = (byte) bytes[i];
    }
    return AttributeValue.fromB(SdkBytes.fromByteArray(a));
  }

  static SdkBytes bytes(int... bytes) {
    return b(bytes).b();
  }

  @Test
  void emptyValue() {
    assertValidation(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        () -> AttributeValues.validateValue(AttributeValue.builder().build()));
    assertValidation(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        () -> AttributeValues.validateItem(Map.of("a", AttributeValue.builder().build())));
  }

  @Test
  void moreThanOneType() {
    assertValidation(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        () -> AttributeValues.validateValue(AttributeValue.builder().s("a").n("1").build()));
    assertValidation(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        () -> AttributeValues.validateValue(AttributeValue.builder().bool(true).l(List.of()).build()));
    // nested too
    assertValidation(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        () -> AttributeValues.validateValue(
            AttributeValue.fromL(List.of(AttributeValue.builder().nul(true).ss("x").build()))));
  }

  @Test
  void nullMustBeTrue() {
    assertValidation(
        "One or more parameter values were invalid: Null attribute value types must have the value of true",
        () -> AttributeValues.validateValue(AttributeValue.fromNul(false)));
    AttributeValue ok = AttributeValue.fromNul(true);
    assertSame(ok, AttributeValues.validateValue(ok));
  }

  @Test
  void emptySets() {
    assertValidation(
        "One or more parameter values were invalid: An string set  may not be empty",
        () -> AttributeValues.validateValue(AttributeValue.fromSs(List.of())));
    assertValidation(
        "One or more parameter values were invalid: An number set  may not be empty",
        () -> AttributeValues.validateValue(AttributeValue.fromNs(List.of())));
    assertValidation(
        "One or more parameter values were invalid: Binary sets should not be empty",
        () -> AttributeValues.validateValue(AttributeValue.fromBs(List.of())));
  }

  @Test
  void duplicatesInSets() {
    assertValidation(
        "One or more parameter values were invalid: Input collection [a, a] contains duplicates.",
        () -> AttributeValues.validateValue(AttributeValue.fromSs(List.of("a", "a"))));
    assertValidation(
        "One or more parameter values were invalid: Input collection [1, 1.0] contains duplicates.",
        () -> AttributeValues.validateValue(AttributeValue.fromNs(List.of("1", "1.0"))));
    assertValidation(
        "One or more parameter values were invalid: Input collection [2, 1, 10E-1] contains duplicates.",
        () -> AttributeValues.validateValue(AttributeValue.fromNs(List.of("2", "1", "10E-1"))));
    assertValidation(
        "One or more parameter values were invalid: Input collection [AQ==, AQ==] contains duplicates.",
        () -> AttributeValues.validateValue(AttributeValue.fromBs(List.of(bytes(1), bytes(1)))));
    // distinct elements are fine, including an empty string and empty binary
    assertDoesNotThrow(() -> AttributeValues.validateValue(AttributeValue.fromSs(List.of("a", "A", ""))));
    assertDoesNotThrow(() -> AttributeValues.validateValue(AttributeValue.fromBs(List.of(bytes(1), bytes(), bytes(1, 0)))));
  }

  @Test
  void numbersAreNormalized() {
    assertEquals(n("1.5"), AttributeValues.validateValue(n("1.50")));
    assertEquals(AttributeValue.fromNs(List.of("1.5", "100", "0")),
        AttributeValues.validateValue(AttributeValue.fromNs(List.of("15E-1", "1E2", "-0"))));
    AttributeValue canonical = n("42");
    assertSame(canonical, AttributeValues.validateValue(canonical));
    assertValidation(
        "The parameter cannot be converted to a numeric value: x",
        () -> AttributeValues.validateValue(n("x")));
    assertValidation(
        "The parameter cannot be converted to a numeric value: 1e",
        () -> AttributeValues.validateValue(AttributeValue.fromNs(List.of("1", "1e"))));
    assertValidation(
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
        () -> AttributeValues.validateValue(n("1E126")));
  }

  @Test
  void normalizesInsideMapsAndLists() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", s("k"));
    item.put("doc", AttributeValue.fromM(Map.of(
        "list", AttributeValue.fromL(List.of(n("2.0"), s(""), b())),
        "set", AttributeValue.fromNs(List.of("0.10")))));
    Map<String, AttributeValue> out = AttributeValues.validateItem(item);
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("pk", s("k"));
    expected.put("doc", AttributeValue.fromM(Map.of(
        "list", AttributeValue.fromL(List.of(n("2"), s(""), b())),
        "set", AttributeValue.fromNs(List.of("0.1")))));
    assertEquals(expected, out);
    assertEquals(List.of("pk", "doc"), List.copyOf(out.keySet()));
  }

  @Test
  void emptyStringsAndBinariesAreAllowedOutsideKeys() {
    assertDoesNotThrow(() -> AttributeValues.validateItem(Map.of("a", s(""), "b", b())));
    assertDoesNotThrow(() -> AttributeValues.validateValue(AttributeValue.fromM(Map.of())));
    assertDoesNotThrow(() -> AttributeValues.validateValue(AttributeValue.fromL(List.of())));
  }

  static AttributeValue nest(int containers, AttributeValue leaf) {
    AttributeValue v = leaf;
    for (int i = 0; i < containers; i++) {
      v = i % 2 == 0 ? AttributeValue.fromM(Map.of("x", v)) : AttributeValue.fromL(List.of(v));
    }
    return v;
  }

  @Test
  void nestingDepth() {
    // 31 containers around a scalar: the scalar is at level 32, accepted
    assertDoesNotThrow(() -> AttributeValues.validateItem(Map.of("a", nest(31, s("leaf")))));
    // an empty container at level 32 is a leaf at level 32, accepted
    assertDoesNotThrow(() -> AttributeValues.validateItem(Map.of("a", nest(31, AttributeValue.fromM(Map.of())))));
    String message =
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
    assertValidation(message, () -> AttributeValues.validateItem(Map.of("a", nest(32, s("leaf")))));
    assertValidation(message, () -> AttributeValues.validateValue(nest(32, n("1"))));
    assertValidation(message, () -> AttributeValues.validateValue(nest(31, AttributeValue.fromL(List.of(s("x"))))));
  }

  @Test
  void attributeNames() {
    String max = "a".repeat(65535);
    assertDoesNotThrow(() -> AttributeValues.validateItem(Map.of(max, s("v"))));
    assertValidation(
        "Attribute name is too large, must be less than 65536 bytes",
        () -> AttributeValues.validateItem(Map.of(max + "a", s("v"))));
    // bytes, not chars: 21846 three-byte chars are 65538 bytes
    assertValidation(
        "Attribute name is too large, must be less than 65536 bytes",
        () -> AttributeValues.validateItem(Map.of("\u20ac".repeat(21846), s("v"))));
    // nested map keys obey the same limit
    assertValidation(
        "Attribute name is too large, must be less than 65536 bytes",
        () -> AttributeValues.validateValue(AttributeValue.fromM(Map.of(max + "a", s("v")))));
    assertValidation(AttributeValues.NAME_EMPTY, () -> AttributeValues.validateItem(Map.of("", s("v"))));
  }

  @Test
  void keyValues() {
    assertDoesNotThrow(() -> AttributeValues.checkKeyValue("pk", s("a"), ScalarType.S));
    assertDoesNotThrow(() -> AttributeValues.checkKeyValue("pk", n("0"), ScalarType.N));
    assertDoesNotThrow(() -> AttributeValues.checkKeyValue("pk", b(0), ScalarType.B));
    assertValidation(
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk",
        () -> AttributeValues.checkKeyValue("pk", s(""), ScalarType.S));
    assertValidation(
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk",
        () -> AttributeValues.checkKeyValue("sk", b(), ScalarType.B));
    assertValidation(
        "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
        () -> AttributeValues.checkKeyValue("pk", n("1"), ScalarType.S));
    assertValidation(
        "One or more parameter values were invalid: Type mismatch for key id expected: S actual: M",
        () -> AttributeValues.checkKeyValue("id", AttributeValue.fromM(Map.of()), ScalarType.S));
    assertValidation(
        "One or more parameter values were invalid: Type mismatch for key pk expected: N actual: NULL",
        () -> AttributeValues.checkKeyValue("pk", AttributeValue.fromNul(true), ScalarType.N));
    assertValidation(
        "One or more parameter values were invalid: Type mismatch for key pk expected: B actual: SS",
        () -> AttributeValues.checkKeyValue("pk", AttributeValue.fromSs(List.of("a")), ScalarType.B));
  }
}
