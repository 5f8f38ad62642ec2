package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.AmazonWebServiceRequest;
import com.amazonaws.ClientConfiguration;
import com.amazonaws.auth.AWSStaticCredentialsProvider;
import com.amazonaws.auth.BasicAWSCredentials;
import com.amazonaws.client.builder.AwsClientBuilder.EndpointConfiguration;
import com.amazonaws.handlers.RequestHandler2;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDB;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDBClientBuilder;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBAttribute;
import com.amazonaws.services.dynamodbv2.document.AttributeUpdate;
import com.amazonaws.services.dynamodbv2.document.DynamoDB;
import com.amazonaws.services.dynamodbv2.document.Expected;
import com.amazonaws.services.dynamodbv2.document.QueryFilter;
import com.amazonaws.services.dynamodbv2.document.RangeKeyCondition;
import com.amazonaws.services.dynamodbv2.document.ScanFilter;
import com.amazonaws.services.dynamodbv2.document.Table;
import com.amazonaws.services.dynamodbv2.document.spec.GetItemSpec;
import com.amazonaws.services.dynamodbv2.document.spec.PutItemSpec;
import com.amazonaws.services.dynamodbv2.document.spec.QuerySpec;
import com.amazonaws.services.dynamodbv2.document.spec.UpdateItemSpec;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBHashKey;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBIndexHashKey;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBIndexRangeKey;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBMapper;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBMapperConfig;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBMapperConfig.SaveBehavior;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBMapperConfig.TableNameOverride;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBQueryExpression;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBRangeKey;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBScanExpression;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBTable;
import com.amazonaws.services.dynamodbv2.datamodeling.DynamoDBVersionAttribute;
import com.amazonaws.services.dynamodbv2.datamodeling.PaginatedQueryList;
import com.amazonaws.services.dynamodbv2.datamodeling.PaginatedScanList;
import com.amazonaws.services.dynamodbv2.datamodeling.QueryResultPage;
import com.amazonaws.services.dynamodbv2.datamodeling.ScanResultPage;
import com.amazonaws.services.dynamodbv2.datamodeling.TransactionLoadRequest;
import com.amazonaws.services.dynamodbv2.datamodeling.TransactionWriteRequest;
import com.amazonaws.services.dynamodbv2.model.AmazonDynamoDBException;
import com.amazonaws.services.dynamodbv2.model.AttributeValue;
import com.amazonaws.services.dynamodbv2.model.ComparisonOperator;
import com.amazonaws.services.dynamodbv2.model.Condition;
import com.amazonaws.services.dynamodbv2.model.ConditionalCheckFailedException;
import com.amazonaws.services.dynamodbv2.model.ConditionalOperator;
import com.amazonaws.services.dynamodbv2.model.CreateTableRequest;
import com.amazonaws.services.dynamodbv2.model.GlobalSecondaryIndex;
import com.amazonaws.services.dynamodbv2.model.GlobalSecondaryIndexDescription;
import com.amazonaws.services.dynamodbv2.model.KeySchemaElement;
import com.amazonaws.services.dynamodbv2.model.Projection;
import com.amazonaws.services.dynamodbv2.model.ProjectionType;
import com.amazonaws.services.dynamodbv2.model.ProvisionedThroughput;
import com.amazonaws.services.dynamodbv2.model.ReturnValue;
import com.amazonaws.services.dynamodbv2.model.TableDescription;
import com.amazonaws.services.dynamodbv2.model.TransactWriteItem;
import com.amazonaws.services.dynamodbv2.model.TransactWriteItemsRequest;
import com.amazonaws.services.dynamodbv2.model.TransactionCanceledException;
import com.amazonaws.services.dynamodbv2.util.TableUtils;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The AWS SDK for Java v1's {@link DynamoDBMapper} as a real client of {@code ./partita serve}, with
 * signatures verified. The mapper is still what many Java applications use, and unlike the newer
 * clients it speaks the legacy parameters: a versioned save is an UpdateItem of {@code AttributeUpdates}
 * with {@code Expected}, a query sends {@code KeyConditions}, a scan filter {@code ScanFilter}.
 *
 * <p>One single-table entity ({@link Item}: generic keys PK/SK, a GSI on GSI1PK/GSI1SK, a version
 * attribute) over a customers-and-orders data set. Every expected answer is computed here from the
 * data set, and every request the SDK sends is recorded ({@link Recorder}) so each test also checks
 * which operation and which parameters the mapper used, i.e. that the legacy form was really exercised.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DynamoDbMapperTest {
  private static final String KEY = "partita";
  private static final String SECRET = "partita-secret";
  private static final String REGION = "us-east-1"; // partita serve's default --region

  static {
    // the v1 SDK prints a multi-line end-of-support notice on first use; it says nothing about the test
    System.setProperty("aws.java.v1.disableDeprecationAnnouncement", "true");
  }

  private ServerProcess server;
  private AmazonDynamoDB dynamo;
  private final Recorder recorder = new Recorder();
  private String table;
  private DynamoDBMapper mapper;

  @BeforeAll
  void start() throws IOException {
    server = ServerProcess.serve("--in-memory", "--access-key", KEY, "--secret-key", SECRET);
    dynamo = AmazonDynamoDBClientBuilder.standard()
        .withEndpointConfiguration(new EndpointConfiguration(server.endpoint.toString(), REGION))
        .withCredentials(new AWSStaticCredentialsProvider(new BasicAWSCredentials(KEY, SECRET)))
        // one attempt per call, as the other real clients: a server error must show, not be retried away
        .withClientConfiguration(new ClientConfiguration().withMaxErrorRetry(0))
        .withRequestHandlers(recorder)
        .build();
  }

  @AfterAll
  void stop() throws Exception {
    if (dynamo != null) {
      dynamo.shutdown();
    }
    if (server != null) {
      server.terminate();
      server.close();
    }
  }

  /** A fresh table per test, created from the entity's annotations, so no test sees another's items. */
  @BeforeEach
  void createTable() {
    table = "mapper-" + UUID.randomUUID().toString().substring(0, 12);
    mapper = new DynamoDBMapper(dynamo, DynamoDBMapperConfig.builder()
        .withTableNameOverride(TableNameOverride.withTableNameReplacement(table))
        .build());
    CreateTableRequest create = mapper.generateCreateTableRequest(Item.class);
    // the annotations say nothing of capacity or projection; the service requires both for a GSI
    create.setProvisionedThroughput(new ProvisionedThroughput(5L, 5L));
    for (GlobalSecondaryIndex gsi : create.getGlobalSecondaryIndexes()) {
      gsi.setProvisionedThroughput(new ProvisionedThroughput(5L, 5L));
      gsi.setProjection(new Projection().withProjectionType(ProjectionType.ALL));
    }
    assertEquals(table, create.getTableName());
    dynamo.createTable(create);
    try {
      TableUtils.waitUntilActive(dynamo, table, 60_000, 200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    recorder.clear();
  }

  @AfterEach
  void deleteTable() {
    if (table != null) {
      dynamo.deleteTable(table);
    }
  }

  @Test
  void theTableIsTheOneTheAnnotationsDescribe() {
    TableDescription t = dynamo.describeTable(table).getTable();
    assertEquals(List.of(new KeySchemaElement("PK", "HASH"), new KeySchemaElement("SK", "RANGE")), t.getKeySchema());
    assertEquals(Map.of("PK", "S", "SK", "S", "GSI1PK", "S", "GSI1SK", "S"), t.getAttributeDefinitions().stream()
        .collect(Collectors.toMap(d -> d.getAttributeName(), d -> d.getAttributeType())));
    assertEquals(1, t.getGlobalSecondaryIndexes().size());
    GlobalSecondaryIndexDescription gsi = t.getGlobalSecondaryIndexes().get(0);
    assertEquals("GSI1", gsi.getIndexName());
    assertEquals(List.of(new KeySchemaElement("GSI1PK", "HASH"), new KeySchemaElement("GSI1SK", "RANGE")),
        gsi.getKeySchema());
    assertEquals("ALL", gsi.getProjection().getProjectionType());
    assertEquals("ACTIVE", gsi.getIndexStatus());
  }

  @Test
  void saveLoadAndTheVersionCheck() {
    Item order = order(1, 1);
    order.setNote("leave at the door");
    assertNull(order.getVersion());
    mapper.save(order);
    // a first save writes version 1 and expects no item yet
    assertEquals(1L, order.getVersion());
    assertEquals(order, mapper.load(Item.class, order.getPk(), order.getSk()));
    recorder.expect("UpdateItem", "AttributeUpdates", "Expected");

    Item stale = mapper.load(Item.class, order.getPk(), order.getSk());
    Item current = mapper.load(Item.class, order.getPk(), order.getSk());
    current.setStatus("SHIPPED");
    current.setGsi1pk("STATUS#SHIPPED");
    current.setNote(null); // SaveBehavior.UPDATE removes a null attribute: an AttributeUpdates DELETE
    mapper.save(current);
    assertEquals(2L, current.getVersion());
    Item stored = mapper.load(Item.class, order.getPk(), order.getSk());
    assertEquals(current, stored);
    assertNull(stored.getNote());

    // the stale copy (version 1) is refused, and the item is untouched
    stale.setStatus("CANCELLED");
    assertThrows(ConditionalCheckFailedException.class, () -> mapper.save(stale));
    assertEquals(current, mapper.load(Item.class, order.getPk(), order.getSk()));

    // a new object for a key that exists: the mapper expects the version attribute to be absent
    Item again = order(1, 1);
    assertThrows(ConditionalCheckFailedException.class, () -> mapper.save(again));
    assertEquals(current, mapper.load(Item.class, order.getPk(), order.getSk()));

    // SaveBehavior.PUT replaces the whole item with a PutItem, still under the version check
    Item replaced = mapper.load(Item.class, order.getPk(), order.getSk());
    replaced.setAmount(new BigDecimal("99.95"));
    recorder.clear();
    mapper.save(replaced, SaveBehavior.PUT.config());
    recorder.expect("PutItem", "Expected");
    assertEquals(3L, replaced.getVersion());
    assertEquals(replaced, mapper.load(Item.class, order.getPk(), order.getSk()));
    Item staleForPut = copy(current); // version 2
    staleForPut.setAmount(BigDecimal.ONE);
    assertThrows(ConditionalCheckFailedException.class, () -> mapper.save(staleForPut, SaveBehavior.PUT.config()));
    assertEquals(replaced, mapper.load(Item.class, order.getPk(), order.getSk()));

    // SaveBehavior.APPEND_SET adds to a set instead of replacing it: an AttributeUpdates ADD
    Item more = mapper.load(Item.class, order.getPk(), order.getSk());
    more.setTags(Set.of("gift", "fragile"));
    recorder.clear();
    mapper.save(more, SaveBehavior.APPEND_SET.config());
    recorder.expect("UpdateItem", "AttributeUpdates", "Expected");
    Set<String> union = new TreeSet<>(replaced.getTags());
    union.addAll(Set.of("gift", "fragile"));
    Item appended = mapper.load(Item.class, order.getPk(), order.getSk());
    assertEquals(union, appended.getTags());
    assertEquals(4L, appended.getVersion());

    // delete with a stale version is refused; with the current one it deletes
    Item staleForDelete = copy(appended);
    staleForDelete.setVersion(3L);
    recorder.clear();
    assertThrows(ConditionalCheckFailedException.class, () -> mapper.delete(staleForDelete));
    recorder.expect("DeleteItem", "Expected");
    assertEquals(appended, mapper.load(Item.class, order.getPk(), order.getSk()));
    mapper.delete(appended);
    assertNull(mapper.load(Item.class, order.getPk(), order.getSk()));
    recorder.expect("GetItem", "Key", "ConsistentRead");
  }

  @Test
  void queriesWithRangeKeyConditionsOnTheTableAndTheIndex() {
    List<Item> all = dataset();
    assertTrue(mapper.batchSave(all).isEmpty());
    recorder.clear();

    // the table: c1's orders, SK BEGINS_WITH "ORDER#"; then BETWEEN two dates
    Item c1 = keyOnly("CUSTOMER#c1");
    List<Item> orders = mapper.query(Item.class, new DynamoDBQueryExpression<Item>()
        .withHashKeyValues(c1)
        .withRangeKeyCondition("SK", condition(ComparisonOperator.BEGINS_WITH, "ORDER#")));
    assertEquals(sorted(select(all, i -> i.getPk().equals("CUSTOMER#c1") && i.getSk().startsWith("ORDER#")),
        Comparator.comparing(Item::getSk)), new ArrayList<>(orders));
    recorder.expect("Query", "KeyConditions");
    recorder.expectNot("Query", "KeyConditionExpression");

    String from = "ORDER#2025-03-01";
    String to = "ORDER#2025-06-30~";
    DynamoDBQueryExpression<Item> between = new DynamoDBQueryExpression<Item>()
        .withHashKeyValues(c1)
        .withRangeKeyCondition("SK", condition(ComparisonOperator.BETWEEN, from, to))
        .withScanIndexForward(false);
    List<Item> expected = sorted(select(all, i -> i.getPk().equals("CUSTOMER#c1")
        && i.getSk().compareTo(from) >= 0 && i.getSk().compareTo(to) <= 0), Comparator.comparing(Item::getSk).reversed());
    assertTrue(expected.size() >= 2, "the BETWEEN range must hold several orders to be a test");
    assertEquals(expected, new ArrayList<>(mapper.query(Item.class, between)));
    assertEquals(expected.size(), mapper.count(Item.class, between));
    recorder.expect("Query", "Select");

    // GSI1: the pending orders of every customer, by date, within a date range
    Item pending = new Item();
    pending.setGsi1pk("STATUS#PENDING");
    DynamoDBQueryExpression<Item> byDate = new DynamoDBQueryExpression<Item>()
        .withIndexName("GSI1")
        .withConsistentRead(false)
        .withHashKeyValues(pending)
        .withRangeKeyCondition("GSI1SK", condition(ComparisonOperator.BETWEEN, "2025-02", "2025-07"));
    List<Item> expectedPending = sorted(select(all, i -> "STATUS#PENDING".equals(i.getGsi1pk())
        && i.getGsi1sk().compareTo("2025-02") >= 0 && i.getGsi1sk().compareTo("2025-07") <= 0),
        Comparator.comparing(Item::getGsi1sk));
    assertTrue(expectedPending.size() >= 3);
    recorder.clear();
    assertEquals(expectedPending, new ArrayList<>(mapper.query(Item.class, byDate)));
    recorder.expect("Query", "IndexName", "KeyConditions");
    assertEquals(expectedPending.size(), mapper.count(Item.class, byDate));

    // a GSI query with a QueryFilter on a non-key attribute (the mapper's withQueryFilter)
    byDate.withQueryFilter(Map.of("amount", condition(ComparisonOperator.GT, new AttributeValue().withN("30"))));
    recorder.clear();
    assertEquals(select(expectedPending, i -> i.getAmount().compareTo(new BigDecimal(30)) > 0),
        new ArrayList<>(mapper.query(Item.class, byDate)));
    recorder.expect("Query", "IndexName", "KeyConditions", "QueryFilter");

    // the GSI queried with consistent reads is refused, as by the service
    DynamoDBQueryExpression<Item> consistent = new DynamoDBQueryExpression<Item>()
        .withIndexName("GSI1").withConsistentRead(true).withHashKeyValues(pending);
    AmazonDynamoDBException refused = assertThrows(AmazonDynamoDBException.class,
        () -> mapper.query(Item.class, consistent).size());
    assertEquals("ValidationException", refused.getErrorCode());
    assertEquals(400, refused.getStatusCode());
    assertTrue(refused.getErrorMessage().contains("Consistent reads are not supported on global secondary indexes"),
        refused.getErrorMessage());
  }

  @Test
  void scansWithALegacyScanFilterAndAFilterExpression() {
    List<Item> all = dataset();
    assertTrue(mapper.batchSave(all).isEmpty());
    recorder.clear();

    Map<String, Condition> shipped = Map.of("status", condition(ComparisonOperator.EQ, "SHIPPED"));
    List<Item> expectedShipped = select(all, i -> "SHIPPED".equals(i.getStatus()));
    assertTrue(expectedShipped.size() >= 3);
    assertEquals(keys(expectedShipped), keys(mapper.scan(Item.class, new DynamoDBScanExpression().withScanFilter(shipped))));
    recorder.expect("Scan", "ScanFilter");
    assertEquals(expectedShipped.size(), mapper.count(Item.class, new DynamoDBScanExpression().withScanFilter(shipped)));

    // two conditions joined by OR: shipped, or an amount above 100
    Map<String, Condition> either = new LinkedHashMap<>(shipped);
    either.put("amount", condition(ComparisonOperator.GT, new AttributeValue().withN("100")));
    List<Item> expectedEither = select(all, i -> "SHIPPED".equals(i.getStatus())
        || (i.getAmount() != null && i.getAmount().compareTo(new BigDecimal(100)) > 0));
    assertTrue(expectedEither.size() > expectedShipped.size());
    recorder.clear();
    assertEquals(keys(expectedEither), keys(mapper.scan(Item.class,
        new DynamoDBScanExpression().withScanFilter(either).withConditionalOperator(ConditionalOperator.OR))));
    recorder.expect("Scan", "ScanFilter", "ConditionalOperator");

    // the expression form of a filter, for comparison
    DynamoDBScanExpression expression = new DynamoDBScanExpression()
        .withFilterExpression("#s = :s AND amount BETWEEN :lo AND :hi")
        .withExpressionAttributeNames(Map.of("#s", "status"))
        .withExpressionAttributeValues(Map.of(":s", new AttributeValue("PENDING"),
            ":lo", new AttributeValue().withN("20"), ":hi", new AttributeValue().withN("80")));
    List<Item> expectedExpr = select(all, i -> "PENDING".equals(i.getStatus())
        && i.getAmount().compareTo(new BigDecimal(20)) >= 0 && i.getAmount().compareTo(new BigDecimal(80)) <= 0);
    assertTrue(expectedExpr.size() >= 2);
    recorder.clear();
    assertEquals(keys(expectedExpr), keys(mapper.scan(Item.class, expression)));
    recorder.expect("Scan", "FilterExpression", "ExpressionAttributeNames", "ExpressionAttributeValues");
    assertEquals(all.size(), mapper.count(Item.class, new DynamoDBScanExpression()));

    // a parallel scan in 3 segments sees every item once
    recorder.clear();
    assertEquals(keys(all), keys(mapper.parallelScan(Item.class, new DynamoDBScanExpression(), 3)));
    recorder.expect("Scan", "Segment", "TotalSegments");
  }

  @Test
  void batchSaveLoadAndDelete() {
    List<Item> all = dataset();
    assertTrue(all.size() > 25, "more than one BatchWriteItem's worth");
    assertTrue(mapper.batchSave(all).isEmpty());
    // BatchWriteItem takes at most 25 requests; the mapper splits
    assertEquals((all.size() + 24) / 25, recorder.count("BatchWriteItem"));
    for (Item i : all) {
      assertEquals(i, mapper.load(Item.class, i.getPk(), i.getSk()));
    }

    List<Item> someKeys = new ArrayList<>();
    for (int n = 0; n < all.size(); n += 3) {
      someKeys.add(keyOnly(all.get(n).getPk(), all.get(n).getSk()));
    }
    someKeys.add(keyOnly("CUSTOMER#nobody", "PROFILE")); // no such item: nothing for it
    recorder.clear();
    Map<String, List<Object>> loaded = mapper.batchLoad(someKeys);
    recorder.expect("BatchGetItem", "RequestItems");
    assertEquals(Set.of(table), loaded.keySet());
    Set<String> wanted = someKeys.stream().map(DynamoDbMapperTest::key).collect(Collectors.toSet());
    List<Item> expected = select(all, i -> wanted.contains(key(i)));
    assertEquals(byKey(expected), byKey(loaded.get(table).stream().map(Item.class::cast).toList()));

    // batchDelete of c1's orders leaves everything else
    List<Item> c1Orders = select(all, i -> i.getPk().equals("CUSTOMER#c1") && i.getSk().startsWith("ORDER#"));
    assertTrue(mapper.batchDelete(c1Orders).isEmpty());
    List<Item> rest = select(all, i -> !c1Orders.contains(i));
    assertEquals(keys(rest), keys(mapper.scan(Item.class, new DynamoDBScanExpression())));
  }

  @Test
  void paginatedListsAndPagesAreWalkedToTheEnd() {
    List<Item> all = dataset();
    assertTrue(mapper.batchSave(all).isEmpty());
    List<Item> c1 = sorted(select(all, i -> i.getPk().equals("CUSTOMER#c1")), Comparator.comparing(Item::getSk));
    int limit = 4;
    assertTrue(c1.size() > 2 * limit, "several pages");

    // PaginatedQueryList: the mapper follows LastEvaluatedKey page by page while it is iterated
    recorder.clear();
    PaginatedQueryList<Item> query = mapper.query(Item.class,
        new DynamoDBQueryExpression<Item>().withHashKeyValues(keyOnly("CUSTOMER#c1")).withLimit(limit));
    List<Item> walked = new ArrayList<>();
    query.iterator().forEachRemaining(walked::add);
    assertEquals(c1, walked);
    assertEquals(pages(c1.size(), limit), recorder.count("Query"));
    recorder.expect("Query", "KeyConditions", "Limit");
    recorder.expect("Query", "KeyConditions", "Limit", "ExclusiveStartKey");

    // PaginatedScanList over the whole table: every item exactly once
    recorder.clear();
    PaginatedScanList<Item> scan = mapper.scan(Item.class, new DynamoDBScanExpression().withLimit(limit));
    List<Item> scanned = new ArrayList<>();
    scan.iterator().forEachRemaining(scanned::add);
    assertEquals(all.size(), scanned.size());
    assertEquals(byKey(all), byKey(scanned));
    assertEquals(pages(all.size(), limit), recorder.count("Scan"));

    // queryPage by hand, descending: each page at most `limit`, ExclusiveStartKey from the last page
    List<Item> descending = new ArrayList<>(c1);
    descending.sort(Comparator.comparing(Item::getSk).reversed());
    List<Item> paged = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryResultPage<Item> page = mapper.queryPage(Item.class, new DynamoDBQueryExpression<Item>()
          .withHashKeyValues(keyOnly("CUSTOMER#c1")).withScanIndexForward(false).withLimit(limit)
          .withExclusiveStartKey(start));
      paged.addAll(page.getResults());
      sizes.add(page.getResults().size());
      assertEquals(page.getResults().size(), page.getCount());
      start = page.getLastEvaluatedKey();
      if (start != null) {
        Item last = page.getResults().get(page.getResults().size() - 1);
        assertEquals(Map.of("PK", new AttributeValue(last.getPk()), "SK", new AttributeValue(last.getSk())), start);
      }
    } while (start != null);
    assertEquals(descending, paged);
    assertEquals(pageSizes(c1.size(), limit), sizes);

    // scanPage by hand over the GSI (sparse: orders only)
    List<Item> indexed = select(all, i -> i.getGsi1pk() != null);
    List<Item> pagedScan = new ArrayList<>();
    List<Integer> scanSizes = new ArrayList<>();
    start = null;
    do {
      ScanResultPage<Item> page = mapper.scanPage(Item.class,
          new DynamoDBScanExpression().withIndexName("GSI1").withLimit(limit).withExclusiveStartKey(start));
      pagedScan.addAll(page.getResults());
      scanSizes.add(page.getResults().size());
      start = page.getLastEvaluatedKey();
      if (start != null) {
        // an index's LastEvaluatedKey carries the index keys and the table keys
        assertEquals(Set.of("GSI1PK", "GSI1SK", "PK", "SK"), start.keySet());
      }
    } while (start != null);
    assertEquals(indexed.size(), pagedScan.size());
    assertEquals(byKey(indexed), byKey(pagedScan));
    assertEquals(pageSizes(indexed.size(), limit), scanSizes);
  }

  @Test
  void transactionsCheckVersionsToo() {
    List<Item> all = dataset();
    assertTrue(mapper.batchSave(all).isEmpty());
    Item profile = all.stream().filter(i -> i.getSk().equals("PROFILE")).findFirst().orElseThrow();
    Item order = all.stream().filter(i -> i.getSk().startsWith("ORDER#")).findFirst().orElseThrow();
    Item staleOrder = mapper.load(Item.class, order.getPk(), order.getSk());

    // both items updated in one TransactWriteItems, each under its own version check
    Item p = mapper.load(Item.class, profile.getPk(), profile.getSk());
    Item o = mapper.load(Item.class, order.getPk(), order.getSk());
    p.setName("renamed");
    o.setStatus("SHIPPED");
    recorder.clear();
    mapper.transactionWrite(new TransactionWriteRequest()
        .addUpdate(p).addUpdate(o));
    recorder.expect("TransactWriteItems", "TransactItems");
    // inside a transaction the mapper has no legacy form: each update is an UpdateExpression whose
    // ConditionExpression is the version check
    for (TransactWriteItem w : recorder.last(TransactWriteItemsRequest.class).getTransactItems()) {
      assertTrue(w.getUpdate().getUpdateExpression() != null && w.getUpdate().getConditionExpression() != null,
          w.toString());
    }
    // batchSave writes no version (it saves as CLOBBER does), so the transaction's update is the first one
    assertNull(staleOrder.getVersion());
    assertEquals(1L, o.getVersion());
    assertEquals(1L, p.getVersion());
    List<Object> loaded = mapper.transactionLoad(new TransactionLoadRequest()
        .addLoad(keyOnly(p.getPk(), p.getSk())).addLoad(keyOnly(o.getPk(), o.getSk())));
    recorder.expect("TransactGetItems", "TransactItems");
    assertEquals(List.of(p, o), loaded);

    // a stale order beside a fresh profile: the whole transaction is cancelled, nothing applied
    Item p2 = copy(p);
    p2.setName("renamed again");
    staleOrder.setStatus("CANCELLED");
    TransactionCanceledException cancelled = assertThrows(
        TransactionCanceledException.class,
        () -> mapper.transactionWrite(new TransactionWriteRequest()
            .addUpdate(p2).addUpdate(staleOrder)));
    assertEquals(List.of("None", "ConditionalCheckFailed"),
        cancelled.getCancellationReasons().stream().map(r -> r.getCode()).toList());
    assertEquals(p, mapper.load(Item.class, p.getPk(), p.getSk()));
    assertEquals(o, mapper.load(Item.class, o.getPk(), o.getSk()));
  }

  /**
   * The v1 SDK's Document API ({@code Table}), the other way v1 applications talk to DynamoDB: its
   * builders send the legacy parameters as such (AttributesToGet, Expected, AttributeUpdates,
   * KeyConditions, QueryFilter, ScanFilter).
   */
  @Test
  void theDocumentApiSendsTheLegacyFormsToo() {
    Table t = new DynamoDB(dynamo).getTable(table);
    Map<String, BigDecimal> numbers = new TreeMap<>();
    Map<String, Set<String>> tags = new TreeMap<>();
    for (int n = 1; n <= 6; n++) {
      String sk = "S" + n;
      numbers.put(sk, BigDecimal.valueOf(n));
      tags.put(sk, new TreeSet<>(Set.of("t" + n, n % 2 == 0 ? "even" : "odd")));
      t.putItem(new PutItemSpec().withItem(document(sk, numbers.get(sk), tags.get(sk)))
          .withExpected(new Expected("PK").notExist()));
    }
    recorder.expect("PutItem", "Expected");
    // the create-only idiom refuses the second put
    assertThrows(ConditionalCheckFailedException.class, () -> t.putItem(new PutItemSpec()
        .withItem(document("S1", BigDecimal.TEN, Set.of("x"))).withExpected(new Expected("PK").notExist())));

    recorder.clear();
    com.amazonaws.services.dynamodbv2.document.Item got = t.getItem(new GetItemSpec()
        .withPrimaryKey("PK", "DOC", "SK", "S1").withAttributesToGet("n").withConsistentRead(true));
    recorder.expect("GetItem", "AttributesToGet");
    assertEquals(Map.of("n", numbers.get("S1")), got.asMap());

    // ADD to a number, DELETE from a set, PUT a new attribute, under an Expected that holds
    UpdateItemSpec update = new UpdateItemSpec().withPrimaryKey("PK", "DOC", "SK", "S2")
        .withAttributeUpdate(new AttributeUpdate("n").addNumeric(40), new AttributeUpdate("tags").removeElements("t2"),
            new AttributeUpdate("note").put("hi"))
        .withExpected(new Expected("n").eq(numbers.get("S2")))
        .withReturnValues(ReturnValue.ALL_NEW);
    recorder.clear();
    com.amazonaws.services.dynamodbv2.document.Item updated = t.updateItem(update).getItem();
    recorder.expect("UpdateItem", "AttributeUpdates", "Expected", "ReturnValues");
    numbers.put("S2", numbers.get("S2").add(BigDecimal.valueOf(40)));
    tags.get("S2").remove("t2");
    assertEquals(0, numbers.get("S2").compareTo(updated.getNumber("n")));
    assertEquals(tags.get("S2"), updated.getStringSet("tags"));
    assertEquals("hi", updated.getString("note"));
    // n is no longer what the Expected says
    assertThrows(ConditionalCheckFailedException.class, () -> t.updateItem(update));

    // KeyConditions BETWEEN and a QueryFilter
    recorder.clear();
    List<String> queried = new ArrayList<>();
    t.query(new QuerySpec().withHashKey("PK", "DOC").withRangeKeyCondition(new RangeKeyCondition("SK").between("S2", "S5"))
            .withQueryFilters(new QueryFilter("n").gt(3)).withConsistentRead(true))
        .forEach(i -> queried.add(i.getString("SK")));
    recorder.expect("Query", "KeyConditions", "QueryFilter");
    assertEquals(numbers.entrySet().stream().filter(e -> e.getKey().compareTo("S2") >= 0 && e.getKey().compareTo("S5") <= 0
        && e.getValue().compareTo(BigDecimal.valueOf(3)) > 0).map(Map.Entry::getKey).toList(), queried);

    // ScanFilter CONTAINS on a set
    recorder.clear();
    List<String> scanned = new ArrayList<>();
    t.scan(new ScanFilter("tags").contains("odd")).forEach(i -> scanned.add(i.getString("SK")));
    recorder.expect("Scan", "ScanFilter");
    assertEquals(tags.entrySet().stream().filter(e -> e.getValue().contains("odd")).map(Map.Entry::getKey).toList(),
        scanned.stream().sorted().toList());
  }

  private static com.amazonaws.services.dynamodbv2.document.Item document(String sk, BigDecimal n, Set<String> tags) {
    return new com.amazonaws.services.dynamodbv2.document.Item().withPrimaryKey("PK", "DOC", "SK", sk)
        .withNumber("n", n).withStringSet("tags", tags);
  }

  // ------------------------------------------------------------------------------------ the entity

  /** One class for every item of the single table: a customer profile (SK PROFILE) or an order. */
  @DynamoDBTable(tableName = "replaced-per-test")
  public static final class Item {
    private String pk;
    private String sk;
    private String gsi1pk;
    private String gsi1sk;
    private String type;
    private String name;
    private String status;
    private BigDecimal amount;
    private Set<String> tags;
    private String note;
    private Long version;

    @DynamoDBHashKey(attributeName = "PK")
    public String getPk() {
      return pk;
    }

    public void setPk(String pk) {
      this.pk = pk;
    }

    @DynamoDBRangeKey(attributeName = "SK")
    public String getSk() {
      return sk;
    }

    public void setSk(String sk) {
      this.sk = sk;
    }

    @DynamoDBIndexHashKey(globalSecondaryIndexName = "GSI1", attributeName = "GSI1PK")
    public String getGsi1pk() {
      return gsi1pk;
    }

    public void setGsi1pk(String gsi1pk) {
      this.gsi1pk = gsi1pk;
    }

    @DynamoDBIndexRangeKey(globalSecondaryIndexName = "GSI1", attributeName = "GSI1SK")
    public String getGsi1sk() {
      return gsi1sk;
    }

    public void setGsi1sk(String gsi1sk) {
      this.gsi1sk = gsi1sk;
    }

    @DynamoDBAttribute(attributeName = "type")
    public String getType() {
      return type;
    }

    public void setType(String type) {
      this.type = type;
    }

    @DynamoDBAttribute(attributeName = "name")
    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    @DynamoDBAttribute(attributeName = "status")
    public String getStatus() {
      return status;
    }

    public void setStatus(String status) {
      this.status = status;
    }

    @DynamoDBAttribute(attributeName = "amount")
    public BigDecimal getAmount() {
      return amount;
    }

    public void setAmount(BigDecimal amount) {
      this.amount = amount;
    }

    @DynamoDBAttribute(attributeName = "tags")
    public Set<String> getTags() {
      return tags;
    }

    public void setTags(Set<String> tags) {
      this.tags = tags;
    }

    @DynamoDBAttribute(attributeName = "note")
    public String getNote() {
      return note;
    }

    public void setNote(String note) {
      this.note = note;
    }

    @DynamoDBVersionAttribute(attributeName = "version")
    public Long getVersion() {
      return version;
    }

    public void setVersion(Long version) {
      this.version = version;
    }

    @Override
    public boolean equals(Object o) {
      // amounts compare by value: the service answers a number's canonical text, not the one sent
      return o instanceof Item i && Objects.equals(pk, i.pk) && Objects.equals(sk, i.sk)
          && Objects.equals(gsi1pk, i.gsi1pk) && Objects.equals(gsi1sk, i.gsi1sk) && Objects.equals(type, i.type)
          && Objects.equals(name, i.name) && Objects.equals(status, i.status)
          && (amount == null ? i.amount == null : i.amount != null && amount.compareTo(i.amount) == 0)
          && Objects.equals(tags, i.tags) && Objects.equals(note, i.note) && Objects.equals(version, i.version);
    }

    @Override
    public int hashCode() {
      return Objects.hash(pk, sk);
    }

    @Override
    public String toString() {
      return "Item{" + pk + ", " + sk + ", gsi1=" + gsi1pk + "/" + gsi1sk + ", type=" + type + ", name=" + name
          + ", status=" + status + ", amount=" + amount + ", tags=" + tags + ", note=" + note + ", v" + version + "}";
    }
  }

  // ----------------------------------------------------------------------------------- the data set

  /** The customers' orders: c1 has 20, c2 8, c3 none; the status and amount vary with the order. */
  private static final int[] ORDERS = {20, 8, 0};

  /** Three customer profiles and their orders, each order on GSI1 by status and date (profiles are not). */
  static List<Item> dataset() {
    List<Item> items = new ArrayList<>();
    for (int c = 1; c <= ORDERS.length; c++) {
      Item profile = keyOnly("CUSTOMER#c" + c, "PROFILE");
      profile.setType("CUSTOMER");
      profile.setName("customer " + c);
      profile.setTags(Set.of("c" + c, "customer"));
      items.add(profile);
      for (int n = 1; n <= ORDERS[c - 1]; n++) {
        items.add(order(c, n));
      }
    }
    return items;
  }

  /** Order n of customer c: a date in 2025 that is unique per order, every third one shipped. */
  static Item order(int c, int n) {
    String date = LocalDate.of(2025, 1, 1).plusDays(n * 23L + c * 5L).toString();
    String id = "c" + c + "-" + n;
    String status = n % 3 == 0 ? "SHIPPED" : "PENDING";
    Item o = keyOnly("CUSTOMER#c" + c, "ORDER#" + date + "#" + id);
    o.setType("ORDER");
    o.setStatus(status);
    o.setAmount(new BigDecimal(n * 11 + c + ".25"));
    o.setTags(Set.of("order", status.toLowerCase()));
    o.setGsi1pk("STATUS#" + status);
    o.setGsi1sk(date + "#" + id);
    return o;
  }

  static Item keyOnly(String pk) {
    Item i = new Item();
    i.setPk(pk);
    return i;
  }

  static Item keyOnly(String pk, String sk) {
    Item i = keyOnly(pk);
    i.setSk(sk);
    return i;
  }

  static Item copy(Item from) {
    Item i = keyOnly(from.getPk(), from.getSk());
    i.setGsi1pk(from.getGsi1pk());
    i.setGsi1sk(from.getGsi1sk());
    i.setType(from.getType());
    i.setName(from.getName());
    i.setStatus(from.getStatus());
    i.setAmount(from.getAmount());
    i.setTags(from.getTags() == null ? null : new HashSet<>(from.getTags()));
    i.setNote(from.getNote());
    i.setVersion(from.getVersion());
    return i;
  }

  // -------------------------------------------------------------------------------------- helpers

  private static Condition condition(ComparisonOperator op, String... strings) {
    return new Condition().withComparisonOperator(op)
        .withAttributeValueList(Arrays.stream(strings).map(AttributeValue::new).toList());
  }

  private static Condition condition(ComparisonOperator op, AttributeValue value) {
    return new Condition().withComparisonOperator(op).withAttributeValueList(value);
  }

  private static List<Item> select(Collection<Item> items, Predicate<Item> p) {
    return items.stream().filter(p).collect(Collectors.toList());
  }

  private static List<Item> sorted(List<Item> items, Comparator<Item> order) {
    List<Item> copy = new ArrayList<>(items);
    copy.sort(order);
    return copy;
  }

  private static String key(Item i) {
    return i.getPk() + " | " + i.getSk();
  }

  /** The items' keys, sorted, duplicates kept: equal lists mean the same items, each as often. */
  private static List<String> keys(Collection<Item> items) {
    return items.stream().map(DynamoDbMapperTest::key).sorted().toList();
  }

  /** The items by key, for comparing whole items whatever order they came in (checks no key twice). */
  private static Map<String, Item> byKey(Collection<Item> items) {
    Map<String, Item> map = new TreeMap<>();
    for (Item i : items) {
      assertNull(map.put(key(i), i), "seen twice: " + key(i));
    }
    return map;
  }

  /**
   * The page sizes of reading {@code total} items with {@code limit}: full pages, then the rest; when
   * the last page is cut exactly by Limit, it still carries a LastEvaluatedKey, so one more, empty page.
   */
  private static List<Integer> pageSizes(int total, int limit) {
    List<Integer> sizes = new ArrayList<>(IntStream.range(0, total / limit).mapToObj(n -> limit).toList());
    sizes.add(total % limit);
    return sizes;
  }

  private static int pages(int total, int limit) {
    return pageSizes(total, limit).size();
  }

  /**
   * Every request the SDK sends, as its operation and the parameters set on it (the request object's
   * own non-empty properties, which the SDK marshals under the same names).
   */
  static final class Recorder extends RequestHandler2 {
    private final List<Map.Entry<String, Set<String>>> sent = new ArrayList<>();
    private final List<AmazonWebServiceRequest> requests = new ArrayList<>();
    private final Map<String, Set<Set<String>>> seen = new TreeMap<>();

    @Override
    public synchronized AmazonWebServiceRequest beforeExecution(AmazonWebServiceRequest request) {
      String operation = request.getClass().getSimpleName().replaceFirst("Request$", "");
      Set<String> parameters = new TreeSet<>();
      for (Method m : request.getClass().getDeclaredMethods()) {
        if (m.getName().startsWith("get") && m.getParameterCount() == 0 && Modifier.isPublic(m.getModifiers())
            && !Modifier.isStatic(m.getModifiers())) {
          Object value;
          try {
            value = m.invoke(request);
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
          }
          boolean empty = value == null || value instanceof Collection<?> c && c.isEmpty()
              || value instanceof Map<?, ?> mp && mp.isEmpty();
          if (!empty) {
            parameters.add(m.getName().substring(3));
          }
        }
      }
      sent.add(Map.entry(operation, parameters));
      requests.add(request);
      seen.computeIfAbsent(operation, o -> new LinkedHashSet<>()).add(parameters);
      return request;
    }

    synchronized void clear() {
      sent.clear();
      requests.clear();
    }

    /** The last request of this type since the last clear(). */
    synchronized <T extends AmazonWebServiceRequest> T last(Class<T> type) {
      for (int n = requests.size() - 1; n >= 0; n--) {
        if (type.isInstance(requests.get(n))) {
          return type.cast(requests.get(n));
        }
      }
      throw new AssertionError("no " + type.getSimpleName() + " among " + sent);
    }

    synchronized int count(String operation) {
      return (int) sent.stream().filter(e -> e.getKey().equals(operation)).count();
    }

    /** Some request since the last clear() was {@code operation} with all of {@code parameters}. */
    synchronized void expect(String operation, String... parameters) {
      assertTrue(sent.stream().anyMatch(e -> e.getKey().equals(operation) && e.getValue().containsAll(List.of(parameters))),
          "no " + operation + " with " + List.of(parameters) + " among " + sent);
    }

    /** No {@code operation} request since the last clear() had {@code parameter}. */
    synchronized void expectNot(String operation, String parameter) {
      assertTrue(sent.stream().noneMatch(e -> e.getKey().equals(operation) && e.getValue().contains(parameter)),
          operation + " with " + parameter + " among " + sent);
    }

    /** Every operation the mapper sent in this run, with each set of parameters it sent it with. */
    synchronized Map<String, Set<Set<String>>> seen() {
      return seen;
    }
  }

  @AfterAll
  void summary() {
    // one line per operation: which parameters the mapper and the Document API used (the legacy ones are the point)
    recorder.seen().forEach((op, forms) -> System.out.println("the v1 SDK sent " + op + " " + forms));
  }
}
