package io.partita.model.internal;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.partita.model.AccessPattern;
import io.partita.model.Ids;
import io.partita.model.ModelException;
import io.partita.model.Rule;
import io.partita.model.TableSchema;
import io.partita.model.internal.RecordMapper.Field;

/**
 * Checks a model and compiles it. Every problem is a {@link ModelException} naming the entity (or access pattern)
 * and the field, so a broken model fails when it is built, never at its first request.
 */
public final class ModelCompiler {

  /** An access pattern with the positions, in the model's entity list, of the entities it returns. */
  public record PatternSpec(AccessPattern<?> pattern, List<Integer> entities) {}

  private TableSchema table;
  private final Codecs codecs = new Codecs();

  private ModelCompiler(TableSchema table) {
    this.table = table;
  }

  public static CompiledModel compile(TableSchema table, List<EntitySpec> entities, List<PatternSpec> patterns) {
    ModelCompiler c = new ModelCompiler(table);
    List<EntityModel<?>> compiled = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Set<Class<?>> types = new HashSet<>();
    for (EntitySpec spec : entities) {
      if (spec.name() == null || spec.name().isEmpty()) {
        throw new ModelException("Entity of " + spec.type().getName() + " has an empty name");
      }
      if (!names.add(spec.name())) {
        throw new ModelException("Entity " + spec.name() + " is declared twice", spec.name(), null);
      }
      if (!types.add(spec.type())) {
        throw new ModelException("Entity " + spec.name() + ": record " + spec.type().getName()
            + " already belongs to another entity", spec.name(), null);
      }
      compiled.add(c.entity(spec));
    }
    c.checkDistinctKeys(compiled);
    c.timeToLive(entities, compiled);
    List<PatternModel> compiledPatterns = new ArrayList<>();
    Set<String> patternNames = new HashSet<>();
    for (PatternSpec p : patterns) {
      if (!patternNames.add(p.pattern().name())) {
        throw new ModelException("Access pattern '" + p.pattern().name() + "' is declared twice");
      }
      List<EntityModel<?>> returned = new ArrayList<>();
      for (int i : p.entities()) {
        returned.add(compiled.get(i));
      }
      compiledPatterns.add(new PatternCompiler(table).pattern(p.pattern(), returned));
    }
    List<VectorBinding> vectors = VectorChecks.bindings(c.table, entities, compiled);
    return new CompiledModel(c.table, List.copyOf(compiled), List.copyOf(compiledPatterns), List.copyOf(vectors));
  }

  /** DynamoDB has one TTL attribute per table: every entity's ttl field must be stored under the same name. */
  private void timeToLive(List<EntitySpec> specs, List<EntityModel<?>> compiled) {
    String attribute = table.timeToLiveAttribute().orElse(null);
    String from = attribute == null ? null : "the table";
    for (int i = 0; i < specs.size(); i++) {
      if (specs.get(i).ttl() == null) {
        continue;
      }
      EntityModel<?> e = compiled.get(i);
      String stored = e.mapper().field(specs.get(i).ttl()).stored();
      if (attribute != null && !attribute.equals(stored)) {
        throw fail(e.name(), specs.get(i).ttl(), "its ttl attribute " + stored + " is not " + attribute + ", the"
            + " time-to-live attribute of " + from + "; DynamoDB reads one per table: store it as " + attribute);
      }
      attribute = stored;
      from = "entity " + e.name();
    }
    if (attribute != null && table.timeToLiveAttribute().isEmpty()) {
      table = table.timeToLive(attribute);
    }
  }

  static ModelException fail(String entity, String field, String message) {
    return new ModelException("Entity " + entity + (field == null ? "" : ", field " + field) + ": " + message,
        entity, field);
  }

