package io.partita.server.tables;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;

/**
 * The tables of a NoSQL Workbench data model (the JSON its "Export model" writes: {@code ModelName},
 * {@code ModelMetadata}, {@code DataModel} with one entry per table): key attributes, global secondary indexes,
 * billing and capacity, and the sample items of {@code TableData}, put once the table is made. Facets name the
 * entities of a single-table design and change nothing in the table: accepted and ignored.
 */
final class WorkbenchTables {
  private WorkbenchTables() {}

  static boolean looksLike(Map<String, Object> doc) {
    return doc.get("DataModel") instanceof List<?>;
  }

  static List<TableDefinition> read(Map<String, Object> doc, Report report) {
    Fields top = new Fields(report, "", doc, Resolver.none(""), "a member of a NoSQL Workbench model Partita knows");
    top.ignore("ModelName", "ModelMetadata");
    List<TableDefinition> tables = top.objects("DataModel", "a member of a NoSQL Workbench table Partita knows",
        WorkbenchTables::table);
    top.done();
    return tables;
  }

  private static TableDefinition table(Fields t) {
    String name = t.requiredString("TableName");
    Map<String, String> types = new LinkedHashMap<>();
    // NonKeyAttributes type the attributes an index may use as its key
    t.objects("NonKeyAttributes", "a member of a non-key attribute (AttributeName, AttributeType)", a -> {
      String attribute = a.requiredString("AttributeName");
      String type = a.requiredString("AttributeType");
      if (attribute != null && type != null) {
        types.put(attribute, type);
      }
      return null;
    });
    Map<String, String> used = new LinkedHashMap<>();
    Fields keyAttributes = t.object("KeyAttributes", "a member of KeyAttributes (PartitionKey, SortKey)");
    List<KeySchemaElement> keys = keyAttributes == null ? List.of() : keys(keyAttributes, types, used);
    if (keyAttributes == null && !t.has("KeyAttributes")) {
      t.report().refuse(t.at("KeyAttributes"), "is missing");
    }
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name).keySchema(keys);
    List<GlobalSecondaryIndex> gsis = t.objects("GlobalSecondaryIndexes", "a member of a global secondary index", g -> {
      Fields k = g.object("KeyAttributes", "a member of KeyAttributes (PartitionKey, SortKey)");
      GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(g.requiredString("IndexName"))
          .keySchema(k == null ? List.of() : keys(k, types, used)).projection(Shapes.projection(g));
      return gb.build();
    });
    String billing = t.string("BillingMode");
    Fields capacity = t.object("ProvisionedCapacitySettings", "a member of ProvisionedCapacitySettings");
    ProvisionedThroughput pt = null;
    if (capacity != null) {
      pt = Shapes.throughput(capacity, "ProvisionedThroughput");
      capacity.ignore("AutoScalingRead", "AutoScalingWrite");
      capacity.done();
    }
    if (billing == null) {
      billing = pt == null ? BillingMode.PAY_PER_REQUEST.toString() : BillingMode.PROVISIONED.toString();
    }
    b.billingMode(billing);
    if (billing.equals(BillingMode.PROVISIONED.toString())) {
      if (pt == null) {
        t.report().refuse(t.at("ProvisionedCapacitySettings"), "is missing, and BillingMode is PROVISIONED");
      } else {
        b.provisionedThroughput(pt);
        for (int i = 0; i < gsis.size(); i++) {
          gsis.set(i, gsis.get(i).toBuilder().provisionedThroughput(pt).build()); // the model has one setting
        }
      }
    }
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    List<AttributeDefinition> definitions = new ArrayList<>();
    used.forEach((a, type) -> definitions.add(AttributeDefinition.builder().attributeName(a).attributeType(type).build()));
    b.attributeDefinitions(definitions);
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Object data = t.raw("TableData");
    if (data instanceof List<?> list && !list.isEmpty()) {
      try {
        io.partita.engine.internal.transfer.ItemFiles.read(
            new ByteArrayInputStream(Tree.toJson(list).getBytes(StandardCharsets.UTF_8)), items::add);
      } catch (IOException | IllegalArgumentException e) {
        t.report().refuse(t.at("TableData"), "holds something that is not an item: " + e.getMessage());
      }
    }
    t.ignore("TableFacets", "DataAccess", "SampleDataFormats");
    return name == null ? null
        : new TableDefinition(t.report().file() + ": " + t.path() + " (" + name + ")", b.build(), null, false, null,
            items);
  }

  /** PartitionKey and SortKey, each {AttributeName, AttributeType}; the types go into {@code used}. */
  private static List<KeySchemaElement> keys(Fields k, Map<String, String> types, Map<String, String> used) {
    List<KeySchemaElement> keys = new ArrayList<>();
    for (String part : List.of("PartitionKey", "SortKey")) {
      Fields a = k.object(part, "a member of " + part + " (AttributeName, AttributeType)");
      if (a == null) {
        if (part.equals("PartitionKey") && !k.has(part)) {
          k.report().refuse(k.at(part), "is missing");
        }
        continue;
      }
      String attribute = a.requiredString("AttributeName");
      String type = a.string("AttributeType");
      a.done();
      if (attribute == null) {
        continue;
      }
      if (type == null) {
        type = types.getOrDefault(attribute, "S");
      }
      keys.add(KeySchemaElement.builder().attributeName(attribute)
          .keyType(part.equals("PartitionKey") ? KeyType.HASH : KeyType.RANGE).build());
      used.putIfAbsent(attribute, type);
    }
    k.done();
    return keys;
  }
}
