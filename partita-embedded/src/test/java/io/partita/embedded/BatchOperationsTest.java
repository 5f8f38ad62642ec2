package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Limits;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchGetItem and BatchWriteItem through the embedded client: reading back what was written over
 * two tables, projections, missing keys, duplicates and the request limits, all-or-nothing
 * validation, index maintenance, the 16 MB answer limit (made small) and following UnprocessedKeys,
 * capacity, and item collection metrics.
 */
class BatchOperationsTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "music", ScalarAttributeType.N);
    Fixtures.createTable(dynamo, "users", null);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  // ------------------------------------------------------------------ helpers

  static Map<String, AttributeValue> key(String pk, int sk) {
    return Map.of("pk", s(pk), "sk", n(Integer.toString(sk)));
  }

  static Map<String, AttributeValue> with(Map<String, AttributeValue> base, Object... kv) {
    Map<String, AttributeValue> m = new LinkedHashMap<>(base);
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], (AttributeValue) kv[i + 1]);
    return m;
  }

  static WriteRequest put(Map<String, AttributeValue> item) {
    return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
  }

  static WriteRequest del(Map<String, AttributeValue> key) {
    return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
  }

  static KeysAndAttributes keys(List<Map<String, AttributeValue>> keys) {
    return KeysAndAttributes.builder().keys(keys).build();
  }

  private Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
    var r = dynamo.getItem(b -> b.tableName(table).key(key).consistentRead(true));
    return r.hasItem() ? r.item() : null;
  }

  private static DynamoDbException validation(String message, org.junit.jupiter.api.function.Executable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertEquals(message, e.awsErrorDetails().errorMessage());
    return e;
  }

  /** The items of a BatchGetItem answer per table, keyed by their key attributes, for order-free comparison. */
  private static Map<String, Map<String, Map<String, AttributeValue>>> byKey(BatchGetItemResponse r) {
    Map<String, Map<String, Map<String, AttributeValue>>> out = new TreeMap<>();
    r.responses().forEach((table, items) -> {
      Map<String, Map<String, AttributeValue>> m = new TreeMap<>();
      for (Map<String, AttributeValue> item : items) {
        String k = item.get("pk").s() + "/" + (item.containsKey("sk") ? item.get("sk").n() : "");
        assertTrue(m.put(k, item) == null, "item returned twice: " + k);
      }
      out.put(table, m);
    });
    return out;
  }

  // ------------------------------------------------------------------ reading back

  @Test
  void writesOverTwoTablesReadBackWithBatchGetItem() {
    Map<String, AttributeValue> song1 = with(key("band", 1), "title", s("One"), "year", n("1991"));
    Map<String, AttributeValue> song2 = with(key("band", 2), "title", s("Two"));
    Map<String, AttributeValue> user = Map.of("pk", s("ann"), "age", n("41"), "tags", AttributeValue.fromSs(List.of("a", "b")));
    BatchWriteItemResponse w = dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        "music", List.of(put(song1), put(song2)), "users", List.of(put(user)))));
    assertTrue(w.hasUnprocessedItems() && w.unprocessedItems().isEmpty(), "UnprocessedItems is an empty map");
    assertFalse(w.hasConsumedCapacity(), "no capacity unless asked");

    BatchGetItemResponse r = dynamo.batchGetItem(b -> b.requestItems(Map.of(
        "music", keys(List.of(key("band", 2), key("band", 1), key("band", 3))),
        "users", keys(List.of(Map.of("pk", s("ann")), Map.of("pk", s("bob")))))));
    assertTrue(r.hasUnprocessedKeys() && r.unprocessedKeys().isEmpty());
    assertEquals(Map.of("music", Map.of("band/1", song1, "band/2", song2), "users", Map.of("ann/", user)), byKey(r));

    // deletes and puts mixed; a delete of a missing item is fine
    dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        "music", List.of(del(key("band", 1)), put(with(song2, "title", s("Deux"))), del(key("band", 99))))));
    assertEquals(null, get("music", key("band", 1)));
    assertEquals(s("Deux"), get("music", key("band", 2)).get("title"));
    assertEquals(user, get("users", Map.of("pk", s("ann"))));
  }

  @Test
  void missingKeysAreSimplyAbsent_andEveryTableHasAList() {
    BatchGetItemResponse r = dynamo.batchGetItem(b -> b.requestItems(Map.of(
        "music", keys(List.of(key("none", 1))), "users", keys(List.of(Map.of("pk", s("nobody")))))));
    assertEquals(Map.of("music", List.of(), "users", List.of()), r.responses());
    assertTrue(r.unprocessedKeys().isEmpty());
  }

  @Test
  void projectionsAndNamesApplyPerTable() {
    dynamo.putItem(b -> b.tableName("music").item(with(key("p", 1), "title", s("T"), "name", s("N"),
        "info", AttributeValue.fromM(Map.of("x", n("1"), "y", n("2"))))));
    dynamo.putItem(b -> b.tableName("users").item(Map.of("pk", s("p"), "a", s("A"), "b", s("B"))));
    BatchGetItemResponse r = dynamo.batchGetItem(b -> b.requestItems(Map.of(
        "music", KeysAndAttributes.builder().keys(key("p", 1)).projectionExpression("#n, info.y")
            .expressionAttributeNames(Map.of("#n", "name")).build(),
        "users", keys(List.of(Map.of("pk", s("p")))))));
    assertEquals(List.of(Map.of("name", s("N"), "info", AttributeValue.fromM(Map.of("y", n("2"))))),
        r.responses().get("music"));
    assertEquals(List.of(Map.of("pk", s("p"), "a", s("A"), "b", s("B"))), r.responses().get("users"));

    validation("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music",
            KeysAndAttributes.builder().keys(key("p", 1)).projectionExpression("name").build()))));
    validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music", KeysAndAttributes.builder().keys(key("p", 1))
            .projectionExpression("title").expressionAttributeNames(Map.of("#x", "y")).build()))));
    validation("ExpressionAttributeNames can only be specified when using expressions",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music", KeysAndAttributes.builder().keys(key("p", 1))
            .expressionAttributeNames(Map.of("#x", "y")).build()))));
    DynamoDbException legacy = assertThrows(DynamoDbException.class, () -> dynamo.batchGetItem(b -> b.requestItems(
        Map.of("music", KeysAndAttributes.builder().keys(key("p", 1)).attributesToGet("title")
            .projectionExpression("title").build()))));
    assertTrue(legacy.awsErrorDetails().errorMessage().startsWith("Can not use both expression and non-expression"),
        legacy.getMessage());
  }

  // ------------------------------------------------------------------ request checks

  @Test
  void duplicatesAreRefused_inOneTableOnly() {
    validation("Provided list of item keys contains duplicates",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(List.of(key("d", 1), key("d", 1)))))));
    // 1 and 1.0 are the same number, so the same key
    validation("Provided list of item keys contains duplicates", () -> dynamo.batchGetItem(b -> b.requestItems(Map.of(
        "music", keys(List.of(key("d", 1), Map.of("pk", s("d"), "sk", n("1.0"))))))));
    validation("Provided list of item keys contains duplicates", () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        "music", List.of(put(key("d", 1)), del(key("d", 1)))))));
    validation("Provided list of item keys contains duplicates", () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        "music", List.of(put(key("d", 1)), put(Map.of("pk", s("d"), "sk", n("1.00"), "x", s("y"))))))));
    assertEquals(null, get("music", key("d", 1)));
    // the same key in two tables names two items
    dynamo.batchWriteItem(b -> b.requestItems(Map.of("music", List.of(put(key("d", 1))),
        "users", List.of(put(Map.of("pk", s("d"), "sk", n("1")))))));
    BatchGetItemResponse r = dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(List.of(key("d", 1))),
        "users", keys(List.of(Map.of("pk", s("d")))))));
    assertEquals(1, r.responses().get("music").size());
    assertEquals(1, r.responses().get("users").size());
  }

  @Test
  void limitsOf100KeysAnd25Writes() {
    List<Map<String, AttributeValue>> k100 = IntStream.range(0, 100).mapToObj(i -> key("l", i)).toList();
    assertEquals(0, dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(k100)))).responses().get("music").size());
    validation("Too many items requested for the BatchGetItem call", () -> dynamo.batchGetItem(b -> b.requestItems(Map.of(
        "music", keys(k100.subList(0, 60)), "users", keys(IntStream.range(0, 41).mapToObj(i -> Map.of("pk", s("u" + i))).toList())))));

    List<WriteRequest> w25 = IntStream.range(0, 25).mapToObj(i -> put(key("l", i))).toList();
    dynamo.batchWriteItem(b -> b.requestItems(Map.of("music", w25)));
    assertEquals(25, dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(k100)))).responses().get("music").size());
    validation("Too many items requested for the BatchWriteItem call", () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        "music", IntStream.range(100, 113).mapToObj(i -> put(key("l", i))).toList(),
        "users", IntStream.range(0, 13).mapToObj(i -> put(Map.of("pk", s("u" + i)))).toList()))));
    assertEquals(null, get("music", key("l", 100)));
    assertEquals(null, get("users", Map.of("pk", s("u0"))));
  }

  @Test
  void emptyRequestsAndBadShapesAreRefused() {
    // Amazon DynamoDB's answers (issue 12, docs/dynamodb-messages.md)
    validation("The requestItems parameter is required for BatchGetItem", () -> dynamo.batchGetItem(b -> b.requestItems(Map.of())));
    validation("The requestItems parameter is required for BatchGetItem", () -> dynamo.batchGetItem(b -> {}));
    validation("1 validation error detected: Value at 'RequestItems.music.member.Keys' failed to satisfy constraint: "
        + "Member must have length greater than or equal to 1",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(List.of())))));
    validation("The requestItems parameter is required for BatchWriteItem", () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of())));
    validation("1 validation error detected: Value '{music=[]}' at 'requestItems' failed to satisfy constraint: Map value "
        + "must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater "
        + "than or equal to 1]",
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("music", List.of()))));
    validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("music", List.of(WriteRequest.builder()
            .putRequest(PutRequest.builder().item(key("x", 1)).build())
            .deleteRequest(DeleteRequest.builder().key(key("x", 1)).build()).build())))));
    validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("music", List.of(WriteRequest.builder().build())))));
    assertThrows(ResourceNotFoundException.class,
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("nosuchtable", keys(List.of(key("x", 1)))))));
    assertThrows(ResourceNotFoundException.class,
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("nosuchtable", List.of(put(key("x", 1)))))));
    validation("The provided key element does not match the schema",
        () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys(List.of(Map.of("pk", s("x"), "sk", s("1"))))))));
    validation("1 validation error detected: Value 'SOME' at 'returnConsumedCapacity' failed to satisfy constraint: "
        + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]", () -> dynamo.batchWriteItem(b -> b.requestItems(
            Map.of("music", List.of(put(key("x", 1))))).returnConsumedCapacity("SOME")));
    assertEquals(null, get("music", key("x", 1)));
  }

  @Test
  void oneInvalidRequestRefusesTheWholeBatch_andWritesNothing() {
    dynamo.putItem(b -> b.tableName("music").item(with(key("keep", 1), "v", s("old"))));
    List<Function<Integer, WriteRequest>> bad = List.of(
        i -> put(Map.of("pk", s("bad"))),                                           // missing sort key
        i -> put(Map.of("pk", s("bad"), "sk", s("1"))),                              // wrong key type
        i -> put(with(key("bad", i), "e", AttributeValue.fromSs(List.of()))),       // empty set
        i -> put(with(key("bad", i), "big", s("x".repeat(400 * 1024)))),            // over 400 KB
        i -> del(Map.of("pk", s("bad"))),                                            // incomplete key
        i -> put(key("w", 0)));                                                      // duplicate of the first write
    for (Function<Integer, WriteRequest> b : bad) {
      List<WriteRequest> music = new ArrayList<>();
      music.add(put(key("w", 0)));
      music.add(del(key("keep", 1)));
      music.add(b.apply(7));
      music.add(put(key("w", 2)));
      assertThrows(DynamoDbException.class, () -> dynamo.batchWriteItem(r -> r.requestItems(Map.of(
          "music", music, "users", List.of(put(Map.of("pk", s("w"))))))));
      assertEquals(null, get("music", key("w", 0)));
      assertEquals(null, get("music", key("w", 2)));
      assertEquals(null, get("users", Map.of("pk", s("w"))));
      assertEquals(s("old"), get("music", key("keep", 1)).get("v"));
    }
    // and an unknown table in the same batch
    assertThrows(ResourceNotFoundException.class, () -> dynamo.batchWriteItem(r -> r.requestItems(Map.of(
        "music", List.of(put(key("w", 0))), "nosuchtable", List.of(put(key("w", 0)))))));
    assertEquals(null, get("music", key("w", 0)));
  }

  // ------------------------------------------------------------------ indexes

  @Test
  void batchWritesMaintainGlobalIndexes() {
    dynamo.createTable(b -> b.tableName("orders").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("status", ScalarAttributeType.S))
        .keySchema(ks("pk", KeyType.HASH))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byStatus").keySchema(ks("status", KeyType.HASH))
            .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
    dynamo.batchWriteItem(b -> b.requestItems(Map.of("orders", List.of(
        put(Map.of("pk", s("o1"), "status", s("open"))), put(Map.of("pk", s("o2"), "status", s("open"))),
        put(Map.of("pk", s("o3"), "status", s("done"))), put(Map.of("pk", s("o4")))))));
    assertEquals(List.of("o1", "o2"), byStatus("open"));
    assertEquals(List.of("o3"), byStatus("done"));
    // a put replacing an item moves its entry; a delete removes it
    dynamo.batchWriteItem(b -> b.requestItems(Map.of("orders", List.of(
        put(Map.of("pk", s("o1"), "status", s("done"))), del(Map.of("pk", s("o2"))), put(Map.of("pk", s("o4"), "status", s("open")))))));
    assertEquals(List.of("o4"), byStatus("open"));
    assertEquals(List.of("o1", "o3"), byStatus("done"));
    assertEquals(3L, dynamo.describeTable(b -> b.tableName("orders")).table().globalSecondaryIndexes().get(0).itemCount());
    // an index key of the wrong type refuses the batch
    validation("One or more parameter values were invalid: Type mismatch for Index Key status Expected: S Actual: N "
        + "IndexName: byStatus",
        () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of("orders", List.of(
            put(Map.of("pk", s("o5"), "status", s("open"))), put(Map.of("pk", s("o6"), "status", n("1"))))))));
    assertEquals(List.of("o4"), byStatus("open"));
  }

  private List<String> byStatus(String status) {
    return dynamo.query(b -> b.tableName("orders").indexName("byStatus").keyConditionExpression("#s = :s")
            .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", s(status))))
        .items().stream().map(i -> i.get("pk").s()).sorted().toList();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement ks(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private void createLsiTable(DynamoDbClient client) {
    client.createTable(b -> b.tableName("lsi").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.S), def("l", ScalarAttributeType.S))
        .keySchema(ks("pk", KeyType.HASH), ks("sk", KeyType.RANGE))
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("byL").keySchema(ks("pk", KeyType.HASH), ks("l", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
  }

  @Test
  void itemCollectionMetricsForTablesWithLocalIndexes() {
    createLsiTable(dynamo);
    BatchWriteItemResponse r = dynamo.batchWriteItem(b -> b.returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
        .requestItems(Map.of(
            "lsi", List.of(put(Map.of("pk", s("a"), "sk", s("1"), "l", s("x"))), put(Map.of("pk", s("a"), "sk", s("2"))),
                put(Map.of("pk", s("b"), "sk", s("1"))), del(Map.of("pk", s("c"), "sk", s("1")))),
            "users", List.of(put(Map.of("pk", s("a")))))));
    // one entry per write that changed an item, for the table with local indexes only (a delete of nothing has none, as DeleteItem)
    assertEquals(List.of("lsi"), List.copyOf(r.itemCollectionMetrics().keySet()));
    List<ItemCollectionMetrics> m = r.itemCollectionMetrics().get("lsi");
    assertEquals(List.of(Map.of("pk", s("a")), Map.of("pk", s("a")), Map.of("pk", s("b"))),
        m.stream().map(ItemCollectionMetrics::itemCollectionKey).toList());
    m.forEach(x -> assertEquals(List.of(0.0, 1.0), x.sizeEstimateRangeGB()));
    // not asked: none
    assertFalse(dynamo.batchWriteItem(b -> b.requestItems(Map.of("lsi", List.of(put(Map.of("pk", s("a"), "sk", s("3")))))))
        .hasItemCollectionMetrics());
  }

  @Test
  void aFullItemCollectionRefusesItsWriteWithTheDocumentedError_afterTheOthersAreMade() {
    try (DynamoDbClient small = PartitaDynamoDb.over(Partita.inMemory(new Limits(10_000)))) {
      createLsiTable(small);
      String pad = "x".repeat(3000);
      small.batchWriteItem(b -> b.requestItems(Map.of("lsi", List.of(
          put(Map.of("pk", s("a"), "sk", s("1"), "p", s(pad))), put(Map.of("pk", s("a"), "sk", s("2"), "p", s(pad))),
          put(Map.of("pk", s("a"), "sk", s("3"), "p", s(pad)))))));
      assertThrows(ItemCollectionSizeLimitExceededException.class, () -> small.batchWriteItem(b -> b.requestItems(Map.of(
          "lsi", List.of(put(Map.of("pk", s("a"), "sk", s("4"), "p", s(pad))), put(Map.of("pk", s("b"), "sk", s("1"))))))));
      assertFalse(small.getItem(b -> b.tableName("lsi").key(Map.of("pk", s("a"), "sk", s("4")))).hasItem());
      // BatchWriteItem is not atomic: the write to another collection was made
      assertTrue(small.getItem(b -> b.tableName("lsi").key(Map.of("pk", s("b"), "sk", s("1")))).hasItem());
    }
  }

  /**
   * The writes of a batch share one store write; a refused write in the middle is taken back out of
   * it whole: its item, its index entry, and its share of the collection, item and index counters.
   */
  @Test
  void aRefusedWriteLeavesNothingOfItselfInTheSharedBatch() {
    try (DynamoDbClient small = PartitaDynamoDb.over(Partita.inMemory(new Limits(10_000)))) {
      createLsiTable(small);
      String pad = "x".repeat(3000);
      List<WriteRequest> writes = new java.util.ArrayList<>();
      for (String sk : List.of("1", "2", "big", "3")) {
        // the big one does not fit after two; the third small one fits only if the big one's
        // share of the collection was taken back
        writes.add(put(Map.of("pk", s("a"), "sk", s(sk), "l", s("L" + sk), "p", s(sk.equals("big") ? pad + pad : pad))));
      }
      writes.add(put(Map.of("pk", s("b"), "sk", s("1"), "l", s("L1"))));
      assertThrows(ItemCollectionSizeLimitExceededException.class,
          () -> small.batchWriteItem(b -> b.requestItems(Map.of("lsi", writes))));
      assertEquals(List.of("1", "2", "3"), small.query(b -> b.tableName("lsi").keyConditionExpression("pk = :a")
          .expressionAttributeValues(Map.of(":a", s("a")))).items().stream().map(i -> i.get("sk").s()).toList());
      assertEquals(List.of("L1", "L2", "L3"), small.query(b -> b.tableName("lsi").indexName("byL")
          .keyConditionExpression("pk = :a").expressionAttributeValues(Map.of(":a", s("a")))).items().stream()
          .map(i -> i.get("l").s()).toList());
      var table = small.describeTable(b -> b.tableName("lsi")).table();
      assertEquals(4L, table.itemCount());
      assertEquals(4L, table.localSecondaryIndexes().get(0).itemCount());
      // the collection's size counter holds exactly the three items: one deleted makes room for one
      small.deleteItem(b -> b.tableName("lsi").key(Map.of("pk", s("a"), "sk", s("1"))));
      small.putItem(b -> b.tableName("lsi").item(Map.of("pk", s("a"), "sk", s("4"), "l", s("L4"), "p", s(pad))));
      assertThrows(ItemCollectionSizeLimitExceededException.class, () -> small.putItem(b -> b.tableName("lsi")
          .item(Map.of("pk", s("a"), "sk", s("5"), "l", s("L5"), "p", s(pad)))));
    }
  }

  // ------------------------------------------------------------------ the 16 MB answer limit

  @Test
  void theAnswerLimitSendsTheRestBackAsUnprocessedKeys_andFollowingThemReturnsEveryItemOnce() {
    // 1,000 bytes stand for 16 MB; items of about 300 bytes: three to an answer
    try (DynamoDbClient small = PartitaDynamoDb.over(Partita.inMemory(Limits.DYNAMODB.withBatchGetResponseBytes(1000)))) {
      Fixtures.createTable(small, "music", ScalarAttributeType.N);
      Fixtures.createTable(small, "users", null);
      Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
      for (int i = 0; i < 10; i++) {
        Map<String, AttributeValue> item = with(key("k", i), "zpad", s("m".repeat(290)), "name", s("n" + i));
        small.putItem(b -> b.tableName("music").item(item));
        expected.put("music k/" + i, Map.of("name", s("n" + i), "sk", n(Integer.toString(i))));
      }
      for (int i = 0; i < 5; i++) {
        Map<String, AttributeValue> item = Map.of("pk", s("u" + i), "zpad", s("u".repeat(290)));
        small.putItem(b -> b.tableName("users").item(item));
        expected.put("users u" + i + "/", item);
      }
      Map<String, KeysAndAttributes> request = new LinkedHashMap<>();
      request.put("music", KeysAndAttributes.builder().keys(IntStream.range(0, 12).mapToObj(i -> key("k", i)).toList())
          .projectionExpression("#n, sk, zpad").expressionAttributeNames(Map.of("#n", "name")).consistentRead(true).build());
      request.put("users", keys(IntStream.range(0, 6).mapToObj(i -> Map.of("pk", s("u" + i))).toList()));
      Map<String, Map<String, AttributeValue>> seen = new TreeMap<>();
      Map<String, Double> charged = new TreeMap<>();
      int calls = 0;
      while (!request.isEmpty()) {
        assertTrue(++calls <= 20, "UnprocessedKeys does not end");
        Map<String, KeysAndAttributes> req = request;
        BatchGetItemResponse r = small.batchGetItem(b -> b.requestItems(req).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        int returned = r.responses().values().stream().mapToInt(List::size).sum();
        assertTrue(returned >= 1 && returned <= 3, "an answer holds at most 1,000 bytes of items: " + returned);
        r.responses().forEach((table, items) -> items.forEach(item -> {
          Map<String, AttributeValue> shown = new HashMap<>(item);
          shown.remove("zpad");
          String k = table + " " + (table.equals("music") ? "k/" + item.get("sk").n() : item.get("pk").s() + "/");
          assertTrue(seen.put(k, table.equals("music") ? shown : item) == null, "returned twice: " + k);
        }));
        // only what was read is charged: each item rounded up to 4 KB, 1 unit consistent (music), 0.5 eventual (users),
        // and each key read that finds no item the same minimum, as a GetItem of it
        Map<String, Double> units = r.consumedCapacity().stream()
            .collect(Collectors.toMap(ConsumedCapacity::tableName, ConsumedCapacity::capacityUnits));
        assertTrue(units.getOrDefault("music", 0.0) >= r.responses().getOrDefault("music", List.of()).size() * 1.0);
        assertTrue(units.getOrDefault("users", 0.0) >= r.responses().getOrDefault("users", List.of()).size() * 0.5);
        units.forEach((table, u) -> charged.merge(table, u, Double::sum));
        // what is left keeps its table's projection, names and consistency
        if (r.unprocessedKeys().containsKey("music")) {
          KeysAndAttributes left = r.unprocessedKeys().get("music");
          assertEquals("#n, sk, zpad", left.projectionExpression());
          assertEquals(Map.of("#n", "name"), left.expressionAttributeNames());
          assertEquals(Boolean.TRUE, left.consistentRead());
        }
        request = r.unprocessedKeys();
      }
      assertEquals(expected, seen);
      // over all the answers: 10 items and 2 missing keys at 1 unit (music), 5 items and 1 missing key at 0.5 (users)
      assertEquals(Map.of("music", 12.0, "users", 3.0), charged);
      assertTrue(calls >= 5, "15 items of ~300 bytes need at least 5 answers of 1,000 bytes, not " + calls);
    }
  }

  @Test
  void dynamoDbsOwnExample_100ItemsOf300KbReturn52() {
    Fixtures.createTable(dynamo, "big", null);
    String pad = "x".repeat(300 * 1024 - 10);
    for (int i = 0; i < 100; i++) {
      String pk = String.format("big%03d", i); // 6 bytes; + "pk" + "p" + pad = 300 KB - 1
      dynamo.putItem(b -> b.tableName("big").item(Map.of("pk", s(pk), "p", s(pad))));
    }
    BatchGetItemResponse r = dynamo.batchGetItem(b -> b.requestItems(Map.of("big",
        keys(IntStream.range(0, 100).mapToObj(i -> Map.of("pk", s(String.format("big%03d", i)))).toList()))));
    assertEquals(52, r.responses().get("big").size());
    assertEquals(48, r.unprocessedKeys().get("big").keys().size());
  }

  // ------------------------------------------------------------------ capacity

  @Test
  void capacityIsCountedPerItemAndSummedPerTable() {
    String kb15 = "x".repeat(1500);
    BatchWriteItemResponse w = dynamo.batchWriteItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of("music", List.of(put(with(key("c", 1), "a", s(kb15))), put(key("c", 2))),
            "users", List.of(put(Map.of("pk", s("c"), "a", s("x".repeat(5000))))))));
    // PutItem's rule per item: 2 + 1 units in music, 5 in users
    assertEquals(Map.of("music", 3.0, "users", 5.0), units(w.consumedCapacity()));
    // deleting: the old item's size (2), and a delete of nothing costs the minimum (1), as DeleteItem
    w = dynamo.batchWriteItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .requestItems(Map.of("music", List.of(del(key("c", 1)), del(key("c", 99))))));
    assertEquals(Map.of("music", 3.0), units(w.consumedCapacity()));
    assertEquals(3.0, w.consumedCapacity().get(0).table().capacityUnits());

    dynamo.putItem(b -> b.tableName("music").item(with(key("r", 1), "a", s(kb15))));
    dynamo.putItem(b -> b.tableName("music").item(with(key("r", 2), "a", s("y".repeat(6500)))));
    // each item rounded up to 4 KB on its own: 1.5 KB -> 1, 6.5 KB -> 2; a missing key costs a GetItem's minimum (1),
    // as each key of the batch is an individual GetItem (dynalite's batchGetItem tests, written against the service)
    var keys = keys(List.of(key("r", 1), key("r", 2), key("r", 3)));
    BatchGetItemResponse g = dynamo.batchGetItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of("music", keys, "users", keys(List.of(Map.of("pk", s("none")))))));
    assertEquals(Map.of("music", 2.0, "users", 0.5), units(g.consumedCapacity()));
    g = dynamo.batchGetItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of("music", keys.toBuilder().consistentRead(true).projectionExpression("pk").build())));
    assertEquals(Map.of("music", 4.0), units(g.consumedCapacity()), "charged for whole items, not the projection");
    assertFalse(dynamo.batchGetItem(b -> b.requestItems(Map.of("music", keys))).hasConsumedCapacity());
  }

  private static Map<String, Double> units(List<ConsumedCapacity> c) {
    Map<String, Double> out = new TreeMap<>();
    for (ConsumedCapacity x : c) {
      assertTrue(out.put(x.tableName(), x.capacityUnits()) == null, "one entry per table: " + c);
    }
    return out;
  }
}
