package io.partita.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * {@link MappingBench}'s round trips measured interleaved: each round times partita-model, the Enhanced Client's
 * bean schema and its immutable schema back to back, so all three see the same machine load, and the result is the
 * median over rounds of each time and of the per-round ratios. JMH runs benchmarks one after the other, which on a
 * machine shared with other builds turns load changes into differences between mappers; this does not.
 *
 * <pre>java -cp partita-bench/target/benchmarks.jar io.partita.bench.MappingPaired [rounds] [opsPerRound]</pre>
 */
public final class MappingPaired {
  private static Object sink;

  private MappingPaired() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    int ops = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    MappingBench b = new MappingBench();
    b.setup();
    List<String> names = List.of("partita", "bean", "immutable");
    List<Supplier<Object>> runs = List.of(b::partitaRoundTrip, b::beanRoundTrip, b::immutableRoundTrip);
    for (int w = 0; w < 5; w++) { // warm-up rounds, not counted
      for (Supplier<Object> r : runs) {
        time(r, ops);
      }
    }
    List<List<Double>> times = new ArrayList<>();
    names.forEach(n -> times.add(new ArrayList<>()));
    List<Double> vsBean = new ArrayList<>();
    List<Double> vsImmutable = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      double[] t = new double[3];
      for (int i = 0; i < 3; i++) {
        int k = (round + i) % 3; // rotate the order so no mapper always runs first
        t[k] = time(runs.get(k), ops);
      }
      for (int i = 0; i < 3; i++) {
        times.get(i).add(t[i]);
      }
      vsBean.add(t[0] / t[1]);
      vsImmutable.add(t[0] / t[2]);
    }
    for (int i = 0; i < 3; i++) {
      System.out.printf(Locale.ROOT, "%-10s round trip: median %7.0f ns/op (min %7.0f)%n", names.get(i),
          median(times.get(i)), Collections.min(times.get(i)));
    }
    System.out.printf(Locale.ROOT, "partita / bean:      median ratio %.2f%n", median(vsBean));
    System.out.printf(Locale.ROOT, "partita / immutable: median ratio %.2f%n", median(vsImmutable));
  }

  private static double time(Supplier<Object> run, int ops) {
    long start = System.nanoTime();
    Object last = null;
    for (int i = 0; i < ops; i++) {
      last = run.get();
    }
    long elapsed = System.nanoTime() - start;
    sink = last;
    return (double) elapsed / ops;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
