package io.partita.model.internal;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.partita.model.ModelException;

/**
 * Reads JSON, and the JavaScript/TypeScript object literals OneTable and Dynatable users write their schemas in (seed
 * 003): unquoted keys, single-quoted strings, comments, trailing commas, and the type constructors ({@code String},
 * {@code Number}, ...) as bare names. Text before the first brace ({@code const BlogSchema =}) and after the object
 * ({@code as const;}) is ignored. Objects become {@code LinkedHashMap}s (declaration order kept), arrays {@code List}s,
 * numbers {@code BigDecimal}s, a bare name a {@link Name}. For the OneTable schema reader and Lambda's stream events.
 */
public final class JsonText {
  /** A bare identifier used as a value: {@code String}, {@code Number}, {@code Date}, ... */
  public record Name(String text) {}

  private final String s;
  private int i;

  private JsonText(String s) {
    this.s = s;
  }

  /** The object the text holds (its first brace to the matching one). */
  public static Map<String, Object> parse(String text) {
    int start = text.indexOf('{');
    if (start < 0) {
      throw new ModelException("No JSON object in the text");
    }
    JsonText p = new JsonText(text);
    p.i = start;
    @SuppressWarnings("unchecked")
    Map<String, Object> out = (Map<String, Object>) p.value();
    return out;
  }

  /** Compact-enough JSON of maps, lists, strings, numbers and booleans (two spaces per level). */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    TableExport.json(value, out, "");
    return out.toString();
  }

  private Object value() {
    space();
    if (i >= s.length()) {
      throw error("a value");
    }
    char c = s.charAt(i);
    if (c == '{') {
      return object();
    }
    if (c == '[') {
      return array();
    }
    if (c == '\'' || c == '"' || c == '`') {
      return string(c);
    }
    if (c == '-' || Character.isDigit(c)) {
      int from = i;
      i++;
      while (i < s.length() && "0123456789.eE+-".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
      return new BigDecimal(s.substring(from, i));
    }
    String name = identifier();
    switch (name) {
      case "true":
        return Boolean.TRUE;
      case "false":
        return Boolean.FALSE;
      case "null":
      case "undefined":
        return null;
      default:
        return new Name(name);
    }
  }

  private Map<String, Object> object() {
    i++; // {
    Map<String, Object> out = new LinkedHashMap<>();
    while (true) {
      space();
      if (peek() == '}') {
        i++;
        return out;
      }
      char c = peek();
      String key = c == '\'' || c == '"' ? string(c) : identifier();
      space();
      expect(':');
      out.put(key, value());
      space();
      if (peek() == ',') {
        i++;
      } else if (peek() != '}') {
        throw error("',' or '}'");
      }
    }
  }

  private List<Object> array() {
    i++; // [
    List<Object> out = new ArrayList<>();
    while (true) {
      space();
      if (peek() == ']') {
        i++;
        return out;
      }
      out.add(value());
      space();
      if (peek() == ',') {
        i++;
      } else if (peek() != ']') {
        throw error("',' or ']'");
      }
    }
  }

  private String string(char quote) {
    i++;
    StringBuilder out = new StringBuilder();
    while (i < s.length() && s.charAt(i) != quote) {
      char c = s.charAt(i++);
      if (c == '\\' && i < s.length()) {
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
          }
          default -> out.append(e);
        }
      } else {
        out.append(c);
      }
    }
    if (i >= s.length()) {
      throw error("the end of a string");
    }
    i++;
    return out.toString();
  }

  private String identifier() {
    int from = i;
    while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
        || s.charAt(i) == '$')) {
      i++;
    }
    if (from == i) {
      throw error("a name or a value");
    }
    return s.substring(from, i);
  }

  private void space() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (s.startsWith("//", i)) {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        i = end < 0 ? s.length() : end + 2;
      } else {
        return;
      }
    }
  }

  private char peek() {
    if (i >= s.length()) {
      throw error("more text");
    }
    return s.charAt(i);
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("'" + c + "'");
    }
    i++;
  }

  private ModelException error(String expected) {
    int line = 1;
    for (int k = 0; k < Math.min(i, s.length()); k++) {
      if (s.charAt(k) == '\n') {
        line++;
      }
    }
    return new ModelException("JSON, line " + line + ": expected " + expected + " at '"
        + s.substring(Math.min(i, s.length()), Math.min(i + 20, s.length())).replace('\n', ' ') + "'");
  }
}
