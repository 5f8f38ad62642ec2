package io.partita.model.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.partita.model.ModelException;
import io.partita.model.Rule;
import io.partita.model.TableSchema;
import io.partita.model.VectorIndex;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The checks of the entities' vector fields against the table's vector indexes, when the model is built: a bound
 * field is a vector of the index's attribute, an entity writes the index's partition key, the index projects what a
 * search decodes, every index has an entity that writes it, and no field lands in an index unbound (DynamoDB indexes
 * every item carrying the attribute and refuses a write whose value is not a vector of its dimensions). Apart from
 * {@link ModelCompiler}, which calls it for each entity and then once for the model.
 */
final class VectorChecks {
  private VectorChecks() {}

  /**
   * The rule every write of a bound field runs: a vector of the index's dimensions (DynamoDB refuses another length
   * with "Invalid size for parameter"; refused here, before anything is sent, naming entity and field).
   */
  static Map<Field, List<Rule>> rules(EntitySpec spec, RecordMapper<?> mapper, TableSchema table) {
    Map<Field, List<Rule>> out = new LinkedHashMap<>();
    spec.vectors().forEach((indexName, fieldName) -> {
      VectorIndex v = table.vectorIndexes().get(indexName);
      if (v == null) {
        throw ModelCompiler.fail(spec.name(), fieldName, "vector index " + indexName + " is not a vector index of"
            + " table " + table.name() + " (it has " + table.vectorIndexes().keySet() + ")");
      }
      Field f = mapper.field(fieldName);
      if (!isVector(f)) {
        throw ModelCompiler.fail(spec.name(), fieldName, "a vector is a float[] or a List<Float> (or an Optional of"
            + " one), not a " + f.type().getTypeName());
      }
      if (!f.stored().equals(v.attribute())) {
        throw ModelCompiler.fail(spec.name(), fieldName, "is stored as " + f.stored() + ", but vector index "
            + indexName + " reads attribute " + v.attribute() + ": store it as " + v.attribute()
            + " (storedAs or @Attr)");
      }
      int dimensions = v.dimensions();
      out.computeIfAbsent(f, x -> new ArrayList<>()).add(Rule.check(value -> length(value) == dimensions, "has "
          + dimensions + " numbers, the dimensions of vector index " + indexName));
    });
    return out;
  }

  private static boolean isVector(Field f) {
    Type t = f.type();
    if (f.optional()) {
      t = ((ParameterizedType) t).getActualTypeArguments()[0];
    }
    return t == float[].class || (t instanceof ParameterizedType p && p.getRawType() == List.class
        && p.getActualTypeArguments()[0] == Float.class);
  }

  private static int length(Object vector) {
    return vector instanceof float[] a ? a.length : ((List<?>) vector).size();
  }

  /** Every entity's bindings, checked against the index and the other entities. */
  static List<VectorBinding> bindings(TableSchema table, List<EntitySpec> specs, List<EntityModel<?>> entities) {
    List<VectorBinding> out = new ArrayList<>();
    Set<String> written = new HashSet<>();
    for (int i = 0; i < specs.size(); i++) {
      EntityModel<?> e = entities.get(i);
      Map<String, String> bound = specs.get(i).vectors();
      for (VectorIndex v : table.vectorIndexes().values()) {
        Field f = storedAs(e, v.attribute());
        if (f != null && !bound.containsKey(v.name())) {
          throw ModelCompiler.fail(e.name(), f.name(), "is stored as " + v.attribute() + ", the vector attribute of"
              + " vector index " + v.name() + ", so DynamoDB puts it there: bind it with vector(\"" + f.name()
              + "\", \"" + v.name() + "\"), or store it under another name");
        }
      }
      bound.forEach((index, field) -> {
        out.add(binding(table, table.vectorIndexes().get(index), e, e.mapper().field(field)));
        written.add(index);
      });
    }
    for (VectorIndex v : table.vectorIndexes().values()) {
      if (!written.contains(v.name())) {
        throw new ModelException("Table " + table.name() + ", vector index " + v.name() + ": no entity writes its"
            + " vector attribute " + v.attribute() + "; bind an entity's float[] or List<Float> field to it with"
            + " Entity.vector(field, \"" + v.name() + "\")");
      }
    }
    return out;
  }

