package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Items grouped by entity, each with its keys decoded, as the console's Collections view shows them
 * (docs/console.md): the entity comes from, in order, the registered model's entity whose key
 * templates fit the item's keys (and whose type value its type attribute does not contradict); the
 * first type attribute the item has ({@code _type}, {@code type}, {@code entityType},
 * {@code __edb_e__}); the sort key's leading {@code PREFIX}. Keys without a model are decoded as
 * {@code PREFIX#value} pairs ({@code ORDER#2025-001#ITEM#3}: ORDER 2025-001, ITEM 3).
 */
final class EntityGroups {
  static final List<String> TYPE_ATTRIBUTES = List.of("_type", "type", "entityType", "__edb_e__");

  private EntityGroups() {}

  /** How one item is understood: its entity, where that came from, its key templates and fields. */
  private record Understood(String entity, String source, List<String> templates, Map<String, String> fields) {}

  /**
   * {@code items} (DynamoDB JSON) grouped by entity, in order of first appearance: {@code [{entity,
   * source, keyTemplates, count, items: [{key, fields, item}]}]}.
   */
  static ArrayNode group(JsonNode items, String pkName, String skName, RegisteredModel model) {
    Map<String, ObjectNode> groups = new LinkedHashMap<>();
    Map<String, Set<String>> templates = new LinkedHashMap<>();
    for (JsonNode item : items) {
      String pk = keyText(item.get(pkName));
      String sk = skName == null ? null : keyText(item.get(skName));
      Understood u = understand(item, pk, sk, model);
      ObjectNode g = groups.computeIfAbsent(u.entity(), e -> {
        ObjectNode n = Engine.JSON.createObjectNode().put("entity", e).put("source", u.source());
        n.putArray("keyTemplates");
        n.put("count", 0);
        n.putArray("items");
        return n;
      });
      Set<String> seen = templates.computeIfAbsent(u.entity(), e -> new LinkedHashSet<>());
      for (int i = 0; i < u.templates().size(); i++) {
        if (seen.add((i == 0 ? pkName : skName) + ": " + u.templates().get(i))) {
          g.withArray("keyTemplates").add((i == 0 ? pkName : skName) + ": " + u.templates().get(i));
        }
      }
      g.put("count", g.get("count").asInt() + 1);
      ObjectNode row = g.withArray("items").addObject();
      row.put("key", sk == null ? pk : pk + " · " + sk);
      ObjectNode fields = row.putObject("fields");
      u.fields().forEach(fields::put);
      row.set("item", item);
    }
    ArrayNode out = Engine.JSON.createArrayNode();
    groups.values().forEach(out::add);
    return out;
  }

  private static Understood understand(JsonNode item, String pk, String sk, RegisteredModel model) {
    String typeAttribute = null;
    List<String> candidates = model != null && model.typeAttribute() != null
        ? List.of(model.typeAttribute()) : TYPE_ATTRIBUTES;
    for (String a : candidates) {
      if (item.path(a).path("S").isTextual()) {
        typeAttribute = a;
        break;
      }
    }
    String type = typeAttribute == null ? null : item.get(typeAttribute).get("S").asText();
    if (model != null) {
      for (RegisteredModel.Entity e : model.entities()) {
        if (e.type() != null && type != null && !e.type().equals(type)) {
          continue;
        }
        Map<String, String> a = e.pk().match(pk);
        // an entity without a sort key template takes any sort key, as the console's grouping does
        Map<String, String> b = a == null ? null : e.sk() == null ? Map.of() : e.sk().match(sk);
        if (a != null && b != null) {
          Map<String, String> fields = new LinkedHashMap<>(a);
          fields.putAll(b);
          List<String> t = e.sk() == null ? List.of(e.pk().source()) : List.of(e.pk().source(), e.sk().source());
          return new Understood(e.name(), "registered model", t, fields);
        }
      }
    }
    List<String> t = new java.util.ArrayList<>();
    Map<String, String> fields = new LinkedHashMap<>();
    String first = null;
    for (String key : sk == null ? List.of(pk) : List.of(pk, sk)) {
      String[] parts = key.split("#", -1);
      StringBuilder template = new StringBuilder();
      for (int i = 0; i < parts.length; i += 2) {
        if (i > 0) {
          template.append('#');
        }
        template.append(parts[i]);
        if (i + 1 < parts.length) {
          template.append("#{").append(parts[i].toLowerCase(java.util.Locale.ROOT)).append('}');
          fields.put(parts[i], parts[i + 1]);
        }
      }
      t.add(template.toString());
      first = parts[0];
    }
    String entity = type != null ? type : first.isEmpty() ? "(empty)" : first;
    return new Understood(entity, type != null ? "attribute " + typeAttribute : "sort key prefix", t, fields);
  }

  /** A key attribute's value as text: a string or number as written, a binary as its base64. */
  static String keyText(JsonNode value) {
    if (value == null) {
      return null;
    }
    JsonNode v = value.has("S") ? value.get("S") : value.has("N") ? value.get("N") : value.get("B");
    return v == null ? null : v.asText();
  }
}
