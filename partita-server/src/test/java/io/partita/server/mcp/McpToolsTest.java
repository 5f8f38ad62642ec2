package io.partita.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The MCP server's protocol and tools in process, on a fresh in-memory database with a blog table
 * (a GSI) and a model registered for it in the format partita-model's {@code Model.describe()}
 * writes: each tool run, its arguments refused by name, and its errors DynamoDB's.
 */
class McpToolsTest {
  /**
   * What Model.describe() writes for a small blog (blog-model.json beside this class): two entities, three
   * patterns (one a per-end BETWEEN, one on a GSI).
   */
  static final String BLOG_MODEL = blogModel();

  static String blogModel() {
    try (java.io.InputStream in = McpToolsTest.class.getResourceAsStream("blog-model.json")) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private Partita partita;
  private final Map<String, String> schemas = new ConcurrentHashMap<>();
  private McpServer server;
  private int ids;

  @BeforeEach
  void open() {
    partita = Partita.with().trackHotKeys(true).inMemory();
    server = McpServer.of(partita, schemas, () -> { }, false);
  }

  @AfterEach
  void close() {
    partita.close();
  }

  // ---- helpers

  private JsonNode send(McpServer to, String method, String params) {
    String message = "{\"jsonrpc\": \"2.0\", \"id\": " + (++ids) + ", \"method\": \"" + method + "\""
        + (params == null ? "" : ", \"params\": " + params) + "}";
    String answer = to.answer(message);
    try {
      JsonNode a = Engine.JSON.readTree(answer);
      assertEquals(ids, a.get("id").asInt(), answer);
      return a;
    } catch (java.io.IOException e) {
      throw new AssertionError(answer, e);
    }
  }

  /** A tool's result: {content: [{type: text, text}], isError}. */
  private JsonNode call(McpServer to, String tool, String arguments) {
    JsonNode a = send(to, "tools/call", "{\"name\": \"" + tool + "\", \"arguments\": " + arguments + "}");
    assertNull(a.get("error"), a::toString);
    return a.get("result");
  }

  /** A tool's answer, read back from its text; fails when the tool refused. */
  private JsonNode ok(String tool, String arguments) {
    JsonNode r = call(server, tool, arguments);
    String text = r.at("/content/0/text").asText();
    assertFalse(r.get("isError").asBoolean(), () -> tool + " refused: " + text);
    try {
      return Engine.JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new AssertionError(text, e);
    }
  }

  /** A tool's refusal text, {@code TYPE: message}; fails when the tool ran. */
  private String refused(McpServer to, String tool, String arguments) {
    JsonNode r = call(to, tool, arguments);
    assertTrue(r.get("isError").asBoolean(), () -> tool + " ran: " + r);
    return r.at("/content/0/text").asText();
  }

  private String refused(String tool, String arguments) {
    return refused(server, tool, arguments);
  }

  private void blog() {
    ObjectNode create = Engine.JSON.createObjectNode();
    new Engine(partita, schemas, () -> { }, null, null).call("CreateTable", (ObjectNode) read("""
        {"TableName": "Blog", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
           {"AttributeName": "sk", "AttributeType": "S"}, {"AttributeName": "gsi1pk", "AttributeType": "S"},
           {"AttributeName": "gsi1sk", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
         "GlobalSecondaryIndexes": [{"IndexName": "gsi1", "Projection": {"ProjectionType": "ALL"},
           "KeySchema": [{"AttributeName": "gsi1pk", "KeyType": "HASH"}, {"AttributeName": "gsi1sk", "KeyType": "RANGE"}]}]}
        """));
    assertTrue(create.isEmpty());
    ok("put_item", "{\"table\": \"Blog\", \"item\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"PROFILE\"},"
        + " \"_type\": {\"S\": \"User\"}, \"email\": {\"S\": \"alice@example.com\"}}}");
    for (String[] post : new String[][] {{"2025-01-05", "p1", "java"}, {"2025-02-11", "p2", "java"},
        {"2025-03-20", "p3", "rust"}, {"2025-04-02", "p4", "java"}, {"2025-05-30", "p5", "go"}}) {
      ok("put_item", "{\"table\": \"Blog\", \"item\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"POST#"
          + post[0] + "#" + post[1] + "\"}, \"_type\": {\"S\": \"Post\"}, \"gsi1pk\": {\"S\": \"TAG#" + post[2]
          + "\"}, \"gsi1sk\": {\"S\": \"POST#" + post[0] + "\"}}}");
    }
  }

  private static JsonNode read(String json) {
    try {
      return Engine.JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  // ---- the protocol

  @Test
  void initializeNegotiatesTheVersionAndListsEveryToolWithAClosedSchema() {
    JsonNode init = send(server, "initialize", "{\"protocolVersion\": \"2025-06-18\", \"capabilities\": {},"
        + " \"clientInfo\": {\"name\": \"test\", \"version\": \"1\"}}").get("result");
    assertEquals("2025-06-18", init.get("protocolVersion").asText());
    assertEquals("partita", init.at("/serverInfo/name").asText());
    assertTrue(init.at("/capabilities/tools").isObject());
    JsonNode future = send(server, "initialize", "{\"protocolVersion\": \"2099-01-01\"}").get("result");
    assertEquals(McpServer.VERSIONS.get(0), future.get("protocolVersion").asText(), "an unknown version: the newest");
    assertNull(server.answer("{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}"), "no answer");

    List<String> names = new ArrayList<>();
    for (JsonNode t : send(server, "tools/list", null).at("/result/tools")) {
      names.add(t.get("name").asText());
      assertEquals("object", t.at("/inputSchema/type").asText(), t::toString);
      assertFalse(t.at("/inputSchema/additionalProperties").asBoolean(true), t::toString);
      assertFalse(t.get("description").asText().isBlank());
    }
    assertEquals(List.of("list_tables", "describe_table", "get_item", "put_item", "update_item", "delete_item",
        "query", "scan", "item_collection", "list_access_patterns", "run_access_pattern", "execute_partiql",
        "list_snapshots", "save_snapshot", "restore_snapshot", "delete_snapshot", "reset", "hot_keys"), names);
    assertEquals("{}", send(server, "ping", null).get("result").toString());
    JsonNode tools = send(server, "tools/list", null).at("/result/tools");
    assertTrue(tools.get(0).at("/annotations/readOnlyHint").asBoolean(), "list_tables reads");
    assertFalse(tools.get(3).at("/annotations/readOnlyHint").asBoolean(true), "put_item writes");
    assertFalse(tools.get(11).at("/annotations/readOnlyHint").asBoolean(true), "PartiQL may write");
  }

  @Test
  void protocolErrorsAreJsonRpcErrors() {
    assertEquals(-32601, send(server, "resources/list", null).at("/error/code").asInt());
    assertEquals(-32602, send(server, "tools/call", "{\"name\": \"drop_everything\"}").at("/error/code").asInt());
    JsonNode parse = read(server.answer("{not json"));
    assertEquals(-32700, parse.at("/error/code").asInt());
    assertTrue(parse.get("id").isNull());
    assertEquals(-32600, read(server.answer("{\"jsonrpc\": \"1.0\", \"id\": 7}")).at("/error/code").asInt());
  }

  // ---- arguments

  @Test
  void argumentsAreCheckedAgainstTheSchemaAndRefusedByName() {
    blog();
    String unknown = refused("get_item", "{\"table\": \"Blog\", \"key\": {}, \"tabel\": \"Blog\"}");
    assertTrue(unknown.startsWith("ValidationException: "), unknown);
    assertTrue(unknown.contains("'tabel' is not an argument of this tool (its arguments: table, key,"), unknown);
    // each: the tool, its arguments, what the refusal says
    String[][] cases = {
        {"query", "{\"table\": \"Blog\"}", "the required argument 'keyCondition' is missing"},
        {"scan", "{\"table\": \"Blog\", \"limit\": \"ten\"}", "argument 'limit' must be an integer, not the string \"ten\""},
        {"scan", "{\"table\": \"Blog\", \"limit\": 0}", "argument 'limit' must be from 1 to 1000, not 0"},
        {"scan", "{\"table\": \"Blog\", \"names\": {\"#a\": 1}}", "argument 'names.#a' must be a string"},
        {"describe_table", "{\"table\": \"\"}", "argument 'table' must be 1 to"},
        {"list_tables", "[]", "the arguments must be an object"}};
    for (String[] c : cases) {
      String text = refused(c[0], c[1]);
      assertTrue(text.startsWith("ValidationException: ") && text.contains(c[2]), c[0] + " " + c[1] + ": " + text);
    }
  }

  // ---- items

  @Test
  void itemsAreWrittenReadUpdatedAndDeletedWithDynamoDbsErrors() {
    blog();
    String key = "{\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"PROFILE\"}}";
    JsonNode got = ok("get_item", "{\"table\": \"Blog\", \"key\": " + key + ", \"consistentRead\": true}");
    assertEquals("alice@example.com", got.at("/Item/email/S").asText());
    JsonNode updated = ok("update_item", "{\"table\": \"Blog\", \"key\": " + key + ", \"update\": \"SET #e = :e\","
        + " \"names\": {\"#e\": \"email\"}, \"values\": {\":e\": {\"S\": \"a@example.org\"}}}");
    assertEquals("a@example.org", updated.at("/Attributes/email/S").asText());

    String conditional = refused("put_item", "{\"table\": \"Blog\", \"item\": " + key + ","
        + " \"condition\": \"attribute_not_exists(pk)\"}");
    assertTrue(conditional.startsWith("ConditionalCheckFailedException: "), conditional);
    String noTable = refused("get_item", "{\"table\": \"Nope\", \"key\": " + key + "}");
    assertTrue(noTable.startsWith("ResourceNotFoundException: "), noTable);
    String badKey = refused("get_item", "{\"table\": \"Blog\", \"key\": {\"pk\": {\"S\": \"USER#alice\"}}}");
    assertTrue(badKey.startsWith("ValidationException: The provided key element does not match the schema"), badKey);

    JsonNode deleted = ok("delete_item", "{\"table\": \"Blog\", \"key\": " + key + "}");
    assertEquals("a@example.org", deleted.at("/Attributes/email/S").asText());
    assertTrue(ok("get_item", "{\"table\": \"Blog\", \"key\": " + key + "}").path("Item").isMissingNode());
  }

  @Test
  void aQueryIsReadPageByPageWithItsCursor() {
    blog();
    List<String> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      JsonNode page = ok("query", "{\"table\": \"Blog\", \"keyCondition\": \"pk = :pk AND begins_with(sk, :p)\","
          + " \"values\": {\":pk\": {\"S\": \"USER#alice\"}, \":p\": {\"S\": \"POST#\"}}, \"limit\": 2"
          + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}");
      page.get("Items").forEach(i -> seen.add(i.at("/sk/S").asText()));
      cursor = page.hasNonNull("cursor") ? page.get("cursor").asText() : null;
      pages++;
    } while (cursor != null);
    assertEquals(List.of("POST#2025-01-05#p1", "POST#2025-02-11#p2", "POST#2025-03-20#p3", "POST#2025-04-02#p4",
        "POST#2025-05-30#p5"), seen);
    assertEquals(3, pages);
    JsonNode scan = ok("scan", "{\"table\": \"Blog\", \"filter\": \"#t = :t\", \"names\": {\"#t\": \"_type\"},"
        + " \"values\": {\":t\": {\"S\": \"User\"}}}");
    assertEquals(1, scan.get("Count").asInt());
    String bad = refused("query", "{\"table\": \"Blog\", \"keyCondition\": \"pk = :pk\", \"values\": {\":pk\": {\"S\":"
        + " \"USER#alice\"}}, \"cursor\": \"not-a-cursor\"}");
    assertTrue(bad.startsWith("ValidationException: the cursor 'not-a-cursor' is not one this server gave"), bad);
  }

  // ---- single-table views

  @Test
  void anItemCollectionIsGroupedByEntityWithItsKeysDecoded() {
    blog();
    // without a model: by the type attribute, keys decoded as PREFIX#value pairs
    JsonNode guessed = ok("item_collection", "{\"table\": \"Blog\", \"pk\": \"USER#alice\"}");
    JsonNode posts = guessed.get("entities").get(0);
    assertEquals("Post", posts.get("entity").asText());
    assertEquals("attribute _type", posts.get("source").asText());
    assertEquals(5, posts.get("count").asInt());
    assertEquals("alice", posts.at("/items/0/fields/USER").asText());

    schemas.put("Blog", BLOG_MODEL);
    JsonNode collection = ok("item_collection", "{\"table\": \"Blog\", \"pk\": \"USER#alice\", \"limit\": 4}");
    assertEquals(4, collection.get("count").asInt());
    assertTrue(collection.hasNonNull("cursor"), "a collection of six read four at a time has a next page");
    JsonNode post = collection.get("entities").get(0);
    assertEquals("Post", post.get("entity").asText());
    assertEquals("registered model", post.get("source").asText());
    assertEquals("[\"pk: USER#{username}\",\"sk: POST#{date}#{postId}\"]", post.get("keyTemplates").toString());
    assertEquals("{\"username\":\"alice\",\"date\":\"2025-01-05\",\"postId\":\"p1\"}",
        post.at("/items/0/fields").toString());
    JsonNode rest = ok("item_collection", "{\"table\": \"Blog\", \"pk\": \"USER#alice\", \"cursor\": \""
        + collection.get("cursor").asText() + "\"}");
    JsonNode user = rest.get("entities").get(1);
    assertEquals("User", user.get("entity").asText());
    assertEquals("{\"username\":\"alice\"}", user.at("/items/0/fields").toString());
  }

  @Test
  void theRegisteredModelsAccessPatternsAreListedAndRunWithParameters() {
    blog();
    String none = refused("list_access_patterns", "{\"table\": \"Blog\"}");
    assertTrue(none.startsWith("ResourceNotFoundException: no model is registered for Blog"), none);
    schemas.put("Blog", BLOG_MODEL);
    JsonNode listed = ok("list_access_patterns", "{\"table\": \"Blog\"}");
    JsonNode between = listed.at("/accessPatterns/1");
    assertEquals("postsBetween", between.get("name").asText());
    assertEquals("[\"username\",\"date-low\",\"date-high\"]", between.get("parameters").toString());
    assertEquals("pk = USER#{username} AND sk BETWEEN POST#{date} (low) AND POST#{date} (high)",
        between.get("keyCondition").asText());
    assertEquals("index gsi1", listed.at("/accessPatterns/2/servedBy").asText());
    assertEquals("gsi1pk = TAG#{tag} AND begins_with(gsi1sk, POST#{date})",
        listed.at("/accessPatterns/2/keyCondition").asText());

    JsonNode ran = ok("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"postsBetween\", \"parameters\":"
        + " {\"username\": \"alice\", \"date-low\": \"2025-02-01\", \"date-high\": \"2025-04-30\"}}");
    assertEquals(3, ran.get("count").asInt(), ran::toString);
    assertEquals("#pk = :pk AND #sk BETWEEN :low AND :high", ran.at("/query/KeyConditionExpression").asText());
    assertEquals("p2", ran.at("/entities/0/items/0/fields/postId").asText());
    JsonNode byTag = ok("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"postsByTag\", \"parameters\":"
        + " {\"tag\": \"java\"}, \"forward\": false}");
    assertEquals(3, byTag.get("count").asInt(), byTag::toString);
    assertEquals("POST#", byTag.at("/query/ExpressionAttributeValues/:sk/S").asText(), "a prefix stops at the first"
        + " parameter left out");
    assertEquals("p4", byTag.at("/entities/0/items/0/fields/postId").asText(), "newest first");

    String unknown = refused("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"postsByTag\","
        + " \"parameters\": {\"tags\": \"java\"}}");
    assertEquals("ValidationException: the access pattern postsByTag takes no parameter tags (its parameters: tag,"
        + " date)", unknown);
    String missing = refused("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"userPage\"}");
    assertTrue(missing.contains("the parameter username is required by the key template USER#{username}"), missing);
    String oneEnd = refused("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"postsBetween\","
        + " \"parameters\": {\"username\": \"alice\", \"date-low\": \"2025\"}}");
    assertEquals("ValidationException: the parameter date-high is required by the key template POST#{date}", oneEnd);
    String noPattern = refused("run_access_pattern", "{\"table\": \"Blog\", \"pattern\": \"postz\"}");
    assertTrue(noPattern.contains("has no access pattern named 'postz'"), noPattern);
  }

  // ---- PartiQL, snapshots, hot keys, read-only

  @Test
  void partiqlRunsAndReadOnlyRunsSelectOnlyAndNoWriteTool() {
    blog();
    JsonNode selected = ok("execute_partiql", "{\"statement\": \"SELECT * FROM \\\"Blog\\\" WHERE pk = ?\","
        + " \"parameters\": [{\"S\": \"USER#alice\"}]}");
    assertEquals(6, selected.get("Items").size());
    String syntax = refused("execute_partiql", "{\"statement\": \"SELEKT 1\"}");
    assertTrue(syntax.startsWith("ValidationException: "), syntax);

    McpServer readOnly = McpServer.of(partita, schemas, () -> { }, true);
    List<String> listed = new ArrayList<>();
    send(readOnly, "tools/list", null).at("/result/tools").forEach(t -> listed.add(t.get("name").asText()));
    assertEquals(List.of("list_tables", "describe_table", "get_item", "query", "scan", "item_collection",
        "list_access_patterns", "run_access_pattern", "execute_partiql", "list_snapshots", "hot_keys"), listed);
    String put = refused(readOnly, "put_item", "{\"table\": \"Blog\", \"item\": {}}");
    assertEquals("AccessDeniedException: this MCP server is read-only: put_item writes", put);
    String insert = refused(readOnly, "execute_partiql", "{\"statement\": \"  insert INTO \\\"Blog\\\" VALUE"
        + " {'pk': 'x', 'sk': 'y'}\"}");
    assertTrue(insert.startsWith("AccessDeniedException: "), insert);
    assertEquals(6, read(call(readOnly, "execute_partiql", "{\"statement\": \"select * from \\\"Blog\\\"\"}")
        .at("/content/0/text").asText()).get("Items").size());
    assertTrue(Tools.reads("SELECT\n*"));
    assertFalse(Tools.reads("SELECTED"));
  }

  @Test
  void snapshotsAreSavedRestoredDeletedAndTheDatabaseReset() {
    blog();
    ok("save_snapshot", "{\"name\": \"seeded\"}");
    assertEquals("[\"seeded\"]", ok("list_snapshots", "{}").get("snapshots").toString());
    ok("delete_item", "{\"table\": \"Blog\", \"key\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"PROFILE\"}}}");
    ok("restore_snapshot", "{\"name\": \"seeded\"}");
    assertEquals(6, ok("scan", "{\"table\": \"Blog\"}").get("Count").asInt());
    String notThere = refused("restore_snapshot", "{\"name\": \"other\"}");
    assertTrue(notThere.startsWith("ResourceNotFoundException: no snapshot named 'other'"), notThere);
    String badName = refused("save_snapshot", "{\"name\": \"../etc\"}");
    assertTrue(badName.startsWith("ValidationException: a snapshot name is"), badName);
    ok("reset", "{}");
    assertEquals("[]", ok("list_tables", "{}").get("tables").toString());
    ok("delete_snapshot", "{\"name\": \"seeded\"}");
    assertTrue(refused("delete_snapshot", "{\"name\": \"seeded\"}").startsWith("ResourceNotFoundException: "));
  }

  /**
   * What an agent changes that is no DynamoDB request (a snapshot saved, restored or deleted, a reset)
   * is logged and counted as a request is, refusals included: nothing it does goes unseen.
   */
  @Test
  void snapshotsAndResetsAreObservedAsRequestsAre() {
    java.util.List<io.partita.server.observe.Observation> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    McpServer watched = McpServer.of(partita, schemas, () -> { }, false, seen::add, "alice");
    call(watched, "save_snapshot", "{\"name\": \"seeded\"}");
    call(watched, "restore_snapshot", "{\"name\": \"seeded\"}");
    refused(watched, "restore_snapshot", "{\"name\": \"other\"}");
    call(watched, "delete_snapshot", "{\"name\": \"seeded\"}");
    refused(watched, "delete_snapshot", "{\"name\": \"seeded\"}");
    call(watched, "reset", "{}");
    call(watched, "list_snapshots", "{}"); // reads nothing a request would: not observed
    assertEquals(java.util.List.of("PartitaSaveSnapshot 200 null", "PartitaRestoreSnapshot 200 null",
        "PartitaRestoreSnapshot 400 ResourceNotFoundException", "PartitaDeleteSnapshot 200 null",
        "PartitaDeleteSnapshot 400 ResourceNotFoundException", "PartitaReset 200 null"),
        seen.stream().map(o -> o.operation() + " " + o.status() + " " + o.errorType()).toList());
    assertTrue(seen.stream().allMatch(o -> "alice".equals(o.namespace()) && !o.requestId().isEmpty()));
  }

  @Test
  void hotKeysAreListedWhenCountedAndRefusedWhenNot() {
    blog();
    ok("get_item", "{\"table\": \"Blog\", \"key\": {\"pk\": {\"S\": \"USER#alice\"}, \"sk\": {\"S\": \"PROFILE\"}}}");
    JsonNode hot = ok("hot_keys", "{\"top\": 1}");
    assertEquals("USER#alice", hot.at("/hotKeys/0/partitionKey").asText(), hot::toString);
    try (Partita uncounted = Partita.inMemory()) {
      String refused = refused(McpServer.of(uncounted, Map.of(), () -> { }, false), "hot_keys", "{}");
      assertEquals("ValidationException: this server does not count hot keys: start it with --hot-keys", refused);
    }
  }

  @Test
  void listAndDescribeNameTheRegisteredModel() {
    blog();
    schemas.put("Blog", BLOG_MODEL);
    JsonNode tables = ok("list_tables", "{}");
    assertEquals("[\"Blog\"]", tables.get("tables").toString());
    assertEquals("[\"Blog\"]", tables.get("withRegisteredModel").toString());
    JsonNode described = ok("describe_table", "{\"table\": \"Blog\"}");
    assertEquals("Blog", described.at("/Table/TableName").asText());
    assertEquals("[\"User\",\"Post\"]", described.at("/registeredModel/entities").toString());
  }
}
