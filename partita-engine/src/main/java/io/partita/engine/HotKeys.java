package io.partita.engine;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The most-read and most-written partition keys of each table over the last minute or two, what
 * DynamoDB's Contributor Insights shows: counts are kept per minute, and a listing adds the current
 * minute to the one before it. Off unless asked for ({@link Partita.Options#trackHotKeys}). A table
 * counts at most {@value #MAX_KEYS_PER_MINUTE} distinct keys a minute; keys first seen after that
 * are not counted that minute, so a listing stays small whatever the key space.
 */
public final class HotKeys {
  static final int MAX_KEYS_PER_MINUTE = 10_000;

  /** One key's counts over the window. */
  public record HotKey(String table, String partitionKey, long reads, long writes) {}

  /** Counts of one minute: table, then key, then [reads, writes]. */
  private static final class Minute {
    final long minute;
    final Map<String, Map<String, LongAdder[]>> tables = new ConcurrentHashMap<>();

    Minute(long minute) {
      this.minute = minute;
    }
  }

  private final Clock clock;
  private volatile Minute current;
  private volatile Minute previous;

  HotKeys(Clock clock) {
    this.clock = clock;
    this.current = new Minute(clock.millis() / 60_000);
    this.previous = new Minute(current.minute - 1);
  }

  /**
   * Counts the partition keys a request read or wrote, as its paths recorded them ({@link
   * io.partita.engine.served.Served#keys}): GetItem, BatchGetItem and TransactGetItems keys
   * and ConditionChecks as reads; PutItem, UpdateItem, DeleteItem, BatchWriteItem and
   * TransactWriteItems keys (and PartiQL's statements, which run as those) as writes; a Query of a
   * table as one read of the partition it read (known from the first item it answered: a Query of an
   * empty partition is not counted). Scans and index queries are not counted: they have no one
   * partition key of the table.
   */
  void count(List<io.partita.engine.served.Served.Key> keys) {
    for (io.partita.engine.served.Served.Key k : keys) {
      record(k.table(), k.partitionKey(), k.write());
    }
  }

  /** Counts one read or write of {@code partitionKey} in {@code table}. */
  void record(String table, String partitionKey, boolean write) {
    Minute m = minute();
    Map<String, LongAdder[]> keys = m.tables.computeIfAbsent(table, t -> new ConcurrentHashMap<>());
    LongAdder[] counts = keys.get(partitionKey);
    if (counts == null) {
      if (keys.size() >= MAX_KEYS_PER_MINUTE) {
        return;
      }
      counts = keys.computeIfAbsent(partitionKey, k -> new LongAdder[] {new LongAdder(), new LongAdder()});
    }
    counts[write ? 1 : 0].increment();
  }

  /** The minute now, rolling the window forward when the clock has moved on. */
  private Minute minute() {
    long now = clock.millis() / 60_000;
    Minute m = current;
    if (m.minute == now) {
      return m;
    }
    synchronized (this) {
      if (current.minute != now) {
        previous = current.minute == now - 1 ? current : new Minute(now - 1);
        current = new Minute(now);
      }
      return current;
    }
  }

  /** Each table's {@code top} keys by reads plus writes over the current and the previous minute, most first. */
  public List<HotKey> top(int top) {
    Minute now = minute();
    Minute before = previous;
    Map<String, Map<String, long[]>> sums = new HashMap<>();
    for (Minute m : List.of(before, now)) {
      m.tables.forEach((table, keys) -> keys.forEach((key, counts) -> {
        long[] sum = sums.computeIfAbsent(table, t -> new HashMap<>()).computeIfAbsent(key, k -> new long[2]);
        sum[0] += counts[0].sum();
        sum[1] += counts[1].sum();
      }));
    }
    List<HotKey> out = new ArrayList<>();
    sums.keySet().stream().sorted().forEach(table -> sums.get(table).entrySet().stream()
        .map(e -> new HotKey(table, e.getKey(), e.getValue()[0], e.getValue()[1]))
        .sorted(Comparator.comparingLong((HotKey k) -> -(k.reads() + k.writes())).thenComparing(HotKey::partitionKey))
        .limit(top)
        .forEach(out::add));
    return out;
  }
}
