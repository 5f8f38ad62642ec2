package io.partita.server.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key template of a registered model ({@code USER#{username}}, {@code ORDER#{date}#{id}},
 * {@code N#{n:08d}}), read as the console reads it (docs/console.md, "Schema formats"): a field's
 * value stops at the next {@code #}; a field may carry partita-model's format after a colon
 * ({@code 08d}: a whole number padded with zeros; {@code upper}, {@code lower}). It decodes a key's
 * value into its fields and fills itself with parameters' values.
 */
final class KeyTemplate {
  private static final Pattern FIELD = Pattern.compile("\\$?\\{([^}]+)}");
  private static final Pattern PADDED = Pattern.compile("0(\\d+)d");

  private final String source;
  /** Literal text and placeholders ({@code name:format}) alternating, starting with a literal. */
  private final List<String> parts = new ArrayList<>();
  private final List<String> fields = new ArrayList<>();
  private final Pattern pattern;

  private KeyTemplate(String source) {
    this.source = source;
    Matcher m = FIELD.matcher(source);
    StringBuilder regex = new StringBuilder("^");
    int at = 0;
    while (m.find()) {
      parts.add(source.substring(at, m.start()));
      parts.add(m.group(1));
      fields.add(fieldName(m.group(1)));
      regex.append(Pattern.quote(source.substring(at, m.start()))).append("([^#]*)");
      at = m.end();
    }
    parts.add(source.substring(at));
    regex.append(Pattern.quote(source.substring(at))).append('$');
    this.pattern = Pattern.compile(regex.toString());
  }

  /** The template of {@code source}, or null for null. */
  static KeyTemplate of(String source) {
    return source == null ? null : new KeyTemplate(source);
  }

  String source() {
    return source;
  }

  /** The fields, in order: {@code USER#{user}#ORDER#{id}} has user and id. */
  List<String> fields() {
    return fields;
  }

  /** {@code value}'s fields by name when it fits this template, else null. */
  Map<String, String> match(String value) {
    Matcher m = value == null ? null : pattern.matcher(value);
    if (m == null || !m.matches()) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      out.put(fields.get(i), m.group(i + 1));
    }
    return out;
  }

  /**
   * The template filled with {@code values}. For a prefix ({@code begins_with}), the text stops at
   * the first field left out: {@code ORDER#{date}#{id}} with no date is {@code ORDER#}.
   *
   * @throws ToolError a ValidationException naming a field left out, or a value its format refuses
   */
  String fill(Map<String, String> values, boolean prefix) {
    return fill(values, prefix, null);
  }

  /**
   * {@link #fill(Map, boolean)} for one end ({@code low}, {@code high}) of a BETWEEN whose one template each end
   * fills: a field's value is that of {@code field-END}, or of {@code field} for one the partition key shares.
   */
  String fill(Map<String, String> values, boolean prefix, String end) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (i % 2 == 0) {
        out.append(part);
        continue;
      }
      String field = fieldName(part);
      String value = end == null ? values.get(field) : values.getOrDefault(field + "-" + end, values.get(field));
      if (value == null || value.isEmpty()) {
        if (prefix) {
          return out.toString();
        }
        throw ToolError.validation("the parameter " + (end == null ? field : field + "-" + end)
            + " is required by the key template " + source);
      }
      out.append(formatted(part, value));
    }
    return out.toString();
  }

  /** A value as a placeholder's format writes it into a key. */
  private static String formatted(String placeholder, String value) {
    int colon = placeholder.indexOf(':');
    String format = colon < 0 ? "" : placeholder.substring(colon + 1);
    Matcher pad = PADDED.matcher(format);
    if (pad.matches()) {
      int width = Integer.parseInt(pad.group(1));
      if (!value.matches("\\d{1," + width + "}")) {
        throw ToolError.validation("the parameter " + fieldName(placeholder) + " is a whole number of up to " + width
            + " digits, not '" + value + "'");
      }
      return "0".repeat(width - value.length()) + value;
    }
    return switch (format) {
      case "upper" -> value.toUpperCase(java.util.Locale.ROOT);
      case "lower" -> value.toLowerCase(java.util.Locale.ROOT);
      default -> value;
    };
  }

  private static String fieldName(String placeholder) {
    int colon = placeholder.indexOf(':');
    return colon < 0 ? placeholder : placeholder.substring(0, colon);
  }

  @Override
  public String toString() {
    return source;
  }
}
