package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.Tasks.Status;
import io.partita.model.Tasks.Task;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Fields named by accessor references ({@code Task::title}): the same requests as by name, checked by the compiler. */
class FieldTest {
  private static final Instant DUE = Instant.parse("2026-03-01T12:00:00Z");

  @Test
  void anAccessorReferenceNamesItsComponent() {
    assertEquals("title", ((Field<Task, String>) Task::title).name());
    assertEquals("points", ((Field<Task, Long>) Task::points).name());
    assertEquals(Key.of("project", "p", "taskId", "t1"), Key.of(Task::project, "p", Task::taskId, "t1"));
    assertEquals(Condition.eq("status", Status.DONE), Condition.eq(Task::status, Status.DONE));
  }

  @Test
  void anythingButARecordAccessorIsRefused() {
    Field<Task, String> lambda = t -> t.title().trim();
    ValidationException e = assertThrows(ValidationException.class, lambda::name);
    assertTrue(e.getMessage().contains("method reference to a record accessor"), e.getMessage());
    Field<Task, String> notAnAccessor = FieldTest::describe;
    assertThrows(ValidationException.class, notAnAccessor::name);
  }

  private static String describe(Task t) {
    return t.title();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void typedUpdatesConditionsAndKeysRunAsTheNamedOnes(Backend backend) {
    Tasks tasks = new Tasks(Backend.freshTable("Fields"));
    ModelClient db = ModelClient.builder(tasks.model, backend.client()).build();
    db.createTable();
    EntityClient<Task> client = db.entity(tasks.task);
    Task t = client.create(Tasks.newTask("p", "Write", Optional.of("ann"), DUE));

    Task after = client.update(Key.of(Task::project, "p").and(Task::taskId, t.taskId()))
        .set(Task::title, "Write more")
        .add(Task::points, 5L)
        .addToSet(Task::tags, Set.of("a", "b"))
        .append(Task::log, List.of("created"))
        .set(Task::assignee, Optional.empty()) // an empty Optional removes the field (and its sparse index entry)
        .condition(Condition.and(Condition.eq(Task::title, "Write"), Condition.exists(Task::assignee)))
        .execute();
    assertEquals("Write more", after.title());
    assertEquals(5, after.points());
    assertEquals(Set.of("a", "b"), after.tags());
    assertEquals(List.of("created"), after.log());
    assertEquals(Optional.empty(), after.assignee());

    assertThrows(ConditionFailedException.class, () -> client.update(Key.of(Task::project, "p").and(Task::taskId, t.taskId()))
        .subtract(Task::points, 1L).condition(Condition.gt(Task::points, 10L)).execute());
    assertEquals(5, client.get(Key.of(Task::project, "p", Task::taskId, t.taskId())).orElseThrow().points(),
        "the failed condition wrote nothing");
  }
}
