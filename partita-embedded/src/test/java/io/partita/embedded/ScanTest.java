package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Scan through the embedded client: paging, Limit, the 1 MB page, filters, Select, segments. */
class ScanTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private void put(String pk, String sk, Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> item = new HashMap<>(extra);
    item.put("pk", s(pk));
    item.put("sk", s(sk));
    dynamo.putItem(b -> b.tableName("app").item(item));
  }

  private void putUsers(int users, int ordersEach) {
    for (int u = 0; u < users; u++) {
      put("USER#" + u, "PROFILE", Map.of("kind", s("user")));
      for (int o = 0; o < ordersEach; o++) {
        put("USER#" + u, String.format("ORDER#%03d", o), Map.of("kind", s("order"), "total", n(Integer.toString(o))));
      }
    }
  }

  private static String id(Map<String, AttributeValue> item) {
    return item.get("pk").s() + "/" + item.get("sk").s();
  }

  private List<String> scanAll(ScanRequest.Builder request) {
    List<String> ids = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest r = request.exclusiveStartKey(start).build();
      ScanResponse page = dynamo.scan(r);
      page.items().forEach(i -> ids.add(id(i)));
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return ids;
  }

  @Test
  void scanReturnsEveryItemWithItemCollectionsInSortKeyOrder() {
    putUsers(3, 4);
    ScanResponse all = dynamo.scan(b -> b.tableName("app"));
    assertEquals(15, all.count());
    assertEquals(15, all.scannedCount());
    assertFalse(all.hasLastEvaluatedKey());
    List<String> sks = all.items().stream().filter(i -> i.get("pk").s().equals("USER#1")).map(i -> i.get("sk").s()).toList();
    assertEquals(List.of("ORDER#000", "ORDER#001", "ORDER#002", "ORDER#003", "PROFILE"), sks);
  }

  @Test
  void limitPagesVisitEveryItemOnce_andAFullLastPageStillNamesItsKey() {
    putUsers(3, 4);
    List<String> paged = scanAll(ScanRequest.builder().tableName("app").limit(4));
    assertEquals(15, paged.size());
    assertEquals(15, new HashSet<>(paged).size());
    assertEquals(dynamo.scan(b -> b.tableName("app")).items().stream().map(ScanTest::id).toList(), paged);

    ScanResponse exact = dynamo.scan(b -> b.tableName("app").limit(15));
    assertEquals(15, exact.count());
    assertTrue(exact.hasLastEvaluatedKey(), "DynamoDB names the last key when the Limit is reached");
    assertEquals(2, exact.lastEvaluatedKey().size());
    ScanResponse after = dynamo.scan(b -> b.tableName("app").exclusiveStartKey(exact.lastEvaluatedKey()));
    assertEquals(0, after.count());
    assertFalse(after.hasLastEvaluatedKey());
  }

  /** A start key of another segment is refused (it would skip part of this one); the message is Partita's own. */
  @Test
  void aSegmentStartsOnlyFromOneOfItsOwnKeys() {
    putUsers(8, 1);
    Map<String, AttributeValue> key = Map.of("pk", s("USER#3"), "sk", s("PROFILE"));
    int own = -1;
    for (int segment = 0; segment < 4; segment++) {
      int seg = segment;
      if (dynamo.scan(b -> b.tableName("app").segment(seg).totalSegments(4)).items().stream()
          .anyMatch(i -> i.get("pk").s().equals("USER#3"))) {
        own = seg;
      }
    }
    assertTrue(own >= 0);
    int mine = own;
    ScanResponse rest = dynamo.scan(b -> b.tableName("app").segment(mine).totalSegments(4).exclusiveStartKey(key));
    assertTrue(rest.items().stream().allMatch(i -> !i.get("pk").s().equals("USER#3")));
    int other = (own + 1) % 4;
    DynamoDbException e = assertThrows(DynamoDbException.class,
        () -> dynamo.scan(b -> b.tableName("app").segment(other).totalSegments(4).exclusiveStartKey(key)));
    assertEquals("Exclusive start key must lie within the segment", e.awsErrorDetails().errorMessage());
    // one segment of one is the whole table: any key will do
    dynamo.scan(b -> b.tableName("app").segment(0).totalSegments(1).exclusiveStartKey(key));
  }

  @Test
  void theFilterAppliesAfterTheLimit_soAPageMayBeEmptyButGoOn() {
    putUsers(2, 3);
    ScanResponse first = dynamo.scan(b -> b.tableName("app").limit(2).filterExpression("kind = :u")
        .expressionAttributeValues(Map.of(":u", s("user"))));
    assertEquals(2, first.scannedCount());
    assertEquals(0, first.count(), "the first two items are orders");
    assertTrue(first.hasLastEvaluatedKey());
    List<String> users = scanAll(ScanRequest.builder().tableName("app").limit(2).filterExpression("kind = :u")
        .expressionAttributeValues(Map.of(":u", s("user"))));
    assertEquals(List.of("USER#0/PROFILE", "USER#1/PROFILE"), users);
  }

  @Test
  void projectionAndCount() {
    putUsers(1, 2);
    ScanResponse projected = dynamo.scan(b -> b.tableName("app").projectionExpression("sk, #t")
        .expressionAttributeNames(Map.of("#t", "total")));
    assertEquals(Map.of("sk", s("ORDER#000"), "total", n("0")), projected.items().get(0));
    assertEquals(Map.of("sk", s("PROFILE")), projected.items().get(2));
    ScanResponse counted = dynamo.scan(b -> b.tableName("app").select(Select.COUNT));
    assertEquals(3, counted.count());
    assertFalse(counted.hasItems());
  }

  @Test
  void aPageStopsAfterOneMegabyteRead() {
    String big = "x".repeat(390_000);
    for (int i = 0; i < 5; i++) {
      put("BIG", "ITEM#" + i, Map.of("blob", s(big)));
    }
    ScanResponse first = dynamo.scan(b -> b.tableName("app"));
    assertEquals(3, first.count(), "three 390 KB items pass 1 MB");
    assertTrue(first.hasLastEvaluatedKey());
    ScanResponse second = dynamo.scan(b -> b.tableName("app").exclusiveStartKey(first.lastEvaluatedKey()));
    assertEquals(2, second.count());
    assertFalse(second.hasLastEvaluatedKey());
  }

  @Test
  void parallelSegmentsAreDisjoint_coverTheTable_andKeepCollectionsWhole() {
    putUsers(20, 2);
    Set<String> union = new HashSet<>();
    int total = 0;
    for (int segment = 0; segment < 4; segment++) {
      int seg = segment;
      List<String> ids = scanAll(ScanRequest.builder().tableName("app").segment(seg).totalSegments(4).limit(7));
      total += ids.size();
      union.addAll(ids);
      for (String id : ids) {
        String pk = id.substring(0, id.indexOf('/'));
        assertTrue(ids.contains(pk + "/PROFILE"), pk + " split across segments");
      }
    }
    assertEquals(60, total);
    assertEquals(60, union.size());
  }

  @Test
  void readCapacityIsTheSumOfSizesRoundedUpTo4Kb() {
    putUsers(1, 2);
    assertEquals(0.5, dynamo.scan(b -> b.tableName("app").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
        .consumedCapacity().capacityUnits());
    assertEquals(1.0, dynamo.scan(b -> b.tableName("app").consistentRead(true)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits());
    Fixtures.createTable(dynamo, "empty", ScalarAttributeType.S);
    // reading nothing still costs the minimum, as a Query's and a GetItem's
    assertEquals(0.5, dynamo.scan(b -> b.tableName("empty").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
        .consumedCapacity().capacityUnits());
  }

  @Test
  void refusals() {
    putUsers(1, 1);
    assertValidation("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1", b -> b.limit(0));
    assertValidation("The TotalSegments parameter is required but was not present in the request when Segment "
        + "parameter is present", b -> b.segment(1));
    assertValidation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is "
        + "not less than TotalSegments: 2", b -> b.segment(2).totalSegments(2));
    assertValidation("Cannot specify the ProjectionExpression when choosing to get only the Count",
        b -> b.select(Select.COUNT).projectionExpression("pk"));
    assertValidation("Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
        b -> b.select(Select.SPECIFIC_ATTRIBUTES));
    assertValidation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
        b -> b.select(Select.ALL_PROJECTED_ATTRIBUTES));
    assertValidation("The table does not have the specified index: nope", b -> b.indexName("nope"));
    assertValidation("Exclusive Start Key must have same size as table's key schema",
        b -> b.exclusiveStartKey(Map.of("pk", s("a"))));
    assertValidation("Type mismatch for attribute to update",
        b -> b.exclusiveStartKey(Map.of("pk", n("1"), "sk", s("a"))));
    assertValidation("The Segment parameter is required but was not present in the request when parameter TotalSegments "
        + "is present",
        b -> b.totalSegments(2));
    // Amazon DynamoDB's wording for a Scan
    assertValidation("The provided starting key is invalid: The provided key element does not match the schema",
        b -> b.exclusiveStartKey(Map.of("pk", s("a"), "zz", s("a"))));
    // values serve only the filter
    assertValidation("ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
        b -> b.projectionExpression("pk").expressionAttributeValues(Map.of(":v", s("a"))));
  }

  /**
   * When a Scan has several faults, the one Partita reports (its own order; the service's is not
   * documented): the API's constraints (Limit) first, then the expressions, then ExclusiveStartKey,
   * then Select, then the segments.
   */
  @Test
  void refusalsInPartitasOrder() {
    assertValidation("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1", b -> b.limit(0).segment(3).totalSegments(2));
    assertValidation("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite "
        + "one of these paths; path one: [a], path two: [a]", b -> b.projectionExpression("a, a").segment(3).totalSegments(2));
    assertValidation("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"= \"",
        b -> b.filterExpression("a = ").segment(1));
    assertValidation("Exclusive Start Key must have same size as table's key schema",
        b -> b.exclusiveStartKey(Map.of("pk", s("a"))).segment(3).totalSegments(2));
    assertValidation("Cannot specify the ProjectionExpression when choosing to get only the Count",
        b -> b.select(Select.COUNT).projectionExpression("a").segment(3).totalSegments(2));
    assertValidation("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"= \"",
        b -> b.select(Select.COUNT).projectionExpression("a").filterExpression("a = "));
  }

  private void assertValidation(String message, java.util.function.Consumer<ScanRequest.Builder> request) {
    ScanRequest.Builder b = ScanRequest.builder().tableName("app");
    request.accept(b);
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.scan(b.build()));
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

}
