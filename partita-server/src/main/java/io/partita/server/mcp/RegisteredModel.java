package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A table's registered model, read from what partita-model's {@code Model.describe()} writes (Partita's
 * schema format, docs/console.md, "Schema formats"): its entities with their table-key templates and
 * type value, and its access patterns, each with the index that serves it and its key condition.
 *
 * @param typeAttribute the attribute naming an item's entity ({@code keys.type}), or null
 */
record RegisteredModel(String table, String typeAttribute, List<Entity> entities, List<AccessPattern> patterns) {
  /** An entity: its name, its type attribute's value (or null), and its table key's templates. */
  record Entity(String name, String type, KeyTemplate pk, KeyTemplate sk) {}

  /**
   * A sort key condition: {@code op} as DynamoDB writes it ({@code =}, {@code <}, {@code begins_with},
   * {@code BETWEEN}, ...) and its templates; a BETWEEN with one template ({@code perEnd}, what
   * {@code describe()} writes) fills it once per end, its fields asked as {@code field-low} and
   * {@code field-high}.
   */
  record SortCondition(String op, List<KeyTemplate> templates, boolean perEnd) {}

  /** An access pattern and the parameters it takes, in order. */
  record AccessPattern(String name, String index, KeyTemplate pk, SortCondition sk, List<String> entities,
      String description, List<String> parameters) {}

  /** The two ends of a per-end BETWEEN, as its parameters' suffixes. */
  static final List<String> ENDS = List.of("low", "high");

  private static final Map<String, String> OPERATORS = Map.ofEntries(Map.entry("begins_with", "begins_with"),
      Map.entry("between", "BETWEEN"), Map.entry("=", "="), Map.entry("eq", "="), Map.entry("<", "<"),
      Map.entry("lt", "<"), Map.entry("<=", "<="), Map.entry("lte", "<="), Map.entry(">", ">"), Map.entry("gt", ">"),
      Map.entry(">=", ">="), Map.entry("gte", ">="));

  /**
   * The model registered for {@code table}, read from its JSON text.
   *
   * @throws ToolError a ValidationException when the text is not Partita's schema format
   */
  static RegisteredModel read(String table, String json) {
    JsonNode root;
    try {
      root = Engine.JSON.readTree(json);
    } catch (IOException e) {
      throw ToolError.validation("the model registered for " + table + " is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
    }
    JsonNode entities = root.path("entities");
    if (!entities.isObject()) {
      throw ToolError.validation("the model registered for " + table + " has no \"entities\" object: it is not what"
          + " partita-model's Model.describe() writes");
    }
    List<Entity> read = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = entities.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode m = e.getValue();
      if (m.path("pk").isTextual()) {
        read.add(new Entity(e.getKey(), text(m, "type"), KeyTemplate.of(m.get("pk").asText()),
            KeyTemplate.of(text(m, "sk"))));
      }
    }
    List<AccessPattern> patterns = new ArrayList<>();
    JsonNode list = root.path("patterns");
    int i = 0;
    for (JsonNode p : list.isArray() ? list : List.<JsonNode>of()) {
      i++;
      String name = p.hasNonNull("name") ? p.get("name").asText() : "pattern " + i;
      if (!p.path("pk").isTextual()) {
        throw ToolError.validation("pattern " + name + " of the model registered for " + table + " has no pk template");
      }
      KeyTemplate pk = KeyTemplate.of(p.get("pk").asText());
      SortCondition sk = sortCondition(p.get("sk"), name);
      Set<String> parameters = new LinkedHashSet<>(pk.fields());
      if (sk != null) {
        for (String end : sk.perEnd() ? ENDS : List.of("")) {
          for (KeyTemplate t : sk.perEnd() ? sk.templates().subList(0, 1) : sk.templates()) {
            for (String f : t.fields()) {
              if (end.isEmpty() || !pk.fields().contains(f)) {
                parameters.add(end.isEmpty() ? f : f + "-" + end);
              }
            }
          }
        }
      }
      List<String> names = new ArrayList<>();
      p.path("entities").forEach(n -> names.add(n.asText()));
      patterns.add(new AccessPattern(name, text(p, "index"), pk, sk, names, text(p, "description"),
          List.copyOf(parameters)));
    }
    return new RegisteredModel(table, text(root.path("keys"), "type"), List.copyOf(read), List.copyOf(patterns));
  }

  private static SortCondition sortCondition(JsonNode sk, String name) {
    if (sk == null || sk.isNull()) {
      return null;
    }
    if (sk.isTextual()) {
      return new SortCondition("=", List.of(KeyTemplate.of(sk.asText())), false);
    }
    Iterator<Map.Entry<String, JsonNode>> it = sk.fields();
    if (!it.hasNext()) {
      throw ToolError.validation("pattern " + name + ": its sort key condition names no operator");
    }
    Map.Entry<String, JsonNode> e = it.next();
    String op = OPERATORS.get(e.getKey().toLowerCase(Locale.ROOT));
    if (op == null) {
      throw ToolError.validation("pattern " + name + ": the sort key condition " + e.getKey() + " is not one of "
          + new java.util.TreeSet<>(OPERATORS.keySet()));
    }
    List<String> templates = new ArrayList<>();
    if (e.getValue().isArray()) {
      e.getValue().forEach(t -> templates.add(t.asText()));
    } else {
      templates.add(e.getValue().asText());
    }
    // [t, t] is how partita-model wrote a BETWEEN before: one template filled at each end
    if (templates.size() == 2 && templates.get(0).equals(templates.get(1))) {
      templates.remove(1);
    }
    boolean between = op.equals("BETWEEN");
    if (templates.size() != 1 && !(between && templates.size() == 2)) {
      throw ToolError.validation("pattern " + name + ": " + e.getKey() + " takes " + (between ? "one template or two"
          : "one template"));
    }
    return new SortCondition(op, templates.stream().map(KeyTemplate::of).toList(), between && templates.size() == 1);
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  /** The pattern named {@code name}, or a ValidationException listing the model's patterns. */
  AccessPattern pattern(String name) {
    for (AccessPattern p : patterns) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw ToolError.validation("the model registered for " + table + " has no access pattern named '" + name
        + "'; its patterns: " + patterns.stream().map(AccessPattern::name).toList());
  }
}
