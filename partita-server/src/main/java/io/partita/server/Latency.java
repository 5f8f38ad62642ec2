package io.partita.server;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Added latency, off unless asked for: each answer waits before it is sent, as from a service
 * farther away or under load, so timeouts and latency budgets can be tested locally. The wait is
 * scheduled on the connection's event loop, so it holds no thread. A range draws each wait
 * uniformly from one seeded sequence.
 *
 * <p>Spec: {@code 20ms}, {@code 10ms..50ms}, optionally per operation: {@code PutItem=50ms,20ms}
 * (an entry without an operation is the default for the others).
 */
public final class Latency {
  /** No added latency: the default. */
  public static final Latency NONE = new Latency(Map.of(), null, 0);

  private record Range(long minMillis, long maxMillis) {}

  private final Map<String, Range> byOperation;
  private final Range otherwise;
  private final Random random;

  private Latency(Map<String, Range> byOperation, Range otherwise, long seed) {
    this.byOperation = Map.copyOf(byOperation);
    this.otherwise = otherwise;
    this.random = new Random(seed);
  }

  /** Reads a spec (see the class comment); throws IllegalArgumentException with what is wrong. */
  public static Latency parse(String spec, long seed) {
    Map<String, Range> byOperation = new LinkedHashMap<>();
    Range otherwise = null;
    for (String entry : spec.split(",")) {
      String e = entry.trim();
      int eq = e.indexOf('=');
      Range range = range(eq < 0 ? e : e.substring(eq + 1));
      if (eq < 0) {
        otherwise = range;
      } else {
        byOperation.put(e.substring(0, eq).trim(), range);
      }
    }
    return new Latency(byOperation, otherwise, seed);
  }

  private static Range range(String text) {
    int dots = text.indexOf("..");
    long min = millis(dots < 0 ? text : text.substring(0, dots));
    long max = dots < 0 ? min : millis(text.substring(dots + 2));
    if (max < min) {
      throw new IllegalArgumentException("a latency range must not end before it starts: " + text);
    }
    return new Range(min, max);
  }

  private static long millis(String text) {
    String t = text.trim();
    try {
      if (t.endsWith("ms")) {
        return check(Long.parseLong(t.substring(0, t.length() - 2)), text);
      }
      if (t.endsWith("s")) {
        return check(Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1))).toMillis(), text);
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new IllegalArgumentException("a latency is a number of ms or s (20ms, 1s, 10ms..50ms), not '" + text + "'");
  }

  private static long check(long millis, String text) {
    if (millis < 0 || millis > 60_000) {
      throw new IllegalArgumentException("a latency must be between 0 and 60s, not " + text);
    }
    return millis;
  }

  /** Whether any answer waits. */
  public boolean isOn() {
    return otherwise != null || !byOperation.isEmpty();
  }

  /** How long the answer to {@code operation} (null when unknown) waits, in milliseconds. */
  public long delayMillis(String operation) {
    Range r = operation == null ? otherwise : byOperation.getOrDefault(operation, otherwise);
    if (r == null) {
      return 0;
    }
    if (r.minMillis() == r.maxMillis()) {
      return r.minMillis();
    }
    synchronized (random) {
      return r.minMillis() + (long) (random.nextDouble() * (r.maxMillis() - r.minMillis() + 1));
    }
  }
}
