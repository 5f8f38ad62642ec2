package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.model.TableSchema.Projection;
import io.partita.server.tables.TablesAtStart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Issue 39's round trip: partita-model's exports (CloudFormation, Terraform, NoSQL Workbench), read back by {@code
 * partita serve --tables}, describe the same tables as the model's own createTable() makes: keys, attribute types,
 * billing and capacity, indexes with their projections and capacity, the stream, time to live, point-in-time
 * recovery and tags, as far as each format carries them (NoSQL Workbench's has no place for local indexes, time to
 * live, streams, recovery or tags, nor for an index's own capacity). And the exports, given to a start whose data
 * already holds the model's table, are found to describe it as it is.
 */
class TablesFromExportsTest {
  record Order(String customerId, String orderId, String status, long total, Optional<Instant> purgeAt) {}

  static final Entity<Order> ORDER = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("byStatus", "STATUS#{status}", "ORDER#{orderId}")
      .localIndex("byTotal", "TOTAL#{total:012d}")
      .ttl("purgeAt");

  static Model model(boolean provisioned, boolean features) {
    TableSchema schema = TableSchema.named("Orders")
        .globalIndex("byStatus", "gsi1pk", "gsi1sk", Projection.include("customerId", "status", "total"))
        .globalIndex("keys", "gsi2pk", null, Projection.keysOnly());
    if (features) {
      schema = schema.localIndex("byTotal", "lsi1sk").stream(StreamViewType.NEW_AND_OLD_IMAGES).pointInTimeRecovery()
          .tag("team", "checkout").tag("cost-center", "42");
    }
    if (provisioned) {
      schema = schema.provisioned(10, 5).indexThroughput("keys", 2, 1);
    }
    return Model.builder(schema).entities(features ? ORDER : ORDER_WITHOUT_LSI).build();
  }

  static final Entity<Order> ORDER_WITHOUT_LSI = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("byStatus", "STATUS#{status}", "ORDER#{orderId}")
      .ttl("purgeAt");

  /** The table as the model makes it, and as each export read back by --tables makes it. */
  @Test
  void eachExportReadBackDescribesTheSameTable(@TempDir Path dir) throws Exception {
    for (boolean provisioned : new boolean[] {false, true}) {
      Model model = model(provisioned, true);
      Map<String, Object> made;
      Map<String, Object> features;
      try (Partita db = Partita.inMemory(); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
        ModelClient.create(model, dynamo).createTable();
        made = shape(dynamo.describeTable(b -> b.tableName("Orders")).table());
        features = features(dynamo);
      }
      Path cfn = Files.writeString(dir.resolve("orders-" + provisioned + ".template.json"),
          model.table().toCloudFormation("OrdersTable"));
      Path tf = Files.writeString(dir.resolve("orders-" + provisioned + ".tf"), model.table().toTerraform("orders"));
      for (Path file : List.of(cfn, tf)) {
        try (Partita db = Partita.inMemory(); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
          String out = apply(db, file);
          assertTrue(out.contains("Created table Orders from " + file), out);
          assertEquals(made, shape(dynamo.describeTable(b -> b.tableName("Orders")).table()), file.toString());
          assertEquals(features, features(dynamo), file.toString());
        }
      }
    }
  }

  /** NoSQL Workbench's model: the keys, the global indexes and the billing; its format has no place for the rest. */
  @Test
  void theNoSqlWorkbenchExportReadBackDescribesTheSameKeysAndGlobalIndexes(@TempDir Path dir) throws Exception {
    for (boolean provisioned : new boolean[] {false, true}) {
      Model model = model(provisioned, false);
      Map<String, Object> made;
      try (Partita db = Partita.inMemory(); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
        ModelClient.create(model, dynamo).createTable();
        made = shape(dynamo.describeTable(b -> b.tableName("Orders")).table());
      }
      Path file = Files.writeString(dir.resolve("shop-" + provisioned + ".json"), model.toNoSqlWorkbench("Shop"));
      try (Partita db = Partita.inMemory(); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
        apply(db, file);
        Map<String, Object> read = shape(dynamo.describeTable(b -> b.tableName("Orders")).table());
        if (provisioned) {
          // one capacity setting for the table and every index: the "keys" index's own 2/1 is not in the format
          @SuppressWarnings("unchecked")
          Map<String, Object> gsis = (Map<String, Object>) made.get("gsis");
          assertEquals(List.of(2L, 1L), ((List<?>) gsis.get("keys")).get(2));
          gsis.put("keys", List.of(((List<?>) gsis.get("keys")).get(0), ((List<?>) gsis.get("keys")).get(1),
              List.of(10L, 5L)));
        }
        assertEquals(made, read, file.toString());
      }
    }
  }

  /** A second start with the export, on data that already holds the model's table: found the same, left alone. */
  @Test
  void theExportsDescribeTheModelsTableAsItIs(@TempDir Path dir) throws Exception {
    Model model = model(true, true);
    Path cfn = Files.writeString(dir.resolve("orders.template.json"), model.table().toCloudFormation("OrdersTable"));
    Path tf = Files.writeString(dir.resolve("orders.tf"), model.table().toTerraform("orders"));
    for (Path file : List.of(cfn, tf)) {
      try (Partita db = Partita.inMemory(); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
        ModelClient.create(model, dynamo).createTable();
        String out = apply(db, file);
        assertTrue(out.contains("Table Orders is already there as " + file), out);
      }
    }
  }

  static String apply(Partita db, Path file) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TablesAtStart.read(List.of(file), List.of(), "us-east-1")
        .apply(db, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** What a table is, without what differs between any two tables (ARNs, dates, ids). */
  static Map<String, Object> shape(TableDescription d) {
    Map<String, Object> out = new TreeMap<>();
    Map<String, String> definitions = new TreeMap<>();
    d.attributeDefinitions().forEach(a -> definitions.put(a.attributeName(), a.attributeTypeAsString()));
    out.put("attributes", definitions);
    out.put("key", d.keySchema());
    out.put("billing", d.billingModeSummary() == null ? "PROVISIONED" : d.billingModeSummary().billingModeAsString());
    out.put("units", d.provisionedThroughput() == null ? null : List.of(
        d.provisionedThroughput().readCapacityUnits(), d.provisionedThroughput().writeCapacityUnits()));
    Map<String, Object> gsis = new TreeMap<>();
    d.globalSecondaryIndexes().forEach(g -> gsis.put(g.indexName(), new java.util.ArrayList<>(List.of(g.keySchema(),
        g.projection(), g.provisionedThroughput() == null ? "none" : List.of(g.provisionedThroughput().readCapacityUnits(),
            g.provisionedThroughput().writeCapacityUnits())))));
    out.put("gsis", gsis);
    Map<String, Object> lsis = new TreeMap<>();
    d.localSecondaryIndexes().forEach(l -> lsis.put(l.indexName(), List.of(l.keySchema(), l.projection())));
    out.put("lsis", lsis);
    out.put("stream", d.streamSpecification() == null ? "none" : d.streamSpecification().streamViewTypeAsString());
    out.put("class", d.tableClassSummary() == null ? "STANDARD" : d.tableClassSummary().tableClassAsString());
    return out;
  }

  /** Time to live, point-in-time recovery and tags: what other requests than DescribeTable answer. */
  static Map<String, Object> features(DynamoDbClient dynamo) {
    Map<String, Object> out = new TreeMap<>();
    out.put("ttl", dynamo.describeTimeToLive(b -> b.tableName("Orders")).timeToLiveDescription());
    out.put("pitr", dynamo.describeContinuousBackups(b -> b.tableName("Orders")).continuousBackupsDescription()
        .pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
    String arn = dynamo.describeTable(b -> b.tableName("Orders")).table().tableArn();
    out.put("tags", dynamo.listTagsOfResource(b -> b.resourceArn(arn)).tags());
    return out;
  }
}
