package io.partita.bench;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * Issue 38's target: SearchVectors, TopK 10, over {@code items} vectors of 768 dimensions (COSINE, one
 * partition, exact), embedded ({@code DynamoDbClient.searchVectors} on {@code PartitaDynamoDb.over}).
 * The setup writes the items through PutItem (tens of seconds for 100,000), so the index is the one
 * every write keeps. Needs a few GB of heap (the items and the index are held in memory).
 *
 * <pre>java -jar partita-bench/target/benchmarks.jar SearchVectorsBench -f 1 -wi 3 -i 5</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SearchVectorsBench {
  static final int DIMS = 768;

  @Param({"10000", "100000"})
  public int items;

  Partita partita;
  DynamoDbClient client;
  SearchVectorsRequest request;

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    client = PartitaDynamoDb.over(partita);
    client.createTable(b -> b.tableName("Vectors").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
        .vectorIndexes(v -> v.indexName("byMeaning").vectorAttribute(a -> a.attributeName("emb"))
            .dimensions((long) DIMS).distanceFunction(VectorDistanceFunction.COSINE)
            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
    Random random = new Random(38);
    for (int i = 0; i < items; i++) {
      AttributeValue emb = AttributeValue.fromL(vector(random));
      String pk = "doc#" + i;
      client.putItem(b -> b.tableName("Vectors").item(Map.of("pk", AttributeValue.fromS(pk), "emb", emb)));
    }
    request = SearchVectorsRequest.builder().tableName("Vectors").indexName("byMeaning")
        .searchVector(vector(random)).topK(10).build();
    search(); // waits for nothing: the index was kept by the writes
  }

  static List<AttributeValue> vector(Random random) {
    List<AttributeValue> out = new ArrayList<>(DIMS);
    for (int d = 0; d < DIMS; d++) {
      out.add(AttributeValue.fromN(Float.toString(random.nextFloat() * 2 - 1)));
    }
    return out;
  }

  @TearDown
  public void close() {
    partita.close();
  }

  @Benchmark
  public SearchVectorsResponse search() {
    return client.searchVectors(request);
  }
}
