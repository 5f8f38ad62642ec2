package io.partita.bench.sidebyside;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The single-table e-commerce workload: users with a profile and 15 to 25 orders each (20 on
 * average) in the user's item collection, products with a stock count, and a GSI ({@code GSI1})
 * listing each product's orders newest first. Every operation checks its answer against what the
 * workload knows it wrote; a wrong answer throws {@link WrongAnswer}, which fails the run.
 *
 * <p>The queries of a user's orders read only the first half of the users, and purchases add orders
 * only to the second half: the collections read keep their loaded size whatever a target's write
 * throughput was (a target that ran 20 times more purchases would otherwise query collections 20
 * times larger in the mixed phase), and their answers can be checked exactly.
 *
 * <p>Keys: profile {@code USER#u / PROFILE}; order {@code USER#u / ORDER#seq} (seq 1..n loaded,
 * 10-digit ids from 1,000,000,000 for orders the transactions add, so they sort after);
 * product {@code PRODUCT#p / PRODUCT}; idempotency records {@code IDEM#n / IDEM}.
 */
final class Shop {
  static final String TABLE = "shop";
  static final String GSI = "GSI1";
  /** The first {@code HOT} products start with little stock, so transactions do run out of it. */
  static final int HOT = 5;
  static final long HOT_STOCK = 300;
  static final long COLD_STOCK = 1_000_000_000L;
  private static final String[] STATUS = {"PLACED", "SHIPPED", "DELIVERED"};

  final int users;
  final int products;
  private final int[] orders;
  private final int[] productOrders;
  private final AtomicLongArray versions;
  private final AtomicLongArray sold;
  /** Users [0, readers) are the ones whose orders are queried; purchases go to [readers, users). */
  private final int readers;
  private final AtomicLong nextOrderId = new AtomicLong(1_000_000_000L);
  private final AtomicLong nextIdem = new AtomicLong();
  private final AtomicLong nextWarm = new AtomicLong();
  /** Key strings made once, so the client threads' own cost stays out of the measurement. */
  private final String[] userKeys;
  private final String[] productKeys;
  private final String[] emails;
  final LongAdder cancelled = new LongAdder();
  final LongAdder conflicts = new LongAdder();
  final LongAdder refusedAsExpected = new LongAdder();

  Shop(int users, int products) {
    this.users = users;
    this.products = products;
    orders = new int[users];
    productOrders = new int[products];
    for (int u = 0; u < users; u++) {
      orders[u] = 15 + (u * 7) % 11;
      for (int i = 1; i <= orders[u]; i++) {
        productOrders[productOf(u, i)]++;
      }
    }
    versions = new AtomicLongArray(users);
    for (int u = 0; u < users; u++) {
      versions.set(u, 1);
    }
    sold = new AtomicLongArray(products);
    readers = users / 2;
    userKeys = new String[users];
    emails = new String[users];
    for (int u = 0; u < users; u++) {
      userKeys[u] = String.format("USER#%06d", u);
      emails[u] = "user" + u + "@example.com";
    }
    productKeys = new String[products];
    for (int p = 0; p < products; p++) {
      productKeys[p] = String.format("PRODUCT#%05d", p);
    }
  }

  int items() {
    int n = products;
    for (int o : orders) {
      n += 1 + o;
    }
    return n;
  }

  private int productOf(int u, int i) {
    return (u * 31 + i * 17) % products;
  }

  private String user(int u) {
    return userKeys[u];
  }

  private String product(int p) {
    return productKeys[p];
  }

  /** {@code ORDER#} and the sequence number zero-padded to 10 digits. */
  static String order(long seq) {
    String digits = Long.toString(seq);
    return "ORDER#" + "0000000000".substring(Math.min(10, digits.length())) + digits;
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }

  static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("PK", s(pk), "SK", s(sk));
  }

  // ---- schema and data ------------------------------------------------------------------------

  void createTable(DynamoDbClient db) {
    db.createTable(b -> b.tableName(TABLE)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("GSI1PK").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("GSI1SK").attributeType(ScalarAttributeType.S).build())
        .keySchema(
            KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(GSI)
            .keySchema(
                KeySchemaElement.builder().attributeName("GSI1PK").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("GSI1SK").keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
            .build()));
    // dynalite keeps a new table CREATING for 500 ms, as DynamoDB does for longer: wait for ACTIVE
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while (db.describeTable(b -> b.tableName(TABLE)).table().tableStatus() != TableStatus.ACTIVE) {
      if (System.nanoTime() > deadline) {
        throw new WrongAnswer("table " + TABLE + " not ACTIVE after 30 s");
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  private Map<String, AttributeValue> profile(int u) {
    Map<String, AttributeValue> item = new HashMap<>(key(user(u), "PROFILE"));
    item.put("type", s("profile"));
    item.put("name", s("Customer " + u));
    item.put("email", s(emails[u]));
    item.put("tier", s(u % 10 == 0 ? "gold" : "standard"));
    item.put("createdAt", s("2026-01-" + String.format("%02d", 1 + u % 28) + "T10:00:00Z"));
    item.put("address", AttributeValue.fromM(Map.of(
        "street", s(u + " Main Street"), "city", s("Springfield"), "zip", s(String.format("%05d", u % 100000)))));
    item.put("version", n(1));
    return item;
  }

  private Map<String, AttributeValue> loadedOrder(int u, int i) {
    int p = productOf(u, i);
    return order(u, i, p, 1 + (u + i) % 3, STATUS[(u + i) % 3], (long) i * 100_000 + u);
  }

  private Map<String, AttributeValue> order(int u, long seq, int p, int qty, String status, long time) {
    Map<String, AttributeValue> item = new HashMap<>(key(user(u), order(seq)));
    item.put("type", s("order"));
    item.put("status", s(status));
    item.put("total", AttributeValue.fromN(new java.math.BigDecimal(qty * 1999L).movePointLeft(2).toPlainString()));
    item.put("currency", s("EUR"));
    item.put("lines", AttributeValue.fromL(List.of(AttributeValue.fromM(Map.of(
        "product", s(product(p)), "qty", n(qty), "price", AttributeValue.fromN("19.99"))))));
    item.put("GSI1PK", s(product(p)));
    String digits = Long.toString(time);
    item.put("GSI1SK", s("T#" + "000000000000".substring(Math.min(12, digits.length())) + digits));
    return item;
  }

  private Map<String, AttributeValue> productItem(int p) {
    Map<String, AttributeValue> item = new HashMap<>(key(product(p), "PRODUCT"));
    item.put("type", s("product"));
    item.put("name", s("Product " + p));
    item.put("category", s("category-" + p % 12));
    item.put("price", AttributeValue.fromN("19.99"));
    item.put("stock", n(p < HOT ? HOT_STOCK : COLD_STOCK));
    return item;
  }

  /** The batches (25 puts each) that load users [from, to) and, if asked, every product. */
  ConcurrentLinkedQueue<List<WriteRequest>> loadBatches(int from, int to, boolean withProducts) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    if (withProducts) {
      for (int p = 0; p < products; p++) {
        items.add(productItem(p));
      }
    }
    for (int u = from; u < to; u++) {
      items.add(profile(u));
      for (int i = 1; i <= orders[u]; i++) {
        items.add(loadedOrder(u, i));
      }
    }
    ConcurrentLinkedQueue<List<WriteRequest>> batches = new ConcurrentLinkedQueue<>();
    for (int i = 0; i < items.size(); i += 25) {
      List<WriteRequest> batch = new ArrayList<>();
      for (Map<String, AttributeValue> item : items.subList(i, Math.min(items.size(), i + 25))) {
        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
      }
      batches.add(batch);
    }
    return batches;
  }

  /**
   * A batch of 25 throwaway items for warming up the load path, shaped like the loaded orders (a
   * nested list of maps, numbers, and GSI keys, so the index maintenance the load runs is warmed
   * too; a plain item left it interpreted until the measured load) but under partition keys {@code
   * WARM#n} in the table and in the GSI, where no measured query reads.
   */
  List<WriteRequest> warmBatch() {
    List<WriteRequest> batch = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      long id = nextWarm.getAndIncrement();
      Map<String, AttributeValue> item = order(0, id, 0, 1, STATUS[0], id);
      item.putAll(key("WARM#" + id, "WARM"));
      item.put("GSI1PK", s("WARM#" + id % 100));
      batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
    }
    return batch;
  }

  /** Writes one batch, resending unprocessed items; returns the number of items. */
  static int writeBatch(DynamoDbClient db, List<WriteRequest> batch) {
    Map<String, List<WriteRequest>> pending = Map.of(TABLE, batch);
    for (int attempt = 0; !pending.isEmpty(); attempt++) {
      Map<String, List<WriteRequest>> send = pending;
      BatchWriteItemResponse r = db.batchWriteItem(b -> b.requestItems(send));
      pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
      pending = pending.values().stream().allMatch(List::isEmpty) ? Map.of() : pending;
      if (attempt > 100) {
        throw new WrongAnswer("BatchWriteItem left items unprocessed 100 times");
      }
    }
    return batch.size();
  }

  // ---- the operations, each checking its answer -----------------------------------------------

  private static int rnd(int bound) {
    return ThreadLocalRandom.current().nextInt(bound);
  }

  /** GetItem of a random user's profile. */
  void getProfile(DynamoDbClient db) {
    int u = rnd(users);
    GetItemResponse r = db.getItem(b -> b.tableName(TABLE).key(key(user(u), "PROFILE")));
    if (!r.hasItem() || r.item().isEmpty()) {
      throw new WrongAnswer("GetItem " + user(u) + ": no item");
    }
    String email = r.item().get("email").s();
    if (!email.equals(emails[u])) {
      throw new WrongAnswer("GetItem " + user(u) + ": email " + email);
    }
  }

  /** Query of a random user's latest 10 orders. */
  void latestOrders(DynamoDbClient db) {
    int u = rnd(readers);
    QueryResponse r = db.query(b -> b.tableName(TABLE)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :o)")
        .expressionAttributeValues(Map.of(":pk", s(user(u)), ":o", s("ORDER#")))
        .scanIndexForward(false).limit(10).consistentRead(true));
    List<Map<String, AttributeValue>> items = r.items();
    if (items.size() != 10) {
      throw new WrongAnswer("latest orders of " + user(u) + ": " + items.size() + " items, not 10");
    }
    String previous = null;
    for (int k = 0; k < items.size(); k++) {
      String sk = items.get(k).get("SK").s();
      if (!sk.startsWith("ORDER#") || previous != null && sk.compareTo(previous) >= 0
          || !items.get(k).get("PK").s().equals(user(u))) {
        throw new WrongAnswer("latest orders of " + user(u) + ": " + sk + " after " + previous);
      }
      if (!sk.equals(order(orders[u] - k))) {
        throw new WrongAnswer("latest orders of " + user(u) + ": item " + k + " is " + sk);
      }
      previous = sk;
    }
  }

  /** Query of a random user's whole item collection: the profile and every order. */
  void collection(DynamoDbClient db) {
    int u = rnd(readers);
    int expected = 1 + orders[u];
    QueryResponse r = db.query(b -> b.tableName(TABLE)
        .keyConditionExpression("PK = :pk")
        .expressionAttributeValues(Map.of(":pk", s(user(u))))
        .consistentRead(true));
    int count = r.count();
    if (count != expected || r.items().size() != count || r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty()) {
      throw new WrongAnswer("collection of " + user(u) + ": " + count + " items, expected " + expected);
    }
    if (!r.items().get(count - 1).get("SK").s().equals("PROFILE")) {
      throw new WrongAnswer("collection of " + user(u) + ": does not end with its profile");
    }
  }

  /** Query of the GSI: a random product's 10 latest orders. */
  void productOrders(DynamoDbClient db) {
    int p = rnd(products);
    QueryResponse r = db.query(b -> b.tableName(TABLE).indexName(GSI)
        .keyConditionExpression("GSI1PK = :p")
        .expressionAttributeValues(Map.of(":p", s(product(p))))
        .scanIndexForward(false).limit(10));
    int expected = Math.min(10, productOrders[p]);
    if (r.count() < expected || r.count() > 10) {
      throw new WrongAnswer("orders of " + product(p) + ": " + r.count() + " items, expected " + expected);
    }
    String previous = null;
    for (Map<String, AttributeValue> item : r.items()) {
      String sk = item.get("GSI1SK").s();
      if (!item.get("GSI1PK").s().equals(product(p)) || previous != null && sk.compareTo(previous) >= 0
          || !item.get("type").s().equals("order")) {
        throw new WrongAnswer("orders of " + product(p) + ": " + sk + " after " + previous);
      }
      previous = sk;
    }
  }

  /**
   * PutItem of a new idempotency record under {@code attribute_not_exists(PK)}; every tenth request
   * of a thread repeats its previous key and must be refused.
   */
  void conditionalPut(DynamoDbClient db, Worker w) {
    boolean repeat = w.lastIdem != null && ++w.count % 10 == 0;
    String pk = repeat ? w.lastIdem : "IDEM#" + nextIdem.getAndIncrement();
    Map<String, AttributeValue> item = new HashMap<>(key(pk, "IDEM"));
    item.put("type", s("idempotency"));
    item.put("request", s("checkout-" + pk));
    item.put("expiresAt", n(1_900_000_000L));
    try {
      db.putItem(b -> b.tableName(TABLE).item(item).conditionExpression("attribute_not_exists(PK)"));
    } catch (ConditionalCheckFailedException e) {
      if (!repeat) {
        throw new WrongAnswer("PutItem of new " + pk + " refused: " + e.getMessage());
      }
      refusedAsExpected.increment();
      return;
    }
    if (repeat) {
      throw new WrongAnswer("PutItem of existing " + pk + " accepted despite attribute_not_exists(PK)");
    }
    w.lastIdem = pk;
  }

  /**
   * UpdateItem of a profile with an optimistic lock: {@code version = :v}, version incremented.
   * Each thread owns the users {@code u % threads == thread}, so it knows every version; every tenth
   * request sends a stale version and must be refused.
   */
  void lockedUpdate(DynamoDbClient db, Worker w) {
    int owned = (users - w.index + w.threads - 1) / w.threads;
    int u = w.index + w.threads * rnd(owned);
    long v = versions.get(u);
    boolean stale = ++w.count % 10 == 0;
    long sent = stale ? v - 1 : v;
    UpdateItemResponse r;
    try {
      r = db.updateItem(b -> b.tableName(TABLE).key(key(user(u), "PROFILE"))
          .updateExpression("SET version = version + :one, lastSeen = :now")
          .conditionExpression("version = :v")
          .expressionAttributeValues(Map.of(":one", n(1), ":v", n(sent), ":now", n(System.currentTimeMillis())))
          .returnValues(ReturnValue.UPDATED_NEW));
    } catch (ConditionalCheckFailedException e) {
      if (!stale) {
        throw new WrongAnswer("UpdateItem of " + user(u) + " at its current version " + v + " refused");
      }
      refusedAsExpected.increment();
      return;
    }
    if (stale) {
      throw new WrongAnswer("UpdateItem of " + user(u) + " with stale version " + sent + " accepted");
    }
    long now = Long.parseLong(r.attributes().get("version").n());
    if (now != v + 1) {
      throw new WrongAnswer("UpdateItem of " + user(u) + ": version " + now + ", expected " + (v + 1));
    }
    versions.set(u, now);
  }

  /**
   * TransactWriteItems of a purchase: decrement a product's stock if enough is left, and put the
   * order in the buyer's collection. One purchase in ten is of a hot product with little stock.
   */
  void purchase(DynamoDbClient db) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int u = readers + random.nextInt(users - readers);
    int p = random.nextInt(10) == 0 ? random.nextInt(HOT) : HOT + random.nextInt(products - HOT);
    int qty = 1 + random.nextInt(3);
    long id = nextOrderId.getAndIncrement();
    Map<String, AttributeValue> order = order(u, id, p, qty, "PLACED", id);
    try {
      db.transactWriteItems(b -> b.transactItems(
          TransactWriteItem.builder().update(Update.builder().tableName(TABLE).key(key(product(p), "PRODUCT"))
              .updateExpression("SET stock = stock - :q")
              .conditionExpression("stock >= :q")
              .expressionAttributeValues(Map.of(":q", n(qty))).build()).build(),
          TransactWriteItem.builder().put(Put.builder().tableName(TABLE).item(order)
              .conditionExpression("attribute_not_exists(PK)").build()).build()));
    } catch (TransactionCanceledException e) {
      List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
      String first = reasons.isEmpty() ? null : reasons.get(0).code();
      if ("TransactionConflict".equals(first) || reasons.stream().anyMatch(x -> "TransactionConflict".equals(x.code()))) {
        conflicts.increment();
        return;
      }
      if ("ConditionalCheckFailed".equals(first) && p < HOT
          && (reasons.size() < 2 || "None".equals(reasons.get(1).code()))) {
        cancelled.increment();
        return;
      }
      throw new WrongAnswer("purchase of " + qty + " x " + product(p) + " cancelled: " + reasons);
    }
    sold.addAndGet(p, qty);
  }

  /** After the writers stop: every product's stock is its initial stock less what was sold, never below 0. */
  void checkStock(DynamoDbClient db) {
    for (int p = 0; p < products; p++) {
      int pp = p;
      GetItemResponse r = db.getItem(b -> b.tableName(TABLE).key(key(product(pp), "PRODUCT")).consistentRead(true));
      long stock = Long.parseLong(r.item().get("stock").n());
      long expected = (p < HOT ? HOT_STOCK : COLD_STOCK) - sold.get(p);
      if (stock != expected || stock < 0) {
        throw new WrongAnswer(product(p) + ": stock " + stock + ", expected " + expected + " (oversold?)");
      }
    }
  }

  /** 80% reads (GetItem 40, latest orders 20, collection 10, GSI 10), 20% writes (locked update 10, purchase 10). */
  void mixed(DynamoDbClient db, Worker w) {
    mixed(db, w, () -> purchase(db));
  }

  /**
   * 80% reads as in {@link #mixed}, 20% writes without transactions (locked update 10, conditional
   * put 10), so that a target without TransactWriteItems runs a mixed load too.
   */
  void mixedNoTransactions(DynamoDbClient db, Worker w) {
    mixed(db, w, () -> conditionalPut(db, w));
  }

  /** The mixed load's 80% reads and 10% locked updates, and {@code lastWrite} for the remaining 10%. */
  private void mixed(DynamoDbClient db, Worker w, Runnable lastWrite) {
    int r = rnd(100);
    if (r < 40) {
      getProfile(db);
    } else if (r < 60) {
      latestOrders(db);
    } else if (r < 70) {
      collection(db);
    } else if (r < 80) {
      productOrders(db);
    } else if (r < 90) {
      lockedUpdate(db, w);
    } else {
      lastWrite.run();
    }
  }

  /** One client thread's own state. */
  static final class Worker {
    final int index;
    final int threads;
    String lastIdem;
    long count;
    long step;

    Worker(int index, int threads) {
      this.index = index;
      this.threads = threads;
    }
  }

  /** An answer that is not what the workload wrote: fails the run. */
  static final class WrongAnswer extends RuntimeException {
    WrongAnswer(String message) {
      super(message);
    }
  }
}
