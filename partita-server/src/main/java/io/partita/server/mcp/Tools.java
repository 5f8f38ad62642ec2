package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.engine.HotKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tools, each a DynamoDB request built from its arguments (so the engine checks and refuses it as
 * it would on the wire) or one of the engine's own calls. Items, keys and expression values are
 * DynamoDB JSON ({@code {"PK": {"S": "USER#alice"}}}), as every SDK writes them; a page of a Query or
 * Scan ends with an opaque {@code cursor} to pass back for the next.
 */
final class Tools {
  /** Items a Query or Scan answers per call unless asked for another number: an agent's context is small. */
  static final int DEFAULT_LIMIT = 50;
  static final int MAX_LIMIT = 1000;

  private static final String ITEM_JSON = " in DynamoDB JSON, such as {\"PK\": {\"S\": \"USER#alice\"}, \"SK\": {\"S\":"
      + " \"PROFILE\"}}";

  private final Engine engine;
  private final List<Tool> all;

  Tools(Engine engine) {
    this.engine = engine;
    this.all = List.of(
        new Tool("list_tables", "Lists the database's tables, and which have a registered model (entities, key"
            + " templates and access patterns registered by partita-model's Model.describe()).",
            new Tool.Schema().build(), false, a -> listTables()),
        new Tool("describe_table", "Describes a table as DynamoDB's DescribeTable does (key schema, attribute"
            + " definitions, indexes, item count), and names its registered model's entities and access patterns.",
            new Tool.Schema().text("table", "The table's name.", true).build(), false, this::describeTable),
        new Tool("get_item", "Reads one item by its primary key (GetItem).", keyed(new Tool.Schema())
            .add("consistentRead", "boolean", "A strongly consistent read (default: eventually consistent).", false)
            .text("projection", "A projection expression: the attributes to read.", false)
            .map("names", "string", "Expression attribute names, such as {\"#s\": \"status\"}.", false).build(),
            false, a -> engine.call("GetItem", request(a, "Key", "key")
                .put("ConsistentRead", a.path("consistentRead").asBoolean(false)))),
        new Tool("put_item", "Writes an item, replacing any item with the same key (PutItem); answers the item"
            + " replaced, if any. A condition expression makes it conditional.", expressions(new Tool.Schema()
            .text("table", "The table's name.", true).map("item", "object", "The item" + ITEM_JSON + ".", true))
            .build(), true, a -> engine.call("PutItem", request(a, "Item", "item").put("ReturnValues", "ALL_OLD"))),
        new Tool("update_item", "Updates an item's attributes with an update expression (UpdateItem; the item is"
            + " created if missing unless a condition says otherwise); answers the item as it is after.",
            expressions(keyed(new Tool.Schema()).text("update", "The update expression, such as"
                + " \"SET #s = :s ADD version :one\".", true)).build(), true,
            a -> engine.call("UpdateItem", request(a, "Key", "key").put("UpdateExpression", a.get("update").asText())
                .put("ReturnValues", "ALL_NEW"))),
        new Tool("delete_item", "Deletes an item by its primary key (DeleteItem); answers the item deleted, if any.",
            expressions(keyed(new Tool.Schema())).build(), true,
            a -> engine.call("DeleteItem", request(a, "Key", "key").put("ReturnValues", "ALL_OLD"))),
        new Tool("query", "Queries a table or index by partition key (Query), one page at a time: pass the answer's"
            + " cursor to read the next page.", paged(placeholders(new Tool.Schema().text("table", "The table's name.",
            true).text("index", "A global or local secondary index to query instead of the table.", false)
            .text("keyCondition", "The key condition expression, such as \"PK = :pk AND begins_with(SK, :prefix)\".",
                true).text("filter", "A filter expression, applied after the key condition.", false)
            .text("projection", "A projection expression: the attributes to answer.", false)
            .add("consistentRead", "boolean", "A strongly consistent read.", false)
            .add("forward", "boolean", "Ascending sort key order (default true); false for descending.", false)))
            .build(), false, a -> page(engine.call("Query", search(a).put("KeyConditionExpression",
                a.get("keyCondition").asText()).put("ScanIndexForward", a.path("forward").asBoolean(true))))),
        new Tool("scan", "Reads every item of a table or index (Scan), one page at a time: pass the answer's cursor"
            + " to read the next page.", paged(placeholders(new Tool.Schema().text("table", "The table's name.", true)
            .text("index", "A secondary index to scan instead of the table.", false)
            .text("filter", "A filter expression.", false)
            .text("projection", "A projection expression: the attributes to answer.", false)
            .add("consistentRead", "boolean", "A strongly consistent read.", false))).build(), false,
            a -> page(engine.call("Scan", search(a)))),
        new Tool("item_collection", "Shows one item collection (every item of a partition key value) grouped by"
            + " entity, each item's keys decoded into their fields: against the table's registered model when it has"
            + " one, else by its type attribute and its keys' PREFIX#value pairs.", paged(new Tool.Schema()
            .text("table", "The table's name.", true)
            .text("pk", "The partition key's value, such as USER#alice (a number as its digits).", true)).build(),
            false, this::itemCollection),
        new Tool("list_access_patterns", "Lists the access patterns of a table's registered model: each one's"
            + " name, the index that serves it, its key condition with its templates, the parameters it takes and"
            + " the entities it returns; and the model's entities with their key templates.",
            new Tool.Schema().text("table", "The table's name.", true).build(), false, this::listPatterns),
        new Tool("run_access_pattern", "Runs one access pattern of a table's registered model with its parameters'"
            + " values (its key templates filled in, a Query on the index that serves it), and answers the items"
            + " grouped by entity with their keys decoded.", paged(new Tool.Schema()
            .text("table", "The table's name.", true).text("pattern", "The access pattern's name.", true)
            .add("parameters", "object", "The parameters' values by name, as list_access_patterns names them (a"
                + " BETWEEN's sort fields once per end: day-low, day-high).", false)
            .add("forward", "boolean", "Ascending sort key order (default true).", false)).build(), false,
            this::runPattern),
        new Tool("execute_partiql", "Runs one PartiQL statement (ExecuteStatement): SELECT, and on a server that"
            + " is not read-only INSERT, UPDATE and DELETE.", new Tool.Schema().text("statement",
            "The statement, such as SELECT * FROM \"MyApp\" WHERE PK = ?", true)
            .add("parameters", "array", "The values of the statement's ? in order, each in DynamoDB JSON ({\"S\":"
                + " \"USER#alice\"}).", false)
            .integer("limit", "Items to evaluate at most.", 1, MAX_LIMIT)
            .text("nextToken", "The previous answer's NextToken, for its next page.", false)
            .add("consistentRead", "boolean", "A strongly consistent read.", false).build(), false, this::partiql),
        new Tool("list_snapshots", "Lists the snapshots the database holds, by name.", new Tool.Schema().build(),
            false, a -> names("snapshots", engine.snapshots())),
        new Tool("save_snapshot", "Saves the whole database as a named snapshot (replacing one of that name), to"
            + " restore later: milliseconds for a test-sized data set.", snapshotName(), true,
            a -> timed("saved snapshot " + a.get("name").asText(), () -> engine.snapshot(a.get("name").asText()))),
        new Tool("restore_snapshot", "Makes the database what it was when a snapshot was saved (every table and"
            + " item), in one atomic step.", snapshotName(), true,
            a -> timed("restored snapshot " + a.get("name").asText(), () -> engine.restore(a.get("name").asText()))),
        new Tool("delete_snapshot", "Forgets a snapshot.", snapshotName(), true, this::deleteSnapshot),
        new Tool("reset", "Empties the database (every table) and loads the seed given at start again.",
            new Tool.Schema().build(), true, a -> timed("reset", engine::reset)),
        new Tool("hot_keys", "Lists each table's most-read and most-written partition keys over the current and the"
            + " previous minute (the server must count them: --hot-keys).", new Tool.Schema()
            .integer("top", "Keys per table, 1 to 100 (default 10).", 1, 100).build(), false, this::hotKeys));
  }

