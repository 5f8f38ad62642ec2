package io.partita.model;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A task tracker whose index keys are derived from fields that updates change: gsi1 by status (a field plus the
 * table key's taskId), gsi2 by assignee, sparse (an Optional), sorted by due date (a field the update may not give).
 */
final class Tasks {

  enum Status { OPEN, DONE }

  record Address(String city, Optional<String> zip) {}

  record Task(String project, String taskId, String title, Status status, Optional<String> assignee, Instant due,
      long points, Set<String> tags, List<String> log, Map<String, String> labels, Address address,
      Instant createdAt, Instant updatedAt, Long version) {}

  /** A clock tests move by hand. */
  static final class ManualClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  final Entity<Task> task = Entity.of(Task.class)
      .key("PROJECT#{project}", "TASK#{taskId}")
      .index("gsi1", "STATUS#{status}", "TASK#{taskId}")
      .index("gsi2", "USER#{assignee}", "DUE#{due}#{taskId}")
      .generatedId("taskId", Ids.ULID)
      .timestamps("createdAt", "updatedAt")
      .version("version");

  final AccessPattern<Task> byStatus = AccessPattern.of("Tasks by status", task)
      .index("gsi1").partition("STATUS#{status}").sortBeginsWith("TASK#").build();
  final AccessPattern<Task> byAssignee = AccessPattern.of("Tasks of a user by due date", task)
      .index("gsi2").partition("USER#{assignee}").sortBeginsWith("DUE#").build();

  final Model model;

  Tasks(String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk")
        .globalIndex("gsi2", "gsi2pk", "gsi2sk")).entities(task).patterns(byStatus, byAssignee).build();
  }

  static Task newTask(String project, String title, Optional<String> assignee, Instant due) {
    return new Task(project, null, title, Status.OPEN, assignee, due, 0, Set.of(), List.of(), Map.of(),
        new Address("Lyon", Optional.of("69001")), null, null, null);
  }
}
