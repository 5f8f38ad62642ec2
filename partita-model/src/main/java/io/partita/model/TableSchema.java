package io.partita.model;

import static io.partita.model.TableRequests.checkName;
import static io.partita.model.TableRequests.nonEmpty;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.partita.model.internal.TableFeatures;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The physical table of a single-table design: its name, its generic key attributes, its secondary indexes (global
 * and local, each with its projection), its vector indexes ({@link VectorIndex}), its billing, its time-to-live
 * attribute, its stream, point-in-time recovery and tags; all keys string-typed. Immutable; each method returns a
 * changed copy.
 *
 * <pre>{@code
 * TableSchema.named("Shop")                      // pk "pk", sort key "sk", type attribute "_type", on demand
 *     .globalIndex("gsi1", "gsi1pk", "gsi1sk")   // projection ALL
 *     .globalIndex("gsi2", "gsi2pk", "gsi2sk", Projection.include("name", "price"))
 *     .localIndex("lsi1", "lsi1sk")              // the table's partition key, another sort key
 *     .provisioned(5, 5).indexThroughput("gsi1", 2, 1)
 * }</pre>
 *
 * <p>The time-to-live attribute is the stored name of the field an entity declares with {@link Entity#ttl}; the
 * model's {@link Model#table()} carries it, so {@link #createTableRequest()}'s companion {@link
 * #timeToLiveRequest()} and the exports ({@link #toCloudFormation()}, {@link #toTerraform(String)}) enable it.
 */
public final class TableSchema {

  /** What an index copies from each item besides the keys: {@code ALL} (the default), {@code KEYS_ONLY}, {@code
   * INCLUDE} with the non-key attributes named. */
  public record Projection(ProjectionType type, List<String> nonKeyAttributes) {
    public Projection {
      Objects.requireNonNull(type, "type");
      nonKeyAttributes = List.copyOf(nonKeyAttributes);
      if (type == ProjectionType.INCLUDE && nonKeyAttributes.isEmpty()) {
        throw new ModelException("An INCLUDE projection names at least one attribute");
      }
      if (type != ProjectionType.INCLUDE && !nonKeyAttributes.isEmpty()) {
        throw new ModelException("Only an INCLUDE projection names attributes");
      }
    }

    public static Projection all() {
      return new Projection(ProjectionType.ALL, List.of());
    }

    public static Projection keysOnly() {
      return new Projection(ProjectionType.KEYS_ONLY, List.of());
    }

    /** The keys and the attributes named (stored names); the model adds the type attribute when it is missing. */
    public static Projection include(String... attributes) {
      return new Projection(ProjectionType.INCLUDE, List.of(attributes));
    }
  }

  /** Provisioned read and write capacity units. */
  public record Throughput(long readUnits, long writeUnits) {
    public Throughput {
      if (readUnits < 1 || writeUnits < 1) {
        throw new ModelException("Provisioned throughput needs at least 1 read and 1 write unit, not " + readUnits
            + "/" + writeUnits);
      }
    }
  }

  /**
   * A secondary index; {@code sortKey} is null for a partition-key-only global index. A local index ({@code local})
   * has the table's partition key and its own sort key. {@code throughput} is null when the table is on demand (or
   * for a local index, which shares the table's).
   */
  public record Index(String name, List<String> partitionKeys, List<String> sortKeys, Projection projection,
      boolean local, Throughput throughput) {
    public Index {
      Objects.requireNonNull(name, "name");
      partitionKeys = List.copyOf(partitionKeys);
      sortKeys = List.copyOf(sortKeys);
      if (partitionKeys.isEmpty()) {
        throw new IllegalArgumentException("index " + name + " needs a partition key attribute");
      }
      Objects.requireNonNull(projection, "projection");
    }

    public Index(String name, String partitionKey, String sortKey, Projection projection, boolean local,
        Throughput throughput) {
      this(name, List.of(partitionKey), sortKey == null ? List.of() : List.of(sortKey), projection, local, throughput);
    }

    /** A global index projecting ALL. */
    public Index(String name, String partitionKey, String sortKey) {
      this(name, partitionKey, sortKey, Projection.all(), false, null);
    }

    /** The (first) partition key attribute. */
    public String partitionKey() {
      return partitionKeys.get(0);
    }

    /** The (first) sort key attribute, or null. */
    public String sortKey() {
      return sortKeys.isEmpty() ? null : sortKeys.get(0);
    }

    /** Whether the index key has several partition or sort attributes (a multi-attribute GSI key). */
    public boolean multiAttribute() {
      return partitionKeys.size() > 1 || sortKeys.size() > 1;
    }

    public Optional<String> sortKeyAttribute() {
      return Optional.ofNullable(sortKey());
    }

    /**
     * Whether an item's {@code attribute} is read back through this index (keys are always projected; the caller
     * passes the table's and index's key attributes in {@code keys}).
     */
    public boolean projects(String attribute, Set<String> keys) {
      return projection.type() == ProjectionType.ALL || keys.contains(attribute)
          || projection.nonKeyAttributes().contains(attribute);
    }

    Index with(Projection p, Throughput t) {
      return new Index(name, partitionKeys, sortKeys, p, local, t);
    }
  }

  private final String name;
  private final String partitionKey;
  private final String sortKey;
  private final String typeAttribute;
  private final Map<String, Index> indexes;
  private final Throughput throughput;
  private final TableFeatures features;
  private final Map<String, VectorIndex> vectorIndexes;

  private TableSchema(String name, String partitionKey, String sortKey, String typeAttribute,
      Map<String, Index> indexes, Throughput throughput, TableFeatures features, Map<String, VectorIndex> vectors) {
    this.name = name;
    this.partitionKey = partitionKey;
    this.sortKey = sortKey;
    this.typeAttribute = typeAttribute;
    this.indexes = Collections.unmodifiableMap(indexes);
    this.throughput = throughput;
    this.features = features;
    this.vectorIndexes = Collections.unmodifiableMap(vectors);
    VectorIndexRules.checkTable(this, vectors); // every change may break a rule across indexes: checked on each copy
  }

  /**
   * A table with partition key {@code pk}, sort key {@code sk}, type attribute {@code _type}, no indexes and on-demand
   * billing.
   *
   * @throws ModelException when {@code tableName} breaks DynamoDB's rule (3 to 255 characters of
   *     {@code a-z A-Z 0-9 _ - .}); index names are checked the same way by {@link #globalIndex}
   */
  public static TableSchema named(String tableName) {
    return new TableSchema(checkName(tableName, "table name"), "pk", "sk", "_type", new LinkedHashMap<>(), null,
        TableFeatures.NONE, Map.of());
  }

  public TableSchema partitionKey(String attribute) {
    String pk = nonEmpty(attribute, "partition key");
    Map<String, Index> copy = new LinkedHashMap<>();
    indexes.forEach((n, i) -> copy.put(n, i.local() ? new Index(n, pk, i.sortKey(), i.projection(), true, null) : i));
    return new TableSchema(name, pk, sortKey, typeAttribute, copy, throughput, features, vectorIndexes);
  }

  public TableSchema sortKey(String attribute) {
    return new TableSchema(name, partitionKey, nonEmpty(attribute, "sort key"), typeAttribute, indexes, throughput,
        features, vectorIndexes);
  }

  /** A table keyed by its partition key alone. */
  public TableSchema noSortKey() {
    return new TableSchema(name, partitionKey, null, typeAttribute, indexes, throughput, features, vectorIndexes);
  }

  /** The attribute every item carries with its entity's name (default {@code _type}). */
  public TableSchema typeAttribute(String attribute) {
    return new TableSchema(name, partitionKey, sortKey, nonEmpty(attribute, "type attribute"), indexes, throughput,
        features, vectorIndexes);
  }

  /** Adds a global secondary index with a partition and a sort key (projection ALL). */
  public TableSchema globalIndex(String indexName, String partitionKeyAttribute, String sortKeyAttribute) {
    return globalIndex(indexName, partitionKeyAttribute, sortKeyAttribute, Projection.all());
  }

  /** Adds a global secondary index keyed by a partition key alone. */
  public TableSchema globalIndex(String indexName, String partitionKeyAttribute) {
    return globalIndex(indexName, partitionKeyAttribute, null);
  }

  /**
   * Adds a global secondary index with a projection. An access pattern on a KEYS_ONLY or INCLUDE index is refused by
   * {@link Model.Builder#build()} when an entity it returns has a field the index does not project.
   */
  public TableSchema globalIndex(String indexName, String partitionKeyAttribute, String sortKeyAttribute,
      Projection projection) {
    return add(new Index(checkName(indexName, "index name"), nonEmpty(partitionKeyAttribute, "index partition key"),
        sortKeyAttribute, projection, false, throughput));
  }

  /**
   * Adds a global secondary index with a multi-attribute key: up to four partition key attributes and up to four sort
   * key attributes, each written from its own template ({@link Entity#index(String, List, List)}). A query gives
   * every partition attribute a value and the sort attributes left to right, with a condition only on the last one
   * it uses (DynamoDB's rules: Amazon DynamoDB Developer Guide, "Multi-attribute keys pattern").
   *
   * <pre>{@code
   * TableSchema.named("Esports").globalIndex("byRound", List.of("gsi2tournament", "gsi2region"),
   *     List.of("gsi2round", "gsi2bracket"))
   * }</pre>
   */
  public TableSchema globalIndex(String indexName, List<String> partitionKeyAttributes,
      List<String> sortKeyAttributes) {
    return globalIndex(indexName, partitionKeyAttributes, sortKeyAttributes, Projection.all());
  }

  /** {@link #globalIndex(String, List, List)} with a projection. */
  public TableSchema globalIndex(String indexName, List<String> partitionKeyAttributes,
      List<String> sortKeyAttributes, Projection projection) {
    String n = checkName(indexName, "index name");
    List<List<String>> keys = TableRequests.indexKeys(n, partitionKeyAttributes, sortKeyAttributes);
    return add(new Index(n, keys.get(0), keys.get(1), projection, false, throughput));
  }

  /** DynamoDB's limit on the attributes of each part of a multi-attribute GSI key. */
  public static final int MAX_KEY_ATTRIBUTES = 4;

  /** Adds a local secondary index: the table's partition key and {@code sortKeyAttribute} (projection ALL). */
  public TableSchema localIndex(String indexName, String sortKeyAttribute) {
    return localIndex(indexName, sortKeyAttribute, Projection.all());
  }

  /** Adds a local secondary index with a projection. Local indexes can only be created with the table. */
  public TableSchema localIndex(String indexName, String sortKeyAttribute, Projection projection) {
    return add(new Index(checkName(indexName, "index name"), partitionKey, nonEmpty(sortKeyAttribute,
        "local index sort key"), projection, true, null));
  }

  /**
   * Adds a vector index ({@link VectorIndex#of}); an entity puts its items into it with {@link Entity#vector}.
   * Refused as DynamoDB would refuse it: on a provisioned table (declared before or after), a sixth, a name another
   * index has, a vector attribute that is a key attribute, two dimension counts for one vector attribute.
   */
  public TableSchema vectorIndex(VectorIndex index) {
    Map<String, VectorIndex> copy = new LinkedHashMap<>(vectorIndexes);
    if (copy.put(index.name(), index) != null) {
      throw new ModelException("Vector index " + index.name() + " is declared twice");
    }
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, indexes, throughput, features, copy);
  }

  private TableSchema add(Index index) {
    Map<String, Index> copy = new LinkedHashMap<>(indexes);
    if (copy.put(index.name(), index) != null) {
      throw new IllegalArgumentException("index " + index.name() + " is declared twice");
    }
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, copy, throughput, features, vectorIndexes);
  }

  /**
   * Provisioned billing: the table's read and write units, which every global index gets too unless {@link
   * #indexThroughput} says otherwise. On demand (PAY_PER_REQUEST) when never called.
   */
  public TableSchema provisioned(long readUnits, long writeUnits) {
    Throughput t = new Throughput(readUnits, writeUnits);
    Map<String, Index> copy = new LinkedHashMap<>();
    indexes.forEach((n, i) -> copy.put(n, i.local() || (i.throughput() != null && throughput != null
        && !i.throughput().equals(throughput)) ? i : i.with(i.projection(), t)));
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, copy, t, features, vectorIndexes);
  }

  /** The read and write units of global index {@code indexName} (provisioned billing only). */
  public TableSchema indexThroughput(String indexName, long readUnits, long writeUnits) {
    if (throughput == null) {
      throw new ModelException("Index " + indexName + ": units apply to a provisioned table; call provisioned(r, w)"
          + " first");
    }
    Index i = indexes.get(indexName);
    if (i == null || i.local()) {
      throw new ModelException("Index " + indexName + ": " + (i == null ? "not an index of table " + name
          : "a local index shares the table's units"));
    }
    Map<String, Index> copy = new LinkedHashMap<>(indexes);
    copy.put(indexName, i.with(i.projection(), new Throughput(readUnits, writeUnits)));
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, copy, throughput, features, vectorIndexes);
  }

  /**
   * The attribute DynamoDB's time to live reads (epoch seconds). Set by {@link Model.Builder#build()} from the
   * entities' {@link Entity#ttl} fields; declare it here only for a table whose entities do not.
   */
  public TableSchema timeToLive(String attribute) {
    return with(features.withTtl(nonEmpty(attribute, "time-to-live attribute")));
  }

  /**
   * A DynamoDB stream on the table with {@code viewType} ({@code NEW_AND_OLD_IMAGES} for {@link StreamEvents}):
   * part of the CreateTable request and of every export that has a place for it.
   */
  public TableSchema stream(StreamViewType viewType) {
    return with(features.withStream(viewType));
  }

  /**
   * Point-in-time recovery (continuous backups): enabled by {@code createTable()} with UpdateContinuousBackups once
   * the table is ACTIVE (CreateTable cannot carry it), and written into the exports.
   */
  public TableSchema pointInTimeRecovery() {
    return with(features.withPointInTimeRecovery());
  }

  /**
   * A tag on the table, sent with CreateTable (its Tags parameter) and written into the exports.
   *
   * @throws ModelException when the key or value breaks DynamoDB's tag rules, or the key is already declared
   */
  public TableSchema tag(String key, String value) {
    return with(features.withTag(key, value));
  }

  private TableSchema with(TableFeatures changed) {
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, indexes, throughput, changed, vectorIndexes);
  }

  public String name() {
    return name;
  }

  public String partitionKey() {
    return partitionKey;
  }

  public Optional<String> sortKey() {
    return Optional.ofNullable(sortKey);
  }

  public String typeAttribute() {
    return typeAttribute;
  }

  /** The secondary indexes (global and local), by name, in declaration order. */
  public Map<String, Index> indexes() {
    return indexes;
  }

  /** The vector indexes, by name, in declaration order. */
  public Map<String, VectorIndex> vectorIndexes() {
    return vectorIndexes;
  }

  /** The provisioned units of the table; empty when it is on demand. */
  public Optional<Throughput> throughput() {
    return Optional.ofNullable(throughput);
  }

  /** The time-to-live attribute, when the table has one. */
  public Optional<String> timeToLiveAttribute() {
    return Optional.ofNullable(features.ttl());
  }

  /** The stream's view type, when the table has a stream. */
  public Optional<StreamViewType> streamViewType() {
    return Optional.ofNullable(features.stream());
  }

  public boolean pointInTimeRecoveryEnabled() {
    return features.pointInTimeRecovery();
  }

  /** The tags, in declaration order. */
  public Map<String, String> tags() {
    return features.tags();
  }

  /** Every key attribute of the table and its indexes. */
  public Set<String> keyAttributes() {
    return TableRequests.keyAttributes(partitionKey, sortKey, indexes.values());
  }

  /**
   * A CreateTable request for this schema: string keys, indexes with their projections (an INCLUDE always carries the
   * type attribute, which reads decode by), the vector indexes (their search schema attributes defined with their
   * types), on-demand billing unless {@link #provisioned}, the stream and the tags.
   * Time to live and point-in-time recovery are not part of CreateTable: see {@link #timeToLiveRequest()} and {@link
   * #pointInTimeRecoveryRequest()}.
   */
  public CreateTableRequest createTableRequest() {
    return TableRequests.createTable(this, features);
  }

  /** The UpdateTimeToLive request that enables TTL on {@link #timeToLiveAttribute()}; empty without one. */
  public Optional<UpdateTimeToLiveRequest> timeToLiveRequest() {
    return timeToLiveAttribute().map(a -> UpdateTimeToLiveRequest.builder().tableName(name)
        .timeToLiveSpecification(s -> s.attributeName(a).enabled(true)).build());
  }

  /** The UpdateContinuousBackups request that enables point-in-time recovery; empty when it is not asked for. */
  public Optional<UpdateContinuousBackupsRequest> pointInTimeRecoveryRequest() {
    return features.pointInTimeRecovery() ? Optional.of(UpdateContinuousBackupsRequest.builder().tableName(name)
        .pointInTimeRecoverySpecification(s -> s.pointInTimeRecoveryEnabled(true)).build()) : Optional.empty();
  }

  /**
   * The table as a CloudFormation template (JSON): one {@code AWS::DynamoDB::Table} resource named {@code
   * logicalId}, with AttributeDefinitions, KeySchema, BillingMode (and ProvisionedThroughput), the indexes with their
   * projections, VectorIndexes, TimeToLiveSpecification, StreamSpecification, PointInTimeRecoverySpecification and
   * Tags. CDK's
   * {@code CfnTable} takes the same properties.
   */
  public String toCloudFormation(String logicalId) {
    return io.partita.model.internal.TableExport.cloudFormation(createTableRequest(), features, logicalId);
  }

  /** {@link #toCloudFormation(String)} with the logical id {@code Table}. */
  public String toCloudFormation() {
    return toCloudFormation("Table");
  }

  /**
   * The table as a Terraform {@code aws_dynamodb_table} resource block (HCL) named {@code resourceName}, with its
   * ttl, stream, point-in-time recovery and tags.
   *
   * @throws ModelException when the table has vector indexes: {@code aws_dynamodb_table} has no place for them
   */
  public String toTerraform(String resourceName) {
    return io.partita.model.internal.TableExport.terraform(TableRequests.keysByIndex(this), createTableRequest(),
        features, resourceName);
  }

  @Override
  public String toString() {
    return TableRequests.describe(this, features);
  }
}
