package io.partita.model.onetable;

import static io.partita.model.onetable.OneTableValues.checkType;
import static io.partita.model.onetable.OneTableValues.convert;
import static io.partita.model.onetable.OneTableValues.object;
import static io.partita.model.onetable.OneTableValues.objects;
import static io.partita.model.onetable.OneTableValues.text;
import static io.partita.model.onetable.OneTableValues.typeName;
import static io.partita.model.onetable.OneTableValues.unwrap;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;

/**
 * A OneTable or Dynatable schema (the format of seed 003: {@code format}, {@code version}, {@code indexes}, {@code
 * models} with {@code ${field}} key templates, {@code generate}, {@code default}, {@code params.timestamps}) read into
 * this library's table and entities, so a Java service shares one table with the TypeScript services that wrote
 * the schema. The reverse is {@code Model.toOneTable()}.
 *
 * <pre>{@code
 * OneTableSchema schema = OneTableSchema.parse(Files.readString(Path.of("schema.json")));
 * TableSchema table = schema.table("Blog");
 * Entity<User> user = schema.entity("User", User.class);
 * Entity<Post> post = schema.entity("Post", Post.class);
 * Model model = Model.builder(table).entities(user, post).patterns(...).build();
 * }</pre>
 *
 * <p>Records stay the mapping: each model's attributes must be components of the record given for it, of a type
 * that fits ({@code String}: String, enum, UUID, LocalDate; {@code Number}: the number types; {@code Boolean};
 * {@code Date}: Instant; {@code Array}: List; {@code Object}: Map or record; {@code Set}: Set; {@code Buffer}/{@code
 * Binary}: byte[]). An attribute that is neither {@code required} nor filled ({@code generate}, {@code default}, a
 * timestamp) may be absent from stored items and must be an {@code Optional}; a required one must not. With {@code
 * params.timestamps} every record needs the {@code created}/{@code updated} Instant components (or the names {@code
 * createdField}/{@code updatedField} give). Where the two libraries differ, the reading refuses rather than guess:
 * {@code isoDates: false} (OneTable then stores dates as epoch numbers; this library writes ISO text or epoch
 * seconds), {@code generate: 'uid'}, {@code map} (packed attributes), value templates on other attributes than keys,
 * and a key template with a brace of its own. {@code generate: 'uuid'} becomes a version 7 UUID (OneTable writes
 * version 4; both are UUIDs, v7 sorts by time). Every error is a {@link ModelException} naming the model and field.
 */
public final class OneTableSchema {
  private final Map<String, Object> root;
  private final Map<String, Map<String, Object>> indexes;
  private final Map<String, Map<String, Object>> models;
  private final Map<String, Object> params;

  private OneTableSchema(Map<String, Object> root) {
    this.root = root;
    Object format = root.get("format");
    if (!(format instanceof String f) || !(f.startsWith("onetable:") || f.startsWith("dynatable:"))) {
      throw new ModelException("Not a OneTable or Dynatable schema: format is " + format
          + ", not 'onetable:…' or 'dynatable:…'");
    }
    this.indexes = objects(root.get("indexes"), "indexes");
    this.models = objects(root.get("models"), "models");
    this.params = root.get("params") == null ? Map.of() : object(root.get("params"), "params");
    if (!indexes.containsKey("primary")) {
      throw new ModelException("OneTable schema: indexes has no 'primary' index");
    }
    if (Boolean.FALSE.equals(params.getOrDefault("isoDates", Boolean.FALSE)) && usesDates()) {
      throw new ModelException("OneTable schema: params.isoDates is false, so OneTable stores dates as epoch "
          + "numbers; this library stores an Instant as ISO-8601 text (or epoch seconds): set isoDates: true");
    }
  }

  /** Reads the schema: JSON, or the JavaScript/TypeScript object literal ({@code const S = {...} as const;}). */
  public static OneTableSchema parse(String text) {
    return new OneTableSchema(io.partita.model.internal.JsonText.parse(Objects.requireNonNull(text, "text")));
  }

  /** The schema's {@code format} ({@code onetable:1.0.0}, {@code dynatable:1.0.0}). */
  public String format() {
    return (String) root.get("format");
  }

  /** The schema's {@code version}, if it has one. */
  public Optional<String> version() {
    return Optional.ofNullable(root.get("version")).map(Object::toString);
  }

