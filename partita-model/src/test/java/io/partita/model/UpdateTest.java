package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.model.Tasks.Address;
import io.partita.model.Tasks.Status;
import io.partita.model.Tasks.Task;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The typed update builder and upsert, on every backend: operations, derived keys, versions, conditions. */
class UpdateTest {
  private static final Instant DUE = Instant.parse("2026-03-01T12:00:00Z");

  private static final class Fixture {
    final Tasks tasks = new Tasks(Backend.freshTable("Tasks"));
    final Tasks.ManualClock clock = new Tasks.ManualClock();
    final DynamoDbClient dynamo;
    final ModelClient db;
    final EntityClient<Task> client;

    Fixture(DynamoDbClient dynamo) {
      this.dynamo = dynamo;
      db = ModelClient.builder(tasks.model, dynamo).clock(clock).build();
      db.createTable();
      client = db.entity(tasks.task);
    }

    Map<String, AttributeValue> raw(Task t) {
      return dynamo.getItem(b -> b.tableName(tasks.model.table().name()).consistentRead(true).key(Map.of(
          "pk", AttributeValue.fromS("PROJECT#" + t.project()), "sk", AttributeValue.fromS("TASK#" + t.taskId()))))
          .item();
    }

    Key key(Task t) {
      return Key.of("project", t.project(), "taskId", t.taskId());
    }

    List<String> byStatus(Status s) {
      return db.query(tasks.byStatus).partition(Key.of("status", s)).all().stream().map(Task::taskId)
          .collect(Collectors.toList());
    }

