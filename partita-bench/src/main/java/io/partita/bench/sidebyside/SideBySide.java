package io.partita.bench.sidebyside;

import io.partita.bench.sidebyside.PhaseRunner.Result;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The side-by-side benchmark of Partita and its peer, dynalite (see side-by-side.sh): the same
 * single-table e-commerce workload ({@link Shop}) through the AWS SDK v2 DynamoDbClient against
 * every target of {@link Targets}, each target in its own worker JVM (a fresh heap and JIT, no
 * profile left over from the previous target), plus start-up time and idle memory. A phase a
 * target cannot run (dynalite has no transactions) is skipped and recorded in unsupported.tsv,
 * never counted as a failure or a zero.
 *
 * <pre>
 * SideBySide [--quick|--full] [--out DIR] [--targets a,b] [--phases a,b] [--threads 1,16] [--skip-startup]
 * </pre>
 *
 * <p>Results go to DIR as tab-separated files (phases.tsv, unsupported.tsv, startup.tsv, notes.tsv, loads.tsv);
 * {@link Report} turns them into a section of partita-bench/results/side-by-side.md and the charts.
 */
public final class SideBySide {
  /** The measured phases, in the order they run (reads before writes, so read checks can be exact). */
  static final List<String> PHASES = List.of(
      "load", "get", "latest10", "collection", "gsi", "cond-put", "lock-update", "txn", "mixed", "mixed-no-txn");

  static String describePhase(String phase) {
    return switch (phase) {
      case "load" -> "bulk load: BatchWriteItem of 25 items (throughput in items/s, latency per request)";
      case "get" -> "GetItem of a random user's profile";
      case "latest10" -> "Query of a user's latest 10 orders (begins_with, descending, Limit 10)";
      case "collection" -> "Query of a user's whole item collection (profile + 15 to 25 orders)";
      case "gsi" -> "Query of the GSI: a product's latest 10 orders";
      case "cond-put" -> "PutItem with attribute_not_exists(PK) (1 in 10 repeats a key and must be refused)";
      case "lock-update" -> "UpdateItem with an optimistic lock (version = :v; 1 in 10 stale and must be refused)";
      case "txn" -> "TransactWriteItems: decrement stock if enough + put the order";
      case "mixed" -> "80% reads (the four above) / 20% writes (locked update, purchase)";
      case "mixed-no-txn" -> "80% reads (the four above) / 20% writes (locked update, conditional put): the mixed "
          + "load without transactions, which every target runs";
      default -> throw new IllegalArgumentException("unknown phase " + phase + "; known: " + PHASES);
    };
  }

  /** Whether a target can run a phase: {@code txn} and {@code mixed} need TransactWriteItems. */
  static boolean supports(String target, String phase) {
    return Targets.supportsTransactions(target) || !(phase.equals("txn") || phase.equals("mixed"));
  }

  /** Why a target does not run a phase (written to unsupported.tsv and the report). */
  static String unsupportedReason(String target, String phase) {
    return "not supported by the peer: " + Targets.PEER + " has no TransactWriteItems"
        + (phase.equals("mixed") ? " (10% of this phase's operations are purchases)" : "");
  }