  List<Tool> all() {
    return all;
  }

  // ---- the schemas' common parts

  private static Tool.Schema keyed(Tool.Schema s) {
    return s.text("table", "The table's name.", true).map("key", "object", "The item's primary key" + ITEM_JSON + ".",
        true);
  }

  /** A write's condition, and the expression attribute names and values. */
  private static Tool.Schema expressions(Tool.Schema s) {
    return placeholders(s.text("condition", "A condition expression the item must meet, such as"
        + " \"attribute_not_exists(PK)\".", false));
  }

  /** The expression attribute names and values. */
  private static Tool.Schema placeholders(Tool.Schema s) {
    return s.map("names", "string", "Expression attribute names, such as {\"#s\": \"status\"}.", false)
        .map("values", "object", "Expression attribute values in DynamoDB JSON, such as {\":s\": {\"S\": \"PAID\"}}.",
            false);
  }

  private static Tool.Schema paged(Tool.Schema s) {
    return s.integer("limit", "Items to read at most in this page, 1 to " + MAX_LIMIT + " (default " + DEFAULT_LIMIT
        + ").", 1, MAX_LIMIT).text("cursor", "The previous page's cursor, to read the next page.", false);
  }

  private static ObjectNode snapshotName() {
    return new Tool.Schema().text("name", "The snapshot's name: 1 to 255 letters, digits, '_', '-' or '.'.", true)
        .build();
  }

