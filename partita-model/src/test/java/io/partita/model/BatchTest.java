package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Batch get and batch write: chunking, retries of unprocessed work with backoff and jitter, reporting. */
class BatchTest {

  record Note(String id, String text, Instant updatedAt, Long version) {}

  record Tag(String name) {}

  /**
   * A client that, for its first {@code flakyCalls} batch requests of each kind, processes only the first half
   * (rounded up) and returns the rest as unprocessed, as DynamoDB does under throttling.
   */
  static final class Flaky {
    final AtomicInteger writeCalls = new AtomicInteger();
    final AtomicInteger getCalls = new AtomicInteger();
    final List<Integer> writeSizes = new ArrayList<>();
    final List<Integer> getSizes = new ArrayList<>();
    final DynamoDbClient client;

    Flaky(DynamoDbClient real, int flakyCalls) {
      client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
          new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
            if (method.getName().equals("batchWriteItem") && args[0] instanceof BatchWriteItemRequest r) {
              String table = r.requestItems().keySet().iterator().next();
              List<WriteRequest> all = r.requestItems().get(table);
              writeSizes.add(all.size());
              if (writeCalls.incrementAndGet() > flakyCalls) {
                return real.batchWriteItem(r);
              }
              int done = all.size() / 2;
              if (done > 0) {
                real.batchWriteItem(b -> b.requestItems(Map.of(table, all.subList(0, done))));
              }
              return BatchWriteItemResponse.builder()
                  .unprocessedItems(Map.of(table, all.subList(done, all.size()))).build();
            }
            if (method.getName().equals("batchGetItem") && args[0] instanceof BatchGetItemRequest r) {
              String table = r.requestItems().keySet().iterator().next();
              KeysAndAttributes ka = r.requestItems().get(table);
              List<Map<String, AttributeValue>> keys = ka.keys();
              getSizes.add(keys.size());
              if (getCalls.incrementAndGet() > flakyCalls) {
                return real.batchGetItem(r);
              }
              int done = keys.size() / 2;
              BatchGetItemResponse part = done == 0 ? BatchGetItemResponse.builder().build()
                  : real.batchGetItem(b -> b.requestItems(Map.of(table,
                      ka.toBuilder().keys(keys.subList(0, done)).build())));
              return part.toBuilder().unprocessedKeys(Map.of(table,
                  ka.toBuilder().keys(keys.subList(done, keys.size())).build())).build();
            }
            try {
              return method.invoke(real, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          });
    }
  }

  private static final class Fixture {
    final Entity<Note> note = Entity.of(Note.class).key("NOTE#{id}", "NOTE").timestamps(null, "updatedAt")
        .version("version");
    final Entity<Tag> tag = Entity.of(Tag.class).key("TAG#{name}", "TAG");
    final List<Duration> sleeps = new ArrayList<>();
    final Flaky flaky;
    final ModelClient db;

    Fixture(Backend backend, int flakyCalls, int maxAttempts) {
      flaky = new Flaky(backend.client(), flakyCalls);
      Model model = Model.builder(TableSchema.named(Backend.freshTable("Notes"))).entities(note, tag).build();
      db = ModelClient.builder(model, flaky.client).batchRetry(RetryPolicy.defaults().maxAttempts(maxAttempts)
          .baseDelay(Duration.ofMillis(10)).maxDelay(Duration.ofMillis(35)).random(() -> 0.5).sleeper(sleeps::add))
          .build();
      db.createTable();
    }

