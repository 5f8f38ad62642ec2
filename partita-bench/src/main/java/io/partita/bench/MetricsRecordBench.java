package io.partita.bench;

import io.partita.engine.Partita;
import io.partita.server.observe.Observation;
import io.partita.server.observe.ServerMetrics;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * What the server's metrics ({@code partita serve --metrics}) add to a request: one GetItem observed
 * (its table, items and capacity read from the request and response) and recorded into the
 * Prometheus registry (the latency timer, the request counter, the items and capacity counters).
 * The request itself is not run: this is the watching alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class MetricsRecordBench {
  Partita partita;
  ServerMetrics metrics;
  GetItemRequest request;
  GetItemResponse response;

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    metrics = new ServerMetrics(partita, 10);
    request = GetItemRequest.builder().tableName("Shop")
        .key(Map.of("PK", AttributeValue.fromS("CUSTOMER#1"), "SK", AttributeValue.fromS("PROFILE")))
        .returnConsumedCapacity("INDEXES").build();
    response = GetItemResponse.builder().item(Fixtures.item("CUSTOMER#1"))
        .consumedCapacity(ConsumedCapacity.builder().tableName("Shop").capacityUnits(0.5)
            .table(Capacity.builder().capacityUnits(0.5).build()).build())
        .build();
  }

  @TearDown
  public void tearDown() {
    metrics.close();
    partita.close();
  }

  @Benchmark
  public Observation observeAndRecord() {
    Observation o = new Observation(0, "GetItem");
    o.request(request);
    o.response(response, -1);
    o.finish(200, "REQUESTID", 250_000);
    metrics.record(o);
    return o;
  }
}
