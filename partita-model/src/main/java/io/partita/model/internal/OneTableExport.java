package io.partita.model.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import io.partita.model.Ids;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;

/**
 * A model as a OneTable schema ({@code Model.toOneTable()}): what {@code io.partita.model.onetable.OneTableSchema}
 * reads back into the same table and entities. What OneTable cannot express is refused, not dropped. The time-to-live
 * field is an attribute with {@code ttl: true}; a stream, point-in-time recovery, tags and billing are not part of a
 * OneTable schema (OneTable takes them as createTable() parameters), so the schema says nothing of them: the
 * CloudFormation and Terraform exports carry them. Vector indexes are refused (a OneTable index has hash and sort
 * keys); a float[] field is an {@code array}, as a List is.
 */
public final class OneTableExport {
  private OneTableExport() {}

  public static String json(CompiledModel model) {
    TableSchema table = model.table();
    if (!table.vectorIndexes().isEmpty()) {
      // a OneTable schema's indexes are keyed ones; a TypeScript service would create the table without these
      throw new ModelException("Table " + table.name() + " has vector indexes " + table.vectorIndexes().keySet()
          + ", which a OneTable schema cannot express (its indexes have hash and sort keys); the CloudFormation"
          + " export carries them");
    }
    Map<String, Object> indexes = indexes(table);
    String[] stamps = timestamps(model);
    Map<String, Object> models = new LinkedHashMap<>();
    for (EntityModel<?> e : model.entities()) {
      models.put(e.name(), model(e, table));
    }
    Map<String, Object> params = params(table, stamps[0], stamps[1]);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("format", "onetable:1.0.0");
    doc.put("version", "0.0.1");
    doc.put("indexes", indexes);
    doc.put("models", models);
    doc.put("params", params);
    StringBuilder out = new StringBuilder();
    TableExport.json(doc, out, "");
    return out.append('\n').toString();
  }

  /** The primary key and every index, with its projection. */
  private static Map<String, Object> indexes(TableSchema table) {
    Map<String, Object> indexes = new LinkedHashMap<>();
    Map<String, Object> primary = new LinkedHashMap<>();
    primary.put("hash", table.partitionKey());
    table.sortKey().ifPresent(s -> primary.put("sort", s));
    indexes.put("primary", primary);
    for (TableSchema.Index i : table.indexes().values()) {
      Map<String, Object> index = new LinkedHashMap<>();
      if (i.local()) {
        index.put("type", "local");
      } else {
        index.put("hash", i.partitionKey());
      }
      i.sortKeyAttribute().ifPresent(s -> index.put("sort", s));
      index.put("project", switch (i.projection().type()) {
        case KEYS_ONLY -> "keys";
        case INCLUDE -> new ArrayList<Object>(i.projection().nonKeyAttributes());
        default -> "all";
      });
      indexes.put(i.name(), index);
    }
    return indexes;
  }

  /** The createdAt and updatedAt fields, the same for every entity: a OneTable schema has one pair for the table. */
  private static String[] timestamps(CompiledModel model) {
    String created = null;
    String updated = null;
    boolean first = true;
    for (EntityModel<?> e : model.entities()) {
      String c = e.createdAt() == null ? null : e.createdAt().name();
      String u = e.updatedAt() == null ? null : e.updatedAt().name();
      if (first) {
        created = c;
        updated = u;
        first = false;
      } else if (!Objects.equals(created, c) || !Objects.equals(updated, u)) {
        throw new ModelException("Entity " + e.name() + ": timestamps " + c + "/" + u + " differ from another "
            + "entity's " + created + "/" + updated + "; a OneTable schema has one pair for the table", e.name(), null);
      }
    }
    return new String[] {created, updated};
  }

