package io.partita.bench;

import io.partita.engine.Partita;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Time to Live at scale (issue 15): one sweep that deletes {@code EXPIRED} due items from a table of
 * {@code items} items whose other items expire in a year. The sweep reads the expiry index, not the
 * table, so its time should follow the 1,000 it deletes and stay flat as the table grows from 10,000
 * to 1,000,000 items: compare the rows of one run. Each invocation first writes the 1,000 due items
 * again (not timed), then times {@code Partita.expireNow()}.
 *
 * <p>On demand (loading a million items takes a minute): {@code java -jar
 * partita-bench/target/benchmarks.jar ExpiryBench}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
public class ExpiryBench {
  static final int EXPIRED = 1_000;
  static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

  @Param({"10000", "1000000"})
  public int items;

  Partita partita;
  final List<BatchWriteItemRequest> dueBatches = new ArrayList<>();

  @Setup(Level.Trial)
  public void load() {
    partita = Partita.with().clock(Clock.fixed(NOW, ZoneOffset.UTC)).timeToLiveInterval(Duration.ZERO).inMemory();
    partita.execute(Fixtures.createTable());
    partita.execute(UpdateTimeToLiveRequest.builder().tableName(Fixtures.TABLE).timeToLiveSpecification(
        TimeToLiveSpecification.builder().attributeName("expires").enabled(true).build()).build());
    long inAYear = NOW.plus(Duration.ofDays(365)).getEpochSecond();
    write(items, "live#", inAYear, batch -> partita.execute(batch));
    write(EXPIRED, "due#", NOW.getEpochSecond() - 60, dueBatches::add);
  }

  /** Items of about 100 bytes with {@code expires} set, in BatchWriteItem requests of 25. */
  private static void write(int count, String prefix, long expires, java.util.function.Consumer<BatchWriteItemRequest> to) {
    List<WriteRequest> batch = new ArrayList<>(25);
    for (int i = 0; i < count; i++) {
      batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
          "pk", AttributeValue.fromS(prefix + String.format("%08d", i)),
          "expires", AttributeValue.fromN(Long.toString(expires)),
          "payload", AttributeValue.fromS("x".repeat(64)))).build()).build());
      if (batch.size() == 25 || i == count - 1) {
        to.accept(BatchWriteItemRequest.builder().requestItems(Map.of(Fixtures.TABLE, List.copyOf(batch))).build());
        batch.clear();
      }
    }
  }

  @Setup(Level.Invocation)
  public void makeDue() {
    dueBatches.forEach(partita::execute);
  }

  @Benchmark
  public int sweep() {
    int deleted = partita.expireNow();
    if (deleted != EXPIRED) {
      throw new IllegalStateException("the sweep deleted " + deleted + ", not " + EXPIRED);
    }
    return deleted;
  }

  @TearDown(Level.Trial)
  public void close() {
    partita.close();
  }
}
