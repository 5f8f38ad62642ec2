package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.partita.model.fanout.WriteShards;
import io.partita.model.geo.Geohash;
import io.partita.model.geo.Nearby;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link AsyncModelClient} (issue 20): the same requests, answers, typed failures and retries as {@link ModelClient},
 * through futures, on Partita embedded (its calls on a pool behind the async interface) and on Partita's server
 * through the SDK's Netty async client. Each test checks what the async client did with a synchronous client of the
 * same database.
 */
class AsyncModelClientTest {
  record Task(String owner, String id, String title, String status, Instant updatedAt, Long version) {}

  static final byte[] KEY = "async-test-cursor-key-0123456789".getBytes(java.nio.charset.StandardCharsets.UTF_8);

  static final Entity<Task> TASK = Entity.of(Task.class).key("OWNER#{owner}", "TASK#{id}")
      .index("gsi1", "STATUS#{status}", "TITLE#{title}#{id}").timestamps(null, "updatedAt").version("version");
  static final AccessPattern<Task> TASKS_OF_OWNER = AccessPattern.of("Tasks of an owner", TASK)
      .partition("OWNER#{owner}").sortBeginsWith("TASK#").build();
  static final AccessPattern<Task> BY_STATUS = AccessPattern.of("Tasks by status", TASK).index("gsi1")
      .partition("STATUS#{status}").sortBeginsWith("TITLE#").build();

