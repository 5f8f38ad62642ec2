package io.partita.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.partita.model.internal.CompiledModel;
import io.partita.model.internal.EntityModel;
import io.partita.model.internal.EntitySpec;
import io.partita.model.internal.ModelCompiler;
import io.partita.model.internal.PatternModel;
import io.partita.model.internal.Recognition;
import io.partita.model.internal.Worksheet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A single-table design: the table, its entities and its access patterns, checked as a whole when built.
 * Immutable and thread-safe; share one per application.
 *
 * <pre>{@code
 * Model model = Model.builder(TableSchema.named("Blog").globalIndex("gsi1", "gsi1pk", "gsi1sk"))
 *     .entities(user, post, comment, postTag)
 *     .patterns(getUser, postsByUser, commentsOnPost, publishedPosts, commentsByUser, postsByTag)
 *     .build();
 * System.out.println(model.worksheet());
 * }</pre>
 */
public final class Model {
  private final CompiledModel compiled;
  private final Map<Entity<?>, EntityModel<?>> entities;
  private final Map<AccessPattern<?>, PatternModel> patterns;
  private final Recognition recognition;

  private Model(CompiledModel compiled, Map<Entity<?>, EntityModel<?>> entities,
      Map<AccessPattern<?>, PatternModel> patterns) {
    this.compiled = compiled;
    this.entities = entities;
    this.patterns = patterns;
    this.recognition = Recognition.of(compiled, false);
  }

  /** How reads tell which entity wrote an item (strict: a foreign item is an error). */
  Recognition recognition() {
    return recognition;
  }

  public static Builder builder(TableSchema table) {
    return new Builder(table);
  }

  public TableSchema table() {
    return compiled.table();
  }

  /**
   * The model as JSON in the schema format Partita's console reads (docs/console.md, "Schemas"): the
   * table's key attributes, each entity's key templates (table and indexes) and type value, and each
   * access pattern with the index that serves it. Paste it into the console's Collections view, or
   * register it with a Partita server ({@code PUT /partita/schemas/TABLE}) and the console finds it.
   */
  public String describe() {
    return io.partita.model.internal.Description.json(compiled);
  }

  /**
   * The access-pattern worksheet as a Markdown table: one row per pattern, in declaration order, with its planning
   * columns, the table or index serving it and the GetItem or Query call it makes.
   */
  public String worksheet() {
    return Worksheet.markdown(compiled.patterns());
  }

  /**
   * Decodes an item read outside the model — a PartiQL answer, a raw Scan, an export line, a stream image — into its
   * entity's record, chosen by the type attribute, exactly as the model's own reads decode it. Empty when the item
   * is of an entity that is not a {@code type} (with {@code Object.class}: never), or is the library's own (a
   * migration record). An item the model did not write is refused, not passed over: test {@link #isForeign} first
   * when reading a table shared with other writers.
   *
   * <pre>{@code
   * for (Map<String, AttributeValue> item : dynamo.executeStatement(s -> s.statement(sql)).items()) {
   *   model.decode(item).ifPresent(r -> { if (r instanceof Order o) ... });
   * }
   * }</pre>
   *
   * @throws UnrecognizedItemException when the item has no type attribute or one naming no entity of this model, or
   *     names an entity and does not decode as one (then naming the entity and field)
   */
  public Optional<Object> decode(Map<String, AttributeValue> item) {
    return decode(item, Object.class);
  }

  /**
   * Whether {@code item} was not written by this model: it has no type attribute, or its type names no entity of the
   * model (nor the library's own items). Such an item is what {@link #decode} refuses.
   */
  public boolean isForeign(Map<String, AttributeValue> item) {
    return recognition.isForeign(Objects.requireNonNull(item, "item"));
  }

  /** {@link #decode(Map)} when the item is a {@code type} (a record class or an interface they implement). */
  public <T> Optional<T> decode(Map<String, AttributeValue> item, Class<T> type) {
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(type, "type");
    return Optional.ofNullable(type.cast(recognition.decode(item, e -> type.isAssignableFrom(e.type()), false)));
  }

  /**
   * The item this model stores for {@code record} as it is — fields, type attribute, schema version, table key and
   * every index key that can be built — with nothing maintained: no id generated, no timestamp or version changed,
   * no rule run. The inverse of {@link #decode}; what a backfill compares a stored item with
   * ({@code io.partita.model.migrate.Migration}).
   *
   * @throws ValidationException when the record is of no entity of this model, or a required field is null
   */
  public Map<String, AttributeValue> encode(Record record) {
    Objects.requireNonNull(record, "record");
    return encodeAs(entityModel(record.getClass()), record);
  }

  private static Map<String, AttributeValue> encodeAs(EntityModel<?> e, Record record) {
    return e.item(e.mapper().values(record));
  }

  /**
   * The model as a NoSQL Workbench data model file (JSON, the format of its "Export model", version 3.0), to open in
   * its data modeler and visualizer: the table's keys, every entity's fields as attributes with their types, one
   * facet per entity named after it with its key templates as key aliases, the global indexes with their
   * projections and the billing mode. The format has no place for local indexes and time to live: see {@link
   * TableSchema#toCloudFormation()} for the whole table. Nor for vector indexes: the model's description names
   * each one left out (the vector fields are attributes of type L).
   */
  public String toNoSqlWorkbench(String modelName) {
    String date = java.time.format.DateTimeFormatter.ofPattern("MMM d, yyyy, hh:mm a", java.util.Locale.US)
        .format(java.time.LocalDateTime.now(java.time.ZoneOffset.UTC));
    return io.partita.model.internal.WorkbenchExport.noSqlWorkbench(compiled, Objects.requireNonNull(modelName,
        "modelName"), date);
  }

