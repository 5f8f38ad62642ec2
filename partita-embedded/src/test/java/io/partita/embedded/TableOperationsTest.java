package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static io.partita.embedded.ItemOperationsTest.assertValidation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** CreateTable, DescribeTable, ListTables, UpdateTable and DeleteTable. */
class TableOperationsTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private static KeySchemaElement hash(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
  }

  private static KeySchemaElement range(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  @Test
  void createAndDescribeReportTheTable() {
    TableDescription created = dynamo.createTable(b -> b.tableName("Music")
        .keySchema(hash("Artist"), range("Song"))
        .attributeDefinitions(def("Artist", ScalarAttributeType.S), def("Song", ScalarAttributeType.S))
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(5L).writeCapacityUnits(7L).build()))
        .tableDescription();
    assertEquals(TableStatus.CREATING, created.tableStatus(), "CreateTable answers CREATING, as the service does");
    assertEquals(TableStatus.ACTIVE, dynamo.describeTable(b -> b.tableName(created.tableName())).table().tableStatus());
    dynamo.putItem(b -> b.tableName("Music").item(Map.of("Artist", s("a"), "Song", s("b"), "x", s("y"))));
    TableDescription t = dynamo.describeTable(b -> b.tableName("Music")).table();
    assertEquals("Music", t.tableName());
    assertEquals(List.of(hash("Artist"), range("Song")), t.keySchema());
    assertEquals(1L, t.itemCount());
    assertTrue(t.tableSizeBytes() > 0);
    assertEquals(5L, t.provisionedThroughput().readCapacityUnits());
    assertEquals(7L, t.provisionedThroughput().writeCapacityUnits());
    assertTrue(t.tableArn().endsWith(":table/Music"));
    assertNotNull(t.tableId());
    assertNotNull(t.creationDateTime());
    assertNull(t.billingModeSummary());
  }

  @Test
  void existingTableIsResourceInUse() {
    Fixtures.createTable(dynamo, "tbl1", null);
    assertThrows(ResourceInUseException.class, () -> Fixtures.createTable(dynamo, "tbl1", null));
  }

  @Test
  void tableNameRules() {
    assertValidation("Member must have length greater than or equal to 3", () -> Fixtures.createTable(dynamo, "ab", null));
    assertValidation("regular expression pattern", () -> Fixtures.createTable(dynamo, "bad name", null));
    assertValidation("less than or equal to 255", () -> Fixtures.createTable(dynamo, "x".repeat(256), null));
  }

  @Test
  void attributeDefinitionsMustMatchTheKeysExactly() {
    assertValidation("not defined in AttributeDefinitions", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("other", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)));
    assertValidation("does not exactly match", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S), def("extra", ScalarAttributeType.N))
        .billingMode(BillingMode.PAY_PER_REQUEST)));
    assertValidation("HASH", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(range("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)));
  }

  @Test
  void billingModeRules() {
    assertValidation("must both be specified when BillingMode is PROVISIONED", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S))));
    assertValidation("PAY_PER_REQUEST", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(1L).writeCapacityUnits(1L).build())));
    assertValidation("greater than or equal to 1", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S))
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(0L).writeCapacityUnits(1L).build())));
  }

  @Test
  void indexDefinitionsAreValidatedAndDescribed() {
    Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
    dynamo.createTable(b -> b.tableName("single").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(hash("PK"), range("SK"))
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S),
            def("GSI1PK", ScalarAttributeType.S), def("GSI1SK", ScalarAttributeType.S), def("LSI1SK", ScalarAttributeType.N))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1").keySchema(hash("GSI1PK"), range("GSI1SK"))
            .projection(all).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("LSI1").keySchema(hash("PK"), range("LSI1SK"))
            .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes("x").build()).build()));
    TableDescription t = dynamo.describeTable(b -> b.tableName("single")).table();
    assertEquals("GSI1", t.globalSecondaryIndexes().get(0).indexName());
    assertEquals(List.of("x"), t.localSecondaryIndexes().get(0).projection().nonKeyAttributes());
    assertEquals(BillingMode.PAY_PER_REQUEST, t.billingModeSummary().billingMode());

    assertValidation("same leading hash key", () -> dynamo.createTable(b -> b.tableName("tbl2").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(hash("PK"), range("SK"))
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S), def("X", ScalarAttributeType.S))
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("LSIX").keySchema(hash("X"), range("SK")).projection(all).build())));
    assertValidation("Duplicate index name", () -> dynamo.createTable(b -> b.tableName("tbl2").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(hash("PK"), range("SK"))
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S), def("X", ScalarAttributeType.S))
        .globalSecondaryIndexes(
            GlobalSecondaryIndex.builder().indexName("GSIX").keySchema(hash("X")).projection(all).build(),
            GlobalSecondaryIndex.builder().indexName("GSIX").keySchema(hash("X")).projection(all).build())));
    assertValidation("NonKeyAttributes", () -> dynamo.createTable(b -> b.tableName("tbl2").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(hash("PK"), range("SK"))
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", ScalarAttributeType.S), def("X", ScalarAttributeType.S))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSIX").keySchema(hash("X"))
            .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).build()).build())));
  }

  @Test
  void listTablesPages() {
    for (String name : List.of("ccc", "aaa", "bbb", "ddd")) {
      Fixtures.createTable(dynamo, name, null);
    }
    ListTablesResponse first = dynamo.listTables(b -> b.limit(3));
    assertEquals(List.of("aaa", "bbb", "ccc"), first.tableNames());
    assertEquals("ccc", first.lastEvaluatedTableName());
    ListTablesResponse second = dynamo.listTables(b -> b.exclusiveStartTableName("ccc"));
    assertEquals(List.of("ddd"), second.tableNames());
    assertNull(second.lastEvaluatedTableName());
    assertValidation("less than or equal to 100", () -> dynamo.listTables(b -> b.limit(101)));
    assertEquals(4, dynamo.listTablesPaginator().tableNames().stream().count(), "the SDK paginator works through the proxy");
  }

  @Test
  void updateTableChangesBillingAndThroughput() {
    Fixtures.createTable(dynamo, "tbl1", null);
    TableDescription t = dynamo.updateTable(b -> b.tableName("tbl1").billingMode(BillingMode.PROVISIONED)
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(3L).writeCapacityUnits(4L).build()))
        .tableDescription();
    assertEquals(3L, t.provisionedThroughput().readCapacityUnits());
    assertNull(t.billingModeSummary());
    assertValidation("", () -> dynamo.updateTable(b -> b.tableName("tbl1")
        .provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(3L).writeCapacityUnits(4L).build())));
  }

  @Test
  void updateTableNamingTheCurrentBillingModeIsAccepted() {
    Fixtures.createTable(dynamo, "tbl1", null);
    // Amazon DynamoDB accepts it and changes nothing (issue 12); throughput equal to the current one is still refused
    assertEquals(BillingMode.PAY_PER_REQUEST, dynamo.updateTable(b -> b.tableName("tbl1").billingMode(BillingMode.PAY_PER_REQUEST))
        .tableDescription().billingModeSummary().billingMode());
    assertValidation("UpdateTable requires one of", () -> dynamo.updateTable(b -> b.tableName("tbl1")));
    // an empty GlobalSecondaryIndexUpdates asks for nothing too: not the online-index limit (issue 34)
    assertValidation("UpdateTable requires one of", () -> dynamo.updateTable(b -> b.tableName("tbl1")
        .globalSecondaryIndexUpdates(List.of())));
  }

  /** Settings DynamoDB stores and describes are kept, described, changed by UpdateTable and survive a reopen. */
  @Test
  void tableSettingsAreStoredDescribedAndChangeable(@TempDir Path dir) {
    try (DynamoDbClient d = PartitaDynamoDb.open(dir)) {
      d.createTable(b -> b.tableName("tbl1").keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S))
          .billingMode(BillingMode.PAY_PER_REQUEST).tableClass("STANDARD_INFREQUENT_ACCESS")
          .sseSpecification(s -> s.enabled(true).sseType("KMS").kmsMasterKeyId("1234abcd-12ab-34cd-56ef-1234567890ab"))
          .onDemandThroughput(o -> o.maxReadRequestUnits(100L).maxWriteRequestUnits(50L))
          .warmThroughput(w -> w.readUnitsPerSecond(13000L).writeUnitsPerSecond(5000L))
          .deletionProtectionEnabled(true)
          .streamSpecification(s -> s.streamEnabled(false)));
    }
    try (DynamoDbClient d = PartitaDynamoDb.open(dir)) {
      TableDescription t = d.describeTable(b -> b.tableName("tbl1")).table();
      assertEquals("STANDARD_INFREQUENT_ACCESS", t.tableClassSummary().tableClassAsString());
      assertEquals("ENABLED", t.sseDescription().statusAsString());
      assertEquals("KMS", t.sseDescription().sseTypeAsString());
      assertEquals("arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab",
          t.sseDescription().kmsMasterKeyArn());
      assertEquals(100L, t.onDemandThroughput().maxReadRequestUnits());
      assertEquals(50L, t.onDemandThroughput().maxWriteRequestUnits());
      assertEquals(13000L, t.warmThroughput().readUnitsPerSecond());
      assertTrue(t.deletionProtectionEnabled());
      TableDescription u = d.updateTable(b -> b.tableName("tbl1").tableClass("STANDARD")
          .sseSpecification(s -> s.enabled(false))).tableDescription();
      assertEquals("STANDARD", u.tableClassSummary().tableClassAsString());
      assertNull(u.sseDescription(), "the service-owned key is not described");
      assertEquals(50L, u.onDemandThroughput().maxWriteRequestUnits(), "settings a request leaves out keep their value");
      // warm throughput only rises: below what the table has, or below the service's floor, is refused
      assertValidation("WarmThroughput ReadUnitsPerSecond 12500 is below 13000", () -> d.updateTable(b -> b.tableName("tbl1")
          .warmThroughput(w -> w.readUnitsPerSecond(12500L))));
      assertEquals(13000L, d.describeTable(b -> b.tableName("tbl1")).table().warmThroughput().readUnitsPerSecond());
      assertEquals(14000L, d.updateTable(b -> b.tableName("tbl1").warmThroughput(w -> w.readUnitsPerSecond(14000L)))
          .tableDescription().warmThroughput().readUnitsPerSecond());
    }
    assertValidation("WarmThroughput WriteUnitsPerSecond 100 is below 4000", () -> dynamo.createTable(b -> b.tableName("cold")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)
        .warmThroughput(w -> w.writeUnitsPerSecond(100L))));
    Fixtures.createTable(dynamo, "plain", null);
    TableDescription plain = dynamo.describeTable(b -> b.tableName("plain")).table();
    assertNull(plain.tableClassSummary(), "no TableClassSummary until a request sets a class");
    assertNull(plain.sseDescription());
  }

  @Test
  void anIndexsProvisionedThroughputIsUpdated_itsOwnWarmThroughputRefusedByName() {
    ProvisionedThroughput one = ProvisionedThroughput.builder().readCapacityUnits(1L).writeCapacityUnits(1L).build();
    dynamo.createTable(b -> b.tableName("tbl1").keySchema(hash("pk"))
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("g", ScalarAttributeType.S)).provisionedThroughput(one)
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG").keySchema(hash("g"))
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).provisionedThroughput(one).build()));
    dynamo.updateTable(b -> b.tableName("tbl1").globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("byG")
        .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(6L)))));
    var gsi = dynamo.describeTable(b -> b.tableName("tbl1")).table().globalSecondaryIndexes().get(0);
    assertEquals(5L, gsi.provisionedThroughput().readCapacityUnits());
    assertEquals(6L, gsi.provisionedThroughput().writeCapacityUnits());
    assertValidation("WarmThroughput on global secondary index byG", () -> dynamo.updateTable(b -> b.tableName("tbl1")
        .globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("byG").warmThroughput(w -> w.readUnitsPerSecond(20000L))))));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.updateTable(b -> b.tableName("tbl1")
        .globalSecondaryIndexUpdates(u -> u.update(x -> x.indexName("nope").provisionedThroughput(one)))));
    assertValidation("OnDemandThroughput on global secondary index byG2", () -> dynamo.createTable(b -> b.tableName("tbl2")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S), def("g", ScalarAttributeType.S))
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG2").keySchema(hash("g"))
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
            .onDemandThroughput(o -> o.maxReadRequestUnits(10L)).build())));
  }

  @Test
  void parametersPartitaCannotHonourAreRefusedByName() {
    // a resource policy is served (ResourcePoliciesTest); a global table's source in another region is not
    assertValidation("GlobalTableSourceArn", () -> dynamo.createTable(b -> b.tableName("tbl1").keySchema(hash("pk"))
        .attributeDefinitions(def("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)
        .globalTableSourceArn("arn:aws:dynamodb:eu-west-1:000000000000:table/tbl1")));
    assertValidation("Invalid table-class parameter provided", () -> dynamo.createTable(b -> b.tableName("tbl1")
        .keySchema(hash("pk")).attributeDefinitions(def("pk", ScalarAttributeType.S)).billingMode(BillingMode.PAY_PER_REQUEST)
        .tableClass("GLACIER")));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("tbl1")), "nothing created");
  }

  @Test
  void deleteTableDropsItsItems() {
    Fixtures.createTable(dynamo, "tbl1", null);
    dynamo.putItem(b -> b.tableName("tbl1").item(Map.of("pk", s("a"))));
    assertEquals(TableStatus.DELETING, dynamo.deleteTable(b -> b.tableName("tbl1")).tableDescription().tableStatus());
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("tbl1")));
    Fixtures.createTable(dynamo, "tbl1", null);
    assertFalse(dynamo.getItem(b -> b.tableName("tbl1").key(Map.of("pk", s("a")))).hasItem(), "a new table of the same name starts empty");
    assertEquals(0L, dynamo.describeTable(b -> b.tableName("tbl1")).table().itemCount());
  }

  @Test
  void tablesAndItemsSurviveReopen(@TempDir Path dir) {
    try (DynamoDbClient d = PartitaDynamoDb.open(dir)) {
      Fixtures.createTable(d, "tbl1", null);
      d.putItem(b -> b.tableName("tbl1").item(Map.of("pk", s("a"), "v", s("1"))));
    }
    try (DynamoDbClient d = PartitaDynamoDb.open(dir)) {
      assertEquals("1", d.getItem(b -> b.tableName("tbl1").key(Map.of("pk", s("a")))).item().get("v").s());
      assertEquals(1L, d.describeTable(b -> b.tableName("tbl1")).table().itemCount());
    }
  }
}
