package io.partita.examples.sharding;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.AccessPattern.SortOp;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.KeyTemplates;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.fanout.WriteShards;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The long guide's cure for a hot index partition (§5, after P7): every device writes its {@code TEMP_HIGH} events
 * under one gsi1 partition, {@code EVTTYPE#TEMP_HIGH}, which takes all the writes of that type. Here the partition
 * ends in a shard number, {@code EVTTYPE#{type}#{shard}}, {@code shard} in {@code 0..9} drawn from the event (a CRC-32
 * of device and time, so the same event always lands in the same shard); the read asks all ten shards in parallel
 * and merges their answers by time.
 *
 * <pre>
 * Event   pk DEVICE#{deviceId}   sk EVT#{at}#{eventId}   gsi1: EVTTYPE#{type}#{shard} / {at}#{deviceId}
 * </pre>
 *
 * <p>The cost the guide names: the read is ten Queries instead of one (their capacity adds up), so shard only an
 * index partition that writes actually overheat, with the fewest shards that take the writes.
 */
public final class ShardedEvents {

  public enum EventType { TEMP_HIGH, HEARTBEAT }

  @KeyTemplates(partition = "DEVICE#{deviceId}", sort = "EVT#{at}#{eventId}",
      indexes = @KeyTemplates.Index(name = "gsi1", partition = "EVTTYPE#{type}#{shard}", sort = "{at}#{deviceId}"))
  public record Event(String deviceId, Instant at, String eventId, EventType type, int shard, double value) {}

  public static final int SHARDS = 10;

  public final WriteShards shards = WriteShards.of(ShardedEvents_Event_.shard.name(), SHARDS);
  public final Entity<Event> event = ShardedEvents_Event_.entity().generatedId("eventId", Ids.ULID);

  /** One shard of the index partition: the fan-out runs it once per shard. */
  public final AccessPattern<Event> eventsOfTypeInShard = AccessPattern.of("Events of a type in a window, one shard",
          event)
      .index("gsi1").partition(ShardedEvents_Event_.GSI1_PARTITION).sort(SortOp.BETWEEN, "{at}")
      .entry("Event type").range("time window, x" + SHARDS + " shards").order("oldest first").frequency("medium")
      .latency("< 100 ms").build();

  public final Model model;
  public final ModelClient db;

  public ShardedEvents(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk")).entities(event)
        .patterns(eventsOfTypeInShard).build();
    db = ModelClient.create(model, dynamo);
  }

  /** Records an event in the shard its device and time choose. */
  public Event record(String deviceId, Instant at, EventType type, double value) {
    return db.entity(event).create(new Event(deviceId, at, null, type, shards.shardFor(deviceId + "#" + at), value));
  }

  /** The events of {@code type} in {@code [from, to)} across devices: every shard read on {@code pool}, merged by time. */
  public List<Event> eventsOfType(EventType type, Instant from, Instant to, ExecutorService pool) {
    return shards.queryAll(db, eventsOfTypeInShard, Key.of(ShardedEvents_Event_.type, type),
        q -> q.sortBetween(Key.of(ShardedEvents_Event_.at, from), Key.of(ShardedEvents_Event_.at, to)),
        Comparator.comparing(Event::at).thenComparing(Event::deviceId), pool);
  }

  public static void main(String[] args) {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      ShardedEvents s = new ShardedEvents(dynamo, "Events");
      System.out.println(s.model.worksheet());
      s.db.createTable();
      Instant start = Instant.parse("2026-04-26T10:00:00Z");
      for (int i = 0; i < 60; i++) {
        s.record("d_" + (i % 6), start.plus(Duration.ofMinutes(i)), i % 3 == 0 ? EventType.TEMP_HIGH
            : EventType.HEARTBEAT, 20 + i % 7);
      }
      List<Event> hot = s.eventsOfType(EventType.TEMP_HIGH, start, start.plus(Duration.ofMinutes(30)), pool);
      System.out.println("TEMP_HIGH in the first half hour, from " + SHARDS + " shards: " + hot.size() + " events, "
          + hot.stream().map(e -> e.deviceId() + "@" + e.at() + " (shard " + e.shard() + ")").toList());
    } finally {
      pool.shutdown();
    }
  }
}