  private static VectorBinding binding(TableSchema table, VectorIndex v, EntityModel<?> e, Field vector) {
    String where = "vector index " + v.name();
    Field partitionField = null;
    Template partitionTemplate = null;
    if (v.partitionKey() != null) {
      partitionField = storedAs(e, v.partitionKey());
      partitionTemplate = partitionField == null ? templateFor(e, v.partitionKey()) : null;
      if (partitionField == null && partitionTemplate == null) {
        throw ModelCompiler.fail(e.name(), vector.name(), where + " is partitioned by attribute " + v.partitionKey()
            + ", which the entity does not write (no field stored as it, no key template for it), so its items"
            + " would never be in the index");
      }
      checkType(e, v, partitionField);
    }
    Map<String, Field> filters = new LinkedHashMap<>();
    for (String a : v.inlineFilters()) {
      Field f = storedAs(e, a);
      if (f != null) {
        checkType(e, v, f);
        filters.put(f.name(), f);
      }
    }
    checkProjected(table, v, e, vector);
    return new VectorBinding(v, e, vector, partitionField, partitionTemplate, filters);
  }

  /** A field in the search schema has the type the index defines for it (DynamoDB refuses a write otherwise). */
  private static void checkType(EntityModel<?> e, VectorIndex v, Field f) {
    if (f == null) {
      return; // a key template: a string, and the table defines key attributes as S
    }
    String declared = v.types().get(f.stored()).toString();
    String stored = Codecs.attributeType(f.codec());
    if (!declared.equals(stored)) {
      throw ModelCompiler.fail(e.name(), f.name(), "is stored as " + stored + ", but vector index " + v.name()
          + " defines its search schema attribute " + f.stored() + " as " + declared + (List.of("S", "N", "B")
          .contains(stored) ? ": declare it as " + stored : ": a search schema attribute is S, N or B"));
    }
  }

  /**
   * A search decodes whole records from what the index returns, which is never the vector: every other field of the
   * entity (and its schema version attribute) must be projected, as an access pattern's index must.
   */
  private static void checkProjected(TableSchema table, VectorIndex v, EntityModel<?> e, Field vector) {
    ProjectionType type = v.projection().type();
    if (type == ProjectionType.ALL) {
      return;
    }
    Set<String> projected = new HashSet<>(v.projection().nonKeyAttributes());
    projected.add(table.partitionKey());
    table.sortKey().ifPresent(projected::add);
    projected.addAll(v.searchAttributes());
    List<String> needed = new ArrayList<>();
    e.mapper().fields().stream().filter(f -> f != vector).forEach(f -> needed.add(f.stored()));
    if (e.schemaStamp() != null) {
      needed.add(e.schemaStamp().getKey());
    }
    for (String a : needed) {
      if (!projected.contains(a)) {
        throw ModelCompiler.fail(e.name(), vector.name(), "vector index " + v.name() + " projects " + type
            + (v.projection().nonKeyAttributes().isEmpty() ? "" : " " + v.projection().nonKeyAttributes())
            + ", not " + a + "; a search returns whole records, so project it (INCLUDE it, or ALL)");
      }
    }
  }

  /** The field of {@code e} stored as {@code attribute}, or null. */
  private static Field storedAs(EntityModel<?> e, String attribute) {
    for (Field f : e.mapper().fields()) {
      if (f.stored().equals(attribute)) {
        return f;
      }
    }
    return null;
  }

  /** The key template with which {@code e} writes key attribute {@code attribute} (table or index), or null. */
  private static Template templateFor(EntityModel<?> e, String attribute) {
    List<TemplateKey> keys = new ArrayList<>();
    keys.add(e.tableKey());
    keys.addAll(e.indexKeys());
    for (TemplateKey k : keys) {
      Template t = k.byAttribute().get(attribute);
      if (t != null) {
        return t;
      }
    }
    return null;
  }
}
