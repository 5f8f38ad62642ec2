package io.partita.server.tables;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A JSON or YAML file as plain values: {@code Map<String, Object>} (in file order), {@code List<Object>},
 * {@code String}, {@code Long}/{@code java.math.BigDecimal}, {@code Boolean} and null. CloudFormation's YAML
 * short forms ({@code !Ref X}, {@code !Sub "..."}, {@code !GetAtt A.B}, {@code !If [...]}, ...) become their long
 * forms ({@code {"Ref": "X"}}, {@code {"Fn::Sub": "..."}}, {@code {"Fn::GetAtt": ["A", "B"]}}), so one reader
 * serves both syntaxes. Read with Jackson's streaming parsers; YAML's tags are read from the parser, never
 * constructed into objects (SnakeYAML builds no class from a tag here). A YAML alias ({@code *name}) is refused
 * rather than read as its anchor's name, which is what the streaming parser answers for it.
 */
final class Tree {
  private static final JsonFactory JSON = new JsonFactory();
  private static final YAMLFactory YAML = new YAMLFactory();

  private Tree() {}

  /** The file's one document; YAML for {@code .yaml}/{@code .yml}, and for any file not starting with { or [. */
  static Object read(Path file) throws IOException {
    String text = Files.readString(file);
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    String start = text.stripLeading();
    boolean yaml = name.endsWith(".yaml") || name.endsWith(".yml")
        || !(start.startsWith("{") || start.startsWith("["));
    try (JsonParser p = (yaml ? YAML : JSON).createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new IllegalArgumentException("is empty");
      }
      return value(p, t);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("is not valid " + (yaml ? "YAML" : "JSON") + ": " + e.getOriginalMessage()
          + " (line " + e.getLocation().getLineNr() + ")");
    }
  }

  private static Object value(JsonParser p, JsonToken t) throws IOException {
    if (p instanceof YAMLParser y && y.isCurrentAlias()) {
      // the parser answers an alias as its anchor's name: read on, the template would mean something else
      throw new IllegalArgumentException("uses a YAML alias (*" + p.getText() + "), which Partita does not expand; write"
          + " the value out (line " + p.currentLocation().getLineNr() + ")");
    }
    String tag = p instanceof YAMLParser y ? y.getTypeId() : null;
    Object v = switch (t) {
      case START_OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
          String key = p.currentName();
          m.put(key, value(p, p.nextToken()));
        }
        yield m;
      }
      case START_ARRAY -> {
        List<Object> l = new ArrayList<>();
        for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
          l.add(value(p, n));
        }
        yield l;
      }
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT -> p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
          ? new java.math.BigDecimal(p.getBigIntegerValue()) : (Object) p.getLongValue();
      case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw new IllegalArgumentException("holds an unexpected " + t);
    };
    return tag == null ? v : tagged(tag, v);
  }

  /** A YAML short form as its long form; a standard YAML tag ({@code !!str}, ...) leaves the value as it is. */
  private static Object tagged(String tag, Object v) {
    if (tag.startsWith("tag:yaml.org,2002:") || tag.startsWith("!")) {
      return v; // !!str and the like (the parser leaves one '!' of "!!")
    }
    Map<String, Object> m = new LinkedHashMap<>();
    switch (tag) {
      case "Ref", "Condition" -> m.put(tag, v);
      case "GetAtt" -> {
        if (v instanceof String s && s.indexOf('.') > 0) {
          m.put("Fn::GetAtt", List.of(s.substring(0, s.indexOf('.')), s.substring(s.indexOf('.') + 1)));
        } else {
          m.put("Fn::GetAtt", v);
        }
      }
      default -> m.put("Fn::" + tag, v);
    }
    return m;
  }

  /** {@code v} written back as JSON (numbers as they were read). */
  static String toJson(Object v) {
    java.io.StringWriter out = new java.io.StringWriter();
    try (com.fasterxml.jackson.core.JsonGenerator g = JSON.createGenerator(out)) {
      write(g, v);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(com.fasterxml.jackson.core.JsonGenerator g, Object v) throws IOException {
    if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName(e.getKey().toString());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List<?> l) {
      g.writeStartArray();
      for (Object o : l) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof Long n) {
      g.writeNumber(n);
    } else if (v instanceof java.math.BigDecimal n) {
      g.writeNumber(n);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeNull();
    }
  }

  /** The member that marks a Terraform expression Partita could not evaluate ({@code var.name}, a function call). */
  static final String EXPRESSION = "Terraform::Expression";

  /**
   * Whether {@code v} is a value known only once deployed: a CloudFormation intrinsic function (a map of one member
   * named Ref, Condition or Fn::*), or a Terraform expression ({@link #EXPRESSION}).
   */
  static boolean isIntrinsic(Object v) {
    if (v instanceof Map<?, ?> m && m.size() == 1) {
      String k = m.keySet().iterator().next().toString();
      return k.equals("Ref") || k.startsWith("Fn::") || k.equals("Condition") || k.equals(EXPRESSION);
    }
    return false;
  }

  /** The intrinsic's name in YAML's short form ({@code !Sub}), or the Terraform expression's text, for messages. */
  static String intrinsicName(Object v) {
    Map.Entry<?, ?> e = ((Map<?, ?>) v).entrySet().iterator().next();
    String k = e.getKey().toString();
    if (k.equals(EXPRESSION)) {
      return String.valueOf(e.getValue());
    }
    return "!" + (k.startsWith("Fn::") ? k.substring(4) : k);
  }

  /** "an intrinsic function (!Sub)" or "an expression (var.name)". */
  static String unevaluated(Object v) {
    return (((Map<?, ?>) v).containsKey(EXPRESSION) ? "an expression (" : "an intrinsic function (")
        + intrinsicName(v) + ")";
  }
}