  // ---- building requests

  /** A request naming the table, with {@code member} (Key, Item) from {@code argument} and the expressions given. */
  private static ObjectNode request(JsonNode a, String member, String argument) {
    ObjectNode r = Engine.JSON.createObjectNode().put("TableName", a.get("table").asText());
    r.set(member, a.get(argument));
    optional(r, "ConditionExpression", a, "condition");
    optional(r, "ProjectionExpression", a, "projection");
    optional(r, "ExpressionAttributeNames", a, "names");
    optional(r, "ExpressionAttributeValues", a, "values");
    return r;
  }

  /** A Query's or Scan's common members. */
  private static ObjectNode search(JsonNode a) {
    ObjectNode r = Engine.JSON.createObjectNode().put("TableName", a.get("table").asText());
    optional(r, "IndexName", a, "index");
    optional(r, "FilterExpression", a, "filter");
    optional(r, "ProjectionExpression", a, "projection");
    optional(r, "ExpressionAttributeNames", a, "names");
    optional(r, "ExpressionAttributeValues", a, "values");
    optional(r, "ConsistentRead", a, "consistentRead");
    return limited(r, a);
  }

  private static ObjectNode limited(ObjectNode r, JsonNode a) {
    r.put("Limit", a.path("limit").asInt(DEFAULT_LIMIT));
    if (a.hasNonNull("cursor")) {
      r.set("ExclusiveStartKey", cursor(a.get("cursor").asText()));
    }
    return r;
  }

  private static void optional(ObjectNode r, String member, JsonNode a, String argument) {
    if (a.hasNonNull(argument)) {
      r.set(member, a.get(argument));
    }
  }

  /** A page's answer: its items, counts and the cursor of the next page (none after the last). */
  private static ObjectNode page(JsonNode answer) {
    ObjectNode out = Engine.JSON.createObjectNode();
    out.set("Items", answer.path("Items"));
    out.set("Count", answer.path("Count"));
    out.set("ScannedCount", answer.path("ScannedCount"));
    if (answer.has("LastEvaluatedKey")) {
      out.put("cursor", cursorOf(answer.get("LastEvaluatedKey")));
    }
    return out;
  }

