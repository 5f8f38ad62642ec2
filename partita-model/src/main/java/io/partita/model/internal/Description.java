package io.partita.model.internal;

import io.partita.model.AccessPattern.SortOp;
import io.partita.model.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.Projection;

/**
 * A model as the console's schema format writes it (docs/console.md, "Schemas"): the table's key
 * attributes, each entity's key templates and type value, and each access pattern with the index
 * that serves it and its key condition; each index with its kind (GSI or LSI) and projection. JSON written by hand: the library depends on the SDK only.
 */
public final class Description {
  private Description() {}

  public static String json(CompiledModel model) {
    TableSchema table = model.table();
    StringBuilder out = new StringBuilder(256);
    out.append("{\n  \"table\": ").append(text(table.name()));
    out.append(",\n  \"keys\": {\"pk\": ").append(text(table.partitionKey()));
    table.sortKey().ifPresent(sk -> out.append(", \"sk\": ").append(text(sk)));
    out.append(", \"type\": ").append(text(table.typeAttribute())).append('}');
    out.append(",\n  \"indexes\": {");
    // projections as CreateTable sends them: an INCLUDE carries the type attribute the model adds
    CreateTableRequest create = table.createTableRequest();
    Map<String, Projection> projections = new HashMap<>();
    create.globalSecondaryIndexes().forEach(g -> projections.put(g.indexName(), g.projection()));
    create.localSecondaryIndexes().forEach(l -> projections.put(l.indexName(), l.projection()));
    List<String> indexes = new ArrayList<>();
    table.indexes().forEach((name, ix) -> indexes.add("\n    " + text(name) + ": {\"kind\": "
        + text(ix.local() ? "LSI" : "GSI") + ", \"pk\": " + text(ix.partitionKey())
        + ix.sortKeyAttribute().map(sk -> ", \"sk\": " + text(sk)).orElse("")
        + projection(projections.get(name)) + "}"));
    out.append(String.join(",", indexes)).append(indexes.isEmpty() ? "}" : "\n  }");
    out.append(",\n  \"entities\": {");
    List<String> entities = new ArrayList<>();
    for (EntityModel<?> e : model.entities()) {
      TemplateKey key = e.tableKey();
      StringBuilder one = new StringBuilder("\n    ").append(text(e.name())).append(": {\"type\": ")
          .append(text(e.typeValue().s())).append(", \"pk\": ").append(text(key.partition().source()));
      if (key.sort() != null) {
        one.append(", \"sk\": ").append(text(key.sort().source()));
      }
      List<String> onIndexes = new ArrayList<>();
      for (String index : table.indexes().keySet()) {
        TemplateKey k = e.keyOn(index);
        if (k != null) {
          onIndexes.add(text(index) + ": {\"pk\": " + text(k.partition().source())
              + (k.sort() == null ? "" : ", \"sk\": " + text(k.sort().source())) + "}");
        }
      }
      if (!onIndexes.isEmpty()) {
        one.append(", \"indexes\": {").append(String.join(", ", onIndexes)).append('}');
      }
      entities.add(one.append('}').toString());
    }
    out.append(String.join(",", entities)).append("\n  }");
    out.append(",\n  \"patterns\": [");
    List<String> patterns = new ArrayList<>();
    for (PatternModel p : model.patterns()) {
      StringBuilder one = new StringBuilder("\n    {\"name\": ").append(text(p.name()))
          .append(", \"index\": ").append(p.pattern().index().map(Description::text).orElse("null"))
          .append(", \"pk\": ").append(text(p.partition().source()));
      if (p.sortOp() != null && p.sort() != null) {
        one.append(", \"sk\": ").append(sort(p.sortOp(), p.sort().source()));
      }
      one.append(", \"entities\": [").append(String.join(", ", p.entities().stream().map(e -> text(e.name())).toList()))
          .append("]}");
      patterns.add(one.toString());
    }
    return out.append(String.join(",", patterns)).append("\n  ]\n}\n").toString();
  }

  /** An index's projection: {@code , "projection": "INCLUDE", "nonKeyAttributes": ["a", "_type"]}. */
  private static String projection(Projection p) {
    String out = ", \"projection\": " + text(p.projectionTypeAsString());
    if (p.hasNonKeyAttributes()) {
      out += ", \"nonKeyAttributes\": [" + String.join(", ", p.nonKeyAttributes().stream().map(Description::text).toList())
          + "]";
    }
    return out;
  }

  /**
   * A sort condition as the format names it: {"begins_with": "ORDER#"}. A BETWEEN has one template, which each
   * call fills twice (sortBetween(low, high)): the console asks for its fields once per end.
   */
  private static String sort(SortOp op, String template) {
    String name = switch (op) {
      case EQ -> "=";
      case BEGINS_WITH -> "begins_with";
      case BETWEEN -> "between";
      case GT -> ">";
      case GTE -> ">=";
      case LT -> "<";
      case LTE -> "<=";
    };
    return "{" + text(name) + ": " + text(template) + "}";
  }

  /** A JSON string. */
  static String text(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
