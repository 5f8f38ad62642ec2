package io.partita.embedded;

import static io.partita.embedded.BackupsTest.createTable;
import static io.partita.embedded.BackupsTest.item;
import static io.partita.embedded.BackupsTest.queryG;
import static io.partita.embedded.BackupsTest.scan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.Partita;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InvalidRestoreTimeException;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryDescription;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryUnavailableException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;

/**
 * Point-in-time recovery (issue 16): UpdateContinuousBackups, DescribeContinuousBackups and
 * RestoreTableToPointInTime, on a clock the test moves. Each restore is compared item by item with
 * the table as the test saw it at that instant. Facts and choices: docs/backups.md.
 */
class PointInTimeRecoveryTest extends OpenedDatabase {
  static final String T = "music";
  private final MutableClock clock = new MutableClock(Instant.parse("2024-05-01T10:00:00Z"));

  private ContinuousBackupsDescription enable(Integer days) {
    return dynamo.updateContinuousBackups(b -> b.tableName(T).pointInTimeRecoverySpecification(s -> s
        .pointInTimeRecoveryEnabled(true).recoveryPeriodInDays(days))).continuousBackupsDescription();
  }

  private void put(int pk, int sk, String g, String v) {
    dynamo.putItem(b -> b.tableName(T).item(item(pk, sk, g, v)));
  }

  private void delete(int pk, int sk) {
    dynamo.deleteItem(b -> b.tableName(T).key(Map.of("pk", AttributeValue.fromS("p" + pk), "sk",
        AttributeValue.fromS("s" + sk))));
  }

  private TableDescription restore(String target, Instant at) {
    return dynamo.restoreTableToPointInTime(b -> b.sourceTableName(T).targetTableName(target).restoreDateTime(at))
        .tableDescription();
  }

  @Test
  void describeAndUpdateTheSetting() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    ContinuousBackupsDescription off = dynamo.describeContinuousBackups(b -> b.tableName(T))
        .continuousBackupsDescription();
    assertEquals(ContinuousBackupsStatus.ENABLED, off.continuousBackupsStatus(), "on for every table");
    assertEquals(PointInTimeRecoveryStatus.DISABLED, off.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
    assertNull(off.pointInTimeRecoveryDescription().earliestRestorableDateTime());

    Instant enabledAt = clock.instant();
    PointInTimeRecoveryDescription on = enable(null).pointInTimeRecoveryDescription();
    assertEquals(PointInTimeRecoveryStatus.ENABLED, on.pointInTimeRecoveryStatus());
    assertEquals(35, on.recoveryPeriodInDays(), "the default period");
    assertEquals(enabledAt, on.earliestRestorableDateTime());
    assertEquals(enabledAt, on.latestRestorableDateTime());

    clock.advance(Duration.ofDays(3));
    PointInTimeRecoveryDescription later = enable(1).pointInTimeRecoveryDescription();
    assertEquals(1, later.recoveryPeriodInDays());
    assertEquals(clock.instant().minus(Duration.ofDays(1)), later.earliestRestorableDateTime(),
        "now less the period, once that is after the start");
    assertEquals(clock.instant(), later.latestRestorableDateTime());

    DynamoDbException tooLong = assertThrows(DynamoDbException.class, () -> enable(36));
    assertEquals("1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' "
        + "failed to satisfy constraint: Member must have value less than or equal to 35",
        tooLong.awsErrorDetails().errorMessage());
    assertThrows(TableNotFoundException.class, () -> dynamo.describeContinuousBackups(b -> b.tableName("nope")));

    PointInTimeRecoveryDescription disabled = dynamo.updateContinuousBackups(b -> b.tableName(T)
        .pointInTimeRecoverySpecification(s -> s.pointInTimeRecoveryEnabled(false))).continuousBackupsDescription()
        .pointInTimeRecoveryDescription();
    assertEquals(PointInTimeRecoveryStatus.DISABLED, disabled.pointInTimeRecoveryStatus());
    PointInTimeRecoveryUnavailableException unavailable = assertThrows(PointInTimeRecoveryUnavailableException.class,
        () -> dynamo.restoreTableToPointInTime(b -> b.sourceTableName(T).targetTableName("back")
            .useLatestRestorableTime(true)));
    assertEquals("Point in time recovery is not enabled for table 'music'", unavailable.awsErrorDetails().errorMessage());
  }

