package io.partita.examples.iot;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.AccessPattern.SortOp;
import io.partita.model.BatchWrite;
import io.partita.model.Condition;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * IoT time series, pattern 3 of the single-table design notes: devices emit events; each event is stored in its
 * device's partition under a sort key that starts with its time, and gsi1 holds the same item by event type, again
 * sorted by time.
 *
 * <pre>
 * Event   pk DEVICE#{deviceId}   sk EVT#{at}#{eventId}   gsi1: EVTTYPE#{type} / {at}#{deviceId}   expiresAt: N (TTL)
 * </pre>
 *
 * <p>An Instant in a key is ISO-8601 UTC text with exactly three fraction digits ({@code 2026-04-26T10:15:00.000Z}):
 * fixed width, so text order is time order and a time window is a {@code BETWEEN} on the sort key. A window given
 * by a partial template ({@code EVT#{at}} of {@code EVT#{at}#{eventId}}) is half open, {@code [from, to)}: an event
 * at exactly {@code from} sorts after {@code EVT#from} and is in, one at exactly {@code to} sorts after
 * {@code EVT#to} and is out, so consecutive windows neither overlap nor leave gaps.
 *
 * <ul>
 *   <li>P6, a device's events in the last hour: {@code pk = DEVICE#d AND sk BETWEEN EVT#now-1h AND EVT#now}, on
 *       the table; and its latest events, {@code begins_with(sk, EVT#)} read backwards.
 *   <li>P7, all events of a type today across devices: {@code gsi1pk = EVTTYPE#TEMP_HIGH AND gsi1sk BETWEEN
 *       midnight AND next midnight}, on the index (the notes' {@code begins_with(gsi1sk, "2026-04-26")} is the
 *       same set; a range also serves "the last 15 minutes").
 * </ul>
 *
 * <p>Retention: {@code expiresAt} is the event time plus the retention, stored as epoch seconds (N), the attribute
 * DynamoDB's TTL deletes by (turned on by {@code createTable()}, since the entity declares {@code ttl}); Partita deletes them the same way, within its sweep interval
 * ({@code partita serve --ttl-interval}). TTL deletes are asynchronous, up to 48 hours late on DynamoDB, so every read
 * also filters {@code expiresAt > now}: an expired event is never returned, deleted yet or not. For a very hot event
 * type the notes
 * shard gsi1pk ({@code EVTTYPE#TEMP_HIGH#0..9}) and fan reads out over the shards; not done here.
 */
public final class Telemetry {

  public enum EventType { HEARTBEAT, TEMP_HIGH, TEMP_LOW, DOOR_OPEN }

  /** One event; {@code eventId} is a ULID made on write, {@code expiresAt} is {@code at} plus the retention. */
  public record Event(String deviceId, Instant at, String eventId, EventType type, Optional<BigDecimal> value,
      Instant expiresAt) {}

  public final Entity<Event> event = Entity.of(Event.class)
      .key("DEVICE#{deviceId}", "EVT#{at}#{eventId}")
      .index("gsi1", "EVTTYPE#{type}", "{at}#{deviceId}")
      .generatedId("eventId", Ids.ULID)
      .ttl("expiresAt");

  /** P6: a device's events in a time window, on the table. */
  public final AccessPattern<Event> deviceEventsBetween = AccessPattern.of("Device events in a time window", event)
      .partition("DEVICE#{deviceId}").sort(SortOp.BETWEEN, "EVT#{at}")
      .range("last hour; expiresAt > now").order("newest first").frequency("very high").latency("< 20 ms").build();
  /** P6: a device's latest events. */
  public final AccessPattern<Event> latestDeviceEvents = AccessPattern.of("Latest events of a device", event)
      .partition("DEVICE#{deviceId}").sortBeginsWith("EVT#")
      .range("expiresAt > now").order("newest first").frequency("high").latency("< 20 ms").build();
  /** P7: the events of one type in a time window, across devices, on gsi1. */
  public final AccessPattern<Event> eventsOfTypeBetween = AccessPattern.of("Events of a type in a time window", event)
      .index("gsi1").partition("EVTTYPE#{type}").sort(SortOp.BETWEEN, "{at}")
      .entry("Event type").range("today; expiresAt > now").order("oldest first").frequency("medium")
      .latency("< 100 ms").build();

  public final Model model;
  public final ModelClient db;
  private final DynamoDbClient dynamo;
  private final Clock clock;
  private final Duration retention;

  public Telemetry(DynamoDbClient dynamo, String table, Clock clock, Duration retention) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(event).patterns(deviceEventsBetween, latestDeviceEvents, eventsOfTypeBetween).build();
    db = ModelClient.builder(model, dynamo).clock(clock).build();
    this.dynamo = dynamo;
    this.clock = clock;
    this.retention = retention;
  }

  /** Whether TTL is on for the table, as DescribeTimeToLive says. */
  public boolean ttlEnabled() {
    return dynamo.describeTimeToLive(b -> b.tableName(model.table().name())).timeToLiveDescription()
        .timeToLiveStatus() == TimeToLiveStatus.ENABLED;
  }

  /** An event as a device reports it, at its own time; the id and the expiry are filled in. */
  public Event event(String deviceId, Instant at, EventType type, BigDecimal value) {
    return new Event(deviceId, at, null, type, Optional.ofNullable(value), at.plus(retention));
  }

  /** Stores one event. */
  public Event record(Event e) {
    return db.entity(event).create(e);
  }

  /** Stores events in batches of 25 (what a gateway uploading a buffer does); returns what was written. */
  public List<Object> ingest(List<Event> events) {
    BatchWrite.Result result = db.batchWrite().put(event, events).execute();
    if (!result.complete()) {
      throw new IllegalStateException(result.unprocessedPuts().size() + " events were not written; send them again");
    }
    return result.written();
  }

  private Condition notExpired() {
    return Condition.gt("expiresAt", clock.instant());
  }

  /** P6: a device's events in {@code [from, to)}, newest first. */
  public List<Event> deviceEvents(String deviceId, Instant from, Instant to) {
    return db.query(deviceEventsBetween).partition(Key.of("deviceId", deviceId))
        .sortBetween(Key.of("at", from), Key.of("at", to)).filter(notExpired()).descending().all();
  }

  /** P6: a device's events in the last hour, newest first. */
  public List<Event> lastHour(String deviceId) {
    Instant now = clock.instant();
    return deviceEvents(deviceId, now.minus(Duration.ofHours(1)), now);
  }

  /** P6: a device's {@code n} latest events, newest first; reads on past expired ones, up to 5 requests. */
  public List<Event> latest(String deviceId, int n) {
    return db.query(latestDeviceEvents).partition(Key.of("deviceId", deviceId)).filter(notExpired()).descending()
        .limit(n).maxRequests(5).page().items();
  }

  /** P7: the events of {@code type} in {@code [from, to)} across devices, oldest first. */
  public List<Event> eventsOfType(EventType type, Instant from, Instant to) {
    return db.query(eventsOfTypeBetween).partition(Key.of("type", type))
        .sortBetween(Key.of("at", from), Key.of("at", to)).filter(notExpired()).all();
  }

  /** P7: today's (UTC) events of {@code type} across devices. */
  public List<Event> today(EventType type) {
    LocalDate day = LocalDate.now(clock.withZone(ZoneOffset.UTC));
    return eventsOfType(type, day.atStartOfDay(ZoneOffset.UTC).toInstant(),
        day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
  }

  /** Three devices over the last two hours: a heartbeat a minute each, and temperature alerts. */
  public void seed() {
    Instant now = clock.instant();
    List<Event> events = new ArrayList<>();
    for (String device : List.of("d_001", "d_002", "d_003")) {
      for (int m = 120; m >= 1; m--) {
        events.add(event(device, now.minus(Duration.ofMinutes(m)), EventType.HEARTBEAT, null));
      }
    }
    events.add(event("d_001", now.minus(Duration.ofMinutes(95)), EventType.TEMP_HIGH, new BigDecimal("81.5")));
    events.add(event("d_001", now.minus(Duration.ofMinutes(20)), EventType.TEMP_HIGH, new BigDecimal("83.0")));
    events.add(event("d_002", now.minus(Duration.ofMinutes(5)), EventType.TEMP_HIGH, new BigDecimal("79.25")));
    events.add(event("d_003", now.minus(Duration.ofMinutes(30)), EventType.TEMP_LOW, new BigDecimal("-4")));
    ingest(events);
  }

  /** Runs the example on Partita embedded, in memory, at a fixed time, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Clock clock = Clock.fixed(Instant.parse("2026-04-26T10:15:00Z"), ZoneOffset.UTC);
      Telemetry t = new Telemetry(dynamo, "Telemetry", clock, Duration.ofDays(90));
      System.out.println(t.model.worksheet());
      t.db.createTable(); // and TTL on expiresAt, since the entity declares it
      t.seed();
      List<Event> hour = t.lastHour("d_001");
      System.out.println("P6 d_001 in the last hour: " + hour.size() + " events, newest " + hour.get(0).at()
          + ", oldest " + hour.get(hour.size() - 1).at());
      System.out.println("P6 d_001 latest 3: " + t.latest("d_001", 3).stream().map(e -> e.type() + "@" + e.at())
          .toList());
      System.out.println("P7 TEMP_HIGH today: " + t.today(EventType.TEMP_HIGH).stream()
          .map(e -> e.deviceId() + " " + e.value().orElseThrow() + " @" + e.at()).toList());
    }
  }
}