  /** One entity as a OneTable model: its key value templates and its attributes. */
  private static Map<String, Object> model(EntityModel<?> e, TableSchema table) {
    Map<String, Object> m = new LinkedHashMap<>();
    key(m, e, table.partitionKey(), e.tableKey().partition());
    table.sortKey().ifPresent(s -> key(m, e, s, e.tableKey().sort()));
    for (TableSchema.Index i : table.indexes().values()) {
      TemplateKey k = e.keyOn(i.name());
      if (k == null) {
        continue;
      }
      if (!i.local()) {
        key(m, e, i.partitionKey(), k.partition());
      }
      if (k.sort() != null) {
        key(m, e, i.sortKeyAttribute().orElseThrow(), k.sort());
      }
    }
    Map<RecordMapper.Field, Ids> ids = e.generatedIds();
    Map<RecordMapper.Field, Object> defaults = e.defaults();
    for (RecordMapper.Field f : e.mapper().fields()) {
      if (f == e.createdAt() || f == e.updatedAt()) {
        continue; // OneTable writes them itself (params.timestamps)
      }
      if (!f.stored().equals(f.name())) {
        throw new ModelException("Entity " + e.name() + ", field " + f.name() + ": stored as " + f.stored()
            + "; a OneTable attribute is stored under its own name", e.name(), f.name());
      }
      Map<String, Object> a = new LinkedHashMap<>();
      // OneTable's ttl attribute is a date stored as epoch seconds, as the table's time-to-live field is here
      boolean ttl = f.stored().equals(table.timeToLiveAttribute().orElse(null));
      a.put("type", ttl && f.valueType() == Instant.class ? "date" : typeOf(e, f));
      if (ttl) {
        a.put("ttl", Boolean.TRUE);
      }
      boolean filled = false;
      if (ids.containsKey(f)) {
        a.put("generate", ids.get(f) == Ids.ULID ? "ulid" : "uuid");
        filled = true;
      }
      if (defaults.containsKey(f)) {
        Object d = defaults.get(f);
        a.put("default", d instanceof Number || d instanceof Boolean ? d : d.toString());
        filled = true;
      }
      if (!f.optional() && !filled) {
        a.put("required", Boolean.TRUE);
      }
      m.put(f.name(), a);
    }
    return m;
  }

  private static Map<String, Object> params(TableSchema table, String created, String updated) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("isoDates", Boolean.TRUE);
    params.put("typeField", table.typeAttribute());
    if (created != null || updated != null) {
      params.put("timestamps", created != null && updated != null ? Boolean.TRUE : created != null ? "create"
          : "update");
      if (created != null) {
        params.put("createdField", created);
      }
      if (updated != null) {
        params.put("updatedField", updated);
      }
    }
    return params;
  }

  private static void key(Map<String, Object> m, EntityModel<?> e, String attribute, Template t) {
    StringBuilder v = new StringBuilder();
    for (Template.Token token : t.tokens()) {
      if (token.literal()) {
        v.append(token.text());
      } else if (token.format() != null) {
        throw new ModelException("Entity " + e.name() + ", key " + attribute + ": placeholder {" + token.text() + ":"
            + token.format() + "} has a format, which a OneTable value template cannot express", e.name(),
            token.text());
      } else {
        v.append("${").append(token.text()).append('}');
      }
    }
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("type", "string");
    a.put("value", v.toString());
    m.put(attribute, a);
  }

  private static String typeOf(EntityModel<?> e, RecordMapper.Field f) {
    Class<?> k = f.valueType();
    if (k == String.class || k.isEnum() || k == UUID.class || k == LocalDate.class) {
      return "string";
    }
    if (k == Instant.class) {
      if (!"S".equals(Codecs.attributeType(f.codec()))) {
        throw new ModelException("Entity " + e.name() + ", field " + f.name() + ": an Instant stored as epoch seconds;"
            + " OneTable's dates (isoDates) are ISO text", e.name(), f.name());
      }
      return "date";
    }
    if (Number.class.isAssignableFrom(k) || k == BigDecimal.class || k == BigInteger.class) {
      return "number";
    }
    if (k == Boolean.class) {
      return "boolean";
    }
    if (List.class.isAssignableFrom(k) || k == float[].class) {
      return "array";
    }
    if (Set.class.isAssignableFrom(k)) {
      return "set";
    }
    if (Map.class.isAssignableFrom(k) || k.isRecord()) {
      return "object";
    }
    return "binary";
  }
}
