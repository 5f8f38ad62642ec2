package io.partita.test;

import io.partita.model.Model;
import io.partita.model.TableSchema;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Loads {@link Fixture} files: each item through the model's decode and encode, written with PutItem on the condition
 * that its key is new. Every way an item can fail to be what the model reads is a {@link FixtureException} naming
 * the file and the item: a fixture that loaded less than it says would make a test pass for the wrong reason.
 */
final class Fixtures {
  /** DynamoDB's typed form, for values a JSON value cannot say: sets and binary. */
  private static final Set<String> TYPED = Set.of("SS", "NS", "BS", "B");

  private Fixtures() {}

  static void load(Class<?> testClass, String file, Model model, DynamoDbClient dynamo) {
    URL url = testClass.getResource(file);
    if (url == null) {
      throw new FixtureException("fixture " + file + " is not on the class path (looked for from "
          + testClass.getName() + ")", null);
    }
    JsonNode root;
    try (InputStream in = url.openStream()) {
      root = JsonNode.parser().parse(in);
    } catch (IOException | RuntimeException e) {
      throw new FixtureException("fixture " + file + " is not JSON: " + e.getMessage(), e);
    }
    if (!root.isObject()) {
      throw new FixtureException("fixture " + file + " must be an object of entity names to lists of items", null);
    }
    root.asObject().forEach((entity, items) -> {
      if (!items.isArray()) {
        throw new FixtureException("fixture " + file + ": \"" + entity + "\" must be a list of items", null);
      }
      List<JsonNode> list = items.asArray();
      for (int i = 0; i < list.size(); i++) {
        String where = "fixture " + file + ", " + entity + " item " + (i + 1);
        try {
          put(model, dynamo, entity, list.get(i));
        } catch (FixtureException e) {
          throw new FixtureException(where + ": " + e.getMessage(), e.getCause());
        } catch (RuntimeException e) {
          throw new FixtureException(where + ": " + e.getMessage(), e);
        }
      }
    });
  }

  private static void put(Model model, DynamoDbClient dynamo, String entity, JsonNode node) {
    if (!node.isObject()) {
      throw new FixtureException("an item must be an object of field names to values", null);
    }
    TableSchema table = model.table();
    Map<String, AttributeValue> fields = new LinkedHashMap<>();
    node.asObject().forEach((name, value) -> {
      if (name.equals(table.typeAttribute()) || table.keyAttributes().contains(name)) {
        throw new FixtureException("\"" + name + "\" is a key or type attribute, which the model builds from the"
            + " entity's fields: leave it out", null);
      }
      fields.put(name, value(value, name));
    });
    Map<String, AttributeValue> withType = new LinkedHashMap<>(fields);
    withType.put(table.typeAttribute(), AttributeValue.fromS(entity));
    if (model.isForeign(withType)) {
      throw new FixtureException("the model has no entity named \"" + entity + "\" (an entity's name is its"
          + " type attribute's value, Entity.name())", null);
    }
    Optional<Object> record;
    try {
      record = model.decode(withType);
    } catch (io.partita.model.UnrecognizedItemException e) {
      // the entity's own words (which field, what is wrong): the recognition's preamble names a table key this
      // fixture item does not have yet
      throw new FixtureException(e.getCause() == null ? e.getMessage() : e.getCause().getMessage(), e);
    }
    Map<String, AttributeValue> item = model.encode((Record) record.get());
    fields.forEach((name, value) -> {
      if (!Boolean.TRUE.equals(value.nul()) && !item.containsKey(name)) {
        throw new FixtureException("\"" + name + "\" is not a field of " + entity + " (as the model stores it)",
            null);
      }
    });
    try {
      dynamo.putItem(b -> b.tableName(table.name()).item(item)
          .conditionExpression("attribute_not_exists(#pk)")
          .expressionAttributeNames(Map.of("#pk", table.partitionKey())));
    } catch (ConditionalCheckFailedException e) {
      throw new FixtureException("an item with the same key was loaded before " + keyOf(item, table), null);
    }
  }

  private static String keyOf(Map<String, AttributeValue> item, TableSchema table) {
    StringBuilder b = new StringBuilder("(").append(table.partitionKey()).append('=')
        .append(item.get(table.partitionKey()).s());
    table.sortKey().ifPresent(sk -> b.append(", ").append(sk).append('=')
        .append(item.get(sk) == null ? null : item.get(sk).s()));
    return b.append(')').toString();
  }

  /** A JSON value as the attribute value a DynamoDB JSON reader would make of it. */
  private static AttributeValue value(JsonNode v, String path) {
    if (v.isNull()) {
      return AttributeValue.fromNul(true);
    }
    if (v.isString()) {
      return AttributeValue.fromS(v.asString());
    }
    if (v.isNumber()) {
      return AttributeValue.fromN(v.asNumber());
    }
    if (v.isBoolean()) {
      return AttributeValue.fromBool(v.asBoolean());
    }
    if (v.isArray()) {
      List<JsonNode> items = v.asArray();
      return AttributeValue.fromL(java.util.stream.IntStream.range(0, items.size())
          .mapToObj(i -> value(items.get(i), path + "[" + i + "]")).toList());
    }
    Map<String, JsonNode> object = v.asObject();
    if (object.size() == 1 && TYPED.contains(object.keySet().iterator().next())) {
      return typed(object.keySet().iterator().next(), object.values().iterator().next(), path);
    }
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    object.forEach((name, value) -> m.put(name, value(value, path + "." + name)));
    return AttributeValue.fromM(m);
  }

  /** {@code {"SS": [...]}}, {@code {"NS": [...]}}, {@code {"B": "base64"}}, {@code {"BS": [...]}}. */
  private static AttributeValue typed(String type, JsonNode v, String path) {
    try {
      return switch (type) {
        case "B" -> AttributeValue.fromB(bytes(v));
        case "SS" -> AttributeValue.fromSs(v.asArray().stream().map(JsonNode::asString).toList());
        case "NS" -> AttributeValue.fromNs(v.asArray().stream().map(n -> n.isNumber() ? n.asNumber() : n.asString())
            .toList());
        default -> AttributeValue.fromBs(v.asArray().stream().map(Fixtures::bytes).toList());
      };
    } catch (RuntimeException e) {
      throw new FixtureException("\"" + path + "\": {\"" + type + "\": ...} must hold "
          + (type.equals("B") ? "a base64 string" : "a list of " + (type.equals("BS") ? "base64 strings"
              : type.equals("NS") ? "numbers" : "strings")) + " (" + e.getMessage() + ")", e);
    }
  }

  private static SdkBytes bytes(JsonNode v) {
    return SdkBytes.fromByteArray(Base64.getDecoder().decode(v.asString()));
  }
}
