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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * Point reads on a table whose items have outgrown the memtable: {@value #ITEMS} ~1 KB items in a
 * 16 MB memory budget (a 2 MB memtable), so they sit in RocksDB's files on several levels, as a
 * running server's do. Every write of a new item (a PutItem or a transaction's Put of a new key, a
 * conditional put that must be refused) first reads its key and finds nothing: {@link #getMissing}
 * is that read, {@link #putNew} the whole write; {@link #getPresent} reads an item that is there.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FlushedTableBench {
  static final int ITEMS = 40_000;
  static final int PROBES = 4096;

  Partita partita;
  GetItemRequest[] present;
  GetItemRequest[] missing;
  Map<String, AttributeValue> item;
  int next;
  long fresh;

  @Setup
  public void setup() {
    partita = Partita.with().memory(16L << 20).inMemory();
    partita.execute(Fixtures.createTable());
    for (int i = 0; i < ITEMS; i++) {
      partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(Fixtures.item(key(i))).build());
    }
    present = new GetItemRequest[PROBES];
    missing = new GetItemRequest[PROBES];
    for (int i = 0; i < PROBES; i++) {
      present[i] = get(key((int) ((i * 7919L) % ITEMS)));
      missing[i] = get(key(ITEMS + i) + "-absent");
    }
    item = Fixtures.item("x");
  }

  private static String key(int i) {
    return String.format("order#%08d", i);
  }

  private static GetItemRequest get(String pk) {
    return GetItemRequest.builder().tableName(Fixtures.TABLE).key(Map.of("pk", AttributeValue.fromS(pk))).build();
  }

  @Benchmark
  public GetItemResponse getPresent() {
    next = (next + 1) & (PROBES - 1);
    return partita.execute(present[next]);
  }

  @Benchmark
  public GetItemResponse getMissing() {
    next = (next + 1) & (PROBES - 1);
    return partita.execute(missing[next]);
  }

  /** A put of an item whose key is new (a few hundred thousand puts a run: the table keeps growing). */
  @Benchmark
  public PutItemResponse putNew() {
    item.put("pk", AttributeValue.fromS("new#" + fresh++));
    return partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(item).build());
  }

  @TearDown
  public void tearDown() {
    partita.close();
  }
}