    List<Note> notes(int n) {
      return IntStream.range(0, n).mapToObj(i -> new Note(String.format("%03d", i), "note " + i, null, null))
          .collect(Collectors.toList());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void writesAreChunkedBy25AndUnprocessedOnesRetriedWithBackoff(Backend backend) {
    Fixture f = new Fixture(backend, 3, 8);
    BatchWrite.Result result = f.db.batchWrite().put(f.note, f.notes(60)).put(f.tag, new Tag("x")).execute();
    assertTrue(result.complete());
    assertEquals(61, result.written().size());
    // chunk 1: 25 -> 13 left -> 7 left -> 4 left -> done; then chunks of 25 and 11
    assertEquals(List.of(25, 13, 7, 4, 25, 11), f.flaky.writeSizes);
    // full jitter with random 0.5: half of min(35 ms, 10 ms x 2^(n-1))
    assertEquals(List.of(Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofNanos(17_500_000)), f.sleeps);
    Note written = (Note) result.written().get(7);
    assertEquals(1L, written.version());
    assertEquals(Optional.of(written), f.db.entity(f.note).get(Key.of("id", "007"), true));
    assertTrue(f.db.entity(f.tag).get(Key.of("name", "x"), true).isPresent());

    // deletes too
    List<Key> keys = IntStream.range(0, 60).mapToObj(i -> Key.of("id", String.format("%03d", i)))
        .collect(Collectors.toList());
    assertTrue(f.db.batchWrite().delete(f.note, keys).execute().complete());
    assertEquals(Optional.empty(), f.db.entity(f.note).get(Key.of("id", "007"), true));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void getsAreChunkedBy100AndUnprocessedKeysRetried(Backend backend) {
    Fixture f = new Fixture(backend, 0, 8);
    f.db.batchWrite().put(f.note, f.notes(120)).put(f.tag, new Tag("x")).execute();
    Fixture g = new Fixture(backend, 2, 8);
    ModelClient db = ModelClient.builder(f.db.model(), g.flaky.client).batchRetry(RetryPolicy.defaults()
        .baseDelay(Duration.ofMillis(10)).random(() -> 0.5).sleeper(g.sleeps::add)).build();
    List<Key> keys = IntStream.range(0, 250).mapToObj(i -> Key.of("id", String.format("%03d", i)))
        .collect(Collectors.toList());
    Items items = db.batchGet().get(f.note, keys).get(f.tag, Key.of("name", "x"), Key.of("name", "y"))
        .get(f.note, Key.of("id", "001")) // asked twice: read once
        .consistentRead(true).execute();
    assertEquals(List.of(100, 50, 25, 100, 52), g.flaky.getSizes);
    assertEquals(List.of(Duration.ofMillis(5), Duration.ofMillis(10)), g.sleeps);
    assertEquals(List.of(), items.unprocessed());
    assertEquals(253, items.size());
    assertEquals(121, items.all(f.note).size(), "120 notes, one of them asked for twice");
    assertEquals("note 42", items.get(f.note, Key.of("id", "042")).orElseThrow().text());
    assertEquals("note 42", items.get(42, f.note).orElseThrow().text());
    assertEquals(Optional.empty(), items.get(f.note, Key.of("id", "200")));
    assertEquals(Optional.of(new Tag("x")), items.get(f.tag, Key.of("name", "x")));
    assertEquals(Optional.empty(), items.get(f.tag, Key.of("name", "y")));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void whatIsStillUnprocessedAfterTheLastAttemptIsReported(Backend backend) {
    Fixture f = new Fixture(backend, 1000, 3);
    BatchWrite.Result result = f.db.batchWrite().put(f.note, f.notes(10)).execute();
    // 10 -> 5 left -> 3 left -> 2 left after 3 attempts
    assertFalse(result.complete());
    assertEquals(8, result.written().size());
    assertEquals(List.of("008", "009"), result.unprocessedPuts().stream().map(n -> ((Note) n).id())
        .collect(Collectors.toList()));
    assertEquals(List.of(Duration.ofMillis(5), Duration.ofMillis(10)), f.sleeps);
    assertEquals(Optional.empty(), f.db.entity(f.note).get(Key.of("id", "009"), true));
    assertTrue(f.db.entity(f.note).get(Key.of("id", "007"), true).isPresent());

    f.sleeps.clear();
    List<Key> reversed = IntStream.range(0, 10).mapToObj(i -> Key.of("id", String.format("%03d", 9 - i)))
        .collect(Collectors.toList());
    Items items = f.db.batchGet().get(f.note, reversed).execute();
    assertEquals(List.of(new ItemKey("Note", Key.of("id", "001")), new ItemKey("Note", Key.of("id", "000"))),
        items.unprocessed());
    assertEquals(Optional.empty(), items.get(f.note, Key.of("id", "000")), "unread, so absent");
    assertEquals(6, items.all(f.note).size(), "008 and 009 were never written; 001 and 000 never read");
    assertEquals(List.of(Duration.ofMillis(5), Duration.ofMillis(10)), f.sleeps);

    BatchWrite.Result deletes = f.db.batchWrite().delete(f.note, Key.of("id", "000"), Key.of("id", "001"))
        .execute();
    assertEquals(List.of(new ItemKey("Note", Key.of("id", "001"))), deletes.unprocessedDeletes());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aKeyTwiceInOneBatchWriteIsRefused(Backend backend) {
    Fixture f = new Fixture(backend, 0, 8);
    ValidationException e = assertThrows(ValidationException.class, () -> f.db.batchWrite()
        .put(f.note, new Note("a", "1", null, null)).delete(f.note, Key.of("id", "a")).execute());
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
    assertEquals(0, f.flaky.writeCalls.get(), "nothing sent");
  }

  @Test
  void fullJitterStaysBelowTheExponentialCeiling() {
    RetryPolicy p = RetryPolicy.defaults().baseDelay(Duration.ofMillis(20)).maxDelay(Duration.ofSeconds(1));
    assertEquals(Duration.ofMillis(20), p.ceiling(1));
    assertEquals(Duration.ofMillis(160), p.ceiling(4));
    assertEquals(Duration.ofSeconds(1), p.ceiling(7));
    assertEquals(Duration.ofSeconds(1), p.ceiling(200), "no overflow");
    for (int retry = 1; retry < 10; retry++) {
      for (int i = 0; i < 200; i++) {
        Duration d = p.delay(retry);
        assertFalse(d.isNegative());
        assertTrue(d.compareTo(p.ceiling(retry)) < 0, d + " below " + p.ceiling(retry));
      }
    }
    assertEquals(Duration.ZERO, p.random(() -> 0.0).delay(5));
  }
}
