package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A tool's arguments checked against its input schema, before the tool runs: the subset of JSON
 * Schema the tools' schemas use ({@code type}, {@code properties}, {@code required},
 * {@code additionalProperties}, {@code enum}, {@code minimum}/{@code maximum}, {@code minLength}/
 * {@code maxLength}, {@code items}). An unknown argument, a missing one or one of the wrong type is
 * refused by name with DynamoDB's ValidationException; what the schema leaves open (an item's
 * attribute values, an expression) is DynamoDB's to check, as it checks them on the wire.
 */
final class Arguments {
  private Arguments() {}

  /** Returns normally when {@code arguments} fits {@code schema}; throws a ValidationException naming what does not. */
  static void check(String tool, JsonNode schema, JsonNode arguments) {
    List<String> problems = new ArrayList<>();
    check(schema, arguments, "", problems);
    if (!problems.isEmpty()) {
      throw ToolError.validation(problems.size() + " validation error" + (problems.size() == 1 ? "" : "s")
          + " detected in the arguments of " + tool + ": " + String.join("; ", problems));
    }
  }

  private static void check(JsonNode schema, JsonNode value, String at, List<String> problems) {
    String where = at.isEmpty() ? "the arguments" : "argument '" + at + "'";
    String type = schema.path("type").asText("");
    if (!type.isEmpty() && !is(type, value)) {
      problems.add(where + " must be " + article(type) + ", not " + describe(value));
      return;
    }
    JsonNode allowed = schema.get("enum");
    if (allowed != null) {
      boolean found = false;
      for (JsonNode a : allowed) {
        found |= a.equals(value);
      }
      if (!found) {
        problems.add(where + " must be one of " + allowed + ", not " + value);
      }
    }
    if (value.isNumber()) {
      if (schema.has("minimum") && value.decimalValue().compareTo(schema.get("minimum").decimalValue()) < 0
          || schema.has("maximum") && value.decimalValue().compareTo(schema.get("maximum").decimalValue()) > 0) {
        problems.add(where + " must be from " + schema.path("minimum").asText("any") + " to "
            + schema.path("maximum").asText("any") + ", not " + value);
      }
    }
    if (value.isTextual()) {
      int length = value.asText().length();
      if (schema.has("minLength") && length < schema.get("minLength").asInt()
          || schema.has("maxLength") && length > schema.get("maxLength").asInt()) {
        problems.add(where + " must be " + schema.path("minLength").asInt(0) + " to "
            + schema.path("maxLength").asText("any") + " characters long, not " + length);
      }
    }
    if (value.isArray() && schema.has("items")) {
      for (int i = 0; i < value.size(); i++) {
        check(schema.get("items"), value.get(i), at + "[" + i + "]", problems);
      }
    }
    if (value.isObject()) {
      object(schema, value, at, problems);
    }
  }

  private static void object(JsonNode schema, JsonNode value, String at, List<String> problems) {
    JsonNode properties = schema.path("properties");
    for (JsonNode required : schema.path("required")) {
      if (!value.has(required.asText()) || value.get(required.asText()).isNull()) {
        problems.add("the required argument '" + join(at, required.asText()) + "' is missing");
      }
    }
    JsonNode additional = schema.get("additionalProperties");
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = join(at, field.getKey());
      if (properties.has(field.getKey())) {
        if (!field.getValue().isNull()) {
          check(properties.get(field.getKey()), field.getValue(), name, problems);
        }
      } else if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
        List<String> known = new ArrayList<>();
        properties.fieldNames().forEachRemaining(known::add);
        problems.add("'" + name + "' is not an argument of this tool (" + (known.isEmpty() ? "it takes none"
            : "its arguments: " + String.join(", ", known)) + ")");
      } else if (additional != null && additional.isObject()) {
        check(additional, field.getValue(), name, problems);
      }
    }
  }

  private static String join(String at, String name) {
    return at.isEmpty() ? name : at + "." + name;
  }

  private static boolean is(String type, JsonNode value) {
    return switch (type) {
      case "object" -> value.isObject();
      case "array" -> value.isArray();
      case "string" -> value.isTextual();
      case "boolean" -> value.isBoolean();
      case "integer" -> value.isIntegralNumber() || value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0;
      case "number" -> value.isNumber();
      default -> true;
    };
  }

  private static String article(String type) {
    return (type.equals("object") || type.equals("array") || type.equals("integer") ? "an " : "a ") + type;
  }

  private static String describe(JsonNode value) {
    return switch (value.getNodeType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "the string " + value;
      case NUMBER -> "the number " + value;
      case BOOLEAN -> value.asText();
      case NULL -> "null";
      default -> value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
