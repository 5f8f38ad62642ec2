package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/**
 * UpdateTable adds a GSI to a table that holds items and deletes one. The backfill runs on an
 * executor this test drives by hand, one chunk per task, so it can look at the index while it is
 * CREATING and write between chunks, without depending on timing.
 */
class IndexLifecycleTest {
  private static final int ITEMS = 1200;
  private final Queue<Runnable> background = new ArrayDeque<>();
  private Partita partita;
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    partita = Partita.with().backgroundExecutor(background::add).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    load(dynamo);
  }

  private static void load(DynamoDbClient dynamo) {
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
    for (int i = 0; i < ITEMS; i++) {
      Map<String, AttributeValue> item = i % 3 == 0
          ? Map.of("pk", s("USER#" + i), "sk", s("PROFILE"), "email", s("u" + i + "@example.com"))
          : Map.of("pk", s("USER#" + i), "sk", s("PROFILE"));
      dynamo.putItem(b -> b.tableName("app").item(item));
    }
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private static UpdateTableResponse addIndex(DynamoDbClient dynamo, String name) {
    return dynamo.updateTable(b -> b.tableName("app")
        .attributeDefinitions(AttributeDefinition.builder().attributeName("email").attributeType(ScalarAttributeType.S).build())
        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(CreateGlobalSecondaryIndexAction.builder()
            .indexName(name)
            .keySchema(KeySchemaElement.builder().attributeName("email").keyType(KeyType.HASH).build())
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()).build()));
  }

  private void deleteIndex(String name) {
    dynamo.updateTable(b -> b.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
        .delete(DeleteGlobalSecondaryIndexAction.builder().indexName(name).build()).build()));
  }

  private QueryResponse byEmail(String email) {
    return dynamo.query(b -> b.tableName("app").indexName("ByEmail").keyConditionExpression("email = :e")
        .expressionAttributeValues(Map.of(":e", s(email))));
  }

  private static GlobalSecondaryIndexDescription index(DynamoDbClient dynamo, String name) {
    return dynamo.describeTable(b -> b.tableName("app")).table().globalSecondaryIndexes().stream()
        .filter(i -> i.indexName().equals(name)).findFirst().orElseThrow();
  }

  /** Runs queued background steps (a step may queue the next); answers how many ran. */
  private int runBackground(int maxSteps) {
    int ran = 0;
    while (ran < maxSteps && !background.isEmpty()) {
      background.poll().run();
      ran++;
    }
    return ran;
  }

  @Test
  void anAddedIndexIsCreatingUntilItsBackfillEnds_thenActiveAndMaintained() {
    UpdateTableResponse r = addIndex(dynamo, "ByEmail");
    assertEquals(TableStatus.UPDATING, r.tableDescription().tableStatus());
    assertEquals(IndexStatus.CREATING, r.tableDescription().globalSecondaryIndexes().get(0).indexStatus());
    GlobalSecondaryIndexDescription creating = index(dynamo, "ByEmail");
    assertEquals(IndexStatus.CREATING, creating.indexStatus());
    assertEquals(Boolean.TRUE, creating.backfilling());
    assertEquals(TableStatus.ACTIVE, dynamo.describeTable(b -> b.tableName("app")).table().tableStatus());
    DynamoDbException refused = assertThrows(DynamoDbException.class, () -> byEmail("u300@example.com"));
    assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
    assertEquals("Cannot read from backfilling global secondary index: ByEmail", refused.awsErrorDetails().errorMessage());
    assertThrows(DynamoDbException.class, () -> dynamo.scan(b -> b.tableName("app").indexName("ByEmail")));

    int steps = runBackground(1000);
    assertEquals(ITEMS / 256 + 1, steps, "one step per chunk of 256 items, the last one short");
    GlobalSecondaryIndexDescription active = index(dynamo, "ByEmail");
    assertEquals(IndexStatus.ACTIVE, active.indexStatus());
    assertNull(active.backfilling());
    assertEquals(400L, active.itemCount(), "every third item has an email: sparse");
    assertEquals(List.of(Map.of("pk", s("USER#300"), "sk", s("PROFILE"), "email", s("u300@example.com"))),
        byEmail("u300@example.com").items());
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("USER#new"), "sk", s("PROFILE"), "email", s("new@example.com"))));
    assertEquals(1, byEmail("new@example.com").count());
    assertEquals(401L, index(dynamo, "ByEmail").itemCount());
  }

  /**
   * An item whose index key attribute is an empty string (allowed while the attribute keyed no
   * index) is left out of the index the backfill builds, as a write of it would be refused: public
   * suites recorded against the service, 2025-2026 (issue 34).
   */
  @Test
  void theBackfillLeavesOutAnItemWhoseIndexKeyIsEmpty() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("USER#empty"), "sk", s("PROFILE"), "email", s(""))));
    addIndex(dynamo, "ByEmail");
    runBackground(1000);
    assertEquals(400L, index(dynamo, "ByEmail").itemCount(), "the item with an empty email is not indexed");
    assertEquals(0, dynamo.scan(b -> b.tableName("app").indexName("ByEmail").filterExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", s("USER#empty")))).count());
    assertEquals(400, dynamo.scan(b -> b.tableName("app").indexName("ByEmail")).count());
  }

  @Test
  void writesBetweenBackfillChunks_leaveTheIndexExactlyItsItems() {
    addIndex(dynamo, "ByEmail");
    Random random = new Random(42);
    for (int round = 0; round < 6; round++) {
      runBackground(1);
      for (int w = 0; w < 60; w++) {
        int i = random.nextInt(ITEMS + 200);
        Map<String, AttributeValue> key = Map.of("pk", s("USER#" + i), "sk", s("PROFILE"));
        switch (random.nextInt(4)) {
          case 0 -> dynamo.deleteItem(b -> b.tableName("app").key(key));
          case 1 -> dynamo.updateItem(b -> b.tableName("app").key(key).updateExpression("REMOVE email"));
          default -> dynamo.updateItem(b -> b.tableName("app").key(key).updateExpression("SET email = :e")
              .expressionAttributeValues(Map.of(":e", s("w" + random.nextInt(50) + "@example.com"))));
        }
      }
    }
    runBackground(1000);
    assertTrue(background.isEmpty());

    Set<Map<String, AttributeValue>> expected = new HashSet<>();
    dynamo.scanPaginator(b -> b.tableName("app")).items().forEach(item -> {
      if (item.containsKey("email")) {
        expected.add(item);
      }
    });
    Set<Map<String, AttributeValue>> inIndex = new HashSet<>();
    dynamo.scanPaginator(b -> b.tableName("app").indexName("ByEmail")).items().forEach(inIndex::add);
    assertEquals(expected, inIndex, "KEYS_ONLY entries are exactly the items with an email");
    assertEquals((long) expected.size(), index(dynamo, "ByEmail").itemCount());

    // the same index built from scratch now must agree on its size, counted the same way
    deleteIndex("ByEmail");
    runBackground(1000);
    addIndex(dynamo, "Again");
    runBackground(1000);
    assertEquals((long) expected.size(), index(dynamo, "Again").itemCount());
  }

  @Test
  void deletingAnIndexWhileItBuilds_cancelsTheBuild_andItCanBeAddedAgain() {
    addIndex(dynamo, "ByEmail");
    runBackground(2);
    deleteIndex("ByEmail");
    runBackground(1000);
    assertEquals(false, dynamo.describeTable(b -> b.tableName("app")).table().hasGlobalSecondaryIndexes());
    DynamoDbException gone = assertThrows(DynamoDbException.class, () -> byEmail("u300@example.com"));
    assertEquals("The table does not have the specified index: ByEmail", gone.awsErrorDetails().errorMessage());

    addIndex(dynamo, "ByEmail");
    runBackground(1000);
    assertEquals(1, byEmail("u300@example.com").count());
    assertEquals(400L, index(dynamo, "ByEmail").itemCount());
  }

  @Test
  void deleteTableDescribesTheIndexesAsTheyStood() {
    addIndex(dynamo, "ByEmail");
    runBackground(1000);
    TableDescription gone = dynamo.deleteTable(b -> b.tableName("app")).tableDescription();
    assertEquals(TableStatus.DELETING, gone.tableStatus());
    assertEquals((long) ITEMS, gone.itemCount());
    assertEquals(400L, gone.globalSecondaryIndexes().get(0).itemCount());
  }

  @Test
  void refusals() {
    addIndex(dynamo, "ByEmail");
    LimitExceededException building = assertThrows(LimitExceededException.class, () -> addIndex(dynamo, "Other"));
    assertEquals("Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        building.awsErrorDetails().errorMessage());
    runBackground(1000);
    DynamoDbException twice = assertThrows(DynamoDbException.class, () -> addIndex(dynamo, "ByEmail"));
    assertEquals("ValidationException", twice.awsErrorDetails().errorCode());
    assertThrows(ResourceNotFoundException.class, () -> deleteIndex("Nope"));
    GlobalSecondaryIndexUpdate delete = GlobalSecondaryIndexUpdate.builder()
        .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("ByEmail").build()).build();
    assertThrows(LimitExceededException.class, () -> dynamo.updateTable(b -> b.tableName("app")
        .globalSecondaryIndexUpdates(delete, delete)));
  }

  @Test
  void withTheDefaultExecutor_theIndexTurnsActiveByItself() {
    try (DynamoDbClient own = PartitaDynamoDb.inMemory()) {
      load(own);
      addIndex(own, "ByEmail");
      awaitActive(own, "ByEmail");
      assertEquals(400L, index(own, "ByEmail").itemCount());
    }
  }

  @Test
  void aBuildCutShortByARestart_resumesWhenTheDatabaseOpensAgain(@TempDir Path dir) {
    try (Partita db = Partita.with().backgroundExecutor(r -> { }).open(dir)) {
      DynamoDbClient first = PartitaDynamoDb.over(db);
      load(first);
      addIndex(first, "ByEmail");
      first.putItem(b -> b.tableName("app").item(Map.of("pk", s("USER#late"), "sk", s("PROFILE"), "email", s("late@x"))));
      assertEquals(IndexStatus.CREATING, index(first, "ByEmail").indexStatus());
      assertEquals(1L, index(first, "ByEmail").itemCount(), "only the write after the definition so far");
    }
    try (Partita db = Partita.open(dir)) {
      DynamoDbClient second = PartitaDynamoDb.over(db);
      awaitActive(second, "ByEmail");
      assertEquals(401L, index(second, "ByEmail").itemCount());
    }
  }

  /** Polls DescribeTable as a DynamoDB client would; the bound only stops a broken build from hanging the run. */
  private static void awaitActive(DynamoDbClient dynamo, String name) {
    for (int i = 0; i < 12_000; i++) {
      if (index(dynamo, name).indexStatus() == IndexStatus.ACTIVE) {
        return;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("index " + name + " never became ACTIVE");
  }
}
