package io.partita.server.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.engine.Partita;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Partita's MCP server: the Model Context Protocol's JSON-RPC messages answered, one at a time,
 * whatever carries them ({@link McpStdio} for {@code partita mcp}, {@link McpHttp} for the server's
 * {@code /mcp}). It serves {@code initialize}, {@code ping}, {@code tools/list} and {@code tools/call}
 * and takes notifications silently; tools only, no resources or prompts. Read-only, it neither lists
 * nor runs a tool that writes, and runs only PartiQL's SELECT.
 *
 * <p>A tool's arguments are checked against its input schema first; a refusal, the schema's or the
 * engine's, is a tool error ({@code isError: true}) whose text is DynamoDB's error type and message.
 * Thread-safe: it keeps no state between messages (no session).
 */
public final class McpServer {
  private static final Logger LOG = Logger.getLogger(McpServer.class.getName());
  /** The protocol versions served, newest first: the tools' messages are the same in each. */
  static final List<String> VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final boolean readOnly;

  private McpServer(Engine engine, boolean readOnly) {
    this.readOnly = readOnly;
    for (Tool t : new Tools(engine).all()) {
      tools.put(t.name(), t);
    }
  }

  /**
   * The MCP server of {@code partita}'s database.
   *
   * @param schemas the registered models by table (JSON texts, what partita-model's {@code describe()}
   *     writes), read as they are when a tool asks: the server's live registry, or a fixed map
   * @param reseed what the {@code reset} tool loads again once the database is empty
   * @param readOnly whether tools that write are neither listed nor run
   */
  public static McpServer of(Partita partita, Map<String, String> schemas, Runnable reseed, boolean readOnly) {
    return of(partita, schemas, reseed, readOnly, null, null);
  }

  /**
   * {@link #of(Partita, Map, Runnable, boolean)} telling {@code observed} of each DynamoDB request the
   * tools make, of {@code namespace} (null: the shared database), as the server's request log and
   * metrics are told of its API's.
   */
  public static McpServer of(Partita partita, Map<String, String> schemas, Runnable reseed, boolean readOnly,
      java.util.function.Consumer<io.partita.server.observe.Observation> observed, String namespace) {
    return new McpServer(new Engine(partita, schemas, reseed, observed, namespace), readOnly);
  }

  /**
   * What is wrong with {@code json} as {@code table}'s model (what partita-model's {@code describe()}
   * writes), in one line, or null: {@code partita mcp --model} checks its files at start, not when a
   * tool first reads them.
   */
  public static String checkModel(String table, String json) {
    try {
      RegisteredModel.read(table, json);
      return null;
    } catch (ToolError e) {
      return e.getMessage();
    }
  }

  /** Whether this server is read-only. */
  public boolean readOnly() {
    return readOnly;
  }

  /**
   * The answer to one JSON-RPC message ({@code message}: its text), or null for a notification or a
   * response, which get none.
   */
  public String answer(String message) {
    JsonNode m;
    try {
      m = Engine.JSON.readTree(message);
    } catch (JsonProcessingException e) {
      return error(null, -32700, "Parse error: " + e.getOriginalMessage()).toString();
    }
    JsonNode answer = answer(m);
    return answer == null ? null : answer.toString();
  }

  /** {@link #answer(String)} of a message already read. */
  JsonNode answer(JsonNode m) {
    if (m == null || !m.isObject() || !"2.0".equals(m.path("jsonrpc").asText()) || !m.path("method").isTextual()) {
      boolean response = m != null && m.isObject() && (m.has("result") || m.has("error"));
      return response ? null : error(m != null && m.isObject() ? m.get("id") : null, -32600,
          "Invalid Request: a JSON-RPC 2.0 request is an object with \"jsonrpc\": \"2.0\" and a \"method\"");
    }
    JsonNode id = m.get("id");
    if (id == null) {
      return null; // a notification (notifications/initialized, notifications/cancelled): nothing to answer
    }
    String method = m.get("method").asText();
    JsonNode params = m.path("params");
    try {
      return switch (method) {
        case "initialize" -> result(id, initialize(params));
        case "ping" -> result(id, Engine.JSON.createObjectNode());
        case "tools/list" -> result(id, list());
        case "tools/call" -> call(id, params);
        default -> error(id, -32601, "Method not found: " + method + " (this server serves initialize, ping,"
            + " tools/list and tools/call)");
      };
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "MCP " + method + " failed", e);
      return error(id, -32603, "Internal error: " + e);
    }
  }

  private ObjectNode initialize(JsonNode params) {
    String asked = params.path("protocolVersion").asText("");
    ObjectNode r = Engine.JSON.createObjectNode();
    r.put("protocolVersion", VERSIONS.contains(asked) ? asked : VERSIONS.get(0));
    r.putObject("capabilities").putObject("tools").put("listChanged", false);
    r.putObject("serverInfo").put("name", "partita").put("title", "Partita").put("version", version());
    r.put("instructions", "Partita is a database with Amazon DynamoDB's data model. Items, keys and expression values"
        + " are DynamoDB JSON ({\"PK\": {\"S\": \"USER#alice\"}}). Start with list_tables; a table with a registered"
        + " model has entities and access patterns (list_access_patterns, run_access_pattern, item_collection)."
        + (readOnly ? " This server is read-only: no tool writes." : ""));
    return r;
  }

  private ObjectNode list() {
    ObjectNode r = Engine.JSON.createObjectNode();
    ArrayNode list = r.putArray("tools");
    for (Tool t : tools.values()) {
      if (!(readOnly && t.writes())) {
        ObjectNode listed = t.listed();
        if (t.name().equals("execute_partiql") && !readOnly) {
          // an INSERT, UPDATE or DELETE writes: only a read-only server's PartiQL is known to read
          ((ObjectNode) listed.get("annotations")).put("readOnlyHint", false);
        }
        list.add(listed);
      }
    }
    return r;
  }

  private ObjectNode call(JsonNode id, JsonNode params) {
    String name = params.path("name").asText("");
    Tool tool = tools.get(name);
    if (tool == null) {
      return error(id, -32602, "Unknown tool: '" + name + "' (tools/list names this server's tools)");
    }
    JsonNode arguments = params.hasNonNull("arguments") ? params.get("arguments") : Engine.JSON.createObjectNode();
    try {
      if (readOnly && (tool.writes() || name.equals("execute_partiql")
          && arguments.path("statement").isTextual() && !Tools.reads(arguments.path("statement").asText()))) {
        throw new ToolError("AccessDeniedException", "this MCP server is read-only: " + name
            + (tool.writes() ? " writes" : " runs SELECT statements only"));
      }
      Arguments.check(name, tool.inputSchema(), arguments);
      return result(id, content(tool.handler().run(arguments).toPrettyString(), false));
    } catch (ToolError e) {
      return result(id, content(e.text(), true));
    }
  }

  private static ObjectNode content(String text, boolean error) {
    ObjectNode r = Engine.JSON.createObjectNode();
    r.putArray("content").addObject().put("type", "text").put("text", text);
    r.put("isError", error);
    return r;
  }

  private static ObjectNode result(JsonNode id, JsonNode result) {
    ObjectNode r = Engine.JSON.createObjectNode().put("jsonrpc", "2.0");
    r.set("id", id);
    r.set("result", result);
    return r;
  }

  static ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode r = Engine.JSON.createObjectNode().put("jsonrpc", "2.0");
    r.set("id", id == null ? Engine.JSON.nullNode() : id);
    r.putObject("error").put("code", code).put("message", message);
    return r;
  }

  private static String version() {
    return io.partita.server.cli.PartitaCommand.version();
  }
}
