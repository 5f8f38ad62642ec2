package io.partita.model.fanout;

import io.partita.model.AccessPattern;
import io.partita.model.AsyncModelClient;
import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.model.Query;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;

/**
 * Write sharding, the guides' cure for a hot partition ({@code EVTTYPE#TEMP_HIGH} written by every
 * device): the partition template ends in a shard number ({@code EVTTYPE#{type}#{shard}}, the
 * record's {@code int shard} component), writes spread over {@code 0..shards-1}, and a read asks
 * every shard and merges. The read costs a Query per shard: choose the fewest shards that take the
 * writes.
 *
 * <pre>{@code
 * WriteShards shards = WriteShards.of("shard", 10);
 * db.entity(event).create(new Event(device, id, "TEMP_HIGH", shards.shardFor(id), at));
 * List<Event> hot = shards.queryAll(db, eventsOfType, Key.of("type", "TEMP_HIGH"),
 *     q -> q.sort(Key.of("at", "2026-04-26")), Comparator.comparing(Event::at), pool);
 * }</pre>
 */
public final class WriteShards {
  private final String field;
  private final int shards;

  private WriteShards(String field, int shards) {
    if (shards < 1 || shards > 1000) {
      throw new IllegalArgumentException("write shards are 1 to 1000, not " + shards);
    }
    this.field = java.util.Objects.requireNonNull(field, "field");
    this.shards = shards;
  }

  /** Shards numbered {@code 0..shards-1}, held in the record component {@code field} (an int). */
  public static WriteShards of(String field, int shards) {
    return new WriteShards(field, shards);
  }

  public int count() {
    return shards;
  }

  /**
   * The shard of an item named by {@code value} (its id, say): always the same for the same value, so
   * a writer can find the item's shard again; spread evenly by a CRC-32 of the value's text.
   */
  public int shardFor(Object value) {
    CRC32 crc = new CRC32();
    crc.update(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % shards);
  }

  /** A shard drawn at random: for items never looked up by key through their shard. */
  public int randomShard() {
    return ThreadLocalRandom.current().nextInt(shards);
  }

  /** The partition values of every shard: {@code partition} plus each shard number. */
  public List<Key> partitions(Key partition) {
    List<Key> out = new ArrayList<>(shards);
    for (int s = 0; s < shards; s++) {
      out.add(partition.and(field, s));
    }
    return out;
  }

  /**
   * Every item of {@code partition} across the shards, sorted by {@code order} (the merge the shards
   * need: each answers in its own order); on {@code executor} in parallel, or one after another when null.
   */
  public <T> List<T> queryAll(ModelClient db, AccessPattern<T> pattern, Key partition, UnaryOperator<Query<T>> refine,
      Comparator<? super T> order, Executor executor) {
    List<T> out = FanOut.query(db, pattern, partitions(partition), refine, executor);
    if (order != null) {
      out.sort(order);
    }
    return out;
  }

  /** {@link #queryAll(ModelClient, AccessPattern, Key, UnaryOperator, Comparator, Executor)} on the asynchronous client: every shard asked at once. */
  public <T> CompletableFuture<List<T>> queryAll(AsyncModelClient db, AccessPattern<T> pattern, Key partition,
      UnaryOperator<Query<T>> refine, Comparator<? super T> order) {
    return FanOut.query(db, pattern, partitions(partition), refine).thenApply(out -> {
      if (order != null) {
        out.sort(order);
      }
      return out;
    });
  }
}