  /** The model names, in declaration order. */
  public Set<String> models() {
    return Collections.unmodifiableSet(models.keySet());
  }

  /**
   * The table: its key attributes ({@code indexes.primary}), each other index (a global one, or a local one with
   * {@code type: 'local'}; {@code project}: {@code 'all'}, {@code 'keys'} or attribute names) and the type attribute
   * ({@code params.typeField}, default {@code _type}).
   */
  public TableSchema table(String tableName) {
    Map<String, Object> primary = indexes.get("primary");
    TableSchema t = TableSchema.named(tableName).partitionKey(text(primary, "hash", "index primary"));
    t = primary.get("sort") == null ? t.noSortKey() : t.sortKey(text(primary, "sort", "index primary"));
    t = t.typeAttribute(typeField());
    for (Map.Entry<String, Map<String, Object>> e : indexes.entrySet()) {
      if (e.getKey().equals("primary")) {
        continue;
      }
      Map<String, Object> index = e.getValue();
      String where = "index " + e.getKey();
      TableSchema.Projection projection = projection(index.get("project"), where);
      if ("local".equals(index.get("type"))) {
        t = t.localIndex(e.getKey(), text(index, "sort", where), projection);
      } else if (index.get("sort") == null) {
        t = t.globalIndex(e.getKey(), text(index, "hash", where), null, projection);
      } else {
        t = t.globalIndex(e.getKey(), text(index, "hash", where), text(index, "sort", where), projection);
      }
    }
    return t;
  }

  /**
   * The entity of model {@code name} mapped to {@code type}: its type attribute value is the model's name; its key
   * templates come from {@code key} (Dynatable) or from the attributes named like the indexes' key attributes that
   * carry a {@code value} template (OneTable); {@code generate}, {@code default} and the table's timestamps carry over.
   */
  public <T extends Record> Entity<T> entity(String name, Class<T> type) {
    Map<String, Object> model = models.get(Objects.requireNonNull(name, "name"));
    if (model == null) {
      throw new ModelException("OneTable schema has no model " + name + "; it has " + models.keySet(), name, null);
    }
    Objects.requireNonNull(type, "type");
    Map<String, RecordComponent> components = new LinkedHashMap<>();
    for (RecordComponent c : type.getRecordComponents()) {
      components.put(c.getName(), c);
    }
    Map<String, Map<String, Object>> keyAttributes = model.get("key") == null ? Map.of()
        : objects(model.get("key"), "model " + name + " key"); // Dynatable's keys
    Map<String, Map<String, Object>> attributes = attributes(name, model);
    Set<String> keyNames = keyAttributeNames();
    Map<String, String> templates = templates(name, keyAttributes, attributes, keyNames);
    Entity<T> entity = keys(Entity.of(type).name(name), name, templates);
    String[] stamps = timestamps(name, type, components);
    String created = stamps[0];
    String updated = stamps[1];
    if (created != null || updated != null) {
      entity = entity.timestamps(created, updated);
    }
    for (Map.Entry<String, Map<String, Object>> e : attributes.entrySet()) {
      if (!keyNames.contains(e.getKey())) {
        entity = attribute(entity, name, e.getKey(), e.getValue(), components, stamps);
      }
    }
    for (String component : components.keySet()) {
      if (!attributes.containsKey(component) && !component.equals(created) && !component.equals(updated)) {
        throw new ModelException("OneTable schema, model " + name + " has no attribute " + component + ", a component"
            + " of " + type.getSimpleName(), name, component);
      }
    }
    return entity;
  }

  /** The model's attributes: OneTable keeps them at the model's top level, Dynatable under 'attributes'. */
  private static Map<String, Map<String, Object>> attributes(String name, Map<String, Object> model) {
    Map<String, Map<String, Object>> attributes = new LinkedHashMap<>();
    Object declared = model.get("attributes");
    Map<String, Object> source = declared instanceof Map<?, ?> ? object(declared, "model " + name + " attributes")
        : model;
    for (Map.Entry<String, Object> e : source.entrySet()) {
      if (declared == null && e.getKey().equals("key")) {
        continue;
      }
      attributes.put(e.getKey(), object(e.getValue(), "model " + name + " attribute " + e.getKey()));
    }
    return attributes;
  }

