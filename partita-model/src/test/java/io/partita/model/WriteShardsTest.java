package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.fanout.WriteShards;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Write sharding with a fan-out read (issue 20, the guides' IoT events): events of a hot type spread
 * over ten GSI partitions, read back from all of them and merged in time order, on every backend.
 */
class WriteShardsTest {
  record Event(String device, String id, String type, int shard, String at) {}

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aHotPartitionSplitIntoShardsIsReadWholeAndInOrder(Backend backend) {
    WriteShards shards = WriteShards.of("shard", 10);
    Entity<Event> event = Entity.of(Event.class).key("DEVICE#{device}", "EVT#{at}#{id}")
        .index("gsi1", "EVTTYPE#{type}#{shard}", "{at}#{id}");
    AccessPattern<Event> eventsOfType = AccessPattern.of("Events of a type", event).index("gsi1")
        .partition("EVTTYPE#{type}#{shard}").sortBeginsWith("{at}").build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Events")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(event).patterns(eventsOfType).build();
    ModelClient db = ModelClient.builder(model, backend.client()).build();
    db.createTable();

    List<Event> events = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      String id = String.format("e%03d", i);
      String type = i % 3 == 0 ? "BATTERY_LOW" : "TEMP_HIGH";
      String at = String.format("2026-04-%02dT%02d:00:00Z", 25 + i % 3, i % 24);
      events.add(new Event("d" + (i % 7), id, type, shards.shardFor(id), at));
    }
    db.batchWrite().put(event, events).execute();
    Set<Integer> used = events.stream().map(Event::shard).collect(Collectors.toSet());
    assertTrue(used.size() >= 8, "ids spread over the shards: " + used);
    assertEquals(shards.shardFor("e007"), shards.shardFor("e007"), "a value's shard is always the same");

    Comparator<Event> byTime = Comparator.comparing(Event::at).thenComparing(Event::id);
    List<Event> expected = events.stream().filter(e -> e.type().equals("TEMP_HIGH")).sorted(byTime).toList();
    assertEquals(expected, shards.queryAll(db, eventsOfType, Key.of("type", "TEMP_HIGH"), null, byTime, null));

    // one day of them, the shards read in parallel: the same as one after another
    List<Event> day = expected.stream().filter(e -> e.at().startsWith("2026-04-26")).toList();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      assertEquals(day, shards.queryAll(db, eventsOfType, Key.of("type", "TEMP_HIGH"),
          q -> q.sort(Key.of("at", "2026-04-26")), byTime, pool));
    } finally {
      pool.shutdownNow();
    }
    assertThrows(IllegalArgumentException.class, () -> WriteShards.of("shard", 0));
  }
}