  /** A LastEvaluatedKey as an opaque cursor: its JSON, base64url. */
  static String cursorOf(JsonNode lastEvaluatedKey) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(lastEvaluatedKey.toString()
        .getBytes(StandardCharsets.UTF_8));
  }

  private static JsonNode cursor(String cursor) {
    try {
      JsonNode key = Engine.JSON.readTree(Base64.getUrlDecoder().decode(cursor));
      if (key != null && key.isObject()) {
        return key;
      }
    } catch (IllegalArgumentException | IOException e) {
      // refused below
    }
    throw ToolError.validation("the cursor '" + cursor + "' is not one this server gave: pass a page's cursor as it"
        + " came, to read the page after it");
  }

  // ---- the tools

  private JsonNode listTables() {
    ObjectNode out = Engine.JSON.createObjectNode();
    ArrayNode tables = out.putArray("tables");
    String start = null;
    do {
      ObjectNode r = Engine.JSON.createObjectNode();
      if (start != null) {
        r.put("ExclusiveStartTableName", start);
      }
      JsonNode page = engine.call("ListTables", r);
      page.path("TableNames").forEach(tables::add);
      start = page.hasNonNull("LastEvaluatedTableName") ? page.get("LastEvaluatedTableName").asText() : null;
    } while (start != null);
    ArrayNode models = out.putArray("withRegisteredModel");
    engine.schemaTables().forEach(models::add);
    return out;
  }

  private JsonNode describeTable(JsonNode a) {
    String table = a.get("table").asText();
    ObjectNode out = Engine.JSON.createObjectNode();
    out.set("Table", describe(table));
    RegisteredModel model = modelOrNull(table);
    if (model != null) {
      ObjectNode m = out.putObject("registeredModel");
      ArrayNode entities = m.putArray("entities");
      model.entities().forEach(e -> entities.add(e.name()));
      ArrayNode patterns = m.putArray("accessPatterns");
      model.patterns().forEach(p -> patterns.add(p.name()));
    }
    return out;
  }

  private JsonNode describe(String table) {
    return engine.call("DescribeTable", Engine.JSON.createObjectNode().put("TableName", table)).get("Table");
  }

  private RegisteredModel modelOrNull(String table) {
    String json = engine.schema(table);
    return json == null ? null : RegisteredModel.read(table, json);
  }

  private RegisteredModel model(String table) {
    RegisteredModel model = modelOrNull(table);
    if (model == null) {
      throw new ToolError("ResourceNotFoundException", "no model is registered for " + table + ": register one"
          + " with PUT /partita/schemas/" + table + " (partita-model's Model.describe()), or start partita mcp with"
          + " --model " + table + "=FILE");
    }
    return model;
  }

  /** A table's or index's key: its attribute names (sort key null when none) and their types, from DescribeTable. */
  private record KeyNames(String pk, String sk, Map<String, String> types) {
    ObjectNode value(String attribute, String text) {
      return Engine.JSON.createObjectNode().put(types.getOrDefault(attribute, "S"), text);
    }
  }

  private static KeyNames keyNames(JsonNode table, String index) {
    JsonNode schema = table.get("KeySchema");
    if (index != null) {
      schema = null;
      for (String kind : List.of("GlobalSecondaryIndexes", "LocalSecondaryIndexes")) {
        for (JsonNode ix : table.path(kind)) {
          if (ix.path("IndexName").asText().equals(index)) {
            schema = ix.get("KeySchema");
          }
        }
      }
      if (schema == null) {
        throw ToolError.validation("The table " + table.path("TableName").asText() + " has no index named " + index);
      }
    }
    String pk = null;
    String sk = null;
    for (JsonNode k : schema) {
      if (k.path("KeyType").asText().equals("HASH")) {
        pk = k.path("AttributeName").asText();
      } else {
        sk = k.path("AttributeName").asText();
      }
    }
    Map<String, String> types = new HashMap<>();
    table.path("AttributeDefinitions").forEach(d -> types.put(d.path("AttributeName").asText(),
        d.path("AttributeType").asText()));
    return new KeyNames(pk, sk, types);
  }

  private JsonNode itemCollection(JsonNode a) {
    String table = a.get("table").asText();
    KeyNames keys = keyNames(describe(table), null);
    ObjectNode r = Engine.JSON.createObjectNode().put("TableName", table).put("KeyConditionExpression", "#pk = :pk");
    r.putObject("ExpressionAttributeNames").put("#pk", keys.pk());
    r.putObject("ExpressionAttributeValues").set(":pk", keys.value(keys.pk(), a.get("pk").asText()));
    return grouped(engine.call("Query", limited(r, a)), keys, modelOrNull(table), null);
  }

  private ObjectNode grouped(JsonNode answer, KeyNames keys, RegisteredModel model, ObjectNode ran) {
    ObjectNode out = Engine.JSON.createObjectNode();
    if (ran != null) {
      out.set("query", ran);
    }
    out.set("count", answer.path("Count"));
    out.set("entities", EntityGroups.group(answer.path("Items"), keys.pk(), keys.sk(), model));
    if (answer.has("LastEvaluatedKey")) {
      out.put("cursor", cursorOf(answer.get("LastEvaluatedKey")));
    }
    return out;
  }

  private JsonNode listPatterns(JsonNode a) {
    String table = a.get("table").asText();
    RegisteredModel model = model(table);
    JsonNode description = describe(table);
    ObjectNode out = Engine.JSON.createObjectNode().put("table", table);
    ArrayNode patterns = out.putArray("accessPatterns");
    for (RegisteredModel.AccessPattern p : model.patterns()) {
      ObjectNode n = patterns.addObject().put("name", p.name());
      n.put("servedBy", p.index() == null ? "the table's key" : "index " + p.index());
      try {
        KeyNames keys = keyNames(description, p.index());
        n.put("keyCondition", condition(p, keys.pk(), keys.sk()));
      } catch (ToolError e) {
        n.put("keyCondition", condition(p, "pk", "sk"));
        n.put("problem", "the table has no index named " + p.index() + ": the pattern cannot run");
      }
      p.parameters().forEach(n.putArray("parameters")::add);
      p.entities().forEach(n.putArray("entities")::add);
      if (p.description() != null) {
        n.put("description", p.description());
      }
    }
    ArrayNode entities = out.putArray("entities");
    for (RegisteredModel.Entity e : model.entities()) {
      ObjectNode n = entities.addObject().put("name", e.name()).put("pk", e.pk().source());
      if (e.sk() != null) {
        n.put("sk", e.sk().source());
      }
      if (e.type() != null) {
        n.put("type", e.type());
      }
    }
    return out;
  }

  /** A pattern's key condition in words: {@code pk = USER#{username} AND begins_with(sk, ORDER#)}. */
  private static String condition(RegisteredModel.AccessPattern p, String pk, String sk) {
    String out = pk + " = " + p.pk().source();
    RegisteredModel.SortCondition c = p.sk();
    if (c == null) {
      return out;
    }
    List<KeyTemplate> t = c.templates();
    return out + " AND " + switch (c.op()) {
      case "begins_with" -> "begins_with(" + sk + ", " + t.get(0).source() + ")";
      case "BETWEEN" -> sk + " BETWEEN " + t.get(0).source() + (c.perEnd() ? " (low)" : "") + " AND "
          + t.get(t.size() - 1).source() + (c.perEnd() ? " (high)" : "");
      default -> sk + " " + c.op() + " " + t.get(0).source();
    };
  }

  private JsonNode runPattern(JsonNode a) {
    String table = a.get("table").asText();
    RegisteredModel model = model(table);
    RegisteredModel.AccessPattern p = model.pattern(a.get("pattern").asText());
    Map<String, String> values = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    a.path("parameters").fields().forEachRemaining(f -> {
      if (!p.parameters().contains(f.getKey())) {
        unknown.add(f.getKey());
      } else if (f.getValue().isContainerNode()) {
        throw ToolError.validation("the parameter " + f.getKey() + " is a string or a number, not " + f.getValue());
      } else if (!f.getValue().isNull()) {
        values.put(f.getKey(), f.getValue().asText());
      }
    });
    if (!unknown.isEmpty()) {
      throw ToolError.validation("the access pattern " + p.name() + " takes no parameter " + String.join(", ", unknown)
          + " (its parameters: " + (p.parameters().isEmpty() ? "none" : String.join(", ", p.parameters())) + ")");
    }
    JsonNode description = describe(table);
    KeyNames keys = keyNames(description, p.index());
    ObjectNode r = Engine.JSON.createObjectNode().put("TableName", table);
    if (p.index() != null) {
      r.put("IndexName", p.index());
    }
    ObjectNode names = Engine.JSON.createObjectNode().put("#pk", keys.pk());
    ObjectNode vals = Engine.JSON.createObjectNode();
    vals.set(":pk", keys.value(keys.pk(), p.pk().fill(values, false)));
    String condition = "#pk = :pk";
    RegisteredModel.SortCondition c = p.sk();
    if (c != null) {
      if (keys.sk() == null) {
        throw ToolError.validation("the access pattern " + p.name() + " has a sort key condition, and "
            + (p.index() == null ? "the table" : "the index " + p.index()) + " has no sort key");
      }
      names.put("#sk", keys.sk());
      if (c.op().equals("BETWEEN")) {
        List<KeyTemplate> t = c.templates();
        vals.set(":low", keys.value(keys.sk(), t.get(0).fill(values, false, c.perEnd() ? RegisteredModel.ENDS.get(0)
            : null)));
        vals.set(":high", keys.value(keys.sk(), t.get(t.size() - 1).fill(values, false, c.perEnd()
            ? RegisteredModel.ENDS.get(1) : null)));
        condition += " AND #sk BETWEEN :low AND :high";
      } else {
        vals.set(":sk", keys.value(keys.sk(), c.templates().get(0).fill(values, c.op().equals("begins_with"))));
        condition += c.op().equals("begins_with") ? " AND begins_with(#sk, :sk)" : " AND #sk " + c.op() + " :sk";
      }
    }
    r.put("KeyConditionExpression", condition);
    r.set("ExpressionAttributeNames", names);
    r.set("ExpressionAttributeValues", vals);
    r.put("ScanIndexForward", a.path("forward").asBoolean(true));
    limited(r, a);
    // grouped by the table's key templates, which an index's items carry too (as the console groups them)
    return grouped(engine.call("Query", r), keyNames(description, null), model, r.deepCopy());
  }

  private JsonNode partiql(JsonNode a) {
    ObjectNode r = Engine.JSON.createObjectNode().put("Statement", a.get("statement").asText());
    optional(r, "Parameters", a, "parameters");
    optional(r, "Limit", a, "limit");
    optional(r, "NextToken", a, "nextToken");
    optional(r, "ConsistentRead", a, "consistentRead");
    return engine.call("ExecuteStatement", r);
  }

  /** Whether a PartiQL statement only reads: a SELECT (what a read-only server runs). */
  static boolean reads(String statement) {
    String s = statement.stripLeading();
    return s.length() >= 6 && s.substring(0, 6).toUpperCase(Locale.ROOT).equals("SELECT")
        && (s.length() == 6 || !Character.isLetterOrDigit(s.charAt(6)));
  }

  private JsonNode deleteSnapshot(JsonNode a) {
    String name = a.get("name").asText();
    engine.deleteSnapshot(name);
    return Engine.JSON.createObjectNode().put("deleted", name);
  }

  private JsonNode hotKeys(JsonNode a) {
    List<HotKeys.HotKey> keys = engine.hotKeys(a.path("top").asInt(10));
    if (keys == null) {
      throw ToolError.validation("this server does not count hot keys: start it with --hot-keys");
    }
    ObjectNode out = Engine.JSON.createObjectNode();
    ArrayNode list = out.putArray("hotKeys");
    keys.forEach(k -> list.addObject().put("table", k.table()).put("partitionKey", k.partitionKey())
        .put("reads", k.reads()).put("writes", k.writes()));
    return out;
  }

  private static JsonNode names(String field, List<String> names) {
    ObjectNode out = Engine.JSON.createObjectNode();
    names.forEach(out.putArray(field)::add);
    return out;
  }

  private static JsonNode timed(String done, Runnable action) {
    long start = System.nanoTime();
    action.run();
    return Engine.JSON.createObjectNode().put("done", done).put("milliseconds",
        (System.nanoTime() - start) / 1_000_000);
  }
}
