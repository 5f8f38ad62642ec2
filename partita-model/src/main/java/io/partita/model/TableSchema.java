package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The physical table of a single-table design: its name, its generic key attributes and its global secondary
 * indexes, all string-typed. Immutable; each method returns a changed copy.
 *
 * <pre>{@code
 * TableSchema.named("Blog")                      // pk "pk", sort key "sk", type attribute "_type"
 *     .globalIndex("gsi1", "gsi1pk", "gsi1sk")
 * }</pre>
 */
public final class TableSchema {

  /** A global secondary index; {@code sortKey} is null for a partition-key-only index. */
  public record Index(String name, String partitionKey, String sortKey) {
    public Index {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(partitionKey, "partitionKey");
    }

    public Optional<String> sortKeyAttribute() {
      return Optional.ofNullable(sortKey);
    }
  }

  private final String name;
  private final String partitionKey;
  private final String sortKey;
  private final String typeAttribute;
  private final Map<String, Index> indexes;

  private TableSchema(String name, String partitionKey, String sortKey, String typeAttribute,
      Map<String, Index> indexes) {
    this.name = name;
    this.partitionKey = partitionKey;
    this.sortKey = sortKey;
    this.typeAttribute = typeAttribute;
    this.indexes = Collections.unmodifiableMap(indexes);
  }

  /**
   * A table with partition key {@code pk}, sort key {@code sk}, type attribute {@code _type} and no indexes.
   *
   * @throws ModelException when {@code tableName} breaks DynamoDB's rule (3 to 255 characters of
   *     {@code a-z A-Z 0-9 _ - .}); index names are checked the same way by {@link #globalIndex}
   */
  public static TableSchema named(String tableName) {
    return new TableSchema(checkName(tableName, "table name"), "pk", "sk", "_type", new LinkedHashMap<>());
  }

  public TableSchema partitionKey(String attribute) {
    return new TableSchema(name, nonEmpty(attribute, "partition key"), sortKey, typeAttribute, indexes);
  }

  public TableSchema sortKey(String attribute) {
    return new TableSchema(name, partitionKey, nonEmpty(attribute, "sort key"), typeAttribute, indexes);
  }

  /** A table keyed by its partition key alone. */
  public TableSchema noSortKey() {
    return new TableSchema(name, partitionKey, null, typeAttribute, indexes);
  }

  /** The attribute every item carries with its entity's name (default {@code _type}). */
  public TableSchema typeAttribute(String attribute) {
    return new TableSchema(name, partitionKey, sortKey, nonEmpty(attribute, "type attribute"), indexes);
  }

  /** Adds a global secondary index with a partition and a sort key (projection ALL). */
  public TableSchema globalIndex(String indexName, String partitionKeyAttribute, String sortKeyAttribute) {
    Map<String, Index> copy = new LinkedHashMap<>(indexes);
    if (copy.put(checkName(indexName, "index name"), new Index(indexName,
        nonEmpty(partitionKeyAttribute, "index partition key"), sortKeyAttribute)) != null) {
      throw new IllegalArgumentException("index " + indexName + " is declared twice");
    }
    return new TableSchema(name, partitionKey, sortKey, typeAttribute, copy);
  }

  /** Adds a global secondary index keyed by a partition key alone. */
  public TableSchema globalIndex(String indexName, String partitionKeyAttribute) {
    return globalIndex(indexName, partitionKeyAttribute, null);
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

  /** The global secondary indexes, by name, in declaration order. */
  public Map<String, Index> indexes() {
    return indexes;
  }

  /** Every key attribute of the table and its indexes. */
  public Set<String> keyAttributes() {
    Set<String> out = new LinkedHashSet<>();
    out.add(partitionKey);
    if (sortKey != null) {
      out.add(sortKey);
    }
    for (Index i : indexes.values()) {
      out.add(i.partitionKey());
      if (i.sortKey() != null) {
        out.add(i.sortKey());
      }
    }
    return out;
  }

  /** A CreateTable request for this schema: on-demand billing, string keys, indexes projecting ALL. */
  public CreateTableRequest createTableRequest() {
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (String attribute : keyAttributes()) {
      definitions.add(AttributeDefinition.builder().attributeName(attribute)
          .attributeType(ScalarAttributeType.S).build());
    }
    List<GlobalSecondaryIndex> gsis = new ArrayList<>();
    for (Index i : indexes.values()) {
      gsis.add(GlobalSecondaryIndex.builder().indexName(i.name())
          .keySchema(keySchema(i.partitionKey(), i.sortKey()))
          .projection(p -> p.projectionType(ProjectionType.ALL)).build());
    }
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(definitions)
        .keySchema(keySchema(partitionKey, sortKey));
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    return b.build();
  }

  private static List<KeySchemaElement> keySchema(String hash, String range) {
    List<KeySchemaElement> out = new ArrayList<>();
    out.add(KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build());
    if (range != null) {
      out.add(KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
    }
    return out;
  }

  /**
   * DynamoDB's rule for table and index names: 3 to 255 characters of {@code a-z A-Z 0-9 _ - .}. Checked here, so a
   * bad name is a {@link ModelException} when the model is declared, not a DynamoDbException at the first request.
   */
  private static String checkName(String s, String what) {
    if (s == null) {
      throw new ModelException("The " + what + " is missing");
    }
    if (s.length() < 3 || s.length() > 255) {
      throw new ModelException("The " + what + " '" + s + "' has " + s.length() + " characters; DynamoDB allows"
          + " 3 to 255");
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
          || c == '-' || c == '.';
      if (!ok) {
        throw new ModelException("The " + what + " '" + s + "' has '" + c + "' at position " + i
            + "; DynamoDB allows only letters, digits, '_', '-' and '.'");
      }
    }
    return s;
  }

  private static String nonEmpty(String s, String what) {
    if (s == null || s.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
    return s;
  }

  @Override
  public String toString() {
    return "TableSchema[" + name + ", " + partitionKey + (sortKey == null ? "" : "/" + sortKey) + ", indexes "
        + indexes.keySet() + "]";
  }
}
