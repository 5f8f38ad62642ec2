package io.partita.bench;

import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A Query of one 10-item collection on the engine, in memory, with the table holding
 * {@code tableSize} items in collections of 10. A Query reads only its key range, so its time must
 * not grow with the table: compare the two sizes. Each invocation reads a random collection, so the
 * larger table is not served from one warm corner.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class QueryBench {
  static final String TABLE = "orders";
  static final int COLLECTION = 10;

  @Param({"10000", "1000000"})
  int tableSize;

  Partita partita;
  List<QueryRequest> queries;

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    partita.execute(CreateTableRequest.builder().tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
        .build());
    int users = tableSize / COLLECTION;
    for (int u = 0; u < users; u++) {
      for (int o = 0; o < COLLECTION; o++) {
        partita.execute(PutItemRequest.builder().tableName(TABLE).item(Map.of(
            "PK", AttributeValue.fromS(String.format("USER#%08d", u)),
            "SK", AttributeValue.fromS(String.format("ORDER#2025-%04d", o)),
            "status", AttributeValue.fromS("SHIPPED"),
            "total", AttributeValue.fromN(Integer.toString(10 + o)))).build());
      }
    }
    queries = new ArrayList<>();
    for (int i = 0; i < 1024; i++) {
      queries.add(QueryRequest.builder().tableName(TABLE).keyConditionExpression("PK = :pk AND begins_with(SK, :o)")
          .expressionAttributeValues(Map.of(
              ":pk", AttributeValue.fromS(String.format("USER#%08d", ThreadLocalRandom.current().nextInt(users))),
              ":o", AttributeValue.fromS("ORDER#")))
          .build());
    }
    QueryResponse check = partita.execute(queries.get(0));
    if (check.count() != COLLECTION) {
      throw new IllegalStateException("expected " + COLLECTION + " items, got " + check.count());
    }
  }

  @TearDown
  public void tearDown() {
    partita.close();
  }

  @Benchmark
  public QueryResponse query10Items() {
    return partita.execute(queries.get(ThreadLocalRandom.current().nextInt(queries.size())));
  }
}
