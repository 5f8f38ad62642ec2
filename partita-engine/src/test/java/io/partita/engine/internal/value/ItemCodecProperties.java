package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemCodecProperties {
  static Arbitrary<String> names() {
    return Arbitraries.oneOf(
        Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12),
        KeyCodecProperties.strings().filter(s -> !s.isEmpty()));
  }

  static Arbitrary<AttributeValue> scalar() {
    Arbitrary<AttributeValue> s = KeyCodecProperties.strings().map(AttributeValue::fromS);
    Arbitrary<AttributeValue> n = KeyCodecProperties.numbers().map(d -> AttributeValue.fromN(Numbers.canonical(d)));
    Arbitrary<AttributeValue> b = KeyCodecProperties.binaries().map(a -> AttributeValue.fromB(SdkBytes.fromByteArray(a)));
    Arbitrary<AttributeValue> bool = Arbitraries.of(true, false).map(AttributeValue::fromBool);
    Arbitrary<AttributeValue> nul = Arbitraries.just(AttributeValue.fromNul(true));
    Arbitrary<AttributeValue> ss = KeyCodecProperties.strings().set().ofMinSize(1).ofMaxSize(4)
        .map(x -> AttributeValue.fromSs(new ArrayList<>(x)));
    Arbitrary<AttributeValue> ns = KeyCodecProperties.numbers().map(Numbers::canonical).set().ofMinSize(1).ofMaxSize(4)
        .map(x -> AttributeValue.fromNs(new ArrayList<>(x)));
    Arbitrary<AttributeValue> bs = KeyCodecProperties.binaries().map(SdkBytes::fromByteArray).set().ofMinSize(1).ofMaxSize(4)
        .map(x -> AttributeValue.fromBs(new ArrayList<>(x)));
    return Arbitraries.oneOf(s, n, b, bool, nul, ss, ns, bs);
  }

  static Arbitrary<AttributeValue> value(int depth) {
    if (depth <= 0) {
      return scalar();
    }
    Arbitrary<AttributeValue> inner = Arbitraries.lazy(() -> value(depth - 1));
    Arbitrary<AttributeValue> list = inner.list().ofMaxSize(4).map(AttributeValue::fromL);
    Arbitrary<AttributeValue> map = Arbitraries.maps(names(), inner).ofMaxSize(4).map(AttributeValue::fromM);
    return Arbitraries.frequencyOf(Tuple.of(4, scalar()), Tuple.of(1, list), Tuple.of(1, map));
  }

  @Provide
  Arbitrary<Map<String, AttributeValue>> items() {
    return Arbitraries.maps(names(), value(4)).ofMaxSize(10);
  }

  @Property(tries = 1000)
  void roundTrips(@ForAll("items") Map<String, AttributeValue> item) {
    Map<String, AttributeValue> decoded = ItemCodec.decode(ItemCodec.encode(item));
    assertEquals(item, decoded);
    // the encoded item also passes validation unchanged (generated values are canonical)
    assertEquals(item, AttributeValues.validateItem(decoded));
  }

  @Property(tries = 300)
  void deepNestingRoundTrips(@ForAll("items") Map<String, AttributeValue> item) {
    AttributeValue v = AttributeValue.fromM(item);
    for (int i = 0; i < 30; i++) {
      v = i % 2 == 0 ? AttributeValue.fromL(List.of(v)) : AttributeValue.fromM(Map.of("k", v));
    }
    Map<String, AttributeValue> deep = new LinkedHashMap<>();
    deep.put("deep", v);
    assertEquals(deep, ItemCodec.decode(ItemCodec.encode(deep)));
  }

  @Property(tries = 300)
  void itemSizeIsNeverNegativeAndAddsUp(@ForAll("items") Map<String, AttributeValue> item) {
    long total = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      total += e.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + ItemSize.of(e.getValue());
    }
    assertEquals(total, ItemSize.of(item));
  }

  @Property(tries = 1000)
  void numberSetNormalizationIsNumeric(@ForAll("distinctNumbers") List<BigDecimal> numbers) {
    List<String> spelled = new ArrayList<>();
    List<String> canonical = new ArrayList<>();
    for (BigDecimal d : numbers) {
      spelled.add(d.setScale(d.scale() + 1).toString()); // a trailing zero or an exponent form
      canonical.add(Numbers.canonical(d));
    }
    assertEquals(AttributeValue.fromNs(canonical), AttributeValues.validateValue(AttributeValue.fromNs(spelled)));
  }

  @Provide
  Arbitrary<List<BigDecimal>> distinctNumbers() {
    return KeyCodecProperties.numbers().list().ofMinSize(1).ofMaxSize(5).map(l -> {
      Map<String, BigDecimal> unique = new LinkedHashMap<>();
      for (BigDecimal d : l) {
        unique.putIfAbsent(Numbers.canonical(d), d);
      }
      return new ArrayList<>(new LinkedHashSet<>(unique.values()));
    });
  }
}
