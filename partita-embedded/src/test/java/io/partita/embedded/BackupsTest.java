package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.StorageFaults;
import io.partita.engine.internal.storage.Store;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BackupDescription;
import software.amazon.awssdk.services.dynamodb.model.BackupDetails;
import software.amazon.awssdk.services.dynamodb.model.BackupNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.BackupStatus;
import software.amazon.awssdk.services.dynamodb.model.BackupSummary;
import software.amazon.awssdk.services.dynamodb.model.BackupTypeFilter;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableAlreadyExistsException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * On-demand backups (issue 16): CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
 * RestoreTableFromBackup. A backup is the table as it was when it was made, indexes included, and a
 * restore gives that back item by item in a new table whose indexes answer queries; a crash in the
 * middle of a backup leaves no backup; backups survive a restart. Facts and choices: docs/backups.md.
 */
class BackupsTest extends OpenedDatabase {
  static final String T = "music";
  private final MutableClock clock = new MutableClock(Instant.parse("2024-05-01T10:00:00Z"));

  static AttributeDefinition def(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  /** A table with a sort key, a global index on g and a local index on l. */
  static void createTable(DynamoDbClient dynamo, String name) {
    dynamo.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk"), def("sk"), def("g"), def("l"))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
            .keySchema(key("g", KeyType.HASH), key("sk", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.ALL)).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL")
            .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
  }

  static Map<String, AttributeValue> item(int pk, int sk, String g, String version) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("pk", AttributeValue.fromS("p" + pk));
    item.put("sk", AttributeValue.fromS("s" + sk));
    if (g != null) {
      item.put("g", AttributeValue.fromS(g));
    }
    item.put("l", AttributeValue.fromS("l" + (sk % 3)));
    item.put("v", AttributeValue.fromS(version));
    return item;
  }

  /** Every item of a table, by primary key. */
  static Map<String, Map<String, AttributeValue>> scan(DynamoDbClient dynamo, String table) {
    Map<String, Map<String, AttributeValue>> out = new TreeMap<>();
    dynamo.scanPaginator(b -> b.tableName(table)).items()
        .forEach(i -> out.put(i.get("pk").s() + "/" + i.get("sk").s(), i));
    return out;
  }

