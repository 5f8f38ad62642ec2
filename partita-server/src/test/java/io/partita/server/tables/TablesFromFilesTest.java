package io.partita.server.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * {@code partita serve --tables FILE... --seed FILE...}, below the command line: each format read from a file shaped
 * as the tool writes it (test resources tables/), made on an in-memory database through the SDK's requests, and
 * described back; refusals named by file, resource and property; seeds after tables; a second start on the same
 * data folder leaving the tables (and saying what differs when the file changed).
 */
class TablesFromFilesTest {
  static Path fixture(String name) {
    try {
      return Path.of(TablesFromFilesTest.class.getResource("/tables/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Applies the files to {@code db} and answers what was printed. */
  static String apply(Partita db, List<Path> files, List<String> seeds) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    TablesAtStart.read(files, seeds, "us-east-1").apply(db, out);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  static TableDescription describe(Partita db, String table) {
    return db.<DescribeTableResponse>execute(DescribeTableRequest.builder().tableName(table).build()).table();
  }

  static String ttl(Partita db, String table) {
    var d = db.<DescribeTimeToLiveResponse>execute(DescribeTimeToLiveRequest.builder().tableName(table).build())
        .timeToLiveDescription();
    return d.timeToLiveStatus() == TimeToLiveStatus.ENABLED ? d.attributeName() : null;
  }

  static boolean pitr(Partita db, String table) {
    return db.<DescribeContinuousBackupsResponse>execute(DescribeContinuousBackupsRequest.builder().tableName(table)
        .build()).continuousBackupsDescription().pointInTimeRecoveryDescription().pointInTimeRecoveryStatus()
        == PointInTimeRecoveryStatus.ENABLED;
  }

  static Map<String, String> tags(Partita db, String table) {
    return db.<ListTagsOfResourceResponse>execute(ListTagsOfResourceRequest.builder()
        .resourceArn(describe(db, table).tableArn()).build()).tags().stream()
        .collect(Collectors.toMap(t -> t.key(), t -> t.value(), (a, b) -> a, TreeMap::new));
  }

  static int count(Partita db, String table) {
    return db.<ScanResponse>execute(ScanRequest.builder().tableName(table).build()).count();
  }

  @Test
  void aSamTemplateWithShortFormIntrinsicsMakesItsTables() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("sam-app.yaml")), List.of());

      // TableName !Sub "${Stage}-orders": Stage's Default is dev
      TableDescription orders = describe(db, "dev-orders");
      assertEquals("PAY_PER_REQUEST", orders.billingModeSummary().billingModeAsString());
      assertEquals("[PK HASH, SK RANGE]", orders.keySchema().stream()
          .map(k -> k.attributeName() + " " + k.keyTypeAsString()).toList().toString());
      var gsi = orders.globalSecondaryIndexes().get(0);
      assertEquals("GSI1", gsi.indexName());
      assertEquals("INCLUDE", gsi.projection().projectionTypeAsString());
      assertEquals(List.of("status", "total"), gsi.projection().nonKeyAttributes());
      assertEquals("ByCreatedAt", orders.localSecondaryIndexes().get(0).indexName());
      assertEquals("KEYS_ONLY", orders.localSecondaryIndexes().get(0).projection().projectionTypeAsString());
      assertEquals("NEW_AND_OLD_IMAGES", orders.streamSpecification().streamViewTypeAsString());
      assertEquals("expiresAt", ttl(db, "dev-orders"));
      assertTrue(pitr(db, "dev-orders"));
      // Stage from its Default; the account id has no value before a stack exists: that tag is left out, said so
      assertEquals(Map.of("Service", "orders", "Stage", "dev"), tags(db, "dev-orders"));
      assertTrue(out.contains("Resources.OrdersTable.Properties.Tags[2].Value (tag Account) is an intrinsic function"
          + " (!Ref) Partita cannot evaluate: the tag is left out"), out);

      // !Sub "${AWS::StackName}-sessions" has no value before a stack exists: the logical id names the table
      TableDescription sessions = describe(db, "SessionsTable");
      assertEquals(5L, sessions.provisionedThroughput().readCapacityUnits());
      assertEquals(2L, sessions.provisionedThroughput().writeCapacityUnits());
      assertEquals("ttl", ttl(db, "SessionsTable"));
      assertTrue(out.contains("Resources.SessionsTable.Properties.TableName is an intrinsic function (!Sub) with no"
          + " value before a stack exists: the table is named by its logical id, SessionsTable"), out);

      // SAM's SimpleTable: no TableName, so its logical id
      TableDescription counters = describe(db, "Counters");
      assertEquals("counterId", counters.keySchema().get(0).attributeName());
      assertEquals("PAY_PER_REQUEST", counters.billingModeSummary().billingModeAsString());
      assertEquals(Map.of("Service", "orders", "Stage", "dev"), tags(db, "Counters"));

      // accepted and ignored, in one line; functions and APIs are not tables and are not mentioned
      assertTrue(out.contains("accepted and ignored (no effect on a local table; docs/tables-from-infrastructure.md):"
          + " Resources.OrdersTable.DeletionPolicy, Resources.OrdersTable.UpdateReplacePolicy,"
          + " Resources.OrdersTable.Properties.SSESpecification"), out);
      assertFalse(out.contains("CreateOrderFunction"), out);
      assertTrue(out.contains("Created table dev-orders from " + fixture("sam-app.yaml")
          + ": Resources.OrdersTable (1 GSI, 1 LSI, stream NEW_AND_OLD_IMAGES, TTL on expiresAt, point-in-time"
          + " recovery, 2 tags)"), out);
    }
  }