  private <T> EntityModel<T> entity(EntitySpec spec) {
    String name = spec.name();
    @SuppressWarnings("unchecked")
    Class<T> type = (Class<T>) spec.type();
    RecordMapper<T> mapper = mapper(spec, type);
    Set<String> reserved = new HashSet<>(table.keyAttributes());
    reserved.add(table.typeAttribute());
    Map<String, String> storedBy = storedNames(name, mapper, reserved);
    if (spec.partitionKey() == null) {
      throw fail(name, null, "has no table key: declare it with key(partition, sort)");
    }
    KeyShape tableShape = new KeyShape(null, table.partitionKey(), table.sortKey().orElse(null));
    TemplateKey tableKey = keyTemplates(name, mapper, tableShape, spec.partitionKey(), spec.sortKey(), true);
    Map<String, TemplateKey> indexKeys = indexKeys(spec, mapper, tableKey);
    Map<Field, Ids> generated = EntityChecks.generatedIds(spec, mapper);
    Map<Field, Object> defaults = EntityChecks.defaults(spec, mapper);
    Field createdAt = EntityChecks.typed(name, mapper, spec.createdAt(), "createdAt", Instant.class);
    Field updatedAt = EntityChecks.typed(name, mapper, spec.updatedAt(), "updatedAt", Instant.class);
    EntityChecks.typed(name, mapper, spec.ttl(), "ttl", Instant.class, Long.class);
    Field version = EntityChecks.typed(name, mapper, spec.version(), "version", Long.class, Integer.class);
    KeyDrift.checkModel(name, tableKey, updatedAt, version);
    Map<Field, List<Rule>> rules = new LinkedHashMap<>();
    spec.rules().forEach((fieldName, list) -> {
      Field f = mapper.field(fieldName);
      for (Rule r : list) {
        EntityChecks.checkRule(name, f, r);
      }
      rules.put(f, list);
    });
    VectorChecks.rules(spec, mapper, table).forEach((f, r) -> rules.merge(f, r, (a, b) -> {
      List<Rule> both = new ArrayList<>(a);
      both.addAll(b);
      return List.copyOf(both);
    }));
    EntityModel.Schema schema = EntityChecks.schema(spec, reserved, storedBy);
    return new EntityModel<>(name, type, mapper, table.typeAttribute(), tableKey, indexKeys, generated, defaults,
        createdAt, updatedAt, version, rules, schema);
  }

  /** The record's mapper, once every field the spec names is known to be a component of the record. */
  private <T> RecordMapper<T> mapper(EntitySpec spec, Class<T> type) {
    String name = spec.name();
    Map<String, Class<?>> componentTypes = new LinkedHashMap<>();
    for (RecordComponent rc : type.getRecordComponents()) {
      componentTypes.put(rc.getName(), rc.getType());
    }
    List<String> mentioned = new ArrayList<>();
    mentioned.addAll(spec.storedNames().keySet());
    mentioned.addAll(spec.generatedIds().keySet());
    mentioned.addAll(spec.defaults().keySet());
    mentioned.addAll(spec.epochSeconds());
    mentioned.addAll(spec.rules().keySet());
    mentioned.addAll(spec.vectors().values());
    for (String f : new String[] {spec.createdAt(), spec.updatedAt(), spec.ttl(), spec.version()}) {
      if (f != null) {
        mentioned.add(f);
      }
    }
    for (String f : mentioned) {
      if (!componentTypes.containsKey(f)) {
        throw fail(name, f, "record " + type.getSimpleName() + " has no component " + f
            + " (it has " + componentTypes.keySet() + ")");
      }
    }
    Set<String> epochSeconds = new HashSet<>(spec.epochSeconds());
    if (spec.ttl() != null && EntityChecks.isInstant(type, spec.ttl())) {
      epochSeconds.add(spec.ttl());
    }
    try {
      return RecordMapper.forEntity(type, codecs, spec.storedNames(), epochSeconds);
    } catch (RecordMapper.FieldException e) {
      throw fail(name, e.field(), e.getMessage());
    } catch (IllegalArgumentException e) {
      throw fail(name, null, e.getMessage());
    }
  }

