package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Constraints;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TableSettings;
import io.partita.engine.internal.table.VectorIndexDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ScalarType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * CreateTable: validates the key schema, attribute definitions, billing and index definitions as
 * DynamoDB does, then stores the table. The table is usable as soon as this returns, so it is
 * reported ACTIVE (DynamoDB would say CREATING for a few seconds; waiters accept both).
 */
public final class CreateTable {
  public static final int MAX_GSIS = 20;
  public static final int MAX_LSIS = 5;
  /** A multi-attribute GSI key may combine up to four attributes in each of its two parts. */
  public static final int MAX_KEY_ATTRIBUTES_PER_PART = 4;

  private CreateTable() {}

  public static CreateTableResponse execute(EngineContext ctx, CreateTableRequest req) {
    return execute(ctx, req, null);
  }

  /**
   * CreateTable, with the new table marked as being filled by import {@code importing} (null: not):
   * ImportTable's table is made by the same rules, and is CREATING until the import clears the mark.
   */
  public static CreateTableResponse execute(EngineContext ctx, CreateTableRequest req, String importing) {
    Unsupported.refuseParameters("CreateTable", "GlobalTableSourceArn", req.globalTableSourceArn() != null,
        "GlobalTableSettingsReplicationMode", req.globalTableSettingsReplicationMode() != null);
    String streamViewType = StreamSpecs.forCreate(req.streamSpecification());
    Constraints c = Constraints.check();
    if (!req.hasKeySchema()) {
      c.notNull("keySchema");
    } else if (req.keySchema().isEmpty() || req.keySchema().size() > 2) {
      // the elements as the service prints them (recorded 2026, issue 34): its own member names, lower case first
      c.custom("Value '" + req.keySchema().stream().map(e -> "KeySchemaElement(attributeName=" + e.attributeName()
          + ", keyType=" + e.keyTypeAsString() + ")").toList() + "' at 'keySchema' failed to satisfy constraint: Member"
          + " must have length " + (req.keySchema().isEmpty() ? "greater than or equal to 1" : "less than or equal to 2"));
    }
    if (!req.hasAttributeDefinitions()) {
      c.notNull("attributeDefinitions");
    }
    List<AttributeDefinition> attrDefs = req.hasAttributeDefinitions() ? req.attributeDefinitions() : List.of();
    ProvisionedThroughput pt = req.provisionedThroughput();
    c.done();

    Map<String, ScalarType> defined = new LinkedHashMap<>();
    List<KeyDef> definitions = new ArrayList<>();
    for (AttributeDefinition d : attrDefs) {
      AttributeValues.checkText(d.attributeName());
      if (defined.put(d.attributeName(), ScalarType.of(d.attributeType())) != null) {
        throw PartitaException.validation("Cannot have two attributes with the same name. Attribute name: "
            + d.attributeName());
      }
      definitions.add(new KeyDef(d.attributeName(), ScalarType.of(d.attributeType())));
    }
    Set<String> used = new HashSet<>();
    KeySchemas tableKeys = KeySchemas.parse(req.keySchema(), null, defined, used, 1);
    KeyDef hash = tableKeys.hash().get(0);
    KeyDef range = tableKeys.range().isEmpty() ? null : tableKeys.range().get(0);

    BillingMode billing = req.billingMode() == null ? BillingMode.PROVISIONED : req.billingMode();
    checkThroughput(billing, pt, null);

    List<IndexDef> lsis = new ArrayList<>();
    Set<String> indexNames = new HashSet<>();
    if (req.hasLocalSecondaryIndexes()) {
      if (range == null) {
        throw PartitaException.validation(
            "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
      }
      if (req.localSecondaryIndexes().size() > MAX_LSIS) {
        throw PartitaException.validation("One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of " + MAX_LSIS);
      }
      for (LocalSecondaryIndex l : req.localSecondaryIndexes()) {
        uniqueIndexName(l.indexName(), indexNames);
        KeySchemas keys = KeySchemas.parse(l.keySchema(), l.indexName(), defined, used, 1);
        if (keys.range().isEmpty()) {
          throw PartitaException.validation("One or more parameter values were invalid: Index KeySchema does not have a range key for index: "
              + l.indexName());
        }
        if (!keys.hash().get(0).equals(hash)) {
          throw PartitaException.validation("One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
              + l.indexName() + ". index hash key: " + keys.hash().get(0).name() + ", table hash key: " + hash.name());
        }
        lsis.add(new IndexDef(l.indexName(), false, keys.hash(), keys.range(), projectionType(l.projection(), l.indexName()),
            nonKeyAttributes(l.projection(), l.indexName()), 0, 0, false));
      }
    }
    List<IndexDef> gsis = new ArrayList<>();
    if (req.hasGlobalSecondaryIndexes()) {
      if (req.globalSecondaryIndexes().size() > MAX_GSIS) {
        throw PartitaException.validation("One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of " + MAX_GSIS);
      }
      for (GlobalSecondaryIndex g : req.globalSecondaryIndexes()) {
        refuseIndexSettings("CreateTable", g.indexName(), g.onDemandThroughput() != null, g.warmThroughput() != null);
        uniqueIndexName(g.indexName(), indexNames);
        KeySchemas keys = KeySchemas.parse(g.keySchema(), g.indexName(), defined, used, MAX_KEY_ATTRIBUTES_PER_PART);
        checkThroughput(billing, g.provisionedThroughput(), g.indexName());
        ProvisionedThroughput gpt = g.provisionedThroughput();
        gsis.add(new IndexDef(g.indexName(), true, keys.hash(), keys.range(), projectionType(g.projection(), g.indexName()),
            nonKeyAttributes(g.projection(), g.indexName()),
            gpt == null ? 0 : gpt.readCapacityUnits(), gpt == null ? 0 : gpt.writeCapacityUnits(), false));
      }
    }
    List<VectorIndexDef> vectors = vectorIndexes(req, billing, defined, indexNames, used);
    if (!used.equals(defined.keySet())) {
      // with indexes the service names the unused definitions (docs/dynamodb-messages.md)
      throw PartitaException.validation(gsis.isEmpty() && lsis.isEmpty()
          ? "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions"
          : "One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: "
              + new TreeSet<>(defined.keySet()) + ", keys used: " + new TreeSet<>(used));
    }
    // the same rules as TagResource's, counted on a table that has none yet
    Map<String, String> tags = req.hasTags() ? Tagging.check(req.tags()) : Map.of();
    Tagging.checkCount(tags.size());
    long now = ctx.clock().millis();
    // the same checks as PutResourcePolicy's, attached at once (the service: "strongly consistent" at creation)
    Map<String, io.partita.engine.internal.table.ResourcePolicy> policies = req.resourcePolicy() == null ? Map.of()
        : Map.of(TableDef.TABLE_POLICY, ResourcePolicies.checked(req.resourcePolicy(), now));
    TableSettings settings = TableSettingsParams.apply(TableSettings.DEFAULT, req.tableClassAsString(),
        req.sseSpecification(), req.onDemandThroughput(), req.warmThroughput(), billing, now);
    String name = ctx.catalog().nameToCreate(req.tableName());
    TableDef def = ctx.catalog().create(name, id -> {
      TableDef made = new TableDef(id, name, UUID.randomUUID().toString(), hash, range, definitions, billing,
          pt == null ? 0 : pt.readCapacityUnits(), pt == null ? 0 : pt.writeCapacityUnits(),
          now, now, gsis, lsis, tags, Boolean.TRUE.equals(req.deletionProtectionEnabled()), settings, null, List.of(), null, null, policies,
          importing, vectors);
      return streamViewType == null ? made
          : made.withStreams(List.of(ctx.streams().newStream(made, streamViewType, now)));
    });
    if (!def.vectorIndexes().isEmpty()) {
      VectorBuild.resume(ctx, ctx.catalog().get(def.name())); // empty: built at once, and kept by every write
    }
    // the service answers CREATING (and its indexes CREATING); here the table is usable at once, so the next
    // DescribeTable, and any waiter, sees it ACTIVE
    return CreateTableResponse.builder().tableDescription(Descriptions.of(ctx.home(), def, TableStatus.CREATING, 0, 0)).build();
  }

  /**
   * The request's vector indexes, checked in the service's order (docs/vector-search.md): billing, each
   * index's own rules, names unique among them, at most five, dimensions agreeing per attribute, the
   * vector attribute not a defined one, then names unique among all the table's indexes. Their search
   * schema's attributes count as used definitions.
   */
  private static List<VectorIndexDef> vectorIndexes(CreateTableRequest req, BillingMode billing,
      Map<String, ScalarType> defined, Set<String> indexNames, Set<String> used) {
    if (!req.hasVectorIndexes()) {
      return List.of();
    }
    if (req.vectorIndexes().isEmpty()) {
      throw VectorIndexRules.invalid("List of VectorIndexes is empty");
    }
    VectorIndexRules.checkBilling(billing, req.vectorIndexes().size());
    List<VectorIndexDef> vectors = new ArrayList<>();
    for (software.amazon.awssdk.services.dynamodb.model.VectorIndex v : req.vectorIndexes()) {
      vectors.add(VectorIndexRules.define(VectorIndexRules.Given.of(v), defined, false));
    }
    Set<String> names = new HashSet<>();
    vectors.forEach(v -> uniqueIndexName(v.name(), names));
    if (vectors.size() > VectorIndexRules.MAX_VECTOR_INDEXES) {
      throw VectorIndexRules.invalid("VectorIndex count exceeds the per-table limit of "
          + VectorIndexRules.MAX_VECTOR_INDEXES);
    }
    VectorIndexRules.checkTogether(vectors, defined);
    vectors.forEach(v -> uniqueIndexName(v.name(), indexNames));
    vectors.forEach(v -> v.searchSchema().forEach(k -> used.add(k.key().name())));
    return vectors;
  }

  /** An index's own on-demand or warm throughput: refused by name rather than dropped (kept per table only). */
  public static void refuseIndexSettings(String operation, String index, boolean onDemand, boolean warm) {
    if (onDemand || warm) {
      throw PartitaException.validation(operation + " parameter " + (onDemand ? "OnDemandThroughput" : "WarmThroughput")
          + " on global secondary index " + index + " is not supported by Partita yet (it is kept for tables only)");
    }
  }

  public static void checkThroughput(BillingMode billing, ProvisionedThroughput pt, String index) {
    String where = index == null ? "" : " for index " + index;
    if (billing == BillingMode.PROVISIONED && (pt == null || pt.readCapacityUnits() == null || pt.writeCapacityUnits() == null)) {
      throw PartitaException.validation(index == null
          ? "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"
          : "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + index);
    }
    if (billing == BillingMode.PAY_PER_REQUEST && pt != null) {
      throw PartitaException.validation(
          "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST" + where);
    }
  }

  private static void uniqueIndexName(String name, Set<String> names) {
    if (!names.add(name)) {
      throw PartitaException.validation("One or more parameter values were invalid: Duplicate index name: " + name);
    }
  }

  public static ProjectionType projectionType(Projection p, String index) {
    if (p == null || p.projectionType() == null) {
      throw PartitaException.validation("One or more parameter values were invalid: Unknown ProjectionType: null for index: " + index);
    }
    return p.projectionType();
  }

  public static List<String> nonKeyAttributes(Projection p, String index) {
    boolean include = p.projectionType() == ProjectionType.INCLUDE;
    if (include && !p.hasNonKeyAttributes()) {
      throw PartitaException.validation("One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    }
    if (!include && p.hasNonKeyAttributes()) {
      throw PartitaException.validation("One or more parameter values were invalid: ProjectionType is "
          + p.projectionType() + ", but NonKeyAttributes is specified");
    }
    return include ? List.copyOf(new TreeSet<>(p.nonKeyAttributes())) : List.of();
  }

  /** A parsed KeySchema: HASH attributes first, then RANGE attributes. */
  public record KeySchemas(List<KeyDef> hash, List<KeyDef> range) {
    public static KeySchemas parse(List<KeySchemaElement> schema, String index, Map<String, ScalarType> defined,
        Set<String> used, int maxPerPart) {
      if (schema == null || schema.isEmpty()) {
        throw PartitaException.validation("1 validation error detected: Value null at '"
            + (index == null ? "keySchema" : "keySchema") + "' failed to satisfy constraint: Member must not be null");
      }
      List<KeyDef> hash = new ArrayList<>();
      List<KeyDef> range = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      if (index == null && defined.size() < schema.size()) {
        // before any element is looked at: a table key naming one attribute as both HASH and RANGE with
        // only that one defined gets this too (recorded 2026, issue 34), not the duplicate-name sentence
        throw PartitaException.validation("Invalid KeySchema: Some index key attribute have no definition");
      }
      for (KeySchemaElement e : schema) {
        ScalarType type = defined.get(e.attributeName());
        if (type == null) {
          // the service's two answers (recorded facts create-table-key-not-defined and -range-key-not-defined):
          // fewer definitions than table keys, or a definition under another name
          throw PartitaException.validation(index == null && defined.size() < schema.size()
              ? "Invalid KeySchema: Some index key attribute have no definition"
              : "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: "
                  + names(schema) + ", AttributeDefinitions: " + defined.keySet());
        }
        if (!seen.add(e.attributeName())) {
          throw PartitaException.validation("Invalid KeySchema: Some index key attribute have duplicate names");
        }
        used.add(e.attributeName());
        KeyDef k = new KeyDef(e.attributeName(), type);
        if (e.keyType() == KeyType.HASH) {
          if (!range.isEmpty()) {
            throw PartitaException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
          }
          hash.add(k);
        } else {
          range.add(k);
        }
      }
      if (hash.isEmpty()) {
        throw PartitaException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
      }
      if (hash.size() > maxPerPart) {
        throw PartitaException.validation("Invalid KeySchema: Too many hash keys");
      }
      if (range.size() > maxPerPart) {
        throw PartitaException.validation("Invalid KeySchema: Too many range keys");
      }
      return new KeySchemas(hash, range);
    }

    private static List<String> names(List<KeySchemaElement> schema) {
      return schema.stream().map(KeySchemaElement::attributeName).toList();
    }
  }
}