  private static Model model() {
    return Model.builder(TableSchema.named(Backend.freshTable("AsyncTasks")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(TASK).patterns(TASKS_OF_OWNER, BY_STATUS).build();
  }

  /** The exception a future failed with, as the synchronous method would throw it. */
  private static Throwable failure(CompletableFuture<?> f) {
    try {
      f.join();
    } catch (CompletionException e) {
      return e.getCause();
    }
    throw new AssertionError("expected the future to fail");
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void singleItemWritesAndReadsBehaveAsTheSyncClients(AsyncBackend backend) {
    Model model = model();
    ModelClient sync = ModelClient.builder(model, backend.sync()).cursorKey(KEY).build();
    sync.createTable();
    AsyncModelClient db = AsyncModelClient.builder(model, backend.async()).cursorKey(KEY).build();
    AsyncEntityClient<Task> tasks = db.entity(TASK);

    Task a = tasks.create(new Task("ann", "t1", "write docs", "OPEN", null, null)).join();
    assertEquals(1L, a.version());
    assertInstanceOf(AlreadyExistsException.class, failure(tasks.create(a)));
    assertEquals(Optional.of(a), tasks.get(Key.of("owner", "ann", "id", "t1")).join());
    assertEquals(Optional.of(a), sync.entity(TASK).get(Key.of("owner", "ann", "id", "t1")));

    Task b = tasks.put(new Task("ann", "t1", "write more docs", "OPEN", null, 1L)).join();
    assertEquals(2L, b.version());
    VersionConflictException stale = assertInstanceOf(VersionConflictException.class, failure(tasks.put(a)));
    assertEquals(1L, stale.expectedVersion());

    // only the status changes: the index key needs the title too, which the update reads (asynchronously)
    Task done = tasks.update(Key.of("owner", "ann", "id", "t1")).set("status", "DONE").executeAsync().join();
    assertEquals("DONE", done.status());
    assertEquals(List.of(done), sync.query(BY_STATUS).partition(Key.of("status", "DONE")).all());
    assertEquals(List.of(), sync.query(BY_STATUS).partition(Key.of("status", "OPEN")).all());
    assertInstanceOf(ConditionFailedException.class,
        failure(tasks.update(Key.of("owner", "ann", "id", "nope")).set("status", "DONE").executeAsync()));
    assertInstanceOf(ValidationException.class,
        failure(tasks.update(Key.of("owner", "ann", "id", "t1")).set("owner", "bob").executeAsync()));

    Task upserted = tasks.upsert(new Task("ann", "t2", "plan", "OPEN", null, null)).join();
    assertEquals(1L, upserted.version());
    Optional<Task> modified = tasks.modify(Key.of("owner", "ann", "id", "t2"),
        t -> new Task(t.owner(), t.id(), t.title() + "!", t.status(), t.updatedAt(), t.version())).join();
    assertEquals("plan!", modified.orElseThrow().title());
    assertEquals(Optional.empty(), tasks.modify(Key.of("owner", "ann", "id", "none"), t -> t).join());

    assertInstanceOf(VersionConflictException.class, failure(tasks.delete(upserted)));
    assertEquals(modified, tasks.delete(modified.orElseThrow()).join());
    assertEquals(Optional.empty(), sync.entity(TASK).get(Key.of("owner", "ann", "id", "t2")));
    assertEquals(Key.of("owner", "ann", "id", "t1"),
        tasks.keyFrom(java.util.Map.of("pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
            "OWNER#ann"), "sk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("TASK#t1"))));
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void pagesCursorsAndScansAnswerAsTheSyncClients(AsyncBackend backend) {
    Model model = model();
    ModelClient sync = ModelClient.builder(model, backend.sync()).cursorKey(KEY).build();
    sync.createTable();
    AsyncModelClient db = AsyncModelClient.builder(model, backend.async()).cursorKey(KEY).build();
    List<Task> written = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      written.add(new Task("ann", String.format("t%02d", i), "task " + i, i % 2 == 0 ? "OPEN" : "DONE", null, null));
    }
    sync.batchWrite().put(TASK, written).execute();

    Page<Task> first = db.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).limit(10).pageAsync().join();
    assertEquals(10, first.items().size());
    // the async client's cursor continues on the sync client (same cursor key), and the other way round
    Page<Task> second = sync.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).limit(10)
        .after(first.cursor().orElseThrow()).page();
    Page<Task> third = db.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).limit(10)
        .after(second.cursor().orElseThrow()).pageAsync().join();
    List<Task> paged = new ArrayList<>(first.items());
    paged.addAll(second.items());
    paged.addAll(third.items());
    assertEquals(sync.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).all(), paged);
    assertEquals(25, paged.size());
    assertTrue(third.cursor().isEmpty());

    // a filter that keeps one in two, ten requests allowed: the paging loop across asynchronous responses
    Page<Task> open = db.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).limit(3).maxRequests(10)
        .filter(Condition.eq("status", "OPEN")).pageAsync().join();
    assertEquals(List.of("t00", "t02", "t04"), open.items().stream().map(Task::id).toList());
    assertEquals(sync.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).descending().limit(4).all(),
        db.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).descending().limit(4).allAsync().join());
    assertInstanceOf(InvalidCursorException.class, failure(db.query(TASKS_OF_OWNER)
        .partition(Key.of("owner", "bob")).after(first.cursor().orElseThrow()).pageAsync()));

    List<Task> scanned = new ArrayList<>(db.entity(TASK).scan().limit(7).allAsync().join());
    scanned.sort(Comparator.comparing(Task::id));
    assertEquals(sync.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).all(), scanned);
    assertEquals(7, db.entity(TASK).scan().limit(7).pageAsync().join().items().size());
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void batchesRetryWhatIsLeftUnprocessedWithoutBlocking(AsyncBackend backend) {
    Model model = model();
    ModelClient sync = ModelClient.builder(model, backend.sync()).build();
    sync.createTable();
    BatchTest.Flaky flaky = new BatchTest.Flaky(backend.sync(), 4);
    List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());
    java.util.concurrent.ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      AsyncModelClient db = AsyncModelClient.builder(model, AsyncBackend.onPool(flaky.client, pool))
          .batchRetry(RetryPolicy.defaults().sleeper(sleeps::add)).build();
      List<Task> tasks = new ArrayList<>();
      List<Key> keys = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        tasks.add(new Task("ann", "t" + i, "task " + i, "OPEN", null, null));
        keys.add(Key.of("owner", "ann", "id", "t" + i));
      }
      BatchWrite.Result result = db.batchWrite().put(TASK, tasks).executeAsync().join();
      assertTrue(result.complete());
      assertEquals(60, result.written().size());
      assertEquals(25, flaky.writeSizes.get(0), "chunks of 25");
      assertTrue(flaky.writeSizes.size() > 3, "half of each of the first calls left unprocessed and sent again");
      assertEquals(60, sync.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).all().size());

      keys.add(Key.of("owner", "ann", "id", "missing"));
      Items items = db.batchGet().get(TASK, keys).executeAsync().join();
      assertTrue(items.unprocessed().isEmpty());
      assertEquals(60, items.all(TASK).size());
      assertFalse(sleeps.isEmpty(), "each retry waited its backoff");
    } finally {
      pool.shutdownNow();
    }
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void transactionsFailTypedAndConflictsAreRetried(AsyncBackend backend) {
    Model model = model();
    ModelClient sync = ModelClient.builder(model, backend.sync()).build();
    sync.createTable();
    AsyncModelClient db = AsyncModelClient.builder(model, backend.async()).build();
    Task a = db.entity(TASK).create(new Task("ann", "a", "a", "OPEN", null, null)).join();

    Transaction.Result r = db.transaction().create(TASK, new Task("ann", "b", "b", "OPEN", null, null))
        .update(TASK, Key.of("owner", "ann", "id", "a"), u -> u.set("status", "DONE")).executeAsync().join();
    assertEquals("b", r.get(0, Task.class).id());
    assertEquals("DONE", sync.entity(TASK).get(Key.of("owner", "ann", "id", "a")).orElseThrow().status());

    TransactionCanceledException canceled = assertInstanceOf(TransactionCanceledException.class, failure(
        db.transaction().put(TASK, a).create(TASK, new Task("ann", "c", "c", "OPEN", null, null)).executeAsync()));
    assertTrue(canceled.reasons().get(0).versionConflict());
    assertFalse(canceled.reasons().get(1).failed());
    assertTrue(sync.entity(TASK).get(Key.of("owner", "ann", "id", "c")).isEmpty(), "all or nothing");

    Items both = db.transactGet().get(TASK, Key.of("owner", "ann", "id", "a"))
        .get(TASK, Key.of("owner", "ann", "id", "b")).executeAsync().join();
    assertEquals("b", both.get(1, TASK).orElseThrow().id());

    // another writer slips in once between the read and the write: the second run reads again and wins
    AtomicInteger runs = new AtomicInteger();
    Task after = db.retryOnConflict(RetryPolicy.defaults().sleeper(d -> {}), () ->
        db.entity(TASK).get(Key.of("owner", "ann", "id", "a"), true).thenCompose(found -> {
          Task t = found.orElseThrow();
          if (runs.incrementAndGet() == 1) {
            sync.entity(TASK).put(new Task(t.owner(), t.id(), "other writer", t.status(), null, t.version()));
          }
          return db.entity(TASK).put(new Task(t.owner(), t.id(), "mine", t.status(), null, t.version()));
        })).join();
    assertEquals(2, runs.get());
    assertEquals("mine", after.title());
    assertEquals(after, sync.entity(TASK).get(Key.of("owner", "ann", "id", "a"), true).orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void listenersSeeTheAsyncClientsRequests(AsyncBackend backend) {
    Model model = model();
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    AsyncModelClient db = AsyncModelClient.builder(model, backend.async()).listener(new ModelListener() {
      @Override
      public void after(Request request, Response response) {
        seen.add(request.operation() + request.accessPattern().map(p -> " " + p).orElse("")
            + (response.failed() ? " failed" : "") + (response.consumedCapacity().isPresent() ? " cu" : ""));
      }
    }).build();
    db.createTable().join();
    Task t = db.entity(TASK).create(new Task("ann", "a", "a", "OPEN", null, null)).join();
    failure(db.entity(TASK).create(t));
    db.query(TASKS_OF_OWNER).partition(Key.of("owner", "ann")).pageAsync().join();
    assertEquals(List.of("CreateTable", "PutItem cu", "PutItem failed", "Query Tasks of an owner cu"), seen);
  }

  record Session(String id, Instant expiresAt) {}

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void createTableEnablesTimeToLiveOnceTheTableIsActive(AsyncBackend backend) {
    Entity<Session> session = Entity.of(Session.class).key("SESSION#{id}", "SESSION").ttl("expiresAt");
    Model model = Model.builder(TableSchema.named(Backend.freshTable("AsyncTtl"))).entities(session).build();
    AsyncModelClient.create(model, backend.async()).createTable().join();
    var ttl = backend.sync().describeTimeToLive(b -> b.tableName(model.table().name())).timeToLiveDescription();
    assertEquals(software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus.ENABLED, ttl.timeToLiveStatus());
    assertEquals("expiresAt", ttl.attributeName());
    assertInstanceOf(software.amazon.awssdk.services.dynamodb.model.ResourceInUseException.class,
        failure(AsyncModelClient.create(model, backend.async()).createTable()));
  }

  record Event(String device, String id, String type, int shard, String at) {}

  record Shop(String id, double lat, double lon, String cell) {}

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void fanOutOverShardsAndCellsAnswersAsTheSyncHelpers(AsyncBackend backend) {
    WriteShards shards = WriteShards.of("shard", 10);
    Entity<Event> event = Entity.of(Event.class).key("DEVICE#{device}", "EVT#{at}#{id}")
        .index("gsi1", "EVTTYPE#{type}#{shard}", "{at}#{id}");
    AccessPattern<Event> eventsOfType = AccessPattern.of("Events of a type", event).index("gsi1")
        .partition("EVTTYPE#{type}#{shard}").sortBeginsWith("{at}").build();
    Entity<Shop> shop = Entity.of(Shop.class).key("SHOP#{id}", "SHOP#{id}").index("gsi2", "CELL#{cell}", "SHOP#{id}");
    AccessPattern<Shop> shopsInCell = AccessPattern.of("Shops in a cell", shop).index("gsi2")
        .partition("CELL#{cell}").build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("AsyncFanOut"))
        .globalIndex("gsi1", "gsi1pk", "gsi1sk").globalIndex("gsi2", "gsi2pk", "gsi2sk"))
        .entities(event, shop).patterns(eventsOfType, shopsInCell).build();
    ModelClient sync = ModelClient.builder(model, backend.sync()).build();
    sync.createTable();
    AsyncModelClient db = AsyncModelClient.builder(model, backend.async()).build();

    List<Event> events = new ArrayList<>();
    for (int i = 0; i < 90; i++) {
      String id = String.format("e%03d", i);
      events.add(new Event("d" + (i % 7), id, i % 3 == 0 ? "LOW" : "HIGH", shards.shardFor(id),
          String.format("2026-04-%02dT%02d:00:00Z", 25 + i % 3, i % 24)));
    }
    java.util.Random random = new java.util.Random(3);
    List<Shop> shops = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      double lat = 52.52 + (random.nextDouble() - 0.5) * 0.1;
      double lon = 13.40 + (random.nextDouble() - 0.5) * 0.16;
      shops.add(new Shop(String.format("%03d", i), lat, lon, Geohash.encode(lat, lon, 6)));
    }
    db.batchWrite().put(event, events).put(shop, shops).executeAsync().join();

    Comparator<Event> byTime = Comparator.comparing(Event::at).thenComparing(Event::id);
    List<Event> high = events.stream().filter(e -> e.type().equals("HIGH")).sorted(byTime).toList();
    assertEquals(high, shards.queryAll(db, eventsOfType, Key.of("type", "HIGH"), null, byTime).join());
    assertEquals(shards.queryAll(sync, eventsOfType, Key.of("type", "HIGH"), q -> q.sort(Key.of("at", "2026-04-26")),
        byTime, null), shards.queryAll(db, eventsOfType, Key.of("type", "HIGH"),
        q -> q.sort(Key.of("at", "2026-04-26")), byTime).join());

    Nearby<Shop> nearby = Nearby.of(shopsInCell, "cell", 6, Shop::lat, Shop::lon);
    List<Nearby.Near<Shop>> near = nearby.search(db, 52.521, 13.401, 1_500).join();
    assertEquals(nearby.search(sync, 52.521, 13.401, 1_500), near);
    assertEquals(shops.stream().filter(s -> Geohash.distanceMeters(52.521, 13.401, s.lat(), s.lon()) <= 1_500)
        .count(), near.size());
    assertTrue(near.size() > 10);
  }
}
