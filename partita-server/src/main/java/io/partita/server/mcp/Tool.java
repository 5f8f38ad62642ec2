package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One MCP tool: its name, what it does in a sentence for the agent, its input's JSON schema, whether
 * it changes the database (a read-only server neither lists nor runs it), and what runs it.
 */
record Tool(String name, String description, ObjectNode inputSchema, boolean writes, Handler handler) {
  /** Runs a tool on its checked arguments; answers its result, or throws {@link ToolError}. */
  interface Handler {
    JsonNode run(JsonNode arguments);
  }

  /** The tool as {@code tools/list} describes it, with MCP's hints about what it may change. */
  ObjectNode listed() {
    ObjectNode t = Engine.JSON.createObjectNode().put("name", name).put("description", description);
    t.set("inputSchema", inputSchema);
    ObjectNode hints = t.putObject("annotations");
    hints.put("readOnlyHint", !writes).put("openWorldHint", false);
    if (writes) {
      hints.put("destructiveHint", !name.equals("save_snapshot"));
    }
    return t;
  }

  /** An input schema: an object of the properties added, no others (an unknown argument is refused). */
  static final class Schema {
    private final ObjectNode node = Engine.JSON.createObjectNode().put("type", "object");
    private final ObjectNode properties = node.putObject("properties");
    private final ArrayNode required = Engine.JSON.createArrayNode();

    Schema() {
      node.put("additionalProperties", false);
    }

    /** A property of {@code type} ({@code string}, {@code integer}, ...); required when {@code needed}. */
    Schema add(String name, String type, String description, boolean needed) {
      ObjectNode p = properties.putObject(name);
      if (type != null) {
        p.put("type", type);
      }
      p.put("description", description);
      if (needed) {
        required.add(name);
      }
      return this;
    }

    /** A whole number from {@code min} to {@code max}. */
    Schema integer(String name, String description, int min, int max) {
      add(name, "integer", description, false);
      ((ObjectNode) properties.get(name)).put("minimum", min).put("maximum", max);
      return this;
    }

    /** A non-empty string. */
    Schema text(String name, String description, boolean needed) {
      add(name, "string", description, needed);
      ((ObjectNode) properties.get(name)).put("minLength", 1);
      return this;
    }

    /** An object whose every value is of {@code valueType}: a map of names. */
    Schema map(String name, String valueType, String description, boolean needed) {
      add(name, "object", description, needed);
      ((ObjectNode) properties.get(name)).putObject("additionalProperties").put("type", valueType);
      return this;
    }

    /** One of {@code values}. */
    Schema choice(String name, String description, List<String> values) {
      add(name, "string", description, false);
      ArrayNode e = ((ObjectNode) properties.get(name)).putArray("enum");
      values.forEach(e::add);
      return this;
    }

    ObjectNode build() {
      if (!required.isEmpty()) {
        node.set("required", required);
      }
      return node;
    }
  }
}
