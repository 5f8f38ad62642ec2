package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The in-process stream consumer: batches in order, shard lineage across roll-overs (also when
 * other tables' records leave gaps in the numbering), redelivery after a handler failure, a stream
 * disabled and enabled again, LATEST, iterators that would have expired, trimmed records, and the
 * background mode.
 */
class StreamListenerTest {
  private final MutableClock clock = new MutableClock();
  private Partita partita;
  private DynamoDbClient dynamo;
  private final List<List<Record>> batches = new ArrayList<>();

  @BeforeEach
  void open() {
    partita = Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).inMemory();
    dynamo = PartitaDynamoDb.over(partita);
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private void createTable(String name, boolean stream) {
    Fixtures.createTable(dynamo, name, ScalarAttributeType.S);
    if (stream) {
      enable(name);
    }
  }

  private void enable(String name) {
    dynamo.updateTable(b -> b.tableName(name).streamSpecification(s -> s.streamEnabled(true)
        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
  }

  private void put(String table, String pk) {
    dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "sk", s("x"))));
  }

  private static List<String> keys(List<Record> records) {
    return records.stream().map(r -> r.eventName() + " " + r.dynamodb().keys().get("pk").s()).toList();
  }

  private List<String> delivered() {
    return keys(batches.stream().flatMap(List::stream).toList());
  }

  @Test
  void deliversEachGetRecordsPageAsABatchInOrderAndNothingTwice() {
    createTable("app", true);
    StreamListener listener = StreamListener.on(partita, "app").batchSize(2).subscribe(batches::add);
    assertEquals(0, listener.poll());
    assertTrue(batches.isEmpty(), "no empty batches");
    for (String pk : List.of("a", "b", "c", "d", "e")) {
      put("app", pk);
    }
    assertEquals(5, listener.poll());
    assertEquals(List.of(2, 2, 1), batches.stream().map(List::size).toList());
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c", "INSERT d", "INSERT e"), delivered());
    assertEquals(0, listener.poll());
    dynamo.deleteItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", s("x"))));
    assertEquals(1, listener.poll());
    assertEquals("REMOVE a", delivered().get(5));
    listener.close();
    assertThrows(IllegalStateException.class, listener::poll);
  }

  /**
   * A parent shard is read to its end before its child, over several roll-overs, with another
   * table's records numbered in between (so a closed shard ends on a number that is not its own).
   */
  @Test
  void followsShardLineageAcrossRollOvers() {
    createTable("app", true);
    createTable("other", true);
    StreamListener listener = StreamListener.subscribe(partita, "app", batches::add);
    put("app", "a");
    put("other", "x");
    partita.rollOverStreamShards();
    put("other", "y");
    put("app", "b");
    partita.rollOverStreamShards();
    partita.rollOverStreamShards(); // an empty shard between two others
    put("app", "c");
    put("other", "z");
    assertEquals(3, listener.poll());
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c"), delivered());
    DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder()
        .streamArn(dynamo.describeTable(b -> b.tableName("app")).table().latestStreamArn()).build());
    assertEquals(4, d.streamDescription().shards().size());
    // reading goes on in the open child
    put("app", "d");
    assertEquals(1, listener.poll());
    assertEquals("INSERT d", delivered().get(3));
  }

  @Test
  void aFailedBatchIsDeliveredAgainByTheNextPoll() {
    createTable("app", true);
    int[] calls = {0};
    StreamListener listener = StreamListener.on(partita, "app").batchSize(2).subscribe(batch -> {
      if (++calls[0] == 2) {
        throw new IllegalStateException("handler failed");
      }
      batches.add(batch);
    });
    for (String pk : List.of("a", "b", "c", "d")) {
      put("app", pk);
    }
    IllegalStateException e = assertThrows(IllegalStateException.class, listener::poll);
    assertEquals("handler failed", e.getMessage());
    assertEquals(List.of("INSERT a", "INSERT b"), delivered());
    assertEquals(2, listener.poll());
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c", "INSERT d"), delivered());
  }

  /** The listener follows the table: the old stream to its end, then the new one. */
  @Test
  void aStreamDisabledAndEnabledAgainIsFollowed() {
    createTable("app", true);
    StreamListener listener = StreamListener.subscribe(partita, "app", batches::add);
    put("app", "a");
    dynamo.updateTable(b -> b.tableName("app").streamSpecification(s -> s.streamEnabled(false)));
    put("app", "unrecorded");
    clock.advance(Duration.ofSeconds(1)); // a new stream label
    enable("app");
    put("app", "b");
    assertEquals(2, listener.poll());
    assertEquals(List.of("INSERT a", "INSERT b"), delivered());
  }

  @Test
  void fromLatestSkipsWhatIsThereWhenSubscribing() {
    createTable("app", true);
    put("app", "a");
    partita.rollOverStreamShards();
    put("app", "b");
    StreamListener listener = StreamListener.on(partita, "app").fromLatest().subscribe(batches::add);
    put("app", "c");
    clock.advance(Duration.ofMinutes(20)); // past any iterator's age: positions do not expire
    assertEquals(1, listener.poll());
    assertEquals(List.of("INSERT c"), delivered());
  }

  @Test
  void afterTheRetentionItGoesOnFromWhatIsLeft() {
    createTable("app", true);
    StreamListener listener = StreamListener.subscribe(partita, "app", batches::add);
    put("app", "a");
    assertEquals(1, listener.poll());
    clock.advance(Duration.ofHours(25));
    put("app", "b");
    partita.trimStreamsNow(); // "a" is trimmed: the position after it is no longer in the shard
    put("app", "c");
    assertEquals(2, listener.poll());
    assertEquals(List.of("INSERT a", "INSERT b", "INSERT c"), delivered());
  }

  /** A shard trimmed away takes its position with it: a listener holds one per shard still listed. */
  @Test
  void positionsOfTrimmedShardsAreLetGo() {
    createTable("app", true);
    StreamListener listener = StreamListener.subscribe(partita, "app", batches::add);
    for (int i = 0; i < 5; i++) {
      put("app", "old" + i);
      partita.rollOverStreamShards();
    }
    assertEquals(5, listener.poll());
    assertEquals(6, listener.positionsHeld(), "five closed shards and the open one");
    clock.advance(Duration.ofHours(25));
    put("app", "new");
    partita.trimStreamsNow(); // the five closed shards' records are all older than 24 hours
    assertEquals(1, listener.poll());
    DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder()
        .streamArn(dynamo.describeTable(b -> b.tableName("app")).table().latestStreamArn()).build());
    // the trim rolled the open shard over: "new"'s shard and its open child are left
    assertEquals(2, d.streamDescription().shards().size(), d.streamDescription().shards().toString());
    assertEquals(2, listener.positionsHeld());
  }

  @Test
  void aTableWithoutAStreamIsRefused() {
    createTable("app", false);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> StreamListener.subscribe(partita, "app", batches::add));
    assertEquals("Table app has no stream: enable one with a StreamSpecification", e.getMessage());
    PartitaException missing = assertThrows(PartitaException.class,
        () -> StreamListener.subscribe(partita, "nope", batches::add));
    assertEquals("ResourceNotFoundException", missing.code().name());
    assertThrows(IllegalArgumentException.class, () -> StreamListener.on(partita, "app").batchSize(1001));
  }

  /** The background mode, awaited on a latch (the generous bound is only against a hang). */
  @Test
  void pollsInTheBackgroundAndStopsOnTheFirstFailure() throws InterruptedException {
    createTable("app", true);
    CountDownLatch two = new CountDownLatch(2);
    List<Record> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (StreamListener listener = StreamListener.subscribe(partita, "app", batch -> {
      seen.addAll(batch);
      batch.forEach(r -> two.countDown());
    }).startPolling(Duration.ofMillis(5))) {
      put("app", "a");
      put("app", "b");
      assertTrue(two.await(30, TimeUnit.SECONDS));
      assertThrows(IllegalStateException.class, () -> listener.startPolling(Duration.ofMillis(5)));
    }
    assertEquals(List.of("INSERT a", "INSERT b"), keys(seen));

    RuntimeException boom = new RuntimeException("boom");
    CountDownLatch failed = new CountDownLatch(1);
    StreamListener failing = StreamListener.subscribe(partita, "app", batch -> {
      failed.countDown();
      throw boom;
    }).startPolling(Duration.ofMillis(5));
    assertTrue(failed.await(30, TimeUnit.SECONDS));
    IllegalStateException e = assertThrows(IllegalStateException.class, failing::close);
    assertSame(boom, e.getCause());
  }
}
