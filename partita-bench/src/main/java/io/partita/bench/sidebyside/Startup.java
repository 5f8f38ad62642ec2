package io.partita.bench.sidebyside;

import io.partita.embedded.PartitaDynamoDb;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Start-up time and idle memory. Servers: from launching the process to the first successful
 * ListTables, then the resident memory after 5 idle seconds. Embedded: in a new JVM per run, the
 * time from the JVM's main to the first successful ListTables through a just-opened client (cold:
 * class loading and native libraries included), the same for a second open in that JVM (warm), and
 * the wall time from launching the JVM to that first answer.
 */
final class Startup {
  private Startup() {}

  static final String HEADER = "target\trun\tready_ms\tidle_rss_mb\twarm_open_ms\tlaunch_to_first_ms\tbreakdown";

  /** Measures the start of those of {@code targets} that are measured here (the in-memory servers, the embedded opens). */
  static void measure(int runs, Path out, List<String> targets) throws Exception {
    for (String target : List.of("partita-server-mem", "dynalite-server-mem")) {
      if (!targets.contains(target)) {
        continue;
      }
      for (int run = 1; run <= runs; run++) {
        ServerProcess server = target.startsWith("partita") ? ServerProcess.partita(null) : ServerProcess.dynalite(null);
        try {
          Thread.sleep(5000);
          line(out, target, run, server.readyNanos / 1e6, server.rssBytes() / 1048576.0, Double.NaN, Double.NaN, "");
        } finally {
          server.close();
        }
      }
    }
    for (String target : List.of("partita-embedded-mem", "partita-embedded-disk")) {
      if (!targets.contains(target)) {
        continue;
      }
      for (int run = 1; run <= runs; run++) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), Startup.class.getName(), target));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          String first = r.readLine();
          while (first != null && !first.startsWith("first ")) {
            first = r.readLine();   // a library's warning
          }
          long launchToFirst = System.nanoTime() - start;
          String rest = r.readLine();
          if (first == null || !first.startsWith("first ") || rest == null || !rest.startsWith("warm ")) {
            throw new IllegalStateException(target + ": unexpected output " + first + " / " + rest);
          }
          String[] f = first.split(" ", 3);
          line(out, target, run, Double.parseDouble(f[1]), Double.NaN,
              Double.parseDouble(rest.substring(5)), launchToFirst / 1e6, f.length > 2 ? f[2] : "");
        }
        if (p.waitFor() != 0) {
          throw new IllegalStateException(target + ": open-time process failed");
        }
      }
    }
  }

  private static void line(Path out, String target, int run, double readyMs, double rssMb, double warmMs,
      double launchMs, String breakdown) throws IOException {
    String text = String.join("\t", target, Integer.toString(run), fmt(readyMs), fmt(rssMb), fmt(warmMs), fmt(launchMs),
        breakdown);
    System.out.println("startup " + text);
    SideBySide.append(out.resolve("startup.tsv"), HEADER, text);
  }

  private static String fmt(double v) {
    return Double.isNaN(v) ? "" : String.format(java.util.Locale.ROOT, "%.1f", v);
  }

  /** In a new JVM: opens the embedded target and times the first ListTables, then a second open. */
  public static void main(String[] args) throws Exception {
    String target = args[0];
    if (target.equals("partita-embedded-mem")) {
      // where a cold open's time goes: the RocksDB native library (loaded as the engine loads it,
      // from its per-user cache), the engine, the client, the first request (the SDK's request and
      // response model classes)
      long t0 = System.nanoTime();
      Class.forName("io.partita.engine.internal.storage.RocksStore");
      long t1 = System.nanoTime();
      io.partita.engine.Partita partita = io.partita.engine.Partita.inMemory();
      long t2 = System.nanoTime();
      DynamoDbClient db = PartitaDynamoDb.over(partita);
      long t3 = System.nanoTime();
      db.listTables();
      long t4 = System.nanoTime();
      System.out.printf(java.util.Locale.ROOT, "first %.1f rocksdb-native %.0f ms, Partita.inMemory %.0f ms, client %.0f ms,"
          + " first ListTables %.0f ms%n", (t4 - t0) / 1e6, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6,
          (t4 - t3) / 1e6);
      partita.close();
    } else {
      System.out.printf(java.util.Locale.ROOT, "first %.1f%n", openAndList(target));
    }
    System.out.flush();
    System.out.printf(java.util.Locale.ROOT, "warm %.1f%n", openAndList(target));
    System.out.flush();
    System.exit(0);
  }

  /** Milliseconds from here to the first ListTables answer of a newly opened client (closing not included). */
  private static double openAndList(String target) throws IOException {
    Path dir = target.endsWith("-disk") ? Files.createTempDirectory("sidebyside-open-") : null;
    long t0 = System.nanoTime();
    try {
      try (DynamoDbClient db = dir == null ? PartitaDynamoDb.inMemory() : PartitaDynamoDb.open(dir)) {
        db.listTables();
        return (System.nanoTime() - t0) / 1e6;
      }
    } finally {
      if (dir != null) {
        Targets.deleteTree(dir);
      }
    }
  }
}