  @Test
  void restoresToSeveralInstantsItemByItem() {
    open(Partita.with().clock(clock).inMemory());
    createTable(dynamo, T);
    put(1, 1, "g1", "before-enable");
    enable(null);
    List<Instant> instants = new ArrayList<>();
    List<Map<String, Map<String, AttributeValue>>> states = new ArrayList<>();
    instants.add(clock.instant());
    states.add(scan(dynamo, T));
    for (int step = 0; step < 6; step++) {
      clock.advance(Duration.ofSeconds(10));
      for (int i = 0; i < 20; i++) {
        int k = (i * 7 + step * 3) % 25;
        if ((i + step) % 4 == 0) {
          delete(k % 5, k);
        } else {
          put(k % 5, k, "g" + ((k + step) % 3), "step" + step + "-" + i);
        }
      }
      // several writes of one item in one millisecond: the earliest image must win on the way back
      put(2, 2, "g0", "first-" + step);
      put(2, 2, "g1", "second-" + step);
      instants.add(clock.instant());
      states.add(scan(dynamo, T));
    }
    clock.advance(Duration.ofSeconds(5));
    for (int i = instants.size() - 1; i >= 0; i--) {
      String target = "at" + i;
      TableDescription d = restore(target, instants.get(i));
      assertEquals(instants.get(i), d.restoreSummary().restoreDateTime());
      assertNull(d.restoreSummary().sourceBackupArn());
      assertEquals(states.get(i), scan(dynamo, target), "the table at instant " + i);
      for (String g : List.of("g0", "g1", "g2")) {
        long expected = states.get(i).values().stream().filter(it -> g.equals(it.get("g").s())).count();
        assertEquals(expected, queryG(dynamo, target, g).size(), "index byG at instant " + i);
      }
    }
    TableDescription latest = dynamo.restoreTableToPointInTime(b -> b.sourceTableArn(
        "arn:aws:dynamodb:us-east-1:000000000000:table/music").targetTableName("latest").useLatestRestorableTime(true))
        .tableDescription();
    assertEquals(clock.instant(), latest.restoreSummary().restoreDateTime());
    assertEquals(scan(dynamo, T), scan(dynamo, "latest"));
  }

  @Test
  void restoreTimesOutsideTheWindowAreRefused() {
    open(Partita.with().clock(clock).timeToLiveInterval(Duration.ZERO).inMemory());
    createTable(dynamo, T);
    Instant enabledAt = clock.instant();
    enable(1);
    put(1, 1, "g1", "a");
    assertThrows(InvalidRestoreTimeException.class, () -> restore("early", enabledAt.minusMillis(1)));
    assertThrows(InvalidRestoreTimeException.class, () -> restore("late", clock.instant().plusSeconds(1)));
    DynamoDbException both = assertThrows(DynamoDbException.class, () -> dynamo.restoreTableToPointInTime(b -> b
        .sourceTableName(T).targetTableName("both").useLatestRestorableTime(true).restoreDateTime(enabledAt)));
    assertEquals("ValidationException", both.awsErrorDetails().errorCode());
    // two days on, with a one-day period: what is older than a day is trimmed and out of reach
    clock.advance(Duration.ofHours(30));
    put(1, 1, "g1", "b");
    Instant bAt = clock.instant();
    clock.advance(Duration.ofHours(20));
    put(1, 1, "g1", "c");
    partita.trimPointInTimeLogsNow();
    assertThrows(InvalidRestoreTimeException.class, () -> restore("old", bAt.minus(Duration.ofHours(5))));
    restore("kept", bAt);
    assertEquals("b", scan(dynamo, "kept").get("p1/s1").get("v").s());
  }

  @Test
  void theLogSurvivesARestartAndGoesWithTheSetting(@TempDir Path dir) {
    Instant mid;
    try (Partita p = Partita.with().clock(clock).open(dir)) {
      open(p);
      createTable(dynamo, T);
      enable(null);
      put(1, 1, "g1", "one");
      clock.advance(Duration.ofSeconds(1));
      mid = clock.instant();
      put(1, 1, "g1", "two");
      partita = null;
    }
    // the clock set back across the restart, to between "one" and "two": the write after it is still
    // stamped after "two" (the stamps never go back), so undoing the log newest first meets the
    // item's records in the order they were written; stamped by the clock, "three" would sort before
    // "two" and the way back would stop at "two"'s image instead of "one"
    MutableClock back = new MutableClock(Instant.parse("2024-05-01T10:00:00.500Z"));
    open(Partita.with().clock(back).open(dir));
    put(1, 1, "g1", "three");
    restore("between", Instant.parse("2024-05-01T10:00:00.200Z"));
    assertEquals("one", scan(dynamo, "between").get("p1/s1").get("v").s());
    back.advance(Duration.ofSeconds(2));
    restore("latest", back.instant());
    assertEquals("three", scan(dynamo, "latest").get("p1/s1").get("v").s());
    dynamo.updateContinuousBackups(b -> b.tableName(T).pointInTimeRecoverySpecification(s -> s
        .pointInTimeRecoveryEnabled(false)));
    enable(null);
    assertThrows(InvalidRestoreTimeException.class, () -> restore("gone", mid), "the log went with the setting");
  }
}
