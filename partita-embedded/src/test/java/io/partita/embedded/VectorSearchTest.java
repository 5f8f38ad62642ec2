package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;
import software.amazon.awssdk.services.dynamodb.model.VectorIndex;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

/**
 * Issue 38: vector indexes and SearchVectors through the SDK, with the facts recorded against the
 * service (docs/vector-search.md names each source): scores of the three distance functions, the
 * default projection without the vector, HASH partitions and inline filters, sparse items, the
 * service's refusals of definitions, writes and searches, and an index added to a table that holds
 * items.
 */
class VectorSearchTest {
  private Partita partita;
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    partita = Partita.inMemory();
    dynamo = PartitaDynamoDb.over(partita);
  }

  @AfterEach
  void close() {
    partita.close();
  }

  static AttributeValue vec(double... values) {
    List<AttributeValue> l = new ArrayList<>();
    for (double v : values) {
      l.add(AttributeValue.fromN(Double.toString(v)));
    }
    return AttributeValue.fromL(l);
  }

  static List<AttributeValue> query(double... values) {
    return vec(values).l();
  }

  static VectorIndex index(String name, VectorDistanceFunction f, int dims, Consumer<VectorIndex.Builder> more) {
    VectorIndex.Builder b = VectorIndex.builder().indexName(name).vectorAttribute(a -> a.attributeName("emb"))
        .dimensions((long) dims).distanceFunction(f).projection(p -> p.projectionType(ProjectionType.ALL));
    more.accept(b);
    return b.build();
  }

  /** A table keyed by pk, with {@code indexes}; the attributes their search schemas name are defined. */
  private void table(String name, VectorIndex... indexes) {
    List<software.amazon.awssdk.services.dynamodb.model.AttributeDefinition> defined = new ArrayList<>();
    defined.add(software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder().attributeName("pk")
        .attributeType(ScalarAttributeType.S).build());
    for (String a : List.of("tenant", "color")) {
      if (java.util.Arrays.stream(indexes).anyMatch(v -> v.searchSchema().stream().anyMatch(e -> e.attributeName().equals(a)))) {
        defined.add(software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder().attributeName(a)
            .attributeType(ScalarAttributeType.S).build());
      }
    }
    dynamo.createTable(CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(defined).keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
        .vectorIndexes(indexes).build());
  }

  private void put(String table, String pk, AttributeValue emb, String... more) {
    Map<String, AttributeValue> item = new java.util.HashMap<>();
    item.put("pk", AttributeValue.fromS(pk));
    if (emb != null) {
      item.put("emb", emb);
    }
    for (int i = 0; i < more.length; i += 2) {
      item.put(more[i], AttributeValue.fromS(more[i + 1]));
    }
    dynamo.putItem(b -> b.tableName(table).item(item));
  }

  private SearchVectorsResponse search(Consumer<SearchVectorsRequest.Builder> request) {
    return dynamo.searchVectors(request);
  }

  private static List<String> keys(SearchVectorsResponse r) {
    return r.searchResults().stream().map(i -> i.item().get("pk").s()).toList();
  }

  private static List<Double> scores(SearchVectorsResponse r) {
    return r.searchResults().stream().map(i -> i.score()).toList();
  }

  /**
   * Scores equal to float precision: the vectors are held as 32-bit floats, so 0.6 is 0.6000000238 and
   * the cosine score of [0.6, 0.8, 0] is 0.39999998, where the service was recorded answering 0.4
   * (docs/vector-search.md).
   */
  private static void assertScores(List<Double> expected, List<Double> actual) {
    assertEquals(expected.size(), actual.size(), actual.toString());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), 1e-6, actual.toString());
    }
  }

  /** Three items scored as the service was recorded scoring them (conformance suite, 2026-08). */
  private void threeItems(String table) {
    put(table, "same", vec(1, 0, 0));
    put(table, "near", vec(0.6, 0.8, 0));
    put(table, "across", vec(0, 1, 0));
    put(table, "opposite", vec(-1, 0, 0));
    put(table, "none", null); // no vector: not in the index
  }

  @Test
  void cosineScoresAreOneMinusTheCosineLowestFirst() {
    table("Tab", index("cos", VectorDistanceFunction.COSINE, 3, b -> {}));
    threeItems("Tab");
    SearchVectorsResponse r = search(b -> b.tableName("Tab").indexName("cos").searchVector(query(1, 0, 0)).topK(10));
    assertEquals(List.of("same", "near", "across", "opposite"), keys(r));
    assertScores(List.of(0.0, 0.4, 1.0, 2.0), scores(r));
    // the default projection leaves the vector out, even with ALL
    assertNull(r.searchResults().get(0).item().get("emb"));
    assertEquals(Map.of("pk", AttributeValue.fromS("same")), r.searchResults().get(0).item());
  }

  @Test
  void euclideanIsThePlainDistanceAndDotProductHighestFirst() {
    table("Tab", index("euclid", VectorDistanceFunction.EUCLIDEAN, 3, b -> {}),
        index("dot", VectorDistanceFunction.DOT_PRODUCT, 3, b -> {}));
    threeItems("Tab");
    SearchVectorsResponse l2 = search(b -> b.tableName("Tab").indexName("euclid").searchVector(query(1, 0, 0)).topK(2));
    assertEquals(List.of("same", "near"), keys(l2));
    assertScores(List.of(0.0, Math.sqrt(0.8)), scores(l2));
    SearchVectorsResponse dot = search(b -> b.tableName("Tab").indexName("dot").searchVector(query(1, 0, 0)).topK(4));
    assertEquals(List.of("same", "near", "across", "opposite"), keys(dot));
    assertScores(List.of(1.0, 0.6, 0.0, -1.0), scores(dot));
  }

  @Test
  void aProjectionExpressionMayAskForTheVectorAsTheIndexHoldsIt() {
    table("Tab", index("cos", VectorDistanceFunction.COSINE, 3, b -> {}));
    put("Tab", "a", AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("16777217"),
        AttributeValue.fromN("0.1"))));
    SearchVectorsResponse r = search(b -> b.tableName("Tab").indexName("cos").searchVector(query(1, 0, 0)).topK(1)
        .projectionExpression("emb, #m").expressionAttributeNames(Map.of("#m", "missing")));
    assertEquals(Map.of("emb", AttributeValue.fromL(List.of(AttributeValue.fromN("1.0"),
        AttributeValue.fromN("1.6777216E7"), AttributeValue.fromN("0.1")))), r.searchResults().get(0).item());
    // the table keeps the value as written
    assertEquals("16777217", dynamo.getItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("a"))))
        .item().get("emb").l().get(1).n());
  }

  @Test
  void aHashPartitionAndInlineFiltersNarrowTheSearch() {
    table("Tab", index("byTenant", VectorDistanceFunction.COSINE, 2, b -> b.searchSchema(
        s -> s.attributeName("tenant").searchSchemaElementType(SearchSchemaElementType.HASH),
        s -> s.attributeName("color").searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER))));
    put("Tab", "a1", vec(1, 0), "tenant", "a", "color", "red");
    put("Tab", "a2", vec(1, 0.1), "tenant", "a", "color", "blue");
    put("Tab", "a3", vec(1, 0.2), "tenant", "a");
    put("Tab", "b1", vec(1, 0), "tenant", "b", "color", "red");
    put("Tab", "x", vec(1, 0)); // no HASH value: not in the index
    SearchVectorsResponse all = search(b -> b.tableName("Tab").indexName("byTenant").searchVector(query(1, 0)).topK(10)
        .searchConditionExpression("tenant = :t").expressionAttributeValues(Map.of(":t", AttributeValue.fromS("a"))));
    assertEquals(List.of("a1", "a2", "a3"), keys(all));
    SearchVectorsResponse red = search(b -> b.tableName("Tab").indexName("byTenant").searchVector(query(1, 0)).topK(10)
        .searchConditionExpression("#c = :c AND tenant = :t").expressionAttributeNames(Map.of("#c", "color"))
        .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("a"), ":c", AttributeValue.fromS("red"))));
    assertEquals(List.of("a1"), keys(red));
    SearchVectorsResponse nobody = search(b -> b.tableName("Tab").indexName("byTenant").searchVector(query(1, 0))
        .topK(10).searchConditionExpression("tenant = :t")
        .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("zz"))));
    assertEquals(List.of(), nobody.searchResults());
  }

  @Test
  void writesKeepTheIndexAndDescribeTableCountsIt() {
    table("Tab", index("cos", VectorDistanceFunction.COSINE, 2, b -> {}));
    put("Tab", "a", vec(1, 0));
    put("Tab", "b", vec(0, 1));
    dynamo.updateItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("b")))
        .updateExpression("SET emb = :v").expressionAttributeValues(Map.of(":v", vec(1, 0.01))));
    dynamo.deleteItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("a"))));
    dynamo.transactWriteItems(t -> t.transactItems(w -> w.put(p -> p.tableName("Tab")
        .item(Map.of("pk", AttributeValue.fromS("c"), "emb", vec(-1, 0))))));
    dynamo.updateItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("c"))).updateExpression("REMOVE emb"));
    // a write that leaves the vector as it was leaves the item in the index, and reports no vector bytes
    var untouched = dynamo.updateItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("b")))
        .updateExpression("SET note = :n").expressionAttributeValues(Map.of(":n", AttributeValue.fromS("x")))
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertTrue(untouched.vectorIndexes().isEmpty(), untouched.toString());
    SearchVectorsResponse r = search(b -> b.tableName("Tab").indexName("cos").searchVector(query(1, 0)).topK(10));
    assertEquals(List.of("b"), keys(r));
    VectorIndexDescription d = dynamo.describeTable(b -> b.tableName("Tab")).table().vectorIndexes().get(0);
    assertEquals(IndexStatus.ACTIVE, d.indexStatus());
    assertEquals(1L, d.itemCount());
    assertEquals(2L, d.dimensions());
    assertEquals(VectorDistanceFunction.COSINE, d.distanceFunction());
    assertNull(d.backfilling());
    assertTrue(d.indexArn().endsWith(":table/Tab/index/cos"), d.indexArn());
  }

  @Test
  void anIndexAddedToATableWithItemsIsBuiltFromThem() throws Exception {
    dynamo.createTable(b -> b.tableName("Tab").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
    for (int i = 0; i < 600; i++) {
      put("Tab", "i" + i, vec(1, i));
    }
    put("Tab", "bad", vec(1, 2, 3)); // written before the index: the wrong length, left out of it
    var updated = dynamo.updateTable(b -> b.tableName("Tab").vectorIndexUpdates(u -> u.create(c -> c.indexName("vix")
        .vectorAttribute(a -> a.attributeName("emb")).dimensions(2L).distanceFunction(VectorDistanceFunction.DOT_PRODUCT)
        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))));
    assertEquals(IndexStatus.CREATING, updated.tableDescription().vectorIndexes().get(0).indexStatus());
    VectorIndexDescription d = null;
    for (int i = 0; i < 1000; i++) {
      d = dynamo.describeTable(b -> b.tableName("Tab")).table().vectorIndexes().get(0);
      if (d.indexStatus() == IndexStatus.ACTIVE) {
        break;
      }
      Thread.sleep(10);
    }
    assertEquals(IndexStatus.ACTIVE, d.indexStatus());
    assertEquals(600L, d.itemCount());
    SearchVectorsResponse r = search(b -> b.tableName("Tab").indexName("vix").searchVector(query(0, 1)).topK(3));
    assertEquals(List.of("i599", "i598", "i597"), keys(r));
    // deleted, it is gone, and its name may be used again
    dynamo.updateTable(b -> b.tableName("Tab").vectorIndexUpdates(u -> u.delete(x -> x.indexName("vix"))));
    assertEquals(List.of(), dynamo.describeTable(b -> b.tableName("Tab")).table().vectorIndexes());
    refused("The table does not have the specified index: vix",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(0, 1)).topK(3)));
  }

  @Test
  void backupsAndPointInTimeRestoresCarryTheIndex() {
    table("Tab", index("cos", VectorDistanceFunction.COSINE, 3, b -> {}));
    dynamo.updateContinuousBackups(b -> b.tableName("Tab").pointInTimeRecoverySpecification(p -> p
        .pointInTimeRecoveryEnabled(true)));
    threeItems("Tab");
    SearchVectorsResponse original = search(b -> b.tableName("Tab").indexName("cos").searchVector(query(1, 0, 0))
        .topK(10));
    String backup = dynamo.createBackup(b -> b.tableName("Tab").backupName("before")).backupDetails().backupArn();
    dynamo.restoreTableFromBackup(b -> b.backupArn(backup).targetTableName("FromBackup"));
    dynamo.restoreTableToPointInTime(b -> b.sourceTableName("Tab").targetTableName("FromPitr")
        .useLatestRestorableTime(true));
    for (String restored : List.of("FromBackup", "FromPitr")) {
      assertEquals("cos", dynamo.describeTable(b -> b.tableName(restored)).table().vectorIndexes().get(0).indexName());
      SearchVectorsResponse r = search(b -> b.tableName(restored).indexName("cos").searchVector(query(1, 0, 0))
          .topK(10));
      assertEquals(keys(original), keys(r), restored);
      assertEquals(scores(original), scores(r), restored);
    }
  }

  // ---- refusals, each as recorded against the service (docs/vector-search.md)

  private static void refused(String message, Executable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  @Test
  void definitionsTheServiceRefuses() {
    refused("One or more parameter values were invalid: Vector indexes are only supported for PAY_PER_REQUEST tables",
        () -> dynamo.createTable(b -> b.tableName("Prov").provisionedThroughput(t -> t.readCapacityUnits(1L)
            .writeCapacityUnits(1L)).attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
            .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
            .vectorIndexes(index("vix", VectorDistanceFunction.COSINE, 3, x -> {}))));
    refused("One or more parameter values were invalid: Number of dimensions must be between 1 and 4096 inclusive.",
        () -> table("Tab", index("vix", VectorDistanceFunction.COSINE, 4097, x -> {})));
    refused("1 validation error detected: Value '0' at 'vectorIndexes.1.member.dimensions' failed to satisfy"
        + " constraint: Member must have value greater than or equal to 1",
        () -> table("Tab", index("vix", VectorDistanceFunction.COSINE, 0, x -> {})));
    refused("One or more parameter values were invalid: Conflicting attribute definition for 'emb'. All VectorIndexes"
        + " on the same vector attribute must use the same dimensions.",
        () -> table("Tab", index("vi1", VectorDistanceFunction.COSINE, 3, x -> {}),
            index("vi2", VectorDistanceFunction.COSINE, 4, x -> {})));
    refused("One or more parameter values were invalid: Duplicate index name: vix",
        () -> table("Tab", index("vix", VectorDistanceFunction.COSINE, 3, x -> {}),
            index("vix", VectorDistanceFunction.EUCLIDEAN, 3, x -> {})));
    refused("One or more parameter values were invalid: VectorIndex count exceeds the per-table limit of 5",
        () -> table("Tab", index("vi1", VectorDistanceFunction.COSINE, 3, x -> {}),
            index("vi2", VectorDistanceFunction.COSINE, 3, x -> {}), index("vi3", VectorDistanceFunction.COSINE, 3, x -> {}),
            index("vi4", VectorDistanceFunction.COSINE, 3, x -> {}), index("vi5", VectorDistanceFunction.COSINE, 3, x -> {}),
            index("vi6", VectorDistanceFunction.COSINE, 3, x -> {})));
    refused("One or more parameter values were invalid: One element in SearchSchema is not defined in attribute"
        + " definitions", () -> table("Tab", index("vix", VectorDistanceFunction.COSINE, 3, x -> x.searchSchema(
            s -> s.attributeName("nope").searchSchemaElementType(SearchSchemaElementType.HASH)))));
    refused("One or more parameter values were invalid: Conflicting attribute definition for 'pk'. An attribute cannot"
        + " be defined in AttributeDefinitions when used as a VectorAttribute.",
        () -> table("Tab", index("vix", VectorDistanceFunction.COSINE, 3, x -> x.vectorAttribute(a -> a.attributeName("pk")))));
    assertEquals(List.of(), dynamo.listTables().tableNames(), "nothing was made");
  }

  @Test
  void writesTheServiceRefuses() {
    table("Tab", index("plain", VectorDistanceFunction.COSINE, 3, b -> b.searchSchema(
        s -> s.attributeName("tenant").searchSchemaElementType(SearchSchemaElementType.HASH))));
    refused("One or more parameter values were invalid. Invalid size for parameter emb, Expected: 3, Actual: 2"
        + " IndexName: plain", () -> put("Tab", "a", vec(1, 2)));
    refused("One or more parameter values were invalid. Invalid type for parameter emb[1], Expected: 32-bit floating"
        + " point number, Actual: S. IndexName: plain", () -> put("Tab", "a", AttributeValue.fromL(List.of(
            AttributeValue.fromN("1"), AttributeValue.fromS("x"), AttributeValue.fromN("3")))));
    refused("One or more parameter values were invalid. Invalid type for parameter emb, Expected: 32-bit floating point"
        + " number list IndexName: plain", () -> put("Tab", "a", AttributeValue.fromS("x")));
    refused("One or more parameter values were invalid. Invalid value for parameter emb[0], Value: 1000000000000000000000000000000000000000 is outside"
        + " valid range [-3.4028235E38, 3.4028235E38]. IndexName: plain", () -> put("Tab", "a",
            AttributeValue.fromL(List.of(AttributeValue.fromN("1e39"), AttributeValue.fromN("1"), AttributeValue.fromN("1")))));
    refused("One or more parameter values are not valid. A value specified for a secondary index key is not supported."
        + " The AttributeValue for a key attribute cannot contain an empty string value. IndexName: plain, IndexKey:"
        + " tenant", () -> put("Tab", "a", vec(1, 2, 3), "tenant", ""));
    put("Tab", "a", vec(1, 2, 3), "tenant", "t1");
    refused("One or more parameter values were invalid. Invalid size for parameter emb, Expected: 3, Actual: 1"
        + " IndexName: plain", () -> dynamo.updateItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("a")))
            .updateExpression("SET emb = :v").expressionAttributeValues(Map.of(":v", vec(1)))));
    assertEquals(List.of("1", "2", "3"), dynamo.getItem(b -> b.tableName("Tab").key(Map.of("pk",
        AttributeValue.fromS("a")))).item().get("emb").l().stream().map(AttributeValue::n).toList(), "nothing written");
  }

  @Test
  void searchesTheServiceRefuses() {
    table("Tab", index("vix", VectorDistanceFunction.COSINE, 3, b -> b.searchSchema(
        s -> s.attributeName("tenant").searchSchemaElementType(SearchSchemaElementType.HASH))));
    Map<String, AttributeValue> t1 = Map.of(":t", AttributeValue.fromS("t1"));
    refused("Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(101)));
    refused("The table does not have the specified index: nope",
        () -> search(b -> b.tableName("Tab").indexName("nope").searchVector(query(1, 0, 0)).topK(1)));
    refused("Input search vector dimension 2 does not match vector index dimension 3",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0)).topK(1)
            .searchConditionExpression("tenant = :t").expressionAttributeValues(t1)));
    refused("Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point"
        + " number attribute", () -> search(b -> b.tableName("Tab").indexName("vix").topK(1)
            .searchVector(AttributeValue.fromS("x"), AttributeValue.fromN("1"))));
    refused("SearchConditionExpression must be provided when SearchSchema has a HASH key",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)));
    refused("Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)
            .searchConditionExpression("tenant < :t").expressionAttributeValues(t1)));
    refused("SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid"
        + " attribute: pk", () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)
            .searchConditionExpression("pk = :t").expressionAttributeValues(t1)));
    refused("Type of 'tenant' attribute in SearchConditionExpression (N) does not match type in search schema (S)",
        () -> search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)
            .searchConditionExpression("tenant = :t").expressionAttributeValues(Map.of(":t", AttributeValue.fromN("1")))));
    refused("Query operation not supported on this index type.", () -> dynamo.query(b -> b.tableName("Tab")
        .indexName("vix").keyConditionExpression("tenant = :t").expressionAttributeValues(t1)));
    refused("Scan operation not supported on this index type.", () -> dynamo.scan(b -> b.tableName("Tab").indexName("vix")));
  }

  @Test
  void capacityIsReportedInVectorBytes() {
    table("Tab", index("vix", VectorDistanceFunction.COSINE, 3, b -> {}));
    threeItems("Tab");
    SearchVectorsResponse r = search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(1024.0, r.consumedCapacity().vectorSearchRequestBytes());
    assertNull(search(b -> b.tableName("Tab").indexName("vix").searchVector(query(1, 0, 0)).topK(1)).consumedCapacity());
    // writes: VectorWriteRequestBytes per index changed, under INDEXES only, at least 1 KB, none when unchanged
    Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("w"), "emb", vec(1, 2, 3));
    var indexes = dynamo.putItem(b -> b.tableName("Tab").item(item)
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(1024.0, indexes.vectorIndexes().get("vix").vectorWriteRequestBytes());
    assertEquals(1.0, indexes.capacityUnits(), "vector bytes are not capacity units");
    assertTrue(dynamo.putItem(b -> b.tableName("Tab").item(item).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
        .consumedCapacity().vectorIndexes().isEmpty(), "the same vector again changes nothing of the index");
    assertTrue(dynamo.deleteItem(b -> b.tableName("Tab").key(Map.of("pk", AttributeValue.fromS("w")))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().vectorIndexes().isEmpty());
  }
}
