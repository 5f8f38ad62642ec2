package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * A queue kept as an item collection (with a global index over it) and an expiry index swept by
 * Time to Live: once the background work has compacted where their deletes gathered, reading their
 * heads steps over none of them. Counted by RocksDB's statistics, not timed; the work driven by hand.
 */
class DeletedRangesTest {
  private static final int DONE = 2_500;
  private final MovableClock clock = new MovableClock();
  private Partita partita;

  @BeforeEach
  void open() {
    partita = Partita.with().clock(clock).storageStatistics(true).timeToLiveInterval(Duration.ZERO).inMemory();
    partita.execute(CreateTableRequest.builder().tableName("jobs")
        .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE"))
        .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"), a -> a.attributeName("SK").attributeType("S"),
            a -> a.attributeName("GSI1PK").attributeType("S"), a -> a.attributeName("GSI1SK").attributeType("S"))
        .globalSecondaryIndexes(i -> i.indexName("GSI1").projection(p -> p.projectionType("KEYS_ONLY"))
            .keySchema(k -> k.attributeName("GSI1PK").keyType("HASH"), k -> k.attributeName("GSI1SK").keyType("RANGE")))
        .billingMode("PAY_PER_REQUEST").build());
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private static Map<String, AttributeValue> job(int n) {
    String id = String.format("JOB#%08d", n);
    return Map.of("PK", AttributeValue.fromS("QUEUE"), "SK", AttributeValue.fromS(id),
        "GSI1PK", AttributeValue.fromS("PENDING"), "GSI1SK", AttributeValue.fromS(id));
  }

  /** The next job, by the table or by the index; answers the entries the read stepped over. */
  private long skippedReadingTheHead(String index) {
    long before = partita.entriesSkipped();
    QueryRequest.Builder q = QueryRequest.builder().tableName("jobs").limit(1);
    QueryResponse r = partita.execute((index == null ? q.keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("QUEUE")))
        : q.indexName(index).keyConditionExpression("GSI1PK = :p")
            .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("PENDING")))).build());
    assertEquals(String.format("JOB#%08d", DONE), r.items().get(0).get("SK").s());
    return partita.entriesSkipped() - before;
  }

  @Test
  void aQueuesHeadByItsTableAndByItsIndex() {
    for (int i = 0; i < DONE; i++) {
      partita.execute(PutItemRequest.builder().tableName("jobs").item(job(i)).build());
      partita.execute(DeleteItemRequest.builder().tableName("jobs")
          .key(Map.of("PK", job(i).get("PK"), "SK", job(i).get("SK"))).build());
    }
    partita.execute(PutItemRequest.builder().tableName("jobs").item(job(DONE)).build());
    assertTrue(skippedReadingTheHead(null) >= DONE);
    assertTrue(skippedReadingTheHead("GSI1") >= DONE);

    assertEquals(2, partita.compactDeletedNow(), "the items' range and the index entries' range");
    long byTable = skippedReadingTheHead(null);
    long byIndex = skippedReadingTheHead("GSI1");
    assertTrue(byTable < 10 && byIndex < 10, byTable + " and " + byIndex + " entries stepped over");
  }

  @Test
  void anEmptySweepAfterManyExpiries() {
    partita.execute(UpdateTimeToLiveRequest.builder().tableName("jobs")
        .timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")).build());
    String due = Long.toString(clock.instant().getEpochSecond() + 60);
    for (int i = 0; i < DONE; i++) {
      Map<String, AttributeValue> item = new java.util.HashMap<>(job(i));
      item.put("expires", AttributeValue.fromN(due));
      partita.execute(PutItemRequest.builder().tableName("jobs").item(item).build());
    }
    clock.advanceMillis(120_000);
    assertEquals(DONE, partita.expireNow());
    long before = partita.entriesSkipped();
    assertEquals(0, partita.expireNow());
    assertTrue(partita.entriesSkipped() - before >= DONE, "an empty sweep steps over every expired entry");

    assertEquals(3, partita.compactDeletedNow(), "the items', the index entries' and the expiry entries' ranges");
    before = partita.entriesSkipped();
    assertEquals(0, partita.expireNow());
    long skipped = partita.entriesSkipped() - before;
    assertTrue(skipped < 10, skipped + " entries stepped over");
  }
}
