package io.partita.bench;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.engine.internal.ops.request.ApiConstraints;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.KeyCodec;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * GetItem of the ~1 KB fixture item, in memory, in-process, three ways:
 *
 * <ul>
 *   <li>{@code client}: {@code DynamoDbClient.getItem} on {@code PartitaDynamoDb.inMemory()};
 *   <li>{@code engine}: {@code Partita.execute(GetItemRequest)} on {@code Partita.inMemory()};
 *   <li>{@code floor}: a bare {@code Store.get} of the same stored bytes (same key layout, on a
 *       {@code Store.inMemory()} the benchmark fills itself) plus {@code ItemCodec.decode}: what
 *       any GetItem has to do at least. {@code floorGetOnly} is the RocksDB get alone.
 * </ul>
 *
 * The request is built once; building it is the caller's cost, not the engine's. All three
 * stores hold the item in the memtable (nothing is flushed in so short a run).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class GetItemBench {
  static final String PK = "order#00000001";

  DynamoDbClient client;
  Partita partita;
  Store store;
  GetItemRequest request;
  byte[] storageKey;

  @Setup
  public void setup() {
    Map<String, AttributeValue> item = Fixtures.item(PK);
    request = GetItemRequest.builder().tableName(Fixtures.TABLE).key(Map.of("pk", AttributeValue.fromS(PK))).build();
    PutItemRequest put = PutItemRequest.builder().tableName(Fixtures.TABLE).item(item).build();

    client = PartitaDynamoDb.inMemory();
    client.createTable(Fixtures.createTable());
    client.putItem(put);

    partita = Partita.inMemory();
    partita.execute(Fixtures.createTable());
    partita.execute(put);

    store = Store.inMemory();
    storageKey = Keyspace.itemKey(1, KeyCodec.encodeTerminated(AttributeValue.fromS(PK)), null);
    store.write(batch -> batch.put(storageKey, ItemCodec.encode(item)));

    GetItemResponse viaClient = client.getItem(request);
    GetItemResponse viaEngine = partita.execute(request);
    if (!item.equals(viaClient.item()) || !item.equals(viaEngine.item()) || !item.equals(floor())) {
      throw new IllegalStateException("the three paths must read the same item");
    }
  }

  @TearDown
  public void tearDown() {
    client.close();
    partita.close();
    store.close();
  }

  @Benchmark
  public GetItemResponse client() {
    return client.getItem(request);
  }

  @Benchmark
  public GetItemResponse engine() {
    return partita.execute(request);
  }

  /** The request's walk against the API's member constraints alone: its share of {@link #engine}. */
  @Benchmark
  public GetItemRequest constraints() {
    ApiConstraints.check(request);
    return request;
  }

  @Benchmark
  public Map<String, AttributeValue> floor() {
    return ItemCodec.decode(store.get(storageKey));
  }

  @Benchmark
  public byte[] floorGetOnly() {
    return store.get(storageKey);
  }
}
