package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an answer reads from an item's stored encoding without decoding it ({@link ItemCodec#size},
 * {@link ItemCodec#decode(byte[], java.util.Collection)}, {@link ItemJson}) agrees with the decoded
 * item: the same size by DynamoDB's rules, the same attributes, the same JSON.
 */
class StoredItemProperties {
  private static final JsonFactory JSON = new JsonFactory();

  @Provide
  Arbitrary<Map<String, AttributeValue>> items() {
    // insertion-ordered, so the map's order is the encoding's order
    return Arbitraries.maps(ItemCodecProperties.names(), ItemCodecProperties.value(4)).ofMaxSize(10)
        .map(LinkedHashMap::new);
  }

  @Property(tries = 1000)
  void sizeFromTheEncodingIsTheItemsSize(@ForAll("items") Map<String, AttributeValue> item) {
    assertEquals(ItemSize.of(item), ItemCodec.size(ItemCodec.encode(item)));
  }

  @Property(tries = 500)
  void someAttributesDecodeAndSizeAsTheItemCutToThem(@ForAll("items") Map<String, AttributeValue> item,
      @ForAll("picks") List<Boolean> picks) {
    Set<String> only = pick(item, picks);
    only.add("absent-attribute");
    Map<String, AttributeValue> cut = cut(item, only);
    byte[] stored = ItemCodec.encode(item);
    assertEquals(cut, ItemCodec.decode(stored, only));
    assertEquals(ItemSize.of(cut), ItemCodec.size(stored, only));
  }

  @Property(tries = 300)
  void jsonFromTheEncodingIsTheItemsJson(@ForAll("items") Map<String, AttributeValue> item,
      @ForAll("picks") List<Boolean> picks) throws IOException {
    byte[] stored = ItemCodec.encode(item);
    assertEquals(tokens(json(g -> ItemJson.write(item, g))), tokens(json(g -> ItemJson.write(stored, null, g))));
    Set<String> only = pick(item, picks);
    assertEquals(tokens(json(g -> ItemJson.write(cut(item, only), g))),
        tokens(json(g -> ItemJson.write(stored, only, g))));
    // byte for byte what Jackson writes of the decoded item, with the server's setting for characters
    // beyond the BMP (their UTF-8 bytes, not escaped surrogates): escapes, numbers, base64, all
    assertEquals(json(COMBINED, g -> ItemJson.write(item, g)), json(COMBINED, g -> ItemJson.write(stored, null, g)));
    // a generator over characters takes the strings as Strings, to the same JSON
    StringWriter chars = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(chars)) {
      ItemJson.write(stored, null, g);
    }
    assertEquals(tokens(json(g -> ItemJson.write(item, g))), tokens(chars.toString()));
  }

  @Property(tries = 2000)
  void numberSizeFromItsTextIsTheNumbersSize(@ForAll("numbers") BigDecimal d, @ForAll("spellings") int spelling) {
    String text = switch (spelling) {
      case 0 -> d.toString();
      case 1 -> d.toPlainString();
      case 2 -> d.toEngineeringString();
      case 3 -> d.setScale(d.scale() + 3).toPlainString(); // trailing zeros
      case 4 -> d.unscaledValue() + "E" + (-d.scale()); // an exponent of any sign, without a point
      default -> Numbers.canonical(d);
    };
    byte[] ascii = ("xx" + text).getBytes(StandardCharsets.US_ASCII);
    assertEquals(ItemSize.ofNumber(text), ItemSize.ofNumber(ascii, 2, ascii.length - 2), text);
  }

  @Example
  void numberSizesOfTheGuidesExamples() {
    for (String n : List.of("0", "-0", "0.000", "1", "10", "100", "0.01", "123", "12.3", "1.5", "15", "-1",
        "9.9999999999999999999999999999999999999E+125", "-1E-130", "1E-130", "+7", "1e3", "0E+10")) {
      byte[] ascii = n.getBytes(StandardCharsets.US_ASCII);
      assertEquals(ItemSize.ofNumber(n), ItemSize.ofNumber(ascii, 0, ascii.length), n);
    }
  }

  @Provide
  Arbitrary<BigDecimal> numbers() {
    return KeyCodecProperties.numbers();
  }

  @Provide
  Arbitrary<Integer> spellings() {
    return Arbitraries.integers().between(0, 5);
  }

  @Provide
  Arbitrary<List<Boolean>> picks() {
    return Arbitraries.of(true, false).list().ofSize(10);
  }

  private static Set<String> pick(Map<String, AttributeValue> item, List<Boolean> picks) {
    List<String> names = List.copyOf(item.keySet());
    Set<String> only = new java.util.HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      if (picks.get(i)) {
        only.add(names.get(i));
      }
    }
    return only;
  }

  private static Map<String, AttributeValue> cut(Map<String, AttributeValue> item, Set<String> only) {
    return item.entrySet().stream().filter(e -> only.contains(e.getKey()))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
  }

  /**
   * The JSON's tokens and their text: the same JSON, whichever escapes it used (a character beyond
   * the BMP is written as its UTF-8 bytes from the encoding, as a surrogate pair escape by Jackson
   * from a String; both are the same string to any JSON reader).
   */
  private static List<String> tokens(String json) throws IOException {
    List<String> out = new java.util.ArrayList<>();
    try (com.fasterxml.jackson.core.JsonParser p = JSON.createParser(json)) {
      for (com.fasterxml.jackson.core.JsonToken t; (t = p.nextToken()) != null; ) {
        out.add(t + ":" + p.getText());
      }
    }
    return out;
  }

  private interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  /** The server's generator setting (wire/Dispatcher): a character beyond the BMP as its UTF-8 bytes. */
  private static final com.fasterxml.jackson.core.JsonFactory COMBINED = com.fasterxml.jackson.core.JsonFactory.builder()
      .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

  private static String json(Body body) throws IOException {
    return json(JSON, body);
  }

  private static String json(com.fasterxml.jackson.core.JsonFactory factory, Body body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
      body.write(g);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