  /** The run's settings. */
  record Settings(String mode, int users, int products, long targetWarmupMillis, long warmupMillis,
      long measureMillis, int startupRuns, List<Integer> threads) {
    static Settings of(String mode) {
      return switch (mode) {
        case "quick" -> new Settings(mode, 200, 100, 20000, 2000, 3000, 3, List.of(1, 16));
        case "full" -> new Settings(mode, 1000, 300, 60000, 5000, 15000, 5, List.of(1, 16));
        default -> throw new IllegalArgumentException("mode is quick or full");
      };
    }
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = options(args);
    Settings base = Settings.of(opts.getOrDefault("mode", "quick"));
    Settings s = new Settings(base.mode(),
        Integer.parseInt(opts.getOrDefault("users", Integer.toString(base.users()))),
        Integer.parseInt(opts.getOrDefault("products", Integer.toString(base.products()))),
        Long.parseLong(opts.getOrDefault("target-warmup-ms", Long.toString(base.targetWarmupMillis()))),
        Long.parseLong(opts.getOrDefault("warmup-ms", Long.toString(base.warmupMillis()))),
        Long.parseLong(opts.getOrDefault("measure-ms", Long.toString(base.measureMillis()))),
        base.startupRuns(),
        opts.containsKey("threads") ? Arrays.stream(opts.get("threads").split(",")).map(Integer::valueOf).toList()
            : base.threads());
    Path out = Path.of(opts.getOrDefault("out", "partita-bench/results/" + s.mode()));
    List<String> targets = opts.containsKey("targets") ? List.of(opts.get("targets").split(",")) : Targets.ALL;
    targets.forEach(Targets::describe);
    List<String> phases = opts.containsKey("phases") ? List.of(opts.get("phases").split(",")) : PHASES;
    phases.forEach(SideBySide::describePhase);
    if (opts.containsKey("worker")) {
      System.exit(worker(opts.get("worker"), s, phases, out));
    }
    Files.createDirectories(out);
    append(out.resolve("settings.tsv"), "key\tvalue", String.join("\n",
        "mode\t" + s.mode(), "users\t" + s.users(), "products\t" + s.products(),
        "target_warmup_ms\t" + s.targetWarmupMillis(), "warmup_ms\t" + s.warmupMillis(), "measure_ms\t" + s.measureMillis(),
        "threads\t" + s.threads().toString().replaceAll("[\\[\\] ]", ""),
        "startup_runs\t" + s.startupRuns(),
        "peer\t" + Targets.PEER + " " + ServerProcess.DYNALITE_VERSION,
        "node\tNode " + Machine.run(System.getProperty("sidebyside.node", "node"), "--version"),
        "command\t" + opts.getOrDefault("command", "SideBySide " + String.join(" ", args))));
    if (!opts.containsKey("skip-startup")) {
      Startup.measure(s.startupRuns(), out, targets);
    }
    for (String target : targets) {
      String others = Machine.otherProcesses();
      String loadBefore = Machine.loadAverage();
      int code = runWorker(target, args);
      append(out.resolve("loads.tsv"), "target\tload_before\tload_after\tothers_before",
          target + "\t" + loadBefore + "\t" + Machine.loadAverage() + "\t" + others);
      if (code != 0) {
        System.err.println("side-by-side: the " + target + " run failed (exit " + code + ")");
        System.exit(code);
      }
    }
  }