  /** Stored name to field: each stored once, none a key attribute or the type attribute of the table. */
  private Map<String, String> storedNames(String name, RecordMapper<?> mapper, Set<String> reserved) {
    Map<String, String> storedBy = new HashMap<>();
    for (Field f : mapper.fields()) {
      if (reserved.contains(f.stored())) {
        throw fail(name, f.name(), "stored name " + f.stored()
            + " is a key attribute or the type attribute of table " + table.name());
      }
      String other = storedBy.put(f.stored(), f.name());
      if (other != null) {
        throw fail(name, f.name(), "stored name " + f.stored() + " is also the stored name of field " + other);
      }
    }
    return storedBy;
  }

  /** The entity's key templates on each index it declares (a local index's partition template is the table's). */
  private Map<String, TemplateKey> indexKeys(EntitySpec spec, RecordMapper<?> mapper, TemplateKey tableKey) {
    String name = spec.name();
    Map<String, TemplateKey> indexKeys = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : spec.indexes().entrySet()) {
      TableSchema.Index index = index(name, e.getKey());
      KeyShape shape = new KeyShape(index.name(), index.partitionKeys(), index.sortKeys(), index.local());
      String partition = e.getValue().get(0) == null ? spec.partitionKey() : e.getValue().get(0);
      TemplateKey k = keyTemplates(name, mapper, shape, partition, e.getValue().get(1), false);
      if (index.local() && !k.partition().sameAs(tableKey.partition())) {
        throw fail(name, null, "local index " + index.name() + " shares the table's partition key, so its partition"
            + " template must be the table's '" + tableKey.partition() + "', not '" + k.partition() + "'");
      }
      indexKeys.put(index.name(), k);
    }
    for (Map.Entry<String, List<List<String>>> e : spec.multiIndexes().entrySet()) {
      TableSchema.Index index = index(name, e.getKey());
      indexKeys.put(index.name(), multiKeyTemplates(name, mapper, index, e.getValue().get(0), e.getValue().get(1)));
    }
    return indexKeys;
  }

  private TableSchema.Index index(String entity, String indexName) {
    TableSchema.Index index = table.indexes().get(indexName);
    if (index == null) {
      throw fail(entity, null, "index " + indexName + " is not an index of table " + table.name() + " (it has "
          + table.indexes().keySet() + ")");
    }
    return index;
  }

  /** An entity's templates for a multi-attribute GSI key: one per key attribute, as many as the index has. */
  private TemplateKey multiKeyTemplates(String entity, RecordMapper<?> mapper, TableSchema.Index index,
      List<String> partitions, List<String> sorts) {
    String where = "index " + index.name();
    if (partitions.size() != index.partitionKeys().size() || sorts.size() != index.sortKeys().size()) {
      throw fail(entity, null, "the " + where + " has partition key " + index.partitionKeys() + " and sort key "
          + index.sortKeys() + ": give one template per attribute, not " + partitions.size() + " and "
          + sorts.size());
    }
    List<Template> p = new ArrayList<>();
    for (int i = 0; i < partitions.size(); i++) {
      p.add(template(entity, mapper, where, index.partitionKeys().get(i), partitions.get(i), false));
    }
    List<Template> s = new ArrayList<>();
    for (int i = 0; i < sorts.size(); i++) {
      s.add(template(entity, mapper, where, index.sortKeys().get(i), sorts.get(i), false));
    }
    return new TemplateKey(new KeyShape(index.name(), index.partitionKeys(), index.sortKeys(), false), p, s);
  }

  private TemplateKey keyTemplates(String entity, RecordMapper<?> mapper, KeyShape shape, String partition,
      String sort, boolean requiredFields) {
    if (shape.multiAttribute()) {
      throw fail(entity, null, "index " + shape.index() + " has a multi-attribute key (partition " + shape
          .partitionKeys() + ", sort " + shape.sortKeys() + "): declare its templates with index(name, List.of(..),"
          + " List.of(..))");
    }
    String where = shape.isTable() ? "table" : "index " + shape.index();
    if (shape.sortKey() == null && sort != null) {
      throw fail(entity, null, "the " + where + " has no sort key, but a sort key template '" + sort
          + "' is given");
    }
    if (shape.sortKey() != null && sort == null) {
      throw fail(entity, null, "the " + where + " has sort key " + shape.sortKey() + " but no template for it");
    }
    Template pk = template(entity, mapper, where, shape.partitionKey(), partition, requiredFields);
    Template sk = sort == null ? null : template(entity, mapper, where, shape.sortKey(), sort, requiredFields);
    return new TemplateKey(shape, pk, sk);
  }

  private Template template(String entity, RecordMapper<?> mapper, String where, String attribute, String source,
      boolean requiredFields) {
    Template t;
    try {
      t = Template.parse(source);
    } catch (IllegalArgumentException e) {
      throw fail(entity, null, "the " + where + " key template for " + attribute + " cannot be parsed: "
          + e.getMessage());
    }
    for (String fieldName : t.fields()) {
      Field f = mapper.field(fieldName);
      if (f == null) {
        throw fail(entity, fieldName, "the " + where + " key template '" + source + "' for " + attribute
            + " names a field that record " + mapper.type().getSimpleName() + " does not have");
      }
      if (!f.codec().scalar()) {
        throw fail(entity, fieldName, "the " + where + " key template '" + source + "' uses a field of type "
            + f.type().getTypeName() + ", which cannot be part of a key");
      }
      checkFormats(entity, t, fieldName, f, source);
      if (requiredFields && f.optional()) {
        throw fail(entity, fieldName, "the table key template '" + source + "' uses an Optional field; table key"
            + " fields must be required (Optional fields suit sparse index keys)");
      }
    }
    return t;
  }

  /** {@code {n:08d}} needs a whole-number field; {@code upper}/{@code lower} a String or an enum. */
  private void checkFormats(String entity, Template t, String fieldName, Field f, String source) {
    for (Template.Token token : t.tokens()) {
      if (token.literal() || token.format() == null || !token.text().equals(fieldName)) {
        continue;
      }
      Class<?> v = f.valueType();
      boolean ok = token.width() > 0
          ? v == Integer.class || v == Long.class || v == Short.class || v == Byte.class
              || v == java.math.BigInteger.class
          : v == String.class || v.isEnum();
      if (!ok) {
        throw fail(entity, fieldName, "the key template '" + source + "' formats " + fieldName + " as "
            + token.format() + ", which does not apply to a " + f.type().getTypeName() + " ("
            + (token.width() > 0 ? "0Nd pads whole numbers: int, long, short, byte, BigInteger"
                : "upper and lower apply to String and enum fields") + ")");
      }
    }
  }

  /** Two entities whose table keys could be equal would overwrite each other's items. */
  private void checkDistinctKeys(List<EntityModel<?>> entities) {
    for (int i = 0; i < entities.size(); i++) {
      for (int j = i + 1; j < entities.size(); j++) {
        TemplateKey a = entities.get(i).tableKey();
        TemplateKey b = entities.get(j).tableKey();
        boolean pk = a.partition().mayOverlap(b.partition());
        boolean sk = a.sort() == null || a.sort().mayOverlap(b.sort());
        if (pk && sk) {
          String other = entities.get(i).name();
          String name = entities.get(j).name();
          throw new ModelException("Entity " + name + ": its table key (" + describe(b) + ") cannot be told apart"
              + " from entity " + other + "'s (" + describe(a) + "); give one of them a different literal prefix",
              name, firstField(b));
        }
      }
    }
  }

  private static String firstField(TemplateKey k) {
    List<String> fields = EntityModel.fieldsOf(k);
    return fields.isEmpty() ? null : fields.get(0);
  }

  /** {@code pk 'USER#{id}', sk 'POST#{postId}'}: each key attribute and its template. */
  static String describe(TemplateKey k) {
    StringBuilder out = new StringBuilder();
    k.byAttribute().forEach((attribute, t) -> out.append(out.length() == 0 ? "" : ", ").append(attribute)
        .append(" '").append(t).append('\''));
    return out.toString();
  }
}
