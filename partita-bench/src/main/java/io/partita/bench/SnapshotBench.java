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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Snapshots (issue 39) of a test-sized database, one table of {@code items} items, on both in-memory
 * stores and on a data folder ({@code folder}: RocksDB on disk, each snapshot a synced file): taking
 * one, and restoring it (a reset is a restore to nothing). What a suite pays between tests for "back
 * to the seeded state".
 *
 * <pre>partita-bench/run-jmh.sh SnapshotBench</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SnapshotBench {
  @Param({"1000", "10000"})
  public int items;

  @Param({"memory", "rocksdb", "folder"})
  public String store;

  Partita partita;
  java.nio.file.Path folder;

  @Setup
  public void setup() throws java.io.IOException {
    if (store.equals("folder")) {
      folder = java.nio.file.Files.createTempDirectory("partita-snapshot-bench");
      partita = Partita.open(folder);
    } else {
      System.setProperty("partita.store", store);
      partita = Partita.inMemory();
    }
    partita.execute(Fixtures.createTable());
    for (int i = 0; i < items; i++) {
      Map<String, AttributeValue> item = Fixtures.item(String.format("order#%08d", i));
      partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(item).build());
    }
    partita.snapshot("seeded");
  }

  @TearDown
  public void tearDown() throws java.io.IOException {
    partita.close();
    System.clearProperty("partita.store");
    if (folder != null) {
      try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(folder)) {
        for (java.nio.file.Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          java.nio.file.Files.delete(p);
        }
      }
    }
  }

  @Benchmark
  public void snapshot() {
    partita.snapshot("again");
  }

  @Benchmark
  public void restore() {
    partita.restore("seeded");
  }
}
