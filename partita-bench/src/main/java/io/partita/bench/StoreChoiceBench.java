package io.partita.bench;

import io.partita.engine.Partita;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The engine in memory on its two stores, in one run: the store in plain Java ({@code memory}, the default) and
 * RocksDB on its memory environment ({@code rocksdb}, {@code -Dpartita.store=rocksdb}). GetItem and PutItem of the
 * ~1 KB fixture item, a Query of a 10-item collection, and what a test pays for a fresh database: open it, create a
 * table, close it.
 *
 * <pre>partita-bench/run-jmh.sh StoreChoiceBench</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class StoreChoiceBench {
  static final int KEYS = 1024;

  @Param({"memory", "rocksdb"})
  public String store;

  Partita partita;
  GetItemRequest[] gets;
  PutItemRequest[] puts;
  QueryRequest[] queries;
  int next;

  private void choose() {
    System.setProperty("partita.store", store);
  }

  @Setup
  public void setup() {
    choose();
    partita = Partita.inMemory();
    partita.execute(Fixtures.createTable());
    partita.execute(CreateTableRequest.builder().tableName("collections")
        .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE"))
        .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"), a -> a.attributeName("SK").attributeType("S"))
        .billingMode("PAY_PER_REQUEST").build());
    gets = new GetItemRequest[KEYS];
    puts = new PutItemRequest[KEYS];
    queries = new QueryRequest[KEYS / 10];
    for (int i = 0; i < KEYS; i++) {
      String pk = String.format("order#%08d", i);
      puts[i] = PutItemRequest.builder().tableName(Fixtures.TABLE).item(Fixtures.item(pk)).build();
      partita.execute(puts[i]);
      gets[i] = GetItemRequest.builder().tableName(Fixtures.TABLE).key(Map.of("pk", AttributeValue.fromS(pk))).build();
      partita.execute(PutItemRequest.builder().tableName("collections").item(Map.of(
          "PK", AttributeValue.fromS("C#" + (i / 10)), "SK", AttributeValue.fromS(String.format("E#%04d", i % 10)),
          "note", AttributeValue.fromS("x".repeat(100)))).build());
    }
    for (int c = 0; c < queries.length; c++) {
      queries[c] = QueryRequest.builder().tableName("collections").keyConditionExpression("PK = :p")
          .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("C#" + c))).build();
    }
  }

  @TearDown
  public void tearDown() {
    partita.close();
    System.clearProperty("partita.store");
  }

  @Benchmark
  public Object getItem() {
    return partita.execute(gets[next++ & (KEYS - 1)]);
  }

  @Benchmark
  public Object putItem() {
    return partita.execute(puts[next++ & (KEYS - 1)]);
  }

  @Benchmark
  public Object query() {
    return partita.execute(queries[next++ % queries.length]);
  }

  /** A test's fresh database: opened, a table made, closed. */
  @Benchmark
  public void freshDatabase() {
    try (Partita fresh = Partita.inMemory()) {
      fresh.execute(Fixtures.createTable());
    }
  }
}
