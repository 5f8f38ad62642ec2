package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.examples.iot.Telemetry;
import io.partita.examples.iot.Telemetry.Event;
import io.partita.examples.iot.Telemetry.EventType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** IoT time series on both backends: P6 as a sort-key range, P7 through gsi1, expiry in epoch seconds. */
class TelemetryTest {
  private static final Instant NOW = Instant.parse("2026-04-26T10:15:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private static Telemetry seeded(Backend backend, Duration retention) {
    Telemetry t = new Telemetry(backend.client(), Backend.freshTable("Telemetry"), CLOCK, retention);
    // the table alone, TTL off: these tests show reads leaving expired events out whether TTL deleted them yet or
    // not (a server's sweep, by the real clock, would delete every one of the example's April events)
    backend.client().createTable(t.model.table().createTableRequest());
    t.seed();
    return t;
  }

  private static List<Instant> times(List<Event> events) {
    return events.stream().map(Event::at).collect(Collectors.toList());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deviceEventsInTheLastHourAreASortKeyRange(Backend backend) {
    Telemetry t = seeded(backend, Duration.ofDays(90));
    List<Event> hour = t.lastHour("d_001");
    assertEquals(61, hour.size(), "60 heartbeats and one TEMP_HIGH");
    assertTrue(hour.stream().allMatch(e -> e.deviceId().equals("d_001")));
    assertEquals(NOW.minusSeconds(60), hour.get(0).at(), "newest first");
    assertEquals(NOW.minusSeconds(3600), hour.get(hour.size() - 1).at(), "the window's start is in it");
    for (int i = 1; i < hour.size(); i++) {
      assertTrue(!hour.get(i).at().isAfter(hour.get(i - 1).at()));
    }

    // [from, to): an event at exactly the end is not in the window, and is in the next one
    Event atNow = t.record(t.event("d_001", NOW, EventType.DOOR_OPEN, null));
    assertEquals(61, t.lastHour("d_001").size());
    assertEquals(List.of(atNow), t.deviceEvents("d_001", NOW, NOW.plusSeconds(3600)));

    assertEquals(List.of(NOW, NOW.minusSeconds(60), NOW.minusSeconds(120)), times(t.latest("d_001", 3)));
    assertEquals(List.of(), t.lastHour("d_999"));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void eventsOfATypeTodayAcrossDevicesGoThroughTheIndex(Backend backend) {
    Telemetry t = seeded(backend, Duration.ofDays(90));
    List<Event> hot = t.today(EventType.TEMP_HIGH);
    assertEquals(List.of("d_001", "d_001", "d_002"), hot.stream().map(Event::deviceId).collect(Collectors.toList()));
    assertEquals(List.of(NOW.minusSeconds(95 * 60), NOW.minusSeconds(20 * 60), NOW.minusSeconds(5 * 60)), times(hot),
        "oldest first");
    assertEquals(new BigDecimal("79.25"), hot.get(2).value().orElseThrow());

    // the day's bounds: midnight is today, a millisecond before it yesterday
    Instant midnight = Instant.parse("2026-04-26T00:00:00Z");
    Event first = t.record(t.event("d_003", midnight, EventType.TEMP_HIGH, BigDecimal.ONE));
    t.record(t.event("d_003", midnight.minusMillis(1), EventType.TEMP_HIGH, BigDecimal.TEN));
    assertEquals(first, t.today(EventType.TEMP_HIGH).get(0));
    assertEquals(4, t.today(EventType.TEMP_HIGH).size());
    assertEquals(1, t.today(EventType.TEMP_LOW).size());
    assertEquals(List.of(), t.today(EventType.DOOR_OPEN));
    assertEquals(3, t.model.worksheet().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| #")).count());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void expiredEventsAreNeverReturnedDeletedYetOrNot(Backend backend) {
    Telemetry t = seeded(backend, Duration.ofMinutes(30));
    // expiresAt = at + 30 min > now: only the events of the last 30 minutes are live
    List<Event> hour = t.lastHour("d_001");
    assertEquals(30, hour.size(), "29 heartbeats and one TEMP_HIGH");
    assertTrue(hour.stream().allMatch(e -> e.expiresAt().isAfter(NOW)));
    assertEquals(List.of(NOW.minusSeconds(20 * 60), NOW.minusSeconds(5 * 60)), times(t.today(EventType.TEMP_HIGH)),
        "not the one of 95 minutes ago");

    // the expired ones are still stored (TTL deletes asynchronously, if at all), and expiresAt is epoch seconds
    List<Map<String, AttributeValue>> stored = backend.client().query(b -> b.tableName(t.model.table().name())
        .keyConditionExpression("pk = :pk").expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(
            "DEVICE#d_001")))).items();
    assertEquals(122, stored.size(), "120 heartbeats and two TEMP_HIGH");
    Map<String, AttributeValue> oldest = stored.get(0);
    assertTrue(oldest.get("sk").s().startsWith("EVT#2026-04-26T08:15:00.000Z#"), oldest.get("sk").s());
    assertEquals(Long.toString(NOW.minusSeconds(90 * 60).getEpochSecond()), oldest.get("expiresAt").n());
  }

  /** With TTL on, the expired events are deleted, index entries and all; the live ones are untouched. */
  @Test
  void ttlDeletesTheExpiredEvents() {
    // the sweep is driven by hand here, at the example's clock; a server sweeps every --ttl-interval
    try (Partita partita = Partita.with().clock(CLOCK).timeToLiveInterval(Duration.ZERO).inMemory();
        DynamoDbClient dynamo = PartitaDynamoDb.over(partita)) {
      Telemetry t = new Telemetry(dynamo, "Telemetry", CLOCK, Duration.ofMinutes(30));
      t.db.createTable(); // TTL on expiresAt with the table: the entity declares it
      assertTrue(t.ttlEnabled());
      t.seed();
      List<Event> live = t.lastHour("d_001");
      List<Event> hot = t.today(EventType.TEMP_HIGH);
      int stored = dynamo.scan(b -> b.tableName("Telemetry").select(Select.COUNT)).count();
      int deleted = partita.expireNow();
      assertTrue(deleted > 0, "the seed has events older than 30 minutes");
      assertEquals(stored - deleted, (int) dynamo.scan(b -> b.tableName("Telemetry").select(Select.COUNT)).count());
      assertEquals(0, (int) dynamo.scan(b -> b.tableName("Telemetry").filterExpression("expiresAt < :now")
          .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(Long.toString(NOW.getEpochSecond())))))
          .count(), "no expired event is left");
      assertEquals(live, t.lastHour("d_001"), "the live events are untouched");
      assertEquals(hot, t.today(EventType.TEMP_HIGH));
      assertEquals(0, partita.expireNow());
    }
  }

  @Test
  void mainRuns() {
    Telemetry.main(new String[0]);
  }
}