  @Test
  void aCdkSynthesizedTemplateMakesItsTableAndGlobalTable() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("cdk-synth.template.json")), List.of());
      // CDK leaves TableName out: the logical id names the table
      TableDescription catalog = describe(db, "CatalogTable4B3C1D12");
      assertEquals("byCategory", catalog.globalSecondaryIndexes().get(0).indexName());
      assertEquals("{category=S, pk=S, price=N, sk=S}", new TreeMap<>(catalog.attributeDefinitions().stream()
          .collect(Collectors.toMap(d -> d.attributeName(), d -> d.attributeTypeAsString()))).toString());
      assertTrue(pitr(db, "CatalogTable4B3C1D12"));
      assertEquals("NEW_IMAGE", catalog.streamSpecification().streamViewTypeAsString());
      assertEquals(Map.of("project", "catalog"), tags(db, "CatalogTable4B3C1D12"));

      // TableV2's AWS::DynamoDB::GlobalTable: the replica of the server's region (Ref AWS::Region) gives its settings
      TableDescription carts = describe(db, "carts");
      assertEquals("PAY_PER_REQUEST", carts.billingModeSummary().billingModeAsString());
      assertEquals("expiresAt", ttl(db, "carts"));
      assertFalse(pitr(db, "carts"));
      assertEquals(Map.of("project", "catalog"), tags(db, "carts"));
      assertTrue(out.contains("Resources.CartsTableV2A1B2C3D4.Properties.Replicas other than the one of us-east-1 are"
          + " left aside, as Partita serves one region: Resources.CartsTableV2A1B2C3D4.Properties.Replicas[1]"), out);
      assertTrue(out.contains("Resources.CatalogTable4B3C1D12.Metadata"), out);
      assertEquals(2, db.<software.amazon.awssdk.services.dynamodb.model.ListTablesResponse>execute(
          software.amazon.awssdk.services.dynamodb.model.ListTablesRequest.builder().build()).tableNames().size());
    }
  }

  @Test
  void terraformShowJsonMakesTheTablesOfEveryModuleAndPutsTheirItems() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("terraform-show.json")), List.of());
      TableDescription scores = describe(db, "GameScores");
      assertEquals("PROVISIONED", scores.billingModeSummary() == null ? "PROVISIONED"
          : scores.billingModeSummary().billingModeAsString());
      assertEquals(20L, scores.provisionedThroughput().readCapacityUnits());
      var gsi = scores.globalSecondaryIndexes().get(0);
      assertEquals("GameTitleIndex", gsi.indexName());
      assertEquals(List.of("UserId"), gsi.projection().nonKeyAttributes());
      assertEquals(10L, gsi.provisionedThroughput().readCapacityUnits());
      assertEquals("TimeToExist", ttl(db, "GameScores"));
      assertTrue(pitr(db, "GameScores"));
      assertNull(scores.streamSpecification());
      // tags_all: the provider's default tags too
      assertEquals(Map.of("Environment", "production", "Name", "dynamodb-table-1", "ManagedBy", "terraform"),
          tags(db, "GameScores"));
      // aws_dynamodb_table_item
      GetItemResponse alice = db.execute(GetItemRequest.builder().tableName("GameScores").key(Map.of(
          "UserId", AttributeValue.fromS("alice"), "GameTitle", AttributeValue.fromS("Meteor Blasters"))).build());
      assertEquals("5842", alice.item().get("TopScore").n());

      // module.audit: a child module's table
      TableDescription audit = describe(db, "audit-log");
      assertEquals("PAY_PER_REQUEST", audit.billingModeSummary().billingModeAsString());
      assertEquals("byActor", audit.localSecondaryIndexes().get(0).indexName());
      assertEquals("NEW_IMAGE", audit.streamSpecification().streamViewTypeAsString());
      assertEquals("STANDARD_INFREQUENT_ACCESS", audit.tableClassSummary().tableClassAsString());
      assertNull(ttl(db, "audit-log"));
      assertFalse(pitr(db, "audit-log"));
      assertTrue(out.contains("module.audit.aws_dynamodb_table.this.server_side_encryption"), out);
      // the data source reads a table defined elsewhere: not made
      assertFalse(out.contains("legacy"), out);
    }
  }

  @Test
  void aTerraformConfigurationFileMakesItsTablesWithItsVariablesDefaults() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("dynamodb.tf")), List.of());
      // name = "${var.environment}-payments": the variable's default
      TableDescription payments = describe(db, "dev-payments");
      assertEquals("PAY_PER_REQUEST", payments.billingModeSummary().billingModeAsString());
      var gsi = payments.globalSecondaryIndexes().get(0);
      assertEquals("byStatus", gsi.indexName());
      assertEquals(List.of("amount", "currency"), gsi.projection().nonKeyAttributes());
      assertEquals("[accountId HASH, createdAt RANGE]", payments.localSecondaryIndexes().get(0).keySchema().stream()
          .map(k -> k.attributeName() + " " + k.keyTypeAsString()).toList().toString());
      assertEquals("NEW_AND_OLD_IMAGES", payments.streamSpecification().streamViewTypeAsString());
      assertEquals("expiresAt", ttl(db, "dev-payments"));
      assertTrue(pitr(db, "dev-payments"));
      assertEquals(Map.of("Environment", "dev", "Team", "payments"), tags(db, "dev-payments")); // local.common_tags
      // the item's table_name is aws_dynamodb_table.payments.name, as the file writes it
      assertEquals(1, count(db, "dev-payments"));
      // var.owner has no default: the resource's name names the table, said so
      assertEquals(5L, describe(db, "idempotency").provisionedThroughput().writeCapacityUnits());
      assertTrue(out.contains("aws_dynamodb_table.idempotency.name is an expression (\"idempotency-${var.owner}\")"
          + " Partita cannot evaluate: the table is named by its resource name, idempotency"), out);
      assertTrue(out.contains("aws_dynamodb_table.payments.lifecycle"), out);
      assertTrue(out.contains("aws_dynamodb_table.payments.server_side_encryption"), out);
      assertFalse(out.contains("aws_lambda_function"), out);
    }
  }

  @Test
  void aTerraformExpressionWherePartitaNeedsAValueIsRefusedNamingIt(@TempDir Path dir) throws Exception {
    Path tf = Files.writeString(dir.resolve("main.tf"), """
        resource "aws_dynamodb_table" "t" {
          name         = "t"
          billing_mode = "PAY_PER_REQUEST"
          hash_key     = var.key_name
          attribute {
            name = "pk"
            type = "S"
          }
          dynamic "global_secondary_index" {
            for_each = var.indexes
            content {
              name = global_secondary_index.value
            }
          }
          replica {
            region_name = "eu-west-1"
          }
          restore_source_name = "prod-t"
        }
        """);
    RefusedException e = assertThrows(RefusedException.class, () -> TablesAtStart.read(List.of(tf), List.of(),
        "us-east-1"));
    assertEquals(List.of(
        tf + ": aws_dynamodb_table.t.dynamic is not supported by Partita (a dynamic block is generated when Terraform"
            + " plans): write the blocks out, or give Partita the output of terraform show -json",
        tf + ": aws_dynamodb_table.t.hash_key is an expression (var.key_name) Partita cannot evaluate here; write its"
            + " value",
        tf + ": aws_dynamodb_table.t.restore_source_name is not supported by Partita at start (a table restored from a"
            + " backup or from another table's point in time)"), e.lines());
  }

  @Test
  void aNoSqlWorkbenchModelMakesItsTableAndPutsItsSampleItems() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("workbench-model.json")), List.of());
      TableDescription t = describe(db, "Bookstore");
      assertEquals(5L, t.provisionedThroughput().readCapacityUnits());
      assertEquals("GSI1", t.globalSecondaryIndexes().get(0).indexName());
      assertEquals(5L, t.globalSecondaryIndexes().get(0).provisionedThroughput().writeCapacityUnits());
      assertEquals(3, count(db, "Bookstore"));
      QueryResponse fantasy = db.execute(QueryRequest.builder().tableName("Bookstore").indexName("GSI1")
          .keyConditionExpression("GSI1PK = :g").expressionAttributeValues(Map.of(":g",
              AttributeValue.fromS("GENRE#fantasy"))).build());
      assertEquals("A Wizard of Earthsea", fantasy.items().get(0).get("title").s());
      assertTrue(out.contains("Put 3 items of"), out);
      assertTrue(out.contains("DataModel[0].TableFacets"), out);
      assertTrue(out.contains("DataModel[0].ProvisionedCapacitySettings.AutoScalingRead"), out);
    }
  }

  @Test
  void describeTableOutputMakesTheSameTable() {
    try (Partita db = Partita.inMemory()) {
      apply(db, List.of(fixture("describe-table.json")), List.of());
      TableDescription music = describe(db, "Music");
      assertEquals("PAY_PER_REQUEST", music.billingModeSummary().billingModeAsString());
      assertEquals("AlbumTitle-index", music.globalSecondaryIndexes().get(0).indexName());
      assertEquals("KEYS_ONLY", music.globalSecondaryIndexes().get(0).projection().projectionTypeAsString());
      assertEquals("NEW_AND_OLD_IMAGES", music.streamSpecification().streamViewTypeAsString());
      assertEquals(0L, music.itemCount()); // its ItemCount is DynamoDB's, not a setting
    }
  }

  @Test
  void unsupportedAndUnknownPropertiesAreRefusedByName() {
    Path file = fixture("unsupported.yaml");
    RefusedException e = assertThrows(RefusedException.class,
        () -> TablesAtStart.read(List.of(file), List.of(), "us-east-1"));
    String p = file + ": Resources.EventsTable.Properties.";
    assertEquals(List.of(
        p + "KeySchema[0].AttributeName is an intrinsic function (!Ref) Partita cannot evaluate here; write its value",
        p + "AttributeDefinitions[0].AttributeName is an intrinsic function (!Ref) Partita cannot evaluate here; write"
            + " its value",
        p + "StreamSpecification.StreamRetention is not a member of StreamSpecification",
        p + "KinesisStreamSpecification is not supported by Partita (there is no Kinesis data stream here to send"
            + " changes to; the table's own stream, StreamSpecification, is)",
        p + "TableColour is not a property Partita knows of AWS::DynamoDB::Table"), e.lines());
  }

  @Test
  void aFileOfNoKnownFormatOrMissingIsRefusedNamingIt(@TempDir Path dir) throws Exception {
    Path other = Files.writeString(dir.resolve("compose.yaml"), "services:\n  db:\n    image: partita\n");
    Path missing = dir.resolve("nowhere.json");
    RefusedException e = assertThrows(RefusedException.class,
        () -> TablesAtStart.read(List.of(other, missing), List.of(dir.resolve("none.json").toString()), "us-east-1"));
    assertEquals(3, e.lines().size(), e.getMessage());
    assertTrue(e.lines().get(0).startsWith(other + " is not a format Partita reads tables from"), e.getMessage());
    assertEquals(missing + " does not exist", e.lines().get(1));
    assertEquals("--seed " + dir.resolve("none.json") + ": " + dir.resolve("none.json") + " does not exist",
        e.lines().get(2));
  }

  @Test
  void yamlAliasesAndBrokenSyntaxAreRefusedWithTheirLine(@TempDir Path dir) throws Exception {
    Path alias = Files.writeString(dir.resolve("alias.yaml"), """
        Resources:
          A:
            Type: AWS::DynamoDB::Table
            Properties:
              KeySchema: &keys
                - {AttributeName: pk, KeyType: HASH}
          B:
            Type: AWS::DynamoDB::Table
            Properties:
              KeySchema: *keys
        """);
    Path broken = Files.writeString(dir.resolve("broken.tf"), "resource \"aws_dynamodb_table\" \"t\" {\n  name = \"t\"\n");
    RefusedException e = assertThrows(RefusedException.class, () -> TablesAtStart.read(List.of(alias, broken),
        List.of(), "us-east-1"));
    assertEquals(List.of(alias + " uses a YAML alias (*keys), which Partita does not expand; write the value out (line 10)",
        broken + " is not Terraform syntax Partita reads: a block is not closed (line 3)"), e.lines());
  }

  @Test
  void aTableDefinedTwiceIsRefused() {
    RefusedException e = assertThrows(RefusedException.class, () -> TablesAtStart.read(
        List.of(fixture("describe-table.json"), fixture("describe-table.json")), List.of(), "us-east-1"));
    assertTrue(e.lines().get(0).endsWith("defines table Music, which " + fixture("describe-table.json")
        + ": Table (Music) defines too"), e.getMessage());
  }

  @Test
  void seedFilesAreLoadedAfterTheTables() {
    try (Partita db = Partita.inMemory()) {
      String out = apply(db, List.of(fixture("sam-app.yaml")), List.of(
          "dev-orders=" + fixture("seeds/orders.jsonl"), fixture("seeds/Counters.json").toString()));
      assertEquals(3, count(db, "dev-orders"));
      assertEquals(2, count(db, "Counters"));
      // the index follows the seeded items
      QueryResponse placed = db.execute(QueryRequest.builder().tableName("dev-orders").indexName("GSI1")
          .keyConditionExpression("GSI1PK = :s").expressionAttributeValues(Map.of(":s",
              AttributeValue.fromS("STATUS#PLACED"))).build());
      assertEquals(2, placed.count());
      assertTrue(out.contains("Put 3 items from " + fixture("seeds/orders.jsonl") + " into dev-orders"), out);
      assertTrue(out.contains("Put 2 items from " + fixture("seeds/Counters.json") + " into Counters"), out);
    }
  }

  @Test
  void aSeedForATableNoFileDefinesIsRefusedNamingIt() {
    try (Partita db = Partita.inMemory()) {
      RefusedException e = assertThrows(RefusedException.class,
          () -> apply(db, List.of(), List.of("nosuch=" + fixture("seeds/Counters.json"))));
      assertEquals(List.of("--seed " + fixture("seeds/Counters.json") + ": there is no table nosuch (define it in a"
          + " --tables file, or name another table as TABLE=FILE)"), e.lines());
    }
  }

  @Test
  void aSecondStartOnTheSameDataLeavesTheTablesAndSaysWhatDiffers(@TempDir Path data, @TempDir Path dir)
      throws Exception {
    List<Path> files = List.of(fixture("sam-app.yaml"), fixture("terraform-show.json"));
    try (Partita db = Partita.open(data)) {
      apply(db, files, List.of("dev-orders=" + fixture("seeds/orders.jsonl")));
      db.execute(PutItemRequest.builder().tableName("dev-orders").item(Map.of("PK", AttributeValue.fromS("CUSTOMER#c9"),
          "SK", AttributeValue.fromS("ORDER#2026-009"))).build());
    }
    try (Partita db = Partita.open(data)) {
      String out = apply(db, files, List.of("dev-orders=" + fixture("seeds/orders.jsonl")));
      for (String table : List.of("dev-orders", "SessionsTable", "Counters", "GameScores", "audit-log")) {
        assertTrue(out.contains("Table " + table + " is already there as "), out);
      }
      assertFalse(out.contains("warning"), out);
      assertEquals(4, count(db, "dev-orders")); // the seed's items again, and the one put since kept
    }
    // the template changed since: said, and the table left as it is
    String changed = Files.readString(fixture("sam-app.yaml"))
        .replace("NEW_AND_OLD_IMAGES", "KEYS_ONLY")
        .replace("AttributeName: expiresAt", "AttributeName: deleteAfter")
        .replace("NonKeyAttributes: [status, total]", "NonKeyAttributes: [status]");
    Path edited = Files.writeString(dir.resolve("sam-app.yaml"), changed);
    try (Partita db = Partita.open(data)) {
      String out = apply(db, List.of(edited), List.of());
      String line = out.lines().filter(l -> l.startsWith("warning: table dev-orders")).findFirst().orElseThrow();
      assertTrue(line.contains("global secondary index GSI1 is [GSI1PK HASH, GSI1SK RANGE] INCLUDE [status, total],"
          + " the file says [GSI1PK HASH, GSI1SK RANGE] INCLUDE [status]"), line);
      assertTrue(line.contains("stream is NEW_AND_OLD_IMAGES, the file says KEYS_ONLY"), line);
      assertTrue(line.contains("time to live is expiresAt, the file says deleteAfter"), line);
      assertTrue(line.contains("It is left as it is (its items are kept)"), line);
      assertEquals("NEW_AND_OLD_IMAGES", describe(db, "dev-orders").streamSpecification().streamViewTypeAsString());
      assertEquals(4, count(db, "dev-orders"));
    }
  }

  @Test
  void injectedFaultsAndThrottlingDoNotReachTheSetUp() {
    try (Partita db = Partita.with().faults(io.partita.engine.Faults.rate(1.0, 1)).throttling(true).inMemory()) {
      apply(db, List.of(fixture("terraform-show.json")), List.of());
      assertEquals(1.0, db.faults().rate());
      assertTrue(db.throttles());
    }
  }
}