  /** Key attribute to its template in this library's syntax: Dynatable's under 'key', OneTable's value templates. */
  private static Map<String, String> templates(String name, Map<String, Map<String, Object>> keyAttributes,
      Map<String, Map<String, Object>> attributes, Set<String> keyNames) {
    Map<String, String> templates = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Object>> e : keyAttributes.entrySet()) {
      templates.put(e.getKey(), template(name, e.getKey(), e.getValue().get("value")));
    }
    for (Map.Entry<String, Map<String, Object>> e : attributes.entrySet()) {
      Object value = e.getValue().get("value");
      if (keyNames.contains(e.getKey())) {
        if (value != null) {
          templates.put(e.getKey(), template(name, e.getKey(), value));
        }
      } else if (value != null) {
        throw new ModelException("OneTable schema, model " + name + ", attribute " + e.getKey() + ": a value template"
            + " on an attribute that is no index key is not supported", name, e.getKey());
      }
    }
    return templates;
  }

  /** The table key and the key of every index whose key attributes the model has templates for. */
  private <T extends Record> Entity<T> keys(Entity<T> entity, String name, Map<String, String> templates) {
    Map<String, Object> primary = indexes.get("primary");
    String pk = text(primary, "hash", "index primary");
    String sk = (String) primary.get("sort");
    entity = sk == null ? entity.key(need(templates, pk, name)) : entity.key(need(templates, pk, name),
        need(templates, sk, name));
    for (Map.Entry<String, Map<String, Object>> e : indexes.entrySet()) {
      Map<String, Object> index = e.getValue();
      if (e.getKey().equals("primary")) {
        continue;
      }
      if ("local".equals(index.get("type"))) {
        String lsk = (String) index.get("sort");
        if (templates.containsKey(lsk)) {
          entity = entity.localIndex(e.getKey(), templates.get(lsk));
        }
      } else if (templates.containsKey(index.get("hash"))) {
        String isk = (String) index.get("sort");
        entity = isk == null ? entity.index(e.getKey(), templates.get(index.get("hash")))
            : entity.index(e.getKey(), templates.get(index.get("hash")), need(templates, isk, name));
      }
    }
    return entity;
  }

  /** The created and updated fields params.timestamps writes (null: none), each an Instant component. */
  private String[] timestamps(String name, Class<?> type, Map<String, RecordComponent> components) {
    String created = null;
    String updated = null;
    Object timestamps = params.getOrDefault("timestamps", Boolean.FALSE);
    if (Boolean.TRUE.equals(timestamps) || "create".equals(timestamps)) {
      created = (String) params.getOrDefault("createdField", "created");
    }
    if (Boolean.TRUE.equals(timestamps) || "update".equals(timestamps)) {
      updated = (String) params.getOrDefault("updatedField", "updated");
    }
    for (String stamp : new String[] {created, updated}) {
      if (stamp != null && (!components.containsKey(stamp) || unwrap(components.get(stamp)) != Instant.class)) {
        throw new ModelException("OneTable schema, model " + name + ": params.timestamps writes '" + stamp
            + "', so " + type.getSimpleName() + " needs an Instant component " + stamp, name, stamp);
      }
    }
    return new String[] {created, updated};
  }

  /** One attribute that is no key: its component checked, its generated id, ttl and default carried over. */
  private static <T extends Record> Entity<T> attribute(Entity<T> entity, String name, String field,
      Map<String, Object> a, Map<String, RecordComponent> components, String[] stamps) {
    String typeName = entity.type().getSimpleName();
    RecordComponent c = components.get(field);
    String where = "OneTable schema, model " + name + ", attribute " + field + ": ";
    if (c == null) {
      throw new ModelException(where + typeName + " has no component " + field + " (it has "
          + components.keySet() + ")", name, field);
    }
    if (a.containsKey("map")) {
      throw new ModelException(where + "'map' (an attribute stored under another name or packed) is not "
          + "supported", name, field);
    }
    checkType(where, a.get("type"), c);
    boolean optional = c.getType() == Optional.class;
    Object generate = a.get("generate");
    if (generate != null) {
      if ("ulid".equals(generate)) {
        entity = entity.generatedId(field, Ids.ULID);
      } else if ("uuid".equals(generate)) {
        entity = entity.generatedId(field, Ids.UUID_V7);
      } else {
        throw new ModelException(where + "generate '" + generate + "' is not supported (ulid, uuid are)", name,
            field);
      }
    }
    if (Boolean.TRUE.equals(a.get("ttl"))) {
      entity = entity.ttl(field); // epoch seconds, as OneTable stores a ttl attribute
    }
    Object def = a.get("default");
    if (def != null) {
      entity = entity.defaultValue(field, convert(where, def, unwrap(c)));
    }
    boolean required = Boolean.TRUE.equals(a.get("required"));
    boolean filled = generate != null || def != null || field.equals(stamps[0]) || field.equals(stamps[1]);
    if (required && optional) {
      throw new ModelException(where + "required, so " + typeName + "." + field + " must not be an Optional", name,
          field);
    }
    if (!required && !filled && !optional) {
      throw new ModelException(where + "not required, so stored items may lack it: declare " + typeName + "." + field
          + " as an Optional", name, field);
    }
    return entity;
  }

  private String typeField() {
    return (String) params.getOrDefault("typeField", "_type");
  }

  /** Every attribute that is a key of the table or of an index. */
  private Set<String> keyAttributeNames() {
    Set<String> out = new java.util.LinkedHashSet<>();
    for (Map<String, Object> index : indexes.values()) {
      if (index.get("hash") instanceof String h) {
        out.add(h);
      }
      if (index.get("sort") instanceof String s) {
        out.add(s);
      }
    }
    return out;
  }

  private boolean usesDates() {
    if (params.containsKey("timestamps") && !Boolean.FALSE.equals(params.get("timestamps"))) {
      return true;
    }
    for (Map<String, Object> model : models.values()) {
      Object attrs = model.get("attributes") instanceof Map<?, ?> m ? m : model;
      for (Object a : ((Map<?, ?>) attrs).values()) {
        if (a instanceof Map<?, ?> m && "date".equals(typeName(m.get("type")))) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code USER#${username}} as {@code USER#{username}}; {@code ${_type}} is the model's name. */
  private static String template(String model, String attribute, Object value) {
    if (!(value instanceof String v)) {
      throw new ModelException("OneTable schema, model " + model + ", key " + attribute + ": no value template",
          model, attribute);
    }
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < v.length()) {
      int open = v.indexOf("${", i);
      String literal = open < 0 ? v.substring(i) : v.substring(i, open);
      if (literal.indexOf('{') >= 0 || literal.indexOf('}') >= 0) {
        throw new ModelException("OneTable schema, model " + model + ", key " + attribute + ": template '" + v
            + "' has a brace outside ${...}", model, attribute);
      }
      out.append(literal);
      if (open < 0) {
        break;
      }
      int close = v.indexOf('}', open);
      if (close < 0) {
        throw new ModelException("OneTable schema, model " + model + ", key " + attribute + ": template '" + v
            + "' has an unclosed ${", model, attribute);
      }
      String field = v.substring(open + 2, close);
      if (field.equals("_type")) {
        out.append(model);
      } else if (!field.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
        throw new ModelException("OneTable schema, model " + model + ", key " + attribute + ": '${" + field
            + "}' is not a plain attribute name (padding and expressions are not supported)", model, attribute);
      } else {
        out.append('{').append(field).append('}');
      }
      i = close + 1;
    }
    return out.toString();
  }

  private static String need(Map<String, String> templates, String attribute, String model) {
    String t = templates.get(attribute);
    if (t == null) {
      throw new ModelException("OneTable schema, model " + model + ": no value template for key attribute "
          + attribute, model, attribute);
    }
    return t;
  }

  private static TableSchema.Projection projection(Object project, String where) {
    if (project == null || "all".equals(project)) {
      return TableSchema.Projection.all();
    }
    if ("keys".equals(project)) {
      return TableSchema.Projection.keysOnly();
    }
    if (project instanceof List<?> l) {
      return TableSchema.Projection.include(l.stream().map(Object::toString).toArray(String[]::new));
    }
    throw new ModelException("OneTable schema, " + where + ": project " + project + " is not 'all', 'keys' or a list");
  }

  @Override
  public String toString() {
    return "OneTableSchema[" + format() + ", models " + new ArrayList<>(models.keySet()) + "]";
  }
}
