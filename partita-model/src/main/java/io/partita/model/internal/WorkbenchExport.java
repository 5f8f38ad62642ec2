package io.partita.model.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * The model as a NoSQL Workbench data model. Apart from {@link TableExport} because it reads the whole model and its
 * TableSchema, while the table's own exports are called by the TableSchema (one way only, no circle).
 */
public final class WorkbenchExport {
  private WorkbenchExport() {}

  /**
   * The model as a NoSQL Workbench data model (the format its "Export model" writes, version 3.0): the table's key
   * attributes, every entity field as a non-key attribute with its type, one facet per entity (its key templates as
   * the key aliases), the global indexes with their projections, and the billing. NoSQL Workbench's format has no
   * place for local indexes, time to live, streams, point-in-time recovery or tags, so they are left out (the
   * CloudFormation and Terraform exports carry them); nor for vector indexes, which the model's description names.
   */
  public static String noSqlWorkbench(CompiledModel model, String modelName, String date) {
    Map<String, List<List<String>>> indexKeys = new LinkedHashMap<>();
    model.table().indexes().values().forEach(i -> indexKeys.put(i.name(), List.of(i.partitionKeys(), i.sortKeys())));
    TableExport.refuseMultiAttribute(indexKeys, "a NoSQL Workbench model");
    TableSchema table = model.table();
    CreateTableRequest r = table.createTableRequest();
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("TableName", table.name());
    t.put("KeyAttributes", workbenchKeys(table.partitionKey(), table.sortKey().orElse(null)));
    t.put("NonKeyAttributes", nonKeyAttributes(model, table));
    List<Object> facets = new ArrayList<>();
    for (EntityModel<?> e : model.entities()) {
      Map<String, Object> alias = TableExport.map("PartitionKeyAlias", e.tableKey().partition().toString());
      if (e.tableKey().sort() != null) {
        alias.put("SortKeyAlias", e.tableKey().sort().toString());
      }
      List<Object> names = new ArrayList<>();
      names.add(table.typeAttribute());
      for (RecordMapper.Field f : e.mapper().fields()) {
        names.add(f.stored());
      }
      facets.add(TableExport.map("FacetName", e.name(), "KeyAttributeAlias", alias, "TableData", new ArrayList<>(),
          "NonKeyAttributes", names));
    }
    t.put("TableFacets", facets);
    if (r.hasGlobalSecondaryIndexes()) {
      List<Object> gsis = new ArrayList<>();
      for (GlobalSecondaryIndex g : r.globalSecondaryIndexes()) {
        gsis.add(TableExport.map("IndexName", g.indexName(), "KeyAttributes",
            workbenchKeys(TableExport.key(g.keySchema(), KeyType.HASH), TableExport.key(g.keySchema(), KeyType.RANGE)),
            "Projection", TableExport.projection(g.projection())));
      }
      t.put("GlobalSecondaryIndexes", gsis);
    }
    t.put("TableData", new ArrayList<>());
    t.put("DataAccess", TableExport.map("MySql", new LinkedHashMap<>()));
    t.put("BillingMode", r.billingModeAsString());
    if (r.provisionedThroughput() != null) {
      t.put("ProvisionedCapacitySettings",
          TableExport.map("ProvisionedThroughput", TableExport.units(r.provisionedThroughput())));
    }
    Map<String, Object> doc = TableExport.map("ModelName", modelName,
        "ModelMetadata", TableExport.map("Author", "", "DateCreated", date, "DateLastModified", date,
            "Description", description(r), "AWSService", "Amazon DynamoDB", "Version", "3.0"),
        "DataModel", List.of(t));
    StringBuilder out = new StringBuilder();
    TableExport.json(doc, out, "");
    return out.append('\n').toString();
  }

  /**
   * The model's description: NoSQL Workbench's format has no place for vector indexes, so they are named here, in
   * what a reader of the model sees, rather than left out without a word (the vector fields are attributes, L).
   */
  private static String description(CreateTableRequest r) {
    if (!r.hasVectorIndexes()) {
      return "Exported by partita-model";
    }
    List<String> named = new ArrayList<>();
    for (software.amazon.awssdk.services.dynamodb.model.VectorIndex v : r.vectorIndexes()) {
      named.add(v.indexName() + " (" + v.vectorAttribute().attributeName() + ", " + v.dimensions() + " dimensions, "
          + v.distanceFunctionAsString() + (v.hasSearchSchema() ? ", search schema " + v.searchSchema().stream()
          .map(e -> e.attributeName() + " " + e.searchSchemaElementTypeAsString()).toList() : "") + ")");
    }
    return "Exported by partita-model. Not in this model, as NoSQL Workbench has no place for them: vector indexes "
        + String.join("; ", named) + " (the CloudFormation export carries them)";
  }

  private static Map<String, Object> workbenchKeys(String hash, String range) {
    Map<String, Object> keys = TableExport.map("PartitionKey", TableExport.map("AttributeName", hash, "AttributeType", "S"));
    if (range != null) {
      keys.put("SortKey", TableExport.map("AttributeName", range, "AttributeType", "S"));
    }
    return keys;
  }

  /** The type attribute, every entity field with its type, and the index key attributes. */
  private static List<Object> nonKeyAttributes(CompiledModel model, TableSchema table) {
    Map<String, String> nonKey = new LinkedHashMap<>();
    nonKey.put(table.typeAttribute(), "S");
    for (EntityModel<?> e : model.entities()) {
      for (RecordMapper.Field f : e.mapper().fields()) {
        nonKey.putIfAbsent(f.stored(), Codecs.attributeType(f.codec()));
      }
    }
    for (String k : table.keyAttributes()) {
      if (!k.equals(table.partitionKey()) && !k.equals(table.sortKey().orElse(null))) {
        nonKey.putIfAbsent(k, "S"); // index keys are attributes of the table
      }
    }
    List<Object> attributes = new ArrayList<>();
    nonKey.forEach((n, type) -> attributes.add(TableExport.map("AttributeName", n, "AttributeType", type)));
    return attributes;
  }
}
