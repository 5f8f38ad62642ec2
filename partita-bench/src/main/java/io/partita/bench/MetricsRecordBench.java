package io.partita.bench;

import io.partita.engine.Partita;
import io.partita.engine.served.Served;
import io.partita.server.observe.Observation;
import io.partita.server.observe.ServerMetrics;
import java.util.ArrayList;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * What the server's metrics ({@code partita serve --metrics}) add to a request: one GetItem observed
 * (its table, items and capacity, as the engine counted them while it ran the request) and recorded
 * into the Prometheus registry (the latency timer, the request counter, the items and capacity
 * counters). The request is run once, in the setup: this is the watching alone.
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
  Served served;

  @Setup
  public void setup() {
    partita = Partita.inMemory();
    metrics = new ServerMetrics(partita, 10);
    partita.execute(Fixtures.createTable());
    partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(Fixtures.item("CUSTOMER#1")).build());
    List<Served> counted = new ArrayList<>(1);
    partita.answer(GetItemRequest.builder().tableName(Fixtures.TABLE)
        .key(Map.of("pk", AttributeValue.fromS("CUSTOMER#1"))).build(), counted::add);
    served = counted.get(0);
  }

  @TearDown
  public void tearDown() {
    metrics.close();
    partita.close();
  }

  @Benchmark
  public Observation observeAndRecord() {
    Observation o = new Observation(0, "GetItem");
    o.served(served);
    o.finish(200, "REQUESTID", 250_000);
    metrics.record(o);
    return o;
  }
}