  /**
   * The model as a OneTable schema (JSON, {@code format: 'onetable:1.0.0'}): the indexes, each entity as a model with
   * its key templates as {@code ${field}} value templates, its fields typed, required unless Optional, with
   * {@code generate} and {@code default}, and the timestamps as {@code params}, for the TypeScript services that share
   * the table. {@code io.partita.model.onetable.OneTableSchema} reads it back.
   *
   * @throws ModelException naming entity and field for what OneTable cannot say: a key format ({@code {n:04d}}), a
   *     stored name other than the field's, an Instant stored as epoch seconds, entities with different timestamp
   *     fields, a vector index (a OneTable index has hash and sort keys)
   */
  public String toOneTable() {
    return io.partita.model.internal.OneTableExport.json(compiled);
  }

  @SuppressWarnings("unchecked")
  <T extends Record> EntityModel<T> entityModel(Entity<T> entity) {
    EntityModel<?> e = entities.get(entity);
    if (e == null) {
      throw new ValidationException("Entity " + entity.name() + " is not part of this model", entity.name(), null);
    }
    return (EntityModel<T>) e;
  }

  @SuppressWarnings("unchecked")
  <T extends Record> EntityModel<T> entityModel(Class<T> type) {
    for (EntityModel<?> e : compiled.entities()) {
      if (e.type() == type) {
        return (EntityModel<T>) e;
      }
    }
    throw new ValidationException("No entity of this model is a " + type.getName(), null, null);
  }

  /**
   * {@code entity}'s field bound to vector index {@code index}.
   *
   * @throws ValidationException when the entity is not of this model, or binds no field to that index
   */
  <T extends Record> io.partita.model.internal.VectorBinding vectorBinding(Entity<T> entity, String index) {
    io.partita.model.internal.VectorBinding b = compiled.vector(entityModel(entity), Objects.requireNonNull(index,
        "index"));
    if (b == null) {
      throw new ValidationException("Entity " + entity.name() + " binds no field to vector index " + index + " (the"
          + " table's vector indexes: " + table().vectorIndexes().keySet() + "); bind one with Entity.vector(field, \""
          + index + "\")", entity.name(), null);
    }
    return b;
  }

  /** The entities in declaration order. */
  List<EntityModel<?>> entityModels() {
    return compiled.entities();
  }

  PatternModel patternModel(AccessPattern<?> pattern) {
    PatternModel p = patterns.get(pattern);
    if (p == null) {
      throw new ValidationException("Access pattern '" + pattern.name() + "' is not part of this model", null,
          null);
    }
    return p;
  }

  /** Collects a model; {@link #build()} checks it. */
  public static final class Builder {
    private final TableSchema table;
    private final List<Entity<?>> entities = new ArrayList<>();
    private final List<AccessPattern<?>> patterns = new ArrayList<>();

    private Builder(TableSchema table) {
      this.table = Objects.requireNonNull(table, "table");
    }

    public Builder entities(Entity<?>... entities) {
      for (Entity<?> e : entities) {
        this.entities.add(Objects.requireNonNull(e, "entity"));
      }
      return this;
    }

    public Builder patterns(AccessPattern<?>... patterns) {
      for (AccessPattern<?> p : patterns) {
        this.patterns.add(Objects.requireNonNull(p, "pattern"));
      }
      return this;
    }

    /**
     * Checks everything and returns the model.
     *
     * @throws ModelException naming the entity (or access pattern) and the field: an unsupported field type, an
     *     unknown field in a template, a template that cannot be parsed, an index the table does not have, an
     *     Optional field in a table key, two entities whose table keys cannot be told apart, an access pattern no
     *     key or index serves; a vector field ({@link Entity#vector}) that is not a float[] or List&lt;Float&gt;, not
     *     stored as its index's attribute, of an index the table does not have, or on an index that does not project
     *     the entity's other fields; an entity bound to a partitioned vector index without writing its partition key
     *     (or writing it, or an inline filter, with another type); a vector index no entity writes, and a field stored
     *     as a vector attribute without being bound to its index
     */
    public Model build() {
      List<EntitySpec> specs = new ArrayList<>();
      Map<Entity<?>, Integer> positions = new IdentityHashMap<>();
      for (Entity<?> e : entities) {
        if (positions.put(e, specs.size()) != null) {
          throw new ModelException("Entity " + e.name() + " is added twice", e.name(), null);
        }
        specs.add(e.spec());
      }
      List<ModelCompiler.PatternSpec> patternSpecs = new ArrayList<>();
      for (AccessPattern<?> p : patterns) {
        List<Integer> returned = new ArrayList<>();
        for (Entity<?> e : p.entities()) {
          Integer position = positions.get(e);
          if (position == null) {
            throw new ModelException("Access pattern '" + p.name() + "' returns entity " + e.name()
                + ", which is not part of the model", e.name(), null);
          }
          returned.add(position);
        }
        patternSpecs.add(new ModelCompiler.PatternSpec(p, returned));
      }
      CompiledModel compiled = ModelCompiler.compile(table, specs, patternSpecs);
      Map<Entity<?>, EntityModel<?>> entityModels = new IdentityHashMap<>();
      for (Map.Entry<Entity<?>, Integer> e : positions.entrySet()) {
        entityModels.put(e.getKey(), compiled.entities().get(e.getValue()));
      }
      Map<AccessPattern<?>, PatternModel> patternModels = new IdentityHashMap<>();
      for (int i = 0; i < patterns.size(); i++) {
        patternModels.put(patterns.get(i), compiled.patterns().get(i));
      }
      return new Model(compiled, entityModels, patternModels);
    }
  }
}
