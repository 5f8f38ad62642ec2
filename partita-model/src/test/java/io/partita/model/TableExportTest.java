package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.partita.model.TableSchema.Projection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The table as infrastructure code. CloudFormation: parsed, turned back into a CreateTable request the way
 * CloudFormation would, run against Partita, and the table described compared with the one createTable() makes.
 * Terraform: the exact text. NoSQL Workbench: parsed and checked field by field.
 */
class TableExportTest {

  record Order(String customerId, String orderId, String status, long total, Optional<Instant> purgeAt) {}

  static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("byStatus", "STATUS#{status}", "ORDER#{orderId}")
      .localIndex("byTotal", "TOTAL#{total:012d}")
      .ttl("purgeAt");

  static Model model(String table, boolean provisioned) {
    TableSchema schema = TableSchema.named(table)
        .globalIndex("byStatus", "gsi1pk", "gsi1sk", Projection.include("customerId", "orderId", "status", "total",
            "purgeAt"))
        .globalIndex("keys", "gsi2pk", null, Projection.keysOnly())
        .localIndex("byTotal", "lsi1sk");
    if (provisioned) {
      schema = schema.provisioned(10, 5).indexThroughput("keys", 1, 1);
    }
    return Model.builder(schema).entities(ORDER).build();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void cloudFormationCreatesTheSameTable(Backend backend) {
    for (boolean provisioned : new boolean[] {false, true}) {
      String fromModel = Backend.freshTable("Orders");
      String fromTemplate = Backend.freshTable("OrdersCfn");
      Model model = model(fromModel, provisioned);
      ModelClient.create(model, backend.client()).createTable();

      JsonNode template = JsonNode.parser().parse(model.table().toCloudFormation("OrdersTable"));
      JsonNode resource = template.field("Resources").orElseThrow().field("OrdersTable").orElseThrow();
      assertEquals("AWS::DynamoDB::Table", resource.field("Type").orElseThrow().asString());
      JsonNode props = resource.field("Properties").orElseThrow();
      assertEquals(fromModel, props.field("TableName").orElseThrow().asString());
      JsonNode ttl = props.field("TimeToLiveSpecification").orElseThrow();
      assertEquals("purgeAt", ttl.field("AttributeName").orElseThrow().asString());
      assertTrue(ttl.field("Enabled").orElseThrow().asBoolean());

      DynamoDbClient dynamo = backend.client();
      dynamo.createTable(createTableFrom(props, fromTemplate));
      dynamo.updateTimeToLive(b -> b.tableName(fromTemplate).timeToLiveSpecification(s -> s
          .attributeName(ttl.field("AttributeName").orElseThrow().asString())
          .enabled(ttl.field("Enabled").orElseThrow().asBoolean())));

      assertEquals(shape(dynamo.describeTable(b -> b.tableName(fromModel)).table()),
          shape(dynamo.describeTable(b -> b.tableName(fromTemplate)).table()), "provisioned " + provisioned);
      assertEquals(dynamo.describeTimeToLive(b -> b.tableName(fromModel)).timeToLiveDescription(),
          dynamo.describeTimeToLive(b -> b.tableName(fromTemplate)).timeToLiveDescription());
    }
  }

  /** What CloudFormation sends for an AWS::DynamoDB::Table: the properties are CreateTable's, one for one. */
  private static CreateTableRequest createTableFrom(JsonNode p, String tableName) {
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(tableName);
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (JsonNode d : p.field("AttributeDefinitions").orElseThrow().asArray()) {
      definitions.add(AttributeDefinition.builder().attributeName(text(d, "AttributeName"))
          .attributeType(text(d, "AttributeType")).build());
    }
    b.attributeDefinitions(definitions).keySchema(keySchema(p)).billingMode(text(p, "BillingMode"));
    p.field("ProvisionedThroughput").ifPresent(t -> b.provisionedThroughput(units(t)));
    p.field("GlobalSecondaryIndexes").ifPresent(gsis -> {
      List<GlobalSecondaryIndex> out = new ArrayList<>();
      for (JsonNode g : gsis.asArray()) {
        GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(text(g, "IndexName"))
            .keySchema(keySchema(g)).projection(projection(g));
        g.field("ProvisionedThroughput").ifPresent(t -> gb.provisionedThroughput(units(t)));
        out.add(gb.build());
      }
      b.globalSecondaryIndexes(out);
    });
    p.field("LocalSecondaryIndexes").ifPresent(lsis -> {
      List<LocalSecondaryIndex> out = new ArrayList<>();
      for (JsonNode l : lsis.asArray()) {
        out.add(LocalSecondaryIndex.builder().indexName(text(l, "IndexName")).keySchema(keySchema(l))
            .projection(projection(l)).build());
      }
      b.localSecondaryIndexes(out);
    });
    return b.build();
  }

  private static String text(JsonNode n, String field) {
    return n.field(field).orElseThrow(() -> new AssertionError("no " + field + " in " + n)).asString();
  }

  private static List<KeySchemaElement> keySchema(JsonNode n) {
    List<KeySchemaElement> out = new ArrayList<>();
    for (JsonNode k : n.field("KeySchema").orElseThrow().asArray()) {
      out.add(KeySchemaElement.builder().attributeName(text(k, "AttributeName")).keyType(text(k, "KeyType")).build());
    }
    return out;
  }

  private static software.amazon.awssdk.services.dynamodb.model.Projection projection(JsonNode n) {
    JsonNode p = n.field("Projection").orElseThrow();
    List<String> names = new ArrayList<>();
    p.field("NonKeyAttributes").ifPresent(a -> a.asArray().forEach(x -> names.add(x.asString())));
    return software.amazon.awssdk.services.dynamodb.model.Projection.builder()
        .projectionType(text(p, "ProjectionType")).nonKeyAttributes(names.isEmpty() ? null : names).build();
  }

  private static ProvisionedThroughput units(JsonNode t) {
    return ProvisionedThroughput.builder()
        .readCapacityUnits(Long.parseLong(t.field("ReadCapacityUnits").orElseThrow().asNumber()))
        .writeCapacityUnits(Long.parseLong(t.field("WriteCapacityUnits").orElseThrow().asNumber())).build();
  }

  /** A description without what differs between two tables of one definition (name, ARN, times, counts). */
  private static Map<String, Object> shape(TableDescription d) {
    Map<String, Object> out = new TreeMap<>();
    Map<String, String> definitions = new TreeMap<>();
    d.attributeDefinitions().forEach(a -> definitions.put(a.attributeName(), a.attributeTypeAsString()));
    out.put("attributes", definitions);
    out.put("key", d.keySchema());
    out.put("billing", d.billingModeSummary() == null ? "PROVISIONED" : d.billingModeSummary().billingModeAsString());
    out.put("units", d.provisionedThroughput() == null ? null : List.of(
        d.provisionedThroughput().readCapacityUnits(), d.provisionedThroughput().writeCapacityUnits()));
    Map<String, Object> gsis = new TreeMap<>();
    if (d.hasGlobalSecondaryIndexes()) {
      d.globalSecondaryIndexes().forEach(g -> gsis.put(g.indexName(), List.of(g.keySchema(), g.projection(),
          g.provisionedThroughput() == null ? "none" : List.of(g.provisionedThroughput().readCapacityUnits(),
              g.provisionedThroughput().writeCapacityUnits()))));
    }
    out.put("gsis", gsis);
    Map<String, Object> lsis = new TreeMap<>();
    if (d.hasLocalSecondaryIndexes()) {
      d.localSecondaryIndexes().forEach(l -> lsis.put(l.indexName(), List.of(l.keySchema(), l.projection())));
    }
    out.put("lsis", lsis);
    assertEquals(2, gsis.size(), "both global indexes are there: " + d);
    assertEquals(1, lsis.size(), "the local index is there: " + d);
    return out;
  }

  @Test
  void terraformIsTheExpectedBlock() {
    String expected = """
        resource "aws_dynamodb_table" "orders" {
          name         = "Orders"
          billing_mode = "PROVISIONED"
          read_capacity  = 10
          write_capacity = 5
          hash_key     = "pk"
          range_key    = "sk"

          attribute {
            name = "pk"
            type = "S"
          }

          attribute {
            name = "sk"
            type = "S"
          }

          attribute {
            name = "gsi1pk"
            type = "S"
          }

          attribute {
            name = "gsi1sk"
            type = "S"
          }

          attribute {
            name = "gsi2pk"
            type = "S"
          }

          attribute {
            name = "lsi1sk"
            type = "S"
          }

          global_secondary_index {
            name            = "byStatus"
            hash_key        = "gsi1pk"
            range_key       = "gsi1sk"
            projection_type = "INCLUDE"
            non_key_attributes = ["customerId", "orderId", "status", "total", "purgeAt", "_type"]
            read_capacity   = 10
            write_capacity  = 5
          }

          global_secondary_index {
            name            = "keys"
            hash_key        = "gsi2pk"
            projection_type = "KEYS_ONLY"
            read_capacity   = 1
            write_capacity  = 1
          }

          local_secondary_index {
            name            = "byTotal"
            range_key       = "lsi1sk"
            projection_type = "ALL"
          }

          ttl {
            attribute_name = "purgeAt"
            enabled        = true
          }
        }
        """;
    assertEquals(expected, model("Orders", true).table().toTerraform("orders"));
    String onDemand = model("Orders", false).table().toTerraform("orders");
    assertTrue(onDemand.contains("  billing_mode = \"PAY_PER_REQUEST\"\n  hash_key"), onDemand);
    assertTrue(!onDemand.contains("capacity"), onDemand);
  }

  @Test
  void noSqlWorkbenchModelHasTheTableItsAttributesFacetsAndIndexes() {
    JsonNode doc = JsonNode.parser().parse(model("Orders", true).toNoSqlWorkbench("Shop"));
    assertEquals("Shop", doc.field("ModelName").orElseThrow().asString());
    assertEquals("3.0", doc.field("ModelMetadata").orElseThrow().field("Version").orElseThrow().asString());
    List<JsonNode> tables = doc.field("DataModel").orElseThrow().asArray();
    assertEquals(1, tables.size());
    JsonNode t = tables.get(0);
    assertEquals("Orders", text(t, "TableName"));
    JsonNode keys = t.field("KeyAttributes").orElseThrow();
    assertEquals("pk", text(keys.field("PartitionKey").orElseThrow(), "AttributeName"));
    assertEquals("sk", text(keys.field("SortKey").orElseThrow(), "AttributeName"));
    Map<String, String> types = new HashMap<>();
    for (JsonNode a : t.field("NonKeyAttributes").orElseThrow().asArray()) {
      types.put(text(a, "AttributeName"), text(a, "AttributeType"));
    }
    assertEquals(Map.of("_type", "S", "customerId", "S", "orderId", "S", "status", "S", "total", "N", "purgeAt",
        "N", "gsi1pk", "S", "gsi1sk", "S", "gsi2pk", "S", "lsi1sk", "S"), types);
    JsonNode facet = t.field("TableFacets").orElseThrow().asArray().get(0);
    assertEquals("Order", text(facet, "FacetName"));
    assertEquals("CUSTOMER#{customerId}", text(facet.field("KeyAttributeAlias").orElseThrow(), "PartitionKeyAlias"));
    assertEquals("ORDER#{orderId}", text(facet.field("KeyAttributeAlias").orElseThrow(), "SortKeyAlias"));
    List<JsonNode> gsis = t.field("GlobalSecondaryIndexes").orElseThrow().asArray();
    assertEquals(List.of("byStatus", "keys"), gsis.stream().map(g -> text(g, "IndexName")).toList());
    assertEquals("INCLUDE", text(gsis.get(0).field("Projection").orElseThrow(), "ProjectionType"));
    assertEquals("PROVISIONED", text(t, "BillingMode"));
    assertEquals("10", t.field("ProvisionedCapacitySettings").orElseThrow().field("ProvisionedThroughput")
        .orElseThrow().field("ReadCapacityUnits").orElseThrow().asNumber());
  }
}
