package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.partita.embedded.StreamListener;
import io.partita.engine.Partita;
import io.partita.examples.orderstats.OrderStats;
import io.partita.examples.orderstats.OrderStats.Order;
import io.partita.examples.orderstats.OrderStats.Status;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;

/**
 * The stream-maintained aggregate stays exact: random order writes (place, change status, delete) with the consumer
 * run at random moments and shards rolled over at others, and after every catch-up the counts equal those a Query
 * per status finds. Partita embedded only: the consumer runs in-process ({@link StreamListener}).
 */
class OrderStatsTest {
  private Partita partita;

  @BeforeEach
  void open() {
    partita = Partita.with().timeToLiveInterval(Duration.ZERO).inMemory();
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private int shards(OrderStats stats) {
    String arn = stats.db.model().table().name();
    DescribeStreamResponse d = partita.execute(DescribeStreamRequest.builder().streamArn(
        io.partita.embedded.PartitaDynamoDb.over(partita).describeTable(b -> b.tableName(arn)).table()
            .latestStreamArn()).build());
    return d.streamDescription().shards().size();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void theCountsStayExactUnderRandomWritesAndRollOvers(long seed) {
    Random random = new Random(seed);
    try (OrderStats stats = new OrderStats(partita, "Orders")) {
      List<Order> live = new ArrayList<>();
      int checks = 0;
      for (int step = 0; step < 400; step++) {
        int op = random.nextInt(100);
        if (op < 40 || live.isEmpty()) {
          live.add(stats.place("c" + random.nextInt(5), BigDecimal.valueOf(random.nextInt(10_000), 2)));
        } else if (op < 75) {
          int i = random.nextInt(live.size());
          Order o = live.get(i);
          Status next = Status.values()[random.nextInt(Status.values().length)]; // sometimes the same: no change
          live.set(i, stats.setStatus(o.customerId(), o.orderId(), next));
        } else if (op < 88) {
          Order o = live.remove(random.nextInt(live.size()));
          assertTrue(stats.delete(o.customerId(), o.orderId()).isPresent());
        } else if (op < 95) {
          stats.catchUp();
          assertEquals(expected(live), stats.counts());
          assertEquals(stats.countedByQuery(), stats.counts());
          checks++;
        } else {
          partita.rollOverStreamShards();
        }
      }
      stats.catchUp();
      assertEquals(expected(live), stats.counts());
      assertEquals(stats.countedByQuery(), stats.counts());
      assertEquals(0, stats.catchUp(), "the consumer's own write settles: nothing more to read");
      assertTrue(checks > 10, "checked along the way: " + checks);
      assertTrue(shards(stats) > 5, "read across roll-overs: " + shards(stats) + " shards");
    }
  }

  private static Map<Status, Long> expected(List<Order> live) {
    Map<Status, Long> out = new EnumMap<>(Status.class);
    for (Status s : Status.values()) {
      out.put(s, live.stream().filter(o -> o.status() == s).count());
    }
    return out;
  }

  /**
   * At least once, counted once: a consumer that fails after its write gets the batch again, and a second consumer
   * of the same stream applies every batch a second time; the lastSequence condition refuses both repeats.
   */
  @Test
  void aBatchDeliveredAgainIsNotCountedTwice() {
    try (OrderStats stats = new OrderStats(partita, "Orders")) {
      Order a = stats.place("c1", BigDecimal.ONE);
      stats.place("c1", BigDecimal.TEN);
      stats.setStatus("c1", a.orderId(), Status.SHIPPED);
      int[] calls = {0};
      try (StreamListener crashing = StreamListener.subscribe(partita, "Orders", batch -> {
        stats.apply(batch);
        if (++calls[0] == 1) {
          throw new IllegalStateException("crashed after writing, before the batch was acknowledged");
        }
      })) {
        assertThrows(IllegalStateException.class, crashing::poll);
        Map<Status, Long> once = Map.of(Status.PLACED, 1L, Status.SHIPPED, 1L, Status.DELIVERED, 0L,
            Status.CANCELLED, 0L);
        assertEquals(once, stats.counts());
        crashing.poll(); // the same batch again, then the counts item's own record
        assertEquals(once, stats.counts());
        stats.catchUp(); // the example's own consumer: every batch a second time
        assertEquals(once, stats.counts());
        assertEquals(stats.countedByQuery(), stats.counts());
      }
    }
  }
}
