package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.partita.model.micrometer.MicrometerRequestMetrics;
import io.partita.model.slf4j.Slf4jRequestLogger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.Logger;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** Listeners see every request: operation, access pattern, capacity, error; the SLF4J and Micrometer ones too. */
class ListenerTest {

  record Note(String owner, String id, String text) {}

  /** Records what it is told, in order. */
  static final class Recording implements ModelListener {
    final String name;
    final List<String> calls;
    final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    final List<Response> responses = Collections.synchronizedList(new ArrayList<>());

    Recording(String name, List<String> calls) {
      this.name = name;
      this.calls = calls;
    }

    @Override
    public void before(Request request) {
      calls.add(name + " before " + request.operation());
    }

    @Override
    public void after(Request request, Response response) {
      calls.add(name + " after " + request.operation());
      requests.add(request);
      responses.add(response);
    }
  }

  private static final Entity<Note> NOTE = Entity.of(Note.class).key("OWNER#{owner}", "NOTE#{id}");
  private static final AccessPattern<Note> NOTES = AccessPattern.of("Notes of an owner", NOTE)
      .partition("OWNER#{owner}").sortBeginsWith("NOTE#").build();
  private static final AccessPattern<Note> ONE_NOTE = AccessPattern.of("One note", NOTE)
      .partition("OWNER#{owner}").sortEq("NOTE#{id}").build();