  /** Runs one target in a new JVM with this JVM's classpath and the worker options. */
  private static int runWorker(String target, String[] args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    String workerOpts = System.getProperty("sidebyside.worker.opts", "");
    if (!workerOpts.isBlank()) {
      command.addAll(List.of(workerOpts.trim().split("\\s+")));
    }
    for (String p : List.of("partita.root", "sidebyside.server.opts", "sidebyside.dynalite.home", "sidebyside.node",
        "sidebyside.profiler", "sidebyside.profiles")) {
      if (System.getProperty(p) != null) {
        command.add("-D" + p + "=" + System.getProperty(p));
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), SideBySide.class.getName()));
    command.addAll(List.of(args));
    command.addAll(List.of("--worker", target));
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }

  /** One target: load, then every phase at every thread count; results appended to phases.tsv. */
  private static int worker(String name, Settings s, List<String> phases, Path out) throws Exception {
    System.out.printf("== %s: %s (load %s)%n", name, Targets.describe(name), Machine.loadAverage());
    Shop shop = new Shop(s.users(), s.products());
    List<Result> results = new ArrayList<>();
    try (Targets.Target target = Targets.open(name)) {
      DynamoDbClient db = target.client();
      shop.createTable(db);
      load(target, shop, s, phases.contains("load"), results);
      // one warm-up of every operation (16 threads) so the client's and the server's JIT have seen
      // them all before anything is measured; each phase still has its own short warm-up
      PhaseRunner.run(target, "warm-all", 16, 0, s.targetWarmupMillis(), w -> {
        switch ((int) (w.step++ % 8)) {
          case 0 -> shop.getProfile(db);
          case 1 -> shop.latestOrders(db);
          case 2 -> shop.collection(db);
          case 3 -> shop.productOrders(db);
          case 4 -> shop.conditionalPut(db, w);
          case 5 -> shop.lockedUpdate(db, w);
          case 6 -> {
            if (Targets.supportsTransactions(name)) {
              shop.purchase(db);
            } else {
              shop.conditionalPut(db, w);
            }
          }
          default -> Shop.writeBatch(db, shop.warmBatch());
        }
        return 1;
      });
      long settled = settle(target);
      System.out.printf("  (warmed up for %d ms, then %d ms until the JIT settled; load %s)%n",
          s.targetWarmupMillis(), settled, Machine.loadAverage());
      for (String phase : phases) {
        if (phase.equals("load")) {
          continue;
        }
        if (!supports(name, phase)) {
          String reason = unsupportedReason(name, phase);
          System.out.printf("  %-12s %s%n", phase, reason);
          append(out.resolve("unsupported.tsv"), "target\tphase\treason", name + "\t" + phase + "\t" + reason);
          continue;
        }
        for (int threads : s.threads()) {
          Result r = PhaseRunner.run(target, phase, threads, s.warmupMillis(), s.measureMillis(), op(phase, shop, db));
          print(r);
          results.add(r);
        }
        if (phase.equals("txn") || phase.equals("mixed")) {
          shop.checkStock(db);
        }
      }
    } catch (PhaseRunner.PhaseFailed | Shop.WrongAnswer e) {
      System.err.println("WRONG ANSWER OR ERROR: " + e.getMessage());
      e.printStackTrace();
      return 2;
    }
    append(out.resolve("phases.tsv"), Result.HEADER,
        String.join("\n", results.stream().map(Result::tsv).toList()));
    append(out.resolve("notes.tsv"), "target\tcancelled_out_of_stock\ttransaction_conflicts\trefused_as_expected",
        name + "\t" + shop.cancelled.sum() + "\t" + shop.conflicts.sum() + "\t" + shop.refusedAsExpected.sum());
    return 0;
  }

  /**
   * Waits (at most 30 s) until neither the client process nor the server burns CPU with no request
   * in flight: on a busy machine the JIT compilers are still working through their queue long
   * after the warm-up stops, and that work would be billed to the first measured phase.
   */
  private static long settle(Targets.Target target) throws InterruptedException {
    long start = System.nanoTime();
    ServerProcess server = target.server();
    while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30)) {
      long c0 = PhaseRunner.processCpuNanos();
      long s0 = server == null ? 0 : server.cpuNanos();
      Thread.sleep(500);
      long client = PhaseRunner.processCpuNanos() - c0;
      long srv = server == null ? 0 : server.cpuNanos() - s0;
      if (client < TimeUnit.MILLISECONDS.toNanos(50) && srv < TimeUnit.MILLISECONDS.toNanos(50)) {
        break;
      }
    }
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  /** Loads the data: half the users on 1 thread, the other half on 16, after an unmeasured warm-up. */
  private static void load(Targets.Target target, Shop shop, Settings s, boolean measured, List<Result> results)
      throws InterruptedException {
    DynamoDbClient db = target.client();
    PhaseRunner.run(target, "load-warmup", 1, 0, s.warmupMillis(), w -> Shop.writeBatch(db, shop.warmBatch()));
    List<Integer> threads = s.threads();
    for (int i = 0; i < threads.size(); i++) {
      int from = shop.users * i / threads.size();
      int to = shop.users * (i + 1) / threads.size();
      ConcurrentLinkedQueue<List<WriteRequest>> batches = shop.loadBatches(from, to, i == 0);
      Result r = PhaseRunner.run(target, "load", threads.get(i), 0, Long.MAX_VALUE, w -> {
        List<WriteRequest> batch = batches.poll();
        return batch == null ? -1 : Shop.writeBatch(db, batch);
      });
      if (measured) {
        print(r);
        results.add(r);
      }
    }
  }

  private static PhaseRunner.Op op(String phase, Shop shop, DynamoDbClient db) {
    return switch (phase) {
      case "get" -> w -> { shop.getProfile(db); return 1; };
      case "latest10" -> w -> { shop.latestOrders(db); return 1; };
      case "collection" -> w -> { shop.collection(db); return 1; };
      case "gsi" -> w -> { shop.productOrders(db); return 1; };
      case "cond-put" -> w -> { shop.conditionalPut(db, w); return 1; };
      case "lock-update" -> w -> { shop.lockedUpdate(db, w); return 1; };
      case "txn" -> w -> { shop.purchase(db); return 1; };
      case "mixed" -> w -> { shop.mixed(db, w); return 1; };
      case "mixed-no-txn" -> w -> { shop.mixedNoTransactions(db, w); return 1; };
      default -> throw new IllegalArgumentException(phase);
    };
  }

  private static void print(Result r) {
    String unit = r.phase().equals("load") ? "item" : "op";
    System.out.printf("  %-12s x%-2d %10.0f %ss/s  p50 %8.1f us  p99 %8.1f us  p99.9 %8.1f us  client CPU %7.1f us/%s%s%n",
        r.phase(), r.threads(), r.unitsPerSecond(), unit,
        r.p50Nanos() / 1e3, r.p99Nanos() / 1e3, r.p999Nanos() / 1e3, r.clientCpuMicrosPerUnit(), unit,
        Double.isNaN(r.serverCpuMicrosPerUnit()) ? ""
            : String.format("  server CPU %7.1f us/%s", r.serverCpuMicrosPerUnit(), unit));
  }

  static synchronized void append(Path file, String header, String lines) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    if (!Files.exists(file)) {
      Files.writeString(file, header + "\n");
    }
    Files.writeString(file, lines + "\n", StandardOpenOption.APPEND);
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> opts = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> opts.put("mode", "quick");
        case "--full" -> opts.put("mode", "full");
        case "--skip-startup" -> opts.put("skip-startup", "true");
        default -> {
          if (!args[i].startsWith("--") || i + 1 >= args.length) {
            throw new IllegalArgumentException("usage: SideBySide [--quick|--full] [--out DIR] [--targets a,b]"
                + " [--phases a,b] [--threads 1,16] [--users N] [--products N] [--target-warmup-ms N] [--warmup-ms N] [--measure-ms N]"
                + " [--skip-startup]");
          }
          opts.put(args[i].substring(2), args[++i]);
        }
      }
    }
    return opts;
  }

  /** Facts about the machine and its load. */
  static final class Machine {
    private Machine() {}

    static String loadAverage() {
      try {
        String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return f[0] + " " + f[1] + " " + f[2];
      } catch (IOException e) {
        return "?";
      }
    }

    /**
     * Other processes using at least 10% of a core over one second (top's second sample), this
     * driver excluded: between two targets nothing of the benchmark runs, so they are other builds.
     */
    static String otherProcesses() {
      String self = Long.toString(ProcessHandle.current().pid());
      List<String> found = new ArrayList<>();
      int block = 0;
      for (String line : run("top", "-b", "-n", "2", "-d", "1", "-w", "512").split("\n")) {
        if (line.startsWith("top -")) {
          block++;
          continue;
        }
        String[] f = line.trim().split("\\s+");
        if (block == 2 && f.length >= 12 && f[0].matches("\\d+") && !f[0].equals(self)) {
          try {
            double cpu = Double.parseDouble(f[8]);
            if (cpu >= 10) {
              found.add(f[11] + " " + Math.round(cpu) + "%");
            }
          } catch (NumberFormatException e) {
            // not a process line
          }
        }
      }
      return found.isEmpty() ? "none" : String.join(", ", found);
    }

    static String run(String... command) {
      try {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          text = String.join("\n", r.lines().toList());
        }
        p.waitFor(10, TimeUnit.SECONDS);
        return text.trim();
      } catch (IOException | InterruptedException e) {
        return "?";
      }
    }
  }
}
