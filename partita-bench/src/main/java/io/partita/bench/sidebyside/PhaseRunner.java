package io.partita.bench.sidebyside;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Runs one operation in a closed loop on N client threads: a warm-up, then a measured window.
 * Latency is each call's wall time (HdrHistogram, 3 significant digits); the client's CPU is this
 * process's CPU time over the window (JIT, GC and, for an embedded target, the engine included), the
 * server's is its process's user + system time from /proc over the same window, and for a Partita
 * server also the bytes its threads allocated over the window ({@link ServerProcess#allocatedBytes}).
 */
final class PhaseRunner {
  private PhaseRunner() {}

  /** One operation; returns the units it did (1, or a batch's items), or -1 when there is no work left. */
  @FunctionalInterface
  interface Op {
    int run(Shop.Worker worker) throws Exception;
  }

  /** What one phase at one thread count measured. */
  record Result(String target, String phase, int threads, long ops, long units, double seconds,
      long p50Nanos, long p99Nanos, long p999Nanos, long maxNanos, long clientCpuNanos, long serverCpuNanos,
      String load, long serverAllocatedBytes) {

    double unitsPerSecond() {
      return units / seconds;
    }

    double clientCpuMicrosPerUnit() {
      return clientCpuNanos / 1000.0 / units;
    }

    /** NaN for an in-process target. */
    double serverCpuMicrosPerUnit() {
      return serverCpuNanos < 0 ? Double.NaN : serverCpuNanos / 1000.0 / units;
    }

    /** The server's heap allocation per unit in bytes; NaN for an in-process target and for dynalite. */
    double serverBytesPerUnit() {
      return serverAllocatedBytes < 0 ? Double.NaN : (double) serverAllocatedBytes / units;
    }

    static final String HEADER = "target\tphase\tthreads\tops\tunits\tseconds\tp50_us\tp99_us\tp999_us\tmax_us"
        + "\tunits_per_s\tclient_cpu_us_per_unit\tserver_cpu_us_per_unit\tload_1m\tserver_bytes_per_unit";

    String tsv() {
      return String.join("\t", target, phase, Integer.toString(threads), Long.toString(ops), Long.toString(units),
          String.format(java.util.Locale.ROOT, "%.3f", seconds), us(p50Nanos), us(p99Nanos), us(p999Nanos), us(maxNanos),
          String.format(java.util.Locale.ROOT, "%.1f", unitsPerSecond()), String.format(java.util.Locale.ROOT, "%.1f", clientCpuMicrosPerUnit()),
          Double.isNaN(serverCpuMicrosPerUnit()) ? "" : String.format(java.util.Locale.ROOT, "%.1f", serverCpuMicrosPerUnit()), load,
          Double.isNaN(serverBytesPerUnit()) ? "" : String.format(java.util.Locale.ROOT, "%.0f", serverBytesPerUnit()));
    }

    static Result parse(String line) {
      String[] f = line.split("\t", -1);
      long ops = Long.parseLong(f[3]);
      return new Result(f[0], f[1], Integer.parseInt(f[2]), ops, Long.parseLong(f[4]), Double.parseDouble(f[5]),
          ns(f[6]), ns(f[7]), ns(f[8]), ns(f[9]), Math.round(Double.parseDouble(f[11]) * 1000 * Long.parseLong(f[4])),
          f[12].isEmpty() ? -1 : Math.round(Double.parseDouble(f[12]) * 1000 * Long.parseLong(f[4])),
          f.length > 13 ? f[13] : "",
          f.length > 14 && !f[14].isEmpty() ? Math.round(Double.parseDouble(f[14]) * Long.parseLong(f[4])) : -1);
    }

    private static String us(long nanos) {
      return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1000.0);
    }

    private static long ns(String us) {
      return Math.round(Double.parseDouble(us) * 1000);
    }
  }

  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * Runs {@code op} on {@code threads} threads for {@code warmupMillis} unmeasured, then {@code
   * measureMillis} measured (Long.MAX_VALUE: until the op runs out of work).
   */
  static Result run(Targets.Target target, String phase, int threads, long warmupMillis, long measureMillis, Op op)
      throws InterruptedException {
    Histogram[] histograms = new Histogram[threads];
    long[] units = new long[threads];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch go = new CountDownLatch(1);
    long[] bounds = new long[2];
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int index = t;
      histograms[t] = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
      workers[t] = new Thread(() -> {
        Shop.Worker w = new Shop.Worker(index, threads);
        Histogram h = histograms[index];
        try {
          go.await();
          long warmEnd = bounds[0];
          long end = bounds[1];
          while (failure.get() == null) {
            long t0 = System.nanoTime();
            if (t0 - end >= 0) {
              break;
            }
            int n = op.run(w);
            long t1 = System.nanoTime();
            if (n < 0) {
              break;
            }
            if (t0 - warmEnd >= 0) {
              h.recordValue(Math.min(t1 - t0, h.getHighestTrackableValue()));
              units[index] += n;
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, "client-" + t);
      workers[t].start();
    }
    ServerProcess server = target.server();
    long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
    bounds[0] = start + TimeUnit.MILLISECONDS.toNanos(warmupMillis);
    bounds[1] = bounds[0] + (measureMillis == Long.MAX_VALUE ? TimeUnit.DAYS.toNanos(1)
        : TimeUnit.MILLISECONDS.toNanos(measureMillis));
    while (System.nanoTime() - start < 0) {
      Thread.onSpinWait();
    }
    go.countDown();
    sleepUntil(bounds[0]);
    boolean profiled = ServerProfile.wanted(target) && ServerProfile.start(server);
    long measureStart = System.nanoTime();
    long clientCpu0 = processCpuNanos();
    long serverCpu0 = server == null ? 0 : server.cpuNanos();
    long serverBytes0 = server == null ? -1 : server.allocatedBytes();
    for (Thread w : workers) {
      w.join();
    }
    long measureEnd = System.nanoTime();
    long clientCpu = processCpuNanos() - clientCpu0;
    long serverCpu = server == null ? -1 : server.cpuNanos() - serverCpu0;
    long serverBytes = serverBytes0 < 0 ? -1 : server.allocatedBytes() - serverBytes0;
    Path profile = profiled ? ServerProfile.stop(server, target.name() + "-" + phase + "-x" + threads) : null;
    if (failure.get() != null) {
      throw new PhaseFailed(target.name() + " " + phase + " x" + threads + ": " + failure.get(), failure.get());
    }
    Histogram all = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    long totalUnits = 0;
    for (int t = 0; t < threads; t++) {
      all.add(histograms[t]);
      totalUnits += units[t];
    }
    long ops = all.getTotalCount();
    if (ops == 0) {
      throw new PhaseFailed(target.name() + " " + phase + " x" + threads + ": no operation completed", null);
    }
    Result result = new Result(target.name(), phase, threads, ops, totalUnits, (measureEnd - measureStart) / 1e9,
        all.getValueAtPercentile(50), all.getValueAtPercentile(99), all.getValueAtPercentile(99.9),
        all.getMaxValue(), clientCpu, serverCpu, SideBySide.Machine.loadAverage().split(" ")[0], serverBytes);
    if (profile != null) {
      System.out.print(ServerProfile.report(profile, result.serverCpuMicrosPerUnit()));
    }
    return result;
  }

  private static void sleepUntil(long deadline) throws InterruptedException {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
    }
  }

  /** A phase that failed: a wrong answer or an unexpected error. */
  static final class PhaseFailed extends RuntimeException {
    PhaseFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