  private static Model model(String table) {
    return Model.builder(TableSchema.named(table)).entities(NOTE).patterns(NOTES, ONE_NOTE).build();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void everyRequestIsSeenBeforeAndAfterWithPatternCapacityAndError(Backend backend) {
    String table = Backend.freshTable("Listen");
    List<String> calls = Collections.synchronizedList(new ArrayList<>());
    Recording first = new Recording("1", calls);
    Recording second = new Recording("2", calls);
    ModelClient db = ModelClient.builder(model(table), backend.client()).listener(first).listener(second).build();
    db.createTable();
    EntityClient<Note> notes = db.entity(NOTE);
    notes.create(new Note("ann", "n1", "hello"));
    assertThrows(AlreadyExistsException.class, () -> notes.create(new Note("ann", "n1", "again")));
    notes.get(Key.of("owner", "ann", "id", "n1"));
    db.query(NOTES).partition(Key.of("owner", "ann")).all();
    db.query(ONE_NOTE).partition(Key.of("owner", "ann")).sort(Key.of("id", "n1")).page();
    notes.scan().all();
    db.transaction().create(NOTE, new Note("bob", "n2", "tx")).execute();
    db.batchWrite().put(NOTE, List.of(new Note("cy", "n3", "batch"))).execute();

    List<String> operations = first.requests.stream().map(ModelListener.Request::operation).toList();
    assertEquals(List.of("CreateTable", "PutItem", "PutItem", "GetItem", "Query", "GetItem", "Scan",
        "TransactWriteItems", "BatchWriteItem"), operations);
    assertEquals(List.of("1 before CreateTable", "2 before CreateTable", "2 after CreateTable",
        "1 after CreateTable"), calls.subList(0, 4), "before in order, after in reverse");
    assertEquals(first.requests.size() * 4, calls.size(), "each listener, before and after, once per request");

    List<Optional<String>> patterns = first.requests.stream().map(ModelListener.Request::accessPattern).toList();
    assertEquals(Optional.of("Notes of an owner"), patterns.get(4));
    assertEquals(Optional.of("One note"), patterns.get(5));
    assertEquals(Optional.empty(), patterns.get(3), "a get by key serves no pattern");
    assertEquals(Optional.empty(), patterns.get(6), "a scan is not an access pattern");
    for (ModelListener.Request r : first.requests) {
      assertEquals(table, r.table());
      assertNotNull(r.sdkRequest());
    }

    ModelListener.Response refused = first.responses.get(2);
    assertTrue(refused.failed());
    assertInstanceOf(ConditionalCheckFailedException.class, refused.error().orElseThrow());
    assertFalse(refused.consumedCapacity().isPresent());
    for (int i : new int[] {1, 3, 4, 5, 6, 7, 8}) {
      ModelListener.Response ok = first.responses.get(i);
      assertFalse(ok.failed(), operations.get(i));
      assertTrue(ok.consumedCapacity().orElse(0) > 0, operations.get(i) + " reports its capacity");
      assertFalse(ok.latency().isNegative());
    }
    assertSame(first.responses.get(4), second.responses.get(4), "one response object for all listeners");
  }

  /** An SLF4J logger that keeps its lines: "DEBUG text" / "WARN text". */
  private static Logger recordingLogger(List<String> lines) {
    return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[] {Logger.class},
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "isDebugEnabled":
            case "isWarnEnabled":
              return true;
            case "debug":
            case "warn":
              lines.add(method.getName().toUpperCase() + " " + args[0]);
              return null;
            case "getName":
              return "test";
            default:
              throw new AssertionError("unexpected call " + method.getName());
          }
        });
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theSlf4jLoggerWritesALinePerRequest(Backend backend) {
    String table = Backend.freshTable("Logged");
    List<String> lines = new ArrayList<>();
    Slf4jRequestLogger logger = new Slf4jRequestLogger(recordingLogger(lines));
    ModelClient db = ModelClient.builder(model(table), backend.client()).listener(logger).build();
    // no table yet: a real failure, logged as a warning
    assertThrows(ResourceNotFoundException.class, () -> db.entity(NOTE).get(Key.of("owner", "ann", "id", "n1")));
    assertThrows(ResourceNotFoundException.class, () -> db.query(NOTES).partition(Key.of("owner", "a")).page());
    db.createTable();
    db.entity(NOTE).create(new Note("ann", "n1", "hello"));
    assertThrows(AlreadyExistsException.class, () -> db.entity(NOTE).create(new Note("ann", "n1", "hello")));
    db.query(NOTES).partition(Key.of("owner", "ann")).page();

    assertEquals(6, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("WARN GetItem " + table + " "), lines.get(0));
    assertTrue(lines.get(0).contains("failed: ResourceNotFoundException"), lines.get(0));
    assertTrue(lines.get(1).startsWith("WARN Query " + table + " [Notes of an owner] "), lines.get(1));
    assertTrue(lines.get(2).startsWith("DEBUG CreateTable " + table), lines.get(2));
    assertTrue(lines.get(3).matches("DEBUG PutItem " + table + " [0-9.]+ ms, [0-9.]+ capacity units"), lines.get(3));
    assertTrue(lines.get(4).startsWith("DEBUG PutItem") && lines.get(4).contains("ConditionalCheckFailed"),
        "a refused condition is an expected answer: " + lines.get(4));
    assertTrue(lines.get(5).matches("DEBUG Query " + table + " \\[Notes of an owner] [0-9.]+ ms, [0-9.]+ capacity"
        + " units"), lines.get(5));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void theMicrometerBinderTimesRequestsAndSumsCapacity(Backend backend) {
    String table = Backend.freshTable("Metered");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    MicrometerRequestMetrics metrics = new MicrometerRequestMetrics();
    ModelClient db = ModelClient.builder(model(table), backend.client()).listener(metrics).build();
    db.createTable(); // before bindTo: not counted
    metrics.bindTo(registry);
    db.entity(NOTE).create(new Note("ann", "n1", "hello"));
    db.entity(NOTE).create(new Note("ann", "n2", "world"));
    assertThrows(AlreadyExistsException.class, () -> db.entity(NOTE).create(new Note("ann", "n1", "hello")));
    db.query(NOTES).partition(Key.of("owner", "ann")).page();

    assertEquals(2, registry.get(MicrometerRequestMetrics.REQUESTS).tags("operation", "PutItem", "outcome",
        "success", "pattern", "none", "table", table).timer().count());
    assertEquals(1, registry.get(MicrometerRequestMetrics.REQUESTS).tags("operation", "PutItem", "outcome",
        "ConditionalCheckFailedException").timer().count());
    assertEquals(1, registry.get(MicrometerRequestMetrics.REQUESTS).tags("operation", "Query", "pattern",
        "Notes of an owner").timer().count());
    assertTrue(registry.find(MicrometerRequestMetrics.REQUESTS).tags("operation", "CreateTable").timers().isEmpty());
    var putCapacity = registry.get(MicrometerRequestMetrics.CAPACITY).tags("operation", "PutItem").summary();
    assertEquals(2, putCapacity.count(), "the refused put reported no capacity");
    assertTrue(putCapacity.totalAmount() >= 2, "at least one write unit each: " + putCapacity.totalAmount());
  }
}
