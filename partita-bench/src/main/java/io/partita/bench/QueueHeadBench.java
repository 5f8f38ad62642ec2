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
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The head of a queue kept as an item collection (jobs, an outbox, sessions that expire): after
 * {@code done} items were put and deleted in one partition, a Query with Limit 1 for the next live
 * one, in memory. DynamoDB answers it in the same time whatever was deleted before; on RocksDB
 * each deleted item stays as a tombstone the read steps over until a compaction drops it, so the
 * time grew with {@code done} until the engine's background tick compacted where deletes gathered
 * (it runs every 2 s here, during the warm-up; docs/benchmarks-history.md, "Costs that grew with the
 * load's history").
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class QueueHeadBench {
  @Param({"0", "10000", "100000"})
  int done;

  Partita partita;
  QueryRequest next;

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    partita.execute(CreateTableRequest.builder().tableName("queue")
        .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE"))
        .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"), a -> a.attributeName("SK").attributeType("S"))
        .billingMode("PAY_PER_REQUEST").build());
    for (int i = 0; i < done; i++) {
      Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("QUEUE"),
          "SK", AttributeValue.fromS(String.format("JOB#%08d", i)));
      partita.execute(PutItemRequest.builder().tableName("queue").item(key).build());
      partita.execute(DeleteItemRequest.builder().tableName("queue").key(key).build());
    }
    partita.execute(PutItemRequest.builder().tableName("queue").item(Map.of("PK", AttributeValue.fromS("QUEUE"),
        "SK", AttributeValue.fromS("JOB#99999999"))).build());
    next = QueryRequest.builder().tableName("queue").keyConditionExpression("PK = :q")
        .expressionAttributeValues(Map.of(":q", AttributeValue.fromS("QUEUE"))).limit(1).build();
  }

  @TearDown
  public void tearDown() {
    partita.close();
  }

  @Benchmark
  public QueryResponse nextJob() {
    return partita.execute(next);
  }
}
