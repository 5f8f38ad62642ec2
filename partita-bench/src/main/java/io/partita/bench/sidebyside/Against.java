package io.partita.bench.sidebyside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report of {@code partita-bench/against-release.sh}: Partita's server built from an earlier
 * commit (the base) against this checkout's (new), with the same client workload, phase by phase.
 * Reads the rounds' results folders ({@code base-1}, {@code new-1}, {@code peer-1}, {@code base-2},
 * ...) under one folder and writes {@code report.md} there (and to standard output): for each phase
 * and thread count, the medians over the rounds of throughput, the server's CPU per operation, its
 * heap allocation per operation and the server's CPU over the client's (the yardstick BENCHMARKS.md
 * quotes, since it does not change with the server), each with its new ÷ base ratio, and the peer's
 * (dynalite's) throughput and CPU per operation when it ran; then start-up and idle memory.
 */
public final class Against {
  private Against() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: Against RESULTS_DIR BASE_LABEL NEW_LABEL");
    }
    Path dir = Path.of(args[0]);
    String report = report(dir, args[1], args[2]);
    Files.writeString(dir.resolve("report.md"), report);
    System.out.print(report);
  }

  /** One phase of one target at one thread count. */
  private record Key(String target, String phase, int threads) {}

  static String report(Path dir, String baseLabel, String newLabel) throws IOException {
    Map<Key, List<double[]>> base = new LinkedHashMap<>();
    Map<Key, List<double[]>> now = new LinkedHashMap<>();
    Map<Key, List<double[]>> peer = new LinkedHashMap<>();
    Map<String, List<double[]>> startBase = new LinkedHashMap<>();
    Map<String, List<double[]>> startNew = new LinkedHashMap<>();
    int rounds = 0;
    try (var folders = Files.list(dir)) {
      for (Path f : folders.sorted().toList()) {
        String name = f.getFileName().toString();
        // the rounds' folders: base-1, new-1, peer-1, base-2, ... (not base-src, the base's checkout)
        boolean isBase = name.matches("base-\\d+");
        boolean isPeer = name.matches("peer-\\d+");
        if (!Files.isDirectory(f) || !(isBase || isPeer || name.matches("new-\\d+"))) {
          continue;
        }
        rounds += isBase ? 1 : 0;
        read(f.resolve("phases.tsv"), isBase ? base : isPeer ? peer : now);
        if (!isPeer) {
          readStartup(f.resolve("startup.tsv"), isBase ? startBase : startNew);
        }
      }
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "Partita's server, %s (base) against %s (new): the side-by-side workload, "
        + "in memory, medians of %d alternating round(s)%s. Ratios are new ÷ base: above 1 for throughput and "
        + "below 1 for CPU and allocation are better. Allocation is the server JVM's heap allocation per "
        + "operation, KB.%n%n", baseLabel, newLabel, rounds, peer.isEmpty() ? "" : ", dynalite in the same rounds"));
    out.append("| phase | threads | ops/s base | ops/s new | new ÷ base | server CPU µs/op base | new | new ÷ base "
        + "| alloc KB/op base | new | new ÷ base | server ÷ client CPU base | new | dynalite ops/s | dynalite CPU µs/op |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<Key, List<double[]>> e : base.entrySet()) {
      List<double[]> n = now.get(e.getKey());
      if (n == null) {
        continue;
      }
      List<double[]> p = peer.entrySet().stream()
          .filter(x -> x.getKey().phase().equals(e.getKey().phase()) && x.getKey().threads() == e.getKey().threads())
          .map(Map.Entry::getValue).findFirst().orElse(List.of());
      double tb = median(e.getValue(), 0), tn = median(n, 0);
      double sb = median(e.getValue(), 2), sn = median(n, 2);
      double rb = median(e.getValue(), 3), rn = median(n, 3);
      double ab = median(e.getValue(), 4) / 1024, an = median(n, 4) / 1024;
      out.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2f | %.0f | %.0f | %.2f | %s | %s | %s | %.2f | %.2f | %s | %s |%n",
          e.getKey().phase(), e.getKey().threads(), tb, tn, tn / tb, sb, sn, sn / sb, kb(ab), kb(an),
          Double.isNaN(ab) || Double.isNaN(an) ? "–" : String.format(Locale.ROOT, "%.2f", an / ab), rb, rn,
          p.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f", median(p, 0)),
          p.isEmpty() ? "–" : String.format(Locale.ROOT, "%.0f", median(p, 2))));
    }
    if (!startBase.isEmpty() && !startNew.isEmpty()) {
      out.append("\n| start-up | ready ms base | ready ms new | idle RSS MB base | idle RSS MB new |\n"
          + "|---|---:|---:|---:|---:|\n");
      for (String target : startBase.keySet()) {
        if (startNew.containsKey(target)) {
          out.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.1f | %.1f |%n", target,
              median(startBase.get(target), 0), median(startNew.get(target), 0),
              median(startBase.get(target), 1), median(startNew.get(target), 1)));
        }
      }
    }
    return out.toString();
  }

  private static String kb(double kb) {
    return Double.isNaN(kb) ? "–" : String.format(Locale.ROOT, "%.1f", kb);
  }

  /** Each phase line's units/s, client CPU, server CPU per unit, server over client CPU, and server bytes per unit. */
  private static void read(Path phases, Map<Key, List<double[]>> into) throws IOException {
    if (!Files.exists(phases)) {
      return;
    }
    List<String> lines = Files.readAllLines(phases);
    for (String line : lines.subList(1, lines.size())) {
      PhaseRunner.Result r = PhaseRunner.Result.parse(line);
      double client = r.clientCpuMicrosPerUnit(), server = r.serverCpuMicrosPerUnit();
      into.computeIfAbsent(new Key(r.target(), r.phase(), r.threads()), k -> new ArrayList<>())
          .add(new double[] {r.unitsPerSecond(), client, server, server / client, r.serverBytesPerUnit()});
    }
  }

  private static void readStartup(Path startup, Map<String, List<double[]>> into) throws IOException {
    if (!Files.exists(startup)) {
      return;
    }
    List<String> lines = Files.readAllLines(startup);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t", -1);
      into.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new double[] {number(f[2]), number(f[3])});
    }
  }

  private static double number(String s) {
    return s.isBlank() ? Double.NaN : Double.parseDouble(s);
  }

  private static double median(List<double[]> rows, int column) {
    double[] v = rows.stream().mapToDouble(r -> r[column]).filter(d -> !Double.isNaN(d)).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
