package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.Limits;
import io.partita.engine.Partita;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The item-collection limit of tables with local indexes (10 GB in DynamoDB), made 10 KB here so a
 * test reaches it: items and their local index entries count; growth past it is refused with
 * ItemCollectionSizeLimitExceededException; shrinking frees room; ReturnItemCollectionMetrics.
 */
class ItemCollectionLimitTest {
  private static final String PAD = "x".repeat(3000);
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.over(Partita.inMemory(new Limits(10_000)));
    dynamo.createTable(b -> b.tableName("lsi").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("PK"), def("SK"), def("LSK"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByLsk")
            .keySchema(key("PK", KeyType.HASH), key("LSK", KeyType.RANGE))
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()));
    Fixtures.createTable(dynamo, "plain", ScalarAttributeType.S);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private static AttributeDefinition def(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private ItemCollectionMetrics put(String table, String pk, String sk) {
    return dynamo.putItem(b -> b.tableName(table).returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
        .item(Map.of("PK", s(pk), "SK", s(sk), "LSK", s(sk), "pad", s(PAD)))).itemCollectionMetrics();
  }

  /** A transaction's writes to one collection count together: each alone would fit, all together do not. */
  @Test
  void aTransactionCannotGrowACollectionPastTheLimitEither() {
    put("lsi", "USER#a", "1");
    List<TransactWriteItem> puts = new java.util.ArrayList<>();
    for (String sk : List.of("2", "3", "4")) {
      puts.add(TransactWriteItem.builder().put(p -> p.tableName("lsi")
          .item(Map.of("PK", s("USER#a"), "SK", s(sk), "LSK", s(sk), "pad", s(PAD)))).build());
    }
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> dynamo.transactWriteItems(b -> b.transactItems(puts)));
    assertEquals(List.of("None", "None", "ItemCollectionSizeLimitExceeded"),
        e.cancellationReasons().stream().map(CancellationReason::code).toList());
    assertEquals("Collection size exceeded.", e.cancellationReasons().get(2).message());
    assertFalse(dynamo.getItem(b -> b.tableName("lsi").key(Map.of("PK", s("USER#a"), "SK", s("2")))).hasItem());
    // two fit
    dynamo.transactWriteItems(b -> b.transactItems(puts.subList(0, 2)));
  }

  @Test
  void aCollectionCannotGrowPastTheLimit_butOthersAndShrinkingStillWork() {
    put("lsi", "USER#a", "1");
    put("lsi", "USER#a", "2");
    put("lsi", "USER#a", "3");
    assertThrows(ItemCollectionSizeLimitExceededException.class, () -> put("lsi", "USER#a", "4"));
    assertFalse(dynamo.getItem(b -> b.tableName("lsi").key(Map.of("PK", s("USER#a"), "SK", s("4")))).hasItem());
    put("lsi", "USER#b", "1");
    dynamo.deleteItem(b -> b.tableName("lsi").key(Map.of("PK", s("USER#a"), "SK", s("1"))));
    put("lsi", "USER#a", "4");
    // a table without local indexes has no such limit
    for (int i = 0; i < 6; i++) {
      dynamo.putItem(b -> b.tableName("plain").item(Map.of("pk", s("USER#a"), "sk", s(PAD.substring(0, 10)
          + System.nanoTime()), "pad", s(PAD))));
    }
  }

  @Test
  void metricsNameTheCollectionAndEstimateItsSize() {
    ItemCollectionMetrics metrics = put("lsi", "USER#a", "1");
    assertEquals(Map.of("PK", s("USER#a")), metrics.itemCollectionKey());
    assertEquals(List.of(0.0, 1.0), metrics.sizeEstimateRangeGB());
    assertNull(dynamo.putItem(b -> b.tableName("plain").returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
        .item(Map.of("pk", s("a"), "sk", s("b")))).itemCollectionMetrics(), "no local index, no metrics");
  }

  /**
   * Writers racing to grow the same collections: the limit holds in every one of them (three items
   * fit), which needs the check and the growth under one lock per collection, not per item.
   */
  @Test
  void concurrentWritersNeverPassTheLimitTogether() throws Exception {
    int threads = 8;
    int partitions = 300;
    java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String sk = "T" + t;
        done.add(pool.submit(() -> {
          start.await();
          for (int p = 0; p < partitions; p++) {
            try {
              put("lsi", "RACE#" + p, sk);
              accepted.incrementAndGet();
            } catch (ItemCollectionSizeLimitExceededException e) {
              // the collection is full
            }
          }
          return null;
        }));
      }
      for (java.util.concurrent.Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    int stored = 0;
    for (int p = 0; p < partitions; p++) {
      String pk = "RACE#" + p;
      int count = dynamo.query(b -> b.tableName("lsi").keyConditionExpression("PK = :p")
          .expressionAttributeValues(Map.of(":p", s(pk)))).count();
      assertEquals(3, count, pk + " holds exactly what fits");
      stored += count;
    }
    assertEquals(stored, accepted.get(), "every accepted write is stored");
  }
}
