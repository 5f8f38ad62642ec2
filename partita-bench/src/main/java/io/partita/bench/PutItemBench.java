package io.partita.bench;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.engine.internal.ops.request.ApiConstraints;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * PutItem of the ~1 KB fixture item in memory, through {@code DynamoDbClient} and through {@code
 * Partita.execute}. The puts cycle over {@value #KEYS} prebuilt requests with distinct keys, so
 * after the first round every put replaces an existing item (read old, decode, write new, update
 * the size counter): the steady state of an overwrite workload.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PutItemBench {
  static final int KEYS = 1024;

  DynamoDbClient client;
  Partita partita;
  PutItemRequest[] requests;
  int next;

  @Setup
  public void setup() {
    requests = new PutItemRequest[KEYS];
    for (int i = 0; i < KEYS; i++) {
      requests[i] = PutItemRequest.builder().tableName(Fixtures.TABLE)
          .item(Fixtures.item(String.format("order#%08d", i))).build();
    }
    client = PartitaDynamoDb.inMemory();
    client.createTable(Fixtures.createTable());
    partita = Partita.inMemory();
    partita.execute(Fixtures.createTable());
    partita.execute(CreateTableRequest.builder().tableName("collection")
        .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE"))
        .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"), a -> a.attributeName("SK").attributeType("S"),
            a -> a.attributeName("at").attributeType("S"))
        .localSecondaryIndexes(i -> i.indexName("byTime").projection(p -> p.projectionType("KEYS_ONLY"))
            .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("at").keyType("RANGE")))
        .billingMode("PAY_PER_REQUEST").build());
    // every put changes its item's size (the second round's items are a byte longer, the third's as
    // the first's), so every put adds to the collection's size, as new items do
    inCollection = new PutItemRequest[2 * KEYS];
    for (int i = 0; i < 2 * KEYS; i++) {
      inCollection[i] = PutItemRequest.builder().tableName("collection").item(Map.of(
          "PK", AttributeValue.fromS("USER#hot"), "SK", AttributeValue.fromS(String.format("EVENT#%08d", i % KEYS)),
          "at", AttributeValue.fromS(String.format("2026-11-27T%08d", i % KEYS)),
          "note", AttributeValue.fromS(i < KEYS ? "a" : "ab"))).build();
    }
  }

  PutItemRequest[] inCollection;
  int nextInCollection;

  /**
   * PutItem into one item collection of a table with a local index, as a busy user's events: each
   * write reads and adds to the collection's size (ItemCollectionMetrics, the 10 GB limit). Its time
   * must not grow with the writes before it, as it did while the size's read walked every add since
   * the last flush (docs/benchmarks-history.md, "Costs that grew with the load's history").
   */
  @Benchmark
  public PutItemResponse intoOneCollection() {
    PutItemRequest r = inCollection[nextInCollection];
    nextInCollection = (nextInCollection + 1) & (2 * KEYS - 1);
    return partita.execute(r);
  }

  long fresh;

  /**
   * A BatchWriteItem of 25 new ~1 KB items (the side-by-side's bulk load): each item adds to its
   * table's item count and size, 50 counter additions a batch.
   */
  @Benchmark
  public BatchWriteItemResponse batchOf25New() {
    List<WriteRequest> writes = new ArrayList<>(25);
    for (int i = 0; i < 25; i++) {
      Map<String, AttributeValue> item = new HashMap<>(batchItem);
      item.put("pk", AttributeValue.fromS("batch#" + fresh++));
      writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
    }
    return partita.execute(BatchWriteItemRequest.builder().requestItems(Map.of(Fixtures.TABLE, writes)).build());
  }

  final Map<String, AttributeValue> batchItem = Fixtures.item("x");

  @TearDown
  public void tearDown() {
    client.close();
    partita.close();
  }

  private PutItemRequest nextRequest() {
    PutItemRequest r = requests[next];
    next = (next + 1) & (KEYS - 1);
    return r;
  }

  @Benchmark
  public PutItemResponse client() {
    return client.putItem(nextRequest());
  }

  @Benchmark
  public PutItemResponse engine() {
    return partita.execute(nextRequest());
  }

  /**
   * The request's walk against the API's member constraints alone ({@code ApiConstraints}, which
   * every request passes before its operation runs): its share of {@link #engine}.
   */
  @Benchmark
  public PutItemRequest constraints() {
    PutItemRequest r = nextRequest();
    ApiConstraints.check(r);
    return r;
  }
}
