package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.sharding.ShardedEvents;
import io.partita.examples.sharding.ShardedEvents.Event;
import io.partita.examples.sharding.ShardedEvents.EventType;

/** The long guide's write-sharded index partition on both backends: writes spread over ten, reads merged exactly. */
class ShardedEventsTest {

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aHotIndexPartitionIsSpreadOverShardsAndReadBackWhole(Backend backend) {
    String table = Backend.freshTable("Sharded");
    ShardedEvents s = new ShardedEvents(backend.client(), table);
    s.db.createTable();
    Instant start = Instant.parse("2026-04-26T00:00:00Z");
    List<Event> written = new ArrayList<>();
    for (int i = 0; i < 160; i++) {
      EventType type = i % 4 == 3 ? EventType.HEARTBEAT : EventType.TEMP_HIGH;
      written.add(s.record("d_" + (i % 12), start.plus(Duration.ofSeconds(37L * i)), type, i));
    }

    // the writes of the hot type went to all ten gsi1 partitions, none of them taking most of them
    Set<String> partitions = new TreeSet<>();
    List<Integer> perShard = new ArrayList<>(List.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    backend.client().scanPaginator(b -> b.tableName(table)).items().forEach(item -> {
      if (item.get("gsi1pk").s().startsWith("EVTTYPE#TEMP_HIGH#")) {
        partitions.add(item.get("gsi1pk").s());
        int shard = Integer.parseInt(item.get("gsi1pk").s().substring("EVTTYPE#TEMP_HIGH#".length()));
        perShard.set(shard, perShard.get(shard) + 1);
      }
    });
    assertEquals(ShardedEvents.SHARDS, partitions.size(), partitions.toString());
    assertEquals(120, perShard.stream().mapToInt(Integer::intValue).sum());
    assertEquals(true, perShard.stream().allMatch(n -> n < 120 / 2), "no shard takes half: " + perShard);

    // a window read from every shard in parallel is exactly the events written in it, in time order
    Instant from = start.plus(Duration.ofMinutes(20));
    Instant to = start.plus(Duration.ofMinutes(100));
    List<Event> expected = written.stream()
        .filter(e -> e.type() == EventType.TEMP_HIGH && !e.at().isBefore(from) && e.at().isBefore(to))
        .sorted(Comparator.comparing(Event::at).thenComparing(Event::deviceId)).toList();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Event> read = s.eventsOfType(EventType.TEMP_HIGH, from, to, pool);
      assertEquals(expected, read);
      assertEquals(true, expected.size() > 50, "a window holding many events: " + expected.size());
      assertEquals(s.eventsOfType(EventType.TEMP_HIGH, from, to, null), read, "the same read on one thread");
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void mainRuns() {
    ShardedEvents.main(new String[0]);
  }
}
