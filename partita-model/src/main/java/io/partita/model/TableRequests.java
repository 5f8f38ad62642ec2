package io.partita.model;

import java.util.ArrayList;
import java.util.List;

import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

import io.partita.model.TableSchema.Index;
import io.partita.model.TableSchema.Projection;
import io.partita.model.TableSchema.Throughput;
import io.partita.model.internal.TableFeatures;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A {@link TableSchema} as DynamoDB's CreateTable request, and DynamoDB's rules for the names and key attributes in
 * it. Apart from the schema so that the declaration (what a user reads) and its translation into the SDK's request
 * (what every export starts from) are each a page.
 */
final class TableRequests {
  private TableRequests() {}

  /** The CreateTable request of {@code schema}, whose stream and tags are in {@code features}. */
  static CreateTableRequest createTable(TableSchema schema, TableFeatures features) {
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (String attribute : schema.keyAttributes()) {
      definitions.add(AttributeDefinition.builder().attributeName(attribute)
          .attributeType(ScalarAttributeType.S).build());
    }
    definitions.addAll(VectorIndexRules.attributeDefinitions(schema));
    List<GlobalSecondaryIndex> gsis = new ArrayList<>();
    List<LocalSecondaryIndex> lsis = new ArrayList<>();
    for (Index i : schema.indexes().values()) {
      Projection p = effectiveProjection(i, schema.typeAttribute());
      software.amazon.awssdk.services.dynamodb.model.Projection projection =
          software.amazon.awssdk.services.dynamodb.model.Projection.builder().projectionType(p.type())
              .nonKeyAttributes(p.nonKeyAttributes().isEmpty() ? null : p.nonKeyAttributes()).build();
      if (i.local()) {
        lsis.add(LocalSecondaryIndex.builder().indexName(i.name()).keySchema(keySchema(i.partitionKeys(),
            i.sortKeys())).projection(projection).build());
      } else {
        GlobalSecondaryIndex.Builder g = GlobalSecondaryIndex.builder().indexName(i.name())
            .keySchema(keySchema(i.partitionKeys(), i.sortKeys())).projection(projection);
        if (i.throughput() != null) {
          g.provisionedThroughput(units(i.throughput()));
        }
        gsis.add(g.build());
      }
    }
    String sortKey = schema.sortKey().orElse(null);
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(schema.name())
        .attributeDefinitions(definitions)
        .keySchema(keySchema(List.of(schema.partitionKey()), sortKey == null ? List.of() : List.of(sortKey)));
    schema.throughput().ifPresentOrElse(
        t -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(units(t)),
        () -> b.billingMode(BillingMode.PAY_PER_REQUEST));
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    if (!lsis.isEmpty()) {
      b.localSecondaryIndexes(lsis);
    }
    if (!schema.vectorIndexes().isEmpty()) {
      b.vectorIndexes(schema.vectorIndexes().values().stream()
          .map(v -> VectorIndexRules.request(v, schema.typeAttribute())).toList());
    }
    features.onCreate(b);
    return b.build();
  }

  /** Every key attribute of a table and its indexes: the table's partition and sort key, then each index's. */
  static Set<String> keyAttributes(String partitionKey, String sortKey, java.util.Collection<Index> indexes) {
    Set<String> out = new LinkedHashSet<>();
    out.add(partitionKey);
    if (sortKey != null) {
      out.add(sortKey);
    }
    for (Index i : indexes) {
      out.addAll(i.partitionKeys());
      out.addAll(i.sortKeys());
    }
    return out;
  }

  /**
   * Each index's partition and sort attributes, by index name: what the exports need to know of the indexes beyond
   * the CreateTable request, as plain lists (the exports do not depend on the schema).
   */
  static java.util.Map<String, List<List<String>>> keysByIndex(TableSchema schema) {
    java.util.Map<String, List<List<String>>> out = new java.util.LinkedHashMap<>();
    schema.indexes().values().forEach(i -> out.put(i.name(), List.of(i.partitionKeys(), i.sortKeys())));
    return out;
  }