  /** The items of a global index partition, by primary key. */
  static Map<String, Map<String, AttributeValue>> queryG(DynamoDbClient dynamo, String table, String g) {
    Map<String, Map<String, AttributeValue>> out = new TreeMap<>();
    dynamo.queryPaginator(b -> b.tableName(table).indexName("byG").keyConditionExpression("g = :g")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS(g)))).items()
        .forEach(i -> out.put(i.get("pk").s() + "/" + i.get("sk").s(), i));
    return out;
  }

  private void fill(int n) {
    for (int i = 0; i < n; i++) {
      int k = i;
      dynamo.putItem(b -> b.tableName(T).item(item(k % 7, k, "g" + (k % 4), "v1")));
    }
  }

  @Test
  void aBackupRestoresTheTableAsItWasItemByItemWithItsIndexes() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    fill(300);
    Map<String, Map<String, AttributeValue>> before = scan(dynamo, T);
    Map<String, Map<String, AttributeValue>> g1Before = queryG(dynamo, T, "g1");
    BackupDetails made = dynamo.createBackup(b -> b.tableName(T).backupName("nightly")).backupDetails();
    assertEquals(BackupStatus.AVAILABLE, made.backupStatus());
    assertEquals("nightly", made.backupName());
    assertEquals(clock.instant(), made.backupCreationDateTime());
    // the shape of the service's ARNs: <table ARN>/backup/<millis, 14 digits>-<8 hex digits>
    assertTrue(Pattern.matches("arn:aws:dynamodb:us-east-1:000000000000:table/music/backup/0\\d{13}-[0-9a-f]{8}",
        made.backupArn()), made.backupArn());

    // writes after the backup: changed, deleted, added, and a GSI key moved
    for (int i = 0; i < 300; i += 3) {
      int k = i;
      dynamo.putItem(b -> b.tableName(T).item(item(k % 7, k, "g" + ((k + 1) % 4), "v2")));
    }
    for (int i = 1; i < 300; i += 5) {
      int k = i;
      dynamo.deleteItem(b -> b.tableName(T).key(Map.of("pk", AttributeValue.fromS("p" + (k % 7)),
          "sk", AttributeValue.fromS("s" + k))));
    }
    dynamo.putItem(b -> b.tableName(T).item(item(1, 1000, "g1", "new")));
    assertFalse(before.equals(scan(dynamo, T)));

    TableDescription restored = dynamo.restoreTableFromBackup(b -> b.backupArn(made.backupArn())
        .targetTableName("music-restored")).tableDescription();
    assertEquals(made.backupArn(), restored.restoreSummary().sourceBackupArn());
    assertEquals("arn:aws:dynamodb:us-east-1:000000000000:table/music", restored.restoreSummary().sourceTableArn());
    assertFalse(restored.restoreSummary().restoreInProgress());
    assertEquals(TableStatus.ACTIVE, dynamo.describeTable(b -> b.tableName("music-restored")).table().tableStatus());

    assertEquals(before, scan(dynamo, "music-restored"), "the restored table, item by item");
    assertEquals(g1Before, queryG(dynamo, "music-restored", "g1"), "its global index");
    assertEquals(before.size(), dynamo.describeTable(b -> b.tableName("music-restored")).table().itemCount());
    TableDescription d = dynamo.describeTable(b -> b.tableName("music-restored")).table();
    assertEquals(before.size(), d.globalSecondaryIndexes().get(0).itemCount());
    assertEquals(before.size(), d.localSecondaryIndexes().get(0).itemCount());
    long inL0 = before.values().stream().filter(i -> i.get("pk").s().equals("p3") && i.get("l").s().equals("l0"))
        .count();
    assertEquals((int) inL0, dynamo.query(b -> b.tableName("music-restored").indexName("byL")
        .keyConditionExpression("pk = :p and l = :l").expressionAttributeValues(Map.of(":p",
            AttributeValue.fromS("p3"), ":l", AttributeValue.fromS("l0")))).count(), "its local index");
    // the source is untouched, and the restored table is writable like any other
    assertEquals(301 - 60, scan(dynamo, T).size());
    dynamo.putItem(b -> b.tableName("music-restored").item(item(9, 9, "g9", "after")));
    assertEquals(1, queryG(dynamo, "music-restored", "g9").size());
  }

  @Test
  void aRestoreHonoursIndexOverridesAndBillingOverride() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    fill(50);
    String arn = dynamo.createBackup(b -> b.tableName(T).backupName("first")).backupDetails().backupArn();
    // the global index replaced by one on l; byG dropped
    TableDescription d = dynamo.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("rtwo")
        .billingModeOverride(BillingMode.PROVISIONED)
        .provisionedThroughputOverride(t -> t.readCapacityUnits(5L).writeCapacityUnits(6L))
        .globalSecondaryIndexOverride(GlobalSecondaryIndex.builder().indexName("byL2")
            .keySchema(key("l", KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
            .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L)).build())).tableDescription();
    assertEquals(1, d.globalSecondaryIndexes().size());
    assertEquals("byL2", d.globalSecondaryIndexes().get(0).indexName());
    assertEquals(5L, d.provisionedThroughput().readCapacityUnits());
    assertNull(d.billingModeSummary(), "provisioned tables show no billing summary");
    assertEquals(List.of("l", "pk", "sk"), d.attributeDefinitions().stream().map(AttributeDefinition::attributeName)
        .sorted().toList(), "g went with the index that used it");
    long l1 = scan(dynamo, T).values().stream().filter(i -> i.get("l").s().equals("l1")).count();
    assertEquals((int) l1, dynamo.query(b -> b.tableName("rtwo").indexName("byL2").keyConditionExpression("l = :l")
        .expressionAttributeValues(Map.of(":l", AttributeValue.fromS("l1")))).count());
    DynamoDbException gone = assertThrows(DynamoDbException.class, () -> dynamo.query(b -> b.tableName("rtwo")
        .indexName("byG").keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g",
            AttributeValue.fromS("g1")))));
    assertEquals("ValidationException", gone.awsErrorDetails().errorCode());
  }

  @Test
  void describeListAndDeleteBackups() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    createTable(dynamo, "other");
    fill(10);
    List<String> arns = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String table = i % 2 == 0 ? T : "other";
      int n = i;
      arns.add(dynamo.createBackup(b -> b.tableName(table).backupName("bk" + n)).backupDetails().backupArn());
      clock.advance(Duration.ofMinutes(1));
    }
    BackupDescription d = dynamo.describeBackup(b -> b.backupArn(arns.get(0))).backupDescription();
    assertEquals("bk0", d.backupDetails().backupName());
    assertEquals("USER", d.backupDetails().backupTypeAsString());
    assertEquals(10L, d.sourceTableDetails().itemCount());
    assertEquals(T, d.sourceTableDetails().tableName());
    assertEquals(BillingMode.PAY_PER_REQUEST, d.sourceTableDetails().billingMode());
    assertEquals("byG", d.sourceTableFeatureDetails().globalSecondaryIndexes().get(0).indexName());
    assertEquals("byL", d.sourceTableFeatureDetails().localSecondaryIndexes().get(0).indexName());

    assertEquals(arns, dynamo.listBackups(b -> b.backupType(BackupTypeFilter.ALL)).backupSummaries().stream()
        .map(BackupSummary::backupArn).toList());
    assertEquals(List.of(arns.get(0), arns.get(2), arns.get(4)), dynamo.listBackups(b -> b.tableName(T))
        .backupSummaries().stream().map(BackupSummary::backupArn).toList());
    Instant t0 = Instant.parse("2024-05-01T10:00:00Z");
    assertEquals(List.of(arns.get(1), arns.get(2)), dynamo.listBackups(b -> b.timeRangeLowerBound(t0.plusSeconds(60))
        .timeRangeUpperBound(t0.plusSeconds(180))).backupSummaries().stream().map(BackupSummary::backupArn).toList(),
        "lower bound inclusive, upper bound exclusive");
    assertEquals(List.of(), dynamo.listBackups(b -> b.backupType(BackupTypeFilter.SYSTEM)).backupSummaries());
    // pages of two
    List<String> paged = new ArrayList<>();
    String start = null;
    do {
      String from = start;
      ListBackupsResponse page = dynamo.listBackups(b -> b.limit(2).exclusiveStartBackupArn(from));
      page.backupSummaries().forEach(s -> paged.add(s.backupArn()));
      assertTrue(page.backupSummaries().size() <= 2);
      start = page.lastEvaluatedBackupArn();
    } while (start != null);
    assertEquals(arns, paged);

    BackupDescription deleted = dynamo.deleteBackup(b -> b.backupArn(arns.get(1))).backupDescription();
    assertEquals(BackupStatus.DELETED, deleted.backupDetails().backupStatus());
    assertThrows(BackupNotFoundException.class, () -> dynamo.describeBackup(b -> b.backupArn(arns.get(1))));
    assertThrows(BackupNotFoundException.class, () -> dynamo.deleteBackup(b -> b.backupArn(arns.get(1))));
    assertThrows(BackupNotFoundException.class, () -> dynamo.restoreTableFromBackup(b -> b.backupArn(arns.get(1))
        .targetTableName("x-restored")));
    assertEquals(4, dynamo.listBackups(b -> b.backupType(BackupTypeFilter.ALL)).backupSummaries().size());
    // a backup outlives its table
    dynamo.deleteTable(b -> b.tableName(T));
    assertEquals(4, dynamo.listBackups(b -> b.backupType(BackupTypeFilter.ALL)).backupSummaries().size());
    dynamo.restoreTableFromBackup(b -> b.backupArn(arns.get(0)).targetTableName(T));
    assertEquals(10, scan(dynamo, T).size());
  }

  @Test
  void errors() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    TableNotFoundException missing = assertThrows(TableNotFoundException.class,
        () -> dynamo.createBackup(b -> b.tableName("nope").backupName("first")));
    assertEquals("Table not found: nope", missing.awsErrorDetails().errorMessage());
    String arn = dynamo.createBackup(b -> b.tableName(T).backupName("first")).backupDetails().backupArn();
    TableAlreadyExistsException exists = assertThrows(TableAlreadyExistsException.class,
        () -> dynamo.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName(T)));
    assertEquals("Table already exists: music", exists.awsErrorDetails().errorMessage());
    BackupNotFoundException unknown = assertThrows(BackupNotFoundException.class,
        () -> dynamo.describeBackup(b -> b.backupArn(arn.replace("music", "other"))));
    assertTrue(unknown.awsErrorDetails().errorMessage().startsWith("Backup not found: "));
    DynamoDbException name = assertThrows(DynamoDbException.class,
        () -> dynamo.createBackup(b -> b.tableName(T).backupName("x")));
    assertEquals("1 validation error detected: Value 'x' at 'backupName' failed to satisfy constraint: Member must "
        + "have length greater than or equal to 3", name.awsErrorDetails().errorMessage());
    DynamoDbException shortArn = assertThrows(DynamoDbException.class,
        () -> dynamo.describeBackup(b -> b.backupArn("arn:short")));
    assertEquals("ValidationException", shortArn.awsErrorDetails().errorCode());
    // a GSI override on an attribute the backup does not define
    DynamoDbException undefined = assertThrows(DynamoDbException.class, () -> dynamo.restoreTableFromBackup(b -> b
        .backupArn(arn).targetTableName("rthree").globalSecondaryIndexOverride(GlobalSecondaryIndex.builder()
            .indexName("byZ").keySchema(key("z", KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL))
            .build())));
    assertEquals("ValidationException", undefined.awsErrorDetails().errorCode());
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("rthree")),
        "a refused restore makes no table");
  }

  @Test
  void backupsSurviveARestart(@TempDir Path dir) {
    String arn;
    Map<String, Map<String, AttributeValue>> before;
    try (Partita p = Partita.with().clock(clock).open(dir)) {
      open(p);
      createTable(dynamo, T);
      fill(40);
      before = scan(dynamo, T);
      arn = dynamo.createBackup(b -> b.tableName(T).backupName("kept")).backupDetails().backupArn();
      dynamo.deleteTable(b -> b.tableName(T));
    }
    open(Partita.with().clock(clock).open(dir));
    assertEquals("kept", dynamo.describeBackup(b -> b.backupArn(arn)).backupDescription().backupDetails().backupName());
    dynamo.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("back"));
    assertEquals(before, scan(dynamo, "back"));
    assertEquals(queryG(dynamo, "back", "g2").size(), before.values().stream()
        .filter(i -> i.get("g").s().equals("g2")).count());
    String second = dynamo.createBackup(b -> b.tableName("back").backupName("again")).backupDetails().backupArn();
    assertFalse(second.equals(arn));
  }

  /**
   * A crash in the middle of a backup's copy (2,500 items: the copy is three writes of up to 1,000):
   * after the restart there is no backup, and none of the items the copy had written is left.
   */
  @Test
  void aCrashDuringABackupLeavesNoHalfBackup(@TempDir Path dir) {
    StorageFaults faults = new StorageFaults();
    try (Partita p = Partita.with().clock(clock).storageFaults(faults).open(dir)) {
      open(p);
      createTable(dynamo, T);
      List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> puts = new ArrayList<>();
      for (int i = 0; i < 2500; i++) {
        int k = i;
        puts.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
            .putRequest(r -> r.item(item(k % 50, k, "g", "v"))).build());
        if (puts.size() == 25) {
          List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> batch = List.copyOf(puts);
          dynamo.batchWriteItem(b -> b.requestItems(Map.of(T, batch)));
          puts.clear();
        }
      }
      // the number's counter goes through, then the first copy batch; the second crashes
      faults.crashAfterWrites(2, false);
      assertThrows(DynamoDbException.class, () -> dynamo.createBackup(b -> b.tableName(T).backupName("half")));
      partita = null;
    }
    try (Store store = Store.open(dir)) {
      assertFalse(store.scan(Keyspace.BACKUP_ITEMS_FROM, Keyspace.BACKUP_ITEMS_TO, 1).isEmpty(),
          "the first copy batch reached the disk before the crash (else this test shows nothing)");
      assertTrue(store.scan(Keyspace.BACKUPS_FROM, Keyspace.BACKUPS_TO, 1).isEmpty(), "no backup record");
    }
    open(Partita.with().clock(clock).open(dir));
    assertEquals(List.of(), dynamo.listBackups(b -> b.backupType(BackupTypeFilter.ALL)).backupSummaries());
    partita.close();
    partita = null;
    try (Store store = Store.open(dir)) {
      assertTrue(store.scan(Keyspace.BACKUP_ITEMS_FROM, Keyspace.BACKUP_ITEMS_TO, 1).isEmpty(),
          "opening dropped the orphan items");
    }
    open(Partita.with().clock(clock).open(dir));
    assertEquals(2500, scan(dynamo, T).size(), "the table itself is whole");
    String arn = dynamo.createBackup(b -> b.tableName(T).backupName("whole")).backupDetails().backupArn();
    dynamo.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("whole"));
    assertEquals(scan(dynamo, T), scan(dynamo, "whole"));
  }

  /** A restore a crash interrupted (its table still marked in progress) is dropped when the database opens. */
  @Test
  void aCrashDuringARestoreLeavesNoHalfTable(@TempDir Path dir) {
    StorageFaults faults = new StorageFaults();
    String arn;
    try (Partita p = Partita.with().clock(clock).storageFaults(faults).open(dir)) {
      open(p);
      createTable(dynamo, T);
      fill(250);
      arn = dynamo.createBackup(b -> b.tableName(T).backupName("base")).backupDetails().backupArn();
      // the table's definition goes through, then the first batch of 100 items; the second crashes
      faults.crashAfterWrites(2, false);
      assertThrows(DynamoDbException.class, () -> dynamo.restoreTableFromBackup(b -> b.backupArn(arn)
          .targetTableName("half")));
      partita = null;
    }
    open(Partita.with().clock(clock).open(dir));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeTable(b -> b.tableName("half")));
    assertEquals(List.of(T), dynamo.listTables().tableNames());
    dynamo.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("half"));
    assertEquals(scan(dynamo, T), scan(dynamo, "half"));
  }
}