    List<String> byAssignee(String user) {
      return db.query(tasks.byAssignee).partition(Key.of("assignee", user)).all().stream().map(Task::taskId)
          .collect(Collectors.toList());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void everyOperationOnEveryKindOfPath(Backend backend) {
    Fixture f = new Fixture(backend.client());
    Task t = f.client.create(Tasks.newTask("p", "Write", Optional.of("ann"), DUE));
    f.clock.advance(Duration.ofMinutes(5));
    Task after = f.client.update(f.key(t))
        .set("title", "Write more")
        .add("points", 5)
        .add("tags", Set.of("a", "b", "c"))
        .append("log", List.of("created"))
        .set("labels.color", "red")
        .set("address.city", "Paris")
        .remove("address.zip")
        .execute();
    assertEquals("Write more", after.title());
    assertEquals(5, after.points());
    assertEquals(Set.of("a", "b", "c"), after.tags());
    assertEquals(List.of("created"), after.log());
    assertEquals(Map.of("color", "red"), after.labels());
    assertEquals(new Address("Paris", Optional.empty()), after.address());
    assertEquals(t.createdAt(), after.createdAt());
    assertEquals(t.createdAt().plus(Duration.ofMinutes(5)), after.updatedAt(), "updatedAt maintained");
    assertEquals(2L, after.version(), "version incremented");

    Task again = f.client.update(f.key(t))
        .subtract("points", 2)
        .deleteFromSet("tags", Set.of("b"))
        .prepend("log", List.of("drafted"))
        .execute();
    assertEquals(3, again.points());
    assertEquals(Set.of("a", "c"), again.tags());
    assertEquals(List.of("drafted", "created"), again.log());
    assertEquals(3L, again.version());
    assertEquals(again, f.client.get(f.key(t), true).orElseThrow(), "returned values are the stored item");

    Task third = f.client.update(f.key(t))
        .setIfNotExists("labels.color", "blue") // kept: there is one
        .setIfNotExists("labels.owner", "ann")  // set: there is none
        .set("log[1]", "created!")
        .set("address", new Address("Nice", Optional.of("06000")))
        .set("tags", Set.of()) // an empty set removes the attribute
        .execute();
    assertEquals(Map.of("color", "red", "owner", "ann"), third.labels());
    assertEquals(List.of("drafted", "created!"), third.log());
    assertEquals(new Address("Nice", Optional.of("06000")), third.address());
    assertEquals(Set.of(), third.tags());
    assertFalse(f.raw(t).containsKey("tags"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void invalidUpdatesAreRefusedBeforeSending(Backend backend) {
    Fixture f = new Fixture(backend.client());
    Task t = f.client.create(Tasks.newTask("p", "Write", Optional.of("ann"), DUE));
    ValidationException keyChange = assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("taskId", "other").execute());
    assertEquals("taskId", keyChange.field());
    assertTrue(keyChange.getMessage().contains("table key"), keyChange.getMessage());
    assertEquals("project", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("project", "q").execute()).field());
    assertEquals("title", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).remove("title").execute()).field(), "a required field stays");
    assertEquals("title", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("title", 3).execute()).field(), "wrong type");
    assertEquals("nope", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("nope", 3).execute()).field());
    assertEquals("address", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("address.street", "x").execute()).field());
    assertEquals("address", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("address", new Address("A", Optional.empty()))
            .set("address.city", "B").execute()).field(), "overlapping paths");
    assertEquals("title", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).add("title", 1).execute()).field());
    assertEquals("version", assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).set("version", 9L).execute()).field());
    // a field feeding an index key must be given as a value: the database alone would know the result
    ValidationException opaque = assertThrows(ValidationException.class,
        () -> f.client.update(f.key(t)).setIfNotExists("assignee", "bob").execute());
    assertEquals("assignee", opaque.field());
    assertTrue(opaque.getMessage().contains("gsi2"), opaque.getMessage());
    assertEquals(t, f.client.get(f.key(t), true).orElseThrow(), "nothing was written");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anUpdateMovesTheIndexEntry(Backend backend) {
    Fixture f = new Fixture(backend.client());
    Task a = f.client.create(Tasks.newTask("p", "A", Optional.empty(), DUE));
    Task b = f.client.create(Tasks.newTask("p", "B", Optional.empty(), DUE));
    assertEquals(List.of(a.taskId(), b.taskId()), f.byStatus(Status.OPEN));

    // status feeds gsi1 (STATUS#{status} / TASK#{taskId}); taskId comes from the key, so no read is needed
    AtomicInteger gets = new AtomicInteger();
    Fixture counted = new Fixture(counting(backend.client(), gets, null));
    Task c = counted.client.create(Tasks.newTask("p", "C", Optional.empty(), DUE));
    counted.client.update(counted.key(c)).set("status", Status.DONE).execute();
    assertEquals(0, gets.get(), "no read: every input of the new key was known");
    assertEquals(List.of(c.taskId()), counted.byStatus(Status.DONE));
    assertEquals(List.of(), counted.byStatus(Status.OPEN));

    f.client.update(f.key(a)).set("status", Status.DONE).execute();
    assertEquals(List.of(b.taskId()), f.byStatus(Status.OPEN));
    assertEquals(List.of(a.taskId()), f.byStatus(Status.DONE));
    assertEquals("STATUS#DONE", f.raw(a).get("gsi1pk").s());
    assertEquals("TASK#" + a.taskId(), f.raw(a).get("gsi1sk").s());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void removingAnOptionalRemovesTheSparseEntryAndSettingItReadsTheOtherFields(Backend backend) {
    AtomicInteger gets = new AtomicInteger();
    Fixture f = new Fixture(counting(backend.client(), gets, null));
    Task t = f.client.create(Tasks.newTask("p", "A", Optional.of("ann"), DUE));
    assertEquals(List.of(t.taskId()), f.byAssignee("ann"));
    assertEquals("DUE#2026-03-01T12:00:00.000Z#" + t.taskId(), f.raw(t).get("gsi2sk").s());

    Task unassigned = f.client.update(f.key(t)).remove("assignee").execute();
    assertEquals(Optional.empty(), unassigned.assignee());
    assertFalse(f.raw(t).containsKey("gsi2pk"), "the sparse index entry is removed");
    assertFalse(f.raw(t).containsKey("gsi2sk"));
    assertEquals(List.of(), f.byAssignee("ann"));

    // gsi2 needs due too, which this update does not give: it is read (consistently) and the write conditioned on it
    int before = gets.get();
    f.client.update(f.key(t)).set("assignee", "bob").execute();
    assertEquals(before + 1, gets.get(), "one read, for the key's inputs");
    assertEquals(List.of(t.taskId()), f.byAssignee("bob"));
    assertEquals("DUE#2026-03-01T12:00:00.000Z#" + t.taskId(), f.raw(t).get("gsi2sk").s());

    // changing due alone reads the assignee; the entry moves within bob's partition
    Instant later = DUE.plus(Duration.ofDays(3));
    f.client.update(f.key(t)).set("due", later).execute();
    assertEquals("USER#bob", f.raw(t).get("gsi2pk").s());
    assertEquals("DUE#2026-03-04T12:00:00.000Z#" + t.taskId(), f.raw(t).get("gsi2sk").s());

    // changing due of an unassigned task keeps it out of the index
    Task u = f.client.create(Tasks.newTask("p", "U", Optional.empty(), DUE));
    f.client.update(f.key(u)).set("due", later).execute();
    assertFalse(f.raw(u).containsKey("gsi2pk"));

    // given both, no read at all
    before = gets.get();
    f.client.update(f.key(t)).set("assignee", "cid").set("due", DUE).execute();
    assertEquals(before, gets.get());
    assertEquals(List.of(t.taskId()), f.byAssignee("cid"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void assumingSkipsTheReadAndAWrongAssumptionWritesNothing(Backend backend) {
    AtomicInteger gets = new AtomicInteger();
    Fixture f = new Fixture(counting(backend.client(), gets, null));
    Task t = f.client.create(Tasks.newTask("p", "A", Optional.of("ann"), DUE));
    Instant wrong = DUE.plusSeconds(1);
    ConditionFailedException e = assertThrows(ConditionFailedException.class,
        () -> f.client.update(f.key(t)).set("assignee", "bob").assuming("due", wrong).execute());
    assertFalse(e instanceof VersionConflictException);
    assertEquals(t, f.client.get(f.key(t), true).orElseThrow(), "no wrong key written");
    assertEquals(List.of(t.taskId()), f.byAssignee("ann"));

    int before = gets.get();
    f.client.update(f.key(t)).set("assignee", "bob").assuming("due", DUE).execute();
    assertEquals(before, gets.get(), "no read");
    assertEquals(List.of(t.taskId()), f.byAssignee("bob"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aReadValueThatChangesBeforeTheWriteIsReadAgain(Backend backend) {
    // another writer moves the due date between the library's read and its UpdateItem, once
    AtomicInteger gets = new AtomicInteger();
    Fixture[] self = new Fixture[1];
    Instant moved = DUE.plus(Duration.ofDays(10));
    DynamoDbClient racing = counting(backend.client(), gets, request -> {
      if (request.expressionAttributeNames().containsValue("gsi2pk") && !raced[0]) {
        raced[0] = true;
        Task current = self[0].client.get(Key.of("project", "p", "taskId", ids[0]), true).orElseThrow();
        self[0].client.update(self[0].key(current)).set("due", moved).set("assignee", "ann").execute();
      }
    });
    Fixture f = new Fixture(racing);
    self[0] = f;
    Task t = f.client.create(Tasks.newTask("p", "A", Optional.of("ann"), DUE));
    ids[0] = t.taskId();
    f.client.update(f.key(t)).set("assignee", "bob").execute();
    assertTrue(raced[0]);
    assertEquals("USER#bob", f.raw(t).get("gsi2pk").s());
    assertEquals("DUE#2026-03-11T12:00:00.000Z#" + t.taskId(), f.raw(t).get("gsi2sk").s(),
        "the key is built from the due date as it is, not as first read");
    raced[0] = false;
  }

  private static final boolean[] raced = new boolean[1];
  private static final String[] ids = new String[1];

  @ParameterizedTest
  @EnumSource(Backend.class)
  void versionsAndConditions(Backend backend) {
    Fixture f = new Fixture(backend.client());
    Task t = f.client.create(Tasks.newTask("p", "A", Optional.empty(), DUE));
    assertEquals(1L, t.version());
    Task v2 = f.client.update(f.key(t)).set("title", "B").ifVersion(1).execute();
    assertEquals(2L, v2.version());
    VersionConflictException stale = assertThrows(VersionConflictException.class,
        () -> f.client.update(f.key(t)).set("title", "C").ifVersion(1).execute());
    assertEquals(1L, stale.expectedVersion());
    VersionConflictException withCurrent = assertThrows(VersionConflictException.class,
        () -> f.client.returningCurrentOnFailure().update(f.key(t)).set("title", "C").ifVersion(1).execute());
    assertEquals(Optional.of(v2), withCurrent.current(Task.class));

    ConditionFailedException condition = assertThrows(ConditionFailedException.class,
        () -> f.client.update(f.key(t)).set("title", "C").condition(Condition.eq("title", "A")).ifVersion(2)
            .execute());
    assertFalse(condition instanceof VersionConflictException, "the version matched: the caller's condition failed");
    assertEquals(Optional.empty(), condition.current());
    assertEquals("B", f.client.update(f.key(t)).set("points", 1L).condition(Condition.eq("title", "B")).execute()
        .title());

    ConditionFailedException missing = assertThrows(ConditionFailedException.class,
        () -> f.client.update(Key.of("project", "p", "taskId", "nope")).set("title", "C").execute());
    assertFalse(missing instanceof VersionConflictException);
    assertTrue(missing.getMessage().contains("no item"), missing.getMessage());
    assertEquals(Optional.empty(), f.client.get(Key.of("project", "p", "taskId", "nope"), true),
        "an update never creates a partial item");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void upsertKeepsCreatedAt(Backend backend) {
    Fixture f = new Fixture(backend.client());
    Task fresh = f.client.upsert(new Task("p", "t1", "A", Status.OPEN, Optional.of("ann"), DUE, 1, Set.of("x"),
        List.of(), Map.of(), new Address("Lyon", Optional.empty()), null, null, null));
    Instant created = f.clock.instant();
    assertEquals(created, fresh.createdAt());
    assertEquals(1L, fresh.version());
    assertEquals(List.of("t1"), f.byAssignee("ann"));

    f.clock.advance(Duration.ofHours(1));
    Task replaced = f.client.upsert(new Task("p", "t1", "B", Status.DONE, Optional.empty(), DUE, 2, Set.of(),
        List.of(), Map.of(), new Address("Lyon", Optional.empty()), null, null, null));
    assertEquals(created, replaced.createdAt(), "createdAt of the existing item kept");
    assertEquals(created.plus(Duration.ofHours(1)), replaced.updatedAt());
    assertEquals("B", replaced.title());
    assertEquals(Set.of(), replaced.tags(), "absent fields removed");
    assertEquals(2L, replaced.version());
    assertEquals(List.of(), f.byAssignee("ann"), "sparse entry removed");
    assertEquals(List.of("t1"), f.byStatus(Status.DONE));
    assertEquals(List.of(), f.byStatus(Status.OPEN));
    Map<String, AttributeValue> raw = f.raw(replaced);
    assertEquals("Task", raw.get("_type").s());
    assertNull(raw.get("assignee"));

    assertThrows(VersionConflictException.class, () -> f.client.upsert(new Task("p", "t1", "C", Status.DONE,
        Optional.empty(), DUE, 2, Set.of(), List.of(), Map.of(), new Address("Lyon", Optional.empty()), null, null,
        1L)));
    assertEquals(3L, f.client.upsert(new Task("p", "t1", "C", Status.DONE, Optional.empty(), DUE, 2, Set.of(),
        List.of(), Map.of(), new Address("Lyon", Optional.empty()), null, null, 2L)).version());
  }

  /** {@code client} counting GetItem calls, and running {@code beforeUpdate} before each UpdateItem. */
  static DynamoDbClient counting(DynamoDbClient client, AtomicInteger gets,
      java.util.function.Consumer<UpdateItemRequest> beforeUpdate) {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("getItem")) {
            gets.incrementAndGet();
          }
          if (beforeUpdate != null && method.getName().equals("updateItem") && args[0] instanceof UpdateItemRequest r) {
            beforeUpdate.accept(r);
          }
          try {
            return method.invoke(client, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