  /** {@code TableSchema[Shop, pk/sk, indexes [gsi1], vector indexes [byMeaning], ttl expiresAt, ...]}. */
  static String describe(TableSchema t, TableFeatures features) {
    return "TableSchema[" + t.name() + ", " + t.partitionKey() + t.sortKey().map(s -> "/" + s).orElse("")
        + ", indexes " + t.indexes().keySet() + (t.vectorIndexes().isEmpty() ? "" : ", vector indexes "
        + t.vectorIndexes().keySet()) + t.throughput().map(u -> ", provisioned " + u.readUnits() + "/"
        + u.writeUnits()).orElse("") + (features.ttl() == null ? "" : ", ttl " + features.ttl())
        + (features.stream() == null ? "" : ", stream " + features.stream())
        + (features.pointInTimeRecovery() ? ", point-in-time recovery" : "")
        + (features.tags().isEmpty() ? "" : ", tags " + features.tags()) + "]";
  }

  /** The projection an index is created with: an INCLUDE always carries the type attribute, which reads decode by. */
  private static Projection effectiveProjection(Index i, String typeAttribute) {
    Projection p = i.projection();
    if (p.type() != ProjectionType.INCLUDE || p.nonKeyAttributes().contains(typeAttribute)) {
      return p;
    }
    List<String> names = new ArrayList<>(p.nonKeyAttributes());
    names.add(typeAttribute);
    return new Projection(ProjectionType.INCLUDE, names);
  }

  private static ProvisionedThroughput units(Throughput t) {
    return ProvisionedThroughput.builder().readCapacityUnits(t.readUnits()).writeCapacityUnits(t.writeUnits())
        .build();
  }

  /** HASH elements first, then RANGE ones, each part in order (a multi-attribute GSI key has several). */
  private static List<KeySchemaElement> keySchema(List<String> hash, List<String> range) {
    List<KeySchemaElement> out = new ArrayList<>();
    for (String h : hash) {
      out.add(KeySchemaElement.builder().attributeName(h).keyType(KeyType.HASH).build());
    }
    for (String r : range) {
      out.add(KeySchemaElement.builder().attributeName(r).keyType(KeyType.RANGE).build());
    }
    return out;
  }

  /**
   * DynamoDB's rule for table and index names: 3 to 255 characters of {@code a-z A-Z 0-9 _ - .}. Checked when the
   * schema is declared, so a bad name is a {@link ModelException} then, not a DynamoDbException at the first request.
   */
  static String checkName(String s, String what) {
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

  static String nonEmpty(String s, String what) {
    if (s == null || s.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
    return s;
  }

  /** A multi-attribute GSI key's partition and sort attributes, checked: 1 (0) to 4 of each, none named twice. */
  static List<List<String>> indexKeys(String index, List<String> partition, List<String> sort) {
    List<String> pks = attributes(index, partition, "partition", 1);
    List<String> sks = attributes(index, sort, "sort", 0);
    Set<String> distinct = new LinkedHashSet<>(pks);
    for (String a : sks) {
      if (!distinct.add(a)) {
        throw new ModelException("Index " + index + " names key attribute " + a + " twice");
      }
    }
    return List.of(pks, sks);
  }

  private static List<String> attributes(String index, List<String> names, String part, int least) {
    Objects.requireNonNull(names, part + " key attributes");
    if (names.size() < least || names.size() > TableSchema.MAX_KEY_ATTRIBUTES) {
      throw new ModelException("Index " + index + ": a " + part + " key has " + least + " to "
          + TableSchema.MAX_KEY_ATTRIBUTES + " attributes, not " + names.size());
    }
    List<String> out = new ArrayList<>();
    for (String a : names) {
      out.add(nonEmpty(a, "index " + part + " key"));
    }
    return out;
  }
}
