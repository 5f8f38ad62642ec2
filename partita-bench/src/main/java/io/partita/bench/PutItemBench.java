package io.partita.bench;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.engine.internal.ops.request.ApiConstraints;
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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

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
  }

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
