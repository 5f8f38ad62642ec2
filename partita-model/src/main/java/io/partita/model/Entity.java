package io.partita.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.partita.model.internal.EntitySpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One entity of a single-table design, mapped from a Java record. Key templates are literal text and
 * {@code {field}} placeholders naming record components; a template without placeholders is a constant. A
 * placeholder may carry a format: {@code {number:08d}} (zero-padded to 8 digits, so numbers sort as numbers),
 * {@code {code:upper}}, {@code {code:lower}}.
 *
 * <pre>{@code
 * record Post(String username, String postId, String title, Optional<String> content, Boolean published,
 *             Instant createdAt, Instant updatedAt, Long version) implements BlogItem {}
 *
 * Entity<Post> post = Entity.of(Post.class)
 *     .key("USER#{username}", "POST#{postId}")
 *     .index("gsi1", "POST", "STATUS#{published}#{postId}")
 *     .generatedId("postId", Ids.ULID)
 *     .defaultValue("published", false)
 *     .timestamps("createdAt", "updatedAt")
 *     .version("version");
 * }</pre>
 *
 * <p>Fields: a component of type {@code Optional<X>} is optional (no attribute when empty); every other component
 * is required. Supported types: String; int, long, short, byte, double, float, their boxes, BigDecimal and
 * BigInteger (N, exact); boolean (BOOL); enums (S, by name); Instant (S, ISO-8601 with milliseconds, or N epoch
 * seconds, see {@link #epochSeconds}); LocalDate and UUID (S); byte[] and SdkBytes (B); List (L); float[] (L of N,
 * each element exact, as a List&lt;Float&gt; is: a vector, see {@link #vector}); Set of String,
 * of a number type or of SdkBytes (SS, NS, BS, left out when empty); Map with String keys (M); records (M).
 *
 * <p>This is a definition, not a live object: nothing is checked until {@link Model.Builder#build()}, which names
 * the entity and the field of each problem. Not thread-safe while being configured.
 */
public final class Entity<T extends Record> {
  private final Class<T> type;
  private String name;
  private String partitionKey;
  private String sortKey;
  private final Map<String, List<String>> indexes = new LinkedHashMap<>();
  private final Map<String, List<List<String>>> multiIndexes = new LinkedHashMap<>();
  private final Map<String, String> storedNames = new LinkedHashMap<>();
  private final Map<String, Ids> generatedIds = new LinkedHashMap<>();
  private final Map<String, Object> defaults = new LinkedHashMap<>();
  private final Set<String> epochSeconds = new LinkedHashSet<>();
  private String createdAt;
  private String updatedAt;
  private String ttl;
  private String version;
  private final Map<String, List<Rule>> rules = new LinkedHashMap<>();
  private int schemaVersion;
  private String schemaAttribute = "_v";
  private final Map<Integer, UnaryOperator<Map<String, AttributeValue>>> upgrades = new LinkedHashMap<>();
  private final Map<String, String> vectors = new LinkedHashMap<>();

  private Entity(Class<T> type) {
    this.type = Objects.requireNonNull(type, "type");
    this.name = type.getSimpleName();
  }

  /** An entity for {@code type}, named after the class until {@link #name} says otherwise. */
  public static <T extends Record> Entity<T> of(Class<T> type) {
    return new Entity<>(type);
  }

  /** The name stored in the table's type attribute; the class's simple name by default. Keep it stable. */
  public Entity<T> name(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** The table key: partition key template and sort key template. */
  public Entity<T> key(String partitionKey, String sortKey) {
    this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
    this.sortKey = Objects.requireNonNull(sortKey, "sortKey");
    return this;
  }

  /** The table key of a table without a sort key. */
  public Entity<T> key(String partitionKey) {
    this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
    this.sortKey = null;
    return this;
  }

  /**
   * The key this entity's items get in global index {@code index}. When a placeholder's field is an empty
   * Optional, the index key is not written and the item stays out of the index (a sparse index).
   */
  public Entity<T> index(String index, String partitionKey, String sortKey) {
    indexes.put(Objects.requireNonNull(index, "index"),
        Arrays.asList(Objects.requireNonNull(partitionKey, "partitionKey"), sortKey));
    multiIndexes.remove(index);
    return this;
  }

  /**
   * The key this entity's items get in a global index with a multi-attribute key ({@link
   * TableSchema#globalIndex(String, List, List)}): one template per key attribute, in the index's order. Each
   * attribute is written on its own; when any placeholder's field is an empty Optional, none is written and the item
   * stays out of the index (a sparse index).
   *
   * <pre>{@code
   * Entity.of(Match.class).key("MATCH#{id}", "MATCH#{id}")
   *     .index("byRound", List.of("{tournament}", "{region}"), List.of("{round}", "{bracket}"));
   * }</pre>
   */
  public Entity<T> index(String index, List<String> partitionKeys, List<String> sortKeys) {
    List<String> p = List.copyOf(Objects.requireNonNull(partitionKeys, "partitionKeys"));
    List<String> s = List.copyOf(Objects.requireNonNull(sortKeys, "sortKeys"));
    multiIndexes.put(Objects.requireNonNull(index, "index"), List.of(p, s));
    indexes.remove(index);
    return this;
  }

  /** The key in a global index keyed by a partition key alone. */
  public Entity<T> index(String index, String partitionKey) {
    return index(index, partitionKey, null);
  }

  /**
   * The sort key this entity's items get in local index {@code index}; the partition key is the table's (its
   * template is the entity's table partition template).
   */
  public Entity<T> localIndex(String index, String sortKey) {
    indexes.put(Objects.requireNonNull(index, "index"), Arrays.asList(null, Objects.requireNonNull(sortKey,
        "sortKey")));
    return this;
  }

  /**
   * Puts this entity's items into vector index {@code index} ({@link TableSchema#vectorIndex}) by {@code field}: a
   * {@code float[]} or {@code List<Float>} (or an Optional of one: an item without a vector is not in the index),
   * stored under the index's vector attribute as a list of numbers. {@link Model.Builder#build()} checks the field's
   * type and stored name, that the entity writes the index's partition key (a field stored under it, or a key
   * template for it) and that the index projects every other field; every write refuses a vector whose length is
   * not the index's dimensions. {@link ModelClient#search} then searches the index for this entity's records.
   *
   * <pre>{@code
   * record Doc(String tenant, String id, String title, String lang, float[] embedding) {}
   * Entity.of(Doc.class).key("TENANT#{tenant}", "DOC#{id}").vector("embedding", "byMeaning");
   * }</pre>
   */
  public Entity<T> vector(String field, String index) {
    Objects.requireNonNull(field, "field");
    String before = vectors.putIfAbsent(Objects.requireNonNull(index, "index"), field);
    if (before != null) {
      throw new IllegalArgumentException("entity " + name + ": vector index " + index + " is bound to field "
          + before + " already");
    }
    return this;
  }

  /** {@link #vector(String, String)} on a field named by its accessor ({@code Doc::embedding}). */
  public Entity<T> vector(Field<T, ?> field, String index) {
    return vector(field.name(), index);
  }

  /** Stores {@code field} under {@code attribute}; wins over an {@link Attr} annotation. */
  public Entity<T> storedAs(String field, String attribute) {
    storedNames.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(attribute, "attribute"));
    return this;
  }

  /**
   * Fills {@code field} (String, or UUID for {@link Ids#UUID_V7}) with a new id on create and put when it is null or
   * empty; the written record, with its id, is what create and put return.
   */
  public Entity<T> generatedId(String field, Ids kind) {
    generatedIds.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(kind, "kind"));
    return this;
  }

  /** The value written when {@code field} is null (or an empty Optional). */
  public Entity<T> defaultValue(String field, Object value) {
    defaults.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(value, "value"));
    return this;
  }

  /**
   * Instant fields maintained on writes: {@code createdAt} is set when null (create, put), {@code updatedAt} on
   * every write. Either may be null to leave it out.
   */
  public Entity<T> timestamps(String createdAt, String updatedAt) {
    this.createdAt = createdAt;
    this.updatedAt = updatedAt;
    return this;
  }

  /**
   * The field DynamoDB's time to live reads: an Instant (stored as epoch seconds) or a long of epoch seconds. Its
   * stored name becomes the table's time-to-live attribute: {@code ModelClient.createTable()} enables TTL on it and
   * the exports declare it. Entities of one table must store their ttl fields under the same name.
   */
  public Entity<T> ttl(String field) {
    this.ttl = Objects.requireNonNull(field, "field");
    return this;
  }

  /** Stores an Instant field as a number of seconds since the epoch rather than ISO-8601 text. */
  public Entity<T> epochSeconds(String field) {
    epochSeconds.add(Objects.requireNonNull(field, "field"));
    return this;
  }

  /**
   * The optimistic-locking field (long, Long, int or Integer). A put of version {@code v} writes {@code v + 1} only
   * if the stored version is still {@code v}; version null or 0 means "a new item". A stale write throws
   * {@link VersionConflictException}.
   */
  public Entity<T> version(String field) {
    this.version = Objects.requireNonNull(field, "field");
    return this;
  }

  /**
   * Adds a declarative check on {@code field}, run before anything is sent (see {@link Rule}); a field may have
   * several. {@link Model.Builder#build()} refuses a rule that does not apply to the field's type.
   */
  public Entity<T> validate(String field, Rule rule) {
    rules.computeIfAbsent(Objects.requireNonNull(field, "field"), f -> new ArrayList<>())
        .add(Objects.requireNonNull(rule, "rule"));
    return this;
  }

  /** {@link #validate(String, Rule)} on a field named by its accessor ({@code Product::stock}). */
  public Entity<T> validate(Field<T, ?> field, Rule rule) {
    return validate(field.name(), rule);
  }

  /**
   * The version of this entity's stored shape (1, 2, ...), written into attribute {@code _v} of every item put,
   * created or upserted. An item without the attribute is version 1 (written before versions were declared). A read
   * of an older item (get, query, scan, batch and transactional gets, {@link Model#decode}, stream images) runs the
   * {@link #upgrade} steps from its version to this one before decoding, so the record is always the current shape;
   * the stored item is not rewritten (a put of the record does that).
   */
  public Entity<T> schemaVersion(int version) {
    if (version < 1) {
      throw new IllegalArgumentException("a schema version is 1 or more, not " + version);
    }
    this.schemaVersion = version;
    return this;
  }

  /** {@link #schemaVersion(int)} stored in {@code attribute} rather than {@code _v}. */
  public Entity<T> schemaVersion(int version, String attribute) {
    this.schemaAttribute = Objects.requireNonNull(attribute, "attribute");
    return schemaVersion(version);
  }

  /**
   * The step that turns an item of version {@code fromVersion} into one of {@code fromVersion + 1}: it gets a mutable
   * copy of the raw item and returns the item in the next shape (the same map changed, or a new one). Steps run in
   * order on reads; {@link Model.Builder#build()} requires one for every version below the current one. A step may
   * also meet an item that an update changed after it was written (updates keep the item's version), so write it to
   * leave alone what is already in the new shape.
   *
   * <pre>{@code
   * Entity.of(Customer.class).key("CUSTOMER#{id}", "PROFILE").schemaVersion(2)
   *     .upgrade(1, item -> {                            // v1 had "fullName"; v2 has "firstName" and "lastName"
   *       AttributeValue full = item.remove("fullName");
   *       if (full != null) {
   *         String[] parts = full.s().split(" ", 2);
   *         item.put("firstName", AttributeValue.fromS(parts[0]));
   *         item.put("lastName", AttributeValue.fromS(parts.length > 1 ? parts[1] : ""));
   *       }
   *       return item;
   *     });
   * }</pre>
   */
  public Entity<T> upgrade(int fromVersion, Function<Map<String, AttributeValue>, Map<String, AttributeValue>> step) {
    Objects.requireNonNull(step, "step");
    if (upgrades.put(fromVersion, step::apply) != null) {
      throw new IllegalArgumentException("entity " + name + ": the upgrade from version " + fromVersion
          + " is declared twice");
    }
    return this;
  }

  public Class<T> type() {
    return type;
  }

  public String name() {
    return name;
  }

  EntitySpec spec() {
    Map<String, List<String>> indexCopy = new LinkedHashMap<>();
    indexes.forEach((k, v) -> indexCopy.put(k, new ArrayList<>(v)));
    Set<String> seconds = new LinkedHashSet<>(epochSeconds);
    return new EntitySpec(type, name, partitionKey, sortKey, indexCopy, new LinkedHashMap<>(storedNames),
        new LinkedHashMap<>(generatedIds), new LinkedHashMap<>(defaults), createdAt, updatedAt, ttl, seconds,
        version, copyRules(), schemaVersion, schemaAttribute, new LinkedHashMap<>(upgrades),
        new LinkedHashMap<>(multiIndexes), new LinkedHashMap<>(vectors));
  }

  private Map<String, List<Rule>> copyRules() {
    Map<String, List<Rule>> out = new LinkedHashMap<>();
    rules.forEach((f, r) -> out.put(f, List.copyOf(r)));
    return out;
  }

  @Override
  public String toString() {
    return "Entity[" + name + "]";
  }
}
