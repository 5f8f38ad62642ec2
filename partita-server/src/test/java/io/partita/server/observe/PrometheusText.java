package io.partita.server.observe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A strict parser of Prometheus's text exposition format 0.0.4: HELP and TYPE lines, samples with
 * escaped label values, and the format's rules a scraper enforces (names and label names by the
 * format's grammar, a TYPE before its samples and at most once, a metric's samples together,
 * counters ending in _total, histograms with buckets ending at le="+Inf" equal to _count). The Prometheus
 * Java client writes this format but has no parser for it (its expositionformats package is
 * writers only), so the test brings its own.
 */
public final class PrometheusText {
  private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  public record Sample(String name, Map<String, String> labels, double value) {}

  public final Map<String, String> types = new HashMap<>();
  public final Map<String, String> help = new HashMap<>();
  public final List<Sample> samples = new ArrayList<>();

  public static PrometheusText parse(String text) {
    PrometheusText p = new PrometheusText();
    String family = null;
    java.util.Set<String> closed = new java.util.HashSet<>();
    int n = 0;
    for (String line : text.split("\n", -1)) {
      n++;
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        String[] parts = line.split(" ", 4);
        if (parts.length >= 3 && (parts[1].equals("HELP") || parts[1].equals("TYPE"))) {
          String name = parts[2];
          check(NAME.matcher(name).matches(), n, "bad metric name " + name);
          if (parts[1].equals("TYPE")) {
            check(parts.length == 4, n, "TYPE without a type");
            check(java.util.Set.of("counter", "gauge", "histogram", "summary", "untyped").contains(parts[3]), n,
                "unknown type " + parts[3]);
            check(p.types.put(name, parts[3]) == null, n, "second TYPE for " + name);
          } else {
            check(p.help.put(name, parts.length == 4 ? parts[3] : "") == null, n, "second HELP for " + name);
          }
          if (!name.equals(family)) {
            check(!closed.contains(name), n, "metric " + name + " is split");
            if (family != null) {
              closed.add(family);
            }
            family = name;
          }
        }
        continue;
      }
      Sample s = sample(line, n);
      String fam = familyOf(s.name(), p.types);
      check(fam != null, n, "sample " + s.name() + " without a TYPE");
      check(fam.equals(family), n, "sample " + s.name() + " outside its metric's block");
      String type = p.types.get(fam);
      if (type.equals("counter")) {
        check(s.name().endsWith("_total") || s.name().endsWith("_created"), n, "counter sample not _total: " + s.name());
        check(s.value() >= 0, n, "negative counter");
      }
      p.samples.add(s);
    }
    p.checkHistograms();
    return p;
  }

  private static String familyOf(String sample, Map<String, String> types) {
    if (types.containsKey(sample)) {
      return sample;
    }
    for (String suffix : List.of("_total", "_created", "_bucket", "_count", "_sum")) {
      if (sample.endsWith(suffix)) {
        String base = sample.substring(0, sample.length() - suffix.length());
        if (types.containsKey(base)) {
          return base;
        }
      }
    }
    return null;
  }

  private void checkHistograms() {
    types.forEach((name, type) -> {
      if (!type.equals("histogram")) {
        return;
      }
      Map<Map<String, String>, Double> inf = new HashMap<>();
      Map<Map<String, String>, Double> count = new HashMap<>();
      Map<Map<String, String>, Double> last = new HashMap<>();
      for (Sample s : samples) {
        if (s.name().equals(name + "_bucket")) {
          Map<String, String> series = new LinkedHashMap<>(s.labels());
          String le = series.remove("le");
          check(le != null, 0, "bucket without le in " + name);
          Double before = last.put(series, s.value());
          check(before == null || before <= s.value(), 0, "buckets not cumulative in " + name);
          if (le.equals("+Inf")) {
            inf.put(series, s.value());
          }
        } else if (s.name().equals(name + "_count")) {
          count.put(s.labels(), s.value());
        }
      }
      check(inf.equals(count), 0, "histogram " + name + ": +Inf buckets " + inf + " differ from counts " + count);
    });
  }

  private static Sample sample(String line, int n) {
    int i = 0;
    while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
      i++;
    }
    String name = line.substring(0, i);
    check(NAME.matcher(name).matches(), n, "bad sample name '" + name + "'");
    Map<String, String> labels = new LinkedHashMap<>();
    if (i < line.length() && line.charAt(i) == '{') {
      i++;
      while (line.charAt(i) != '}') {
        int eq = line.indexOf('=', i);
        String label = line.substring(i, eq);
        check(LABEL.matcher(label).matches(), n, "bad label name " + label);
        check(line.charAt(eq + 1) == '"', n, "label value not quoted");
        StringBuilder v = new StringBuilder();
        int j = eq + 2;
        for (; line.charAt(j) != '"'; j++) {
          char c = line.charAt(j);
          if (c == '\\') {
            char e = line.charAt(++j);
            check(e == '\\' || e == '"' || e == 'n', n, "bad escape \\" + e);
            v.append(e == 'n' ? '\n' : e);
          } else {
            v.append(c);
          }
        }
        check(labels.put(label, v.toString()) == null, n, "label " + label + " twice");
        i = j + 1;
        if (line.charAt(i) == ',') {
          i++;
        }
      }
      i++;
    }
    check(i < line.length() && line.charAt(i) == ' ', n, "no value: " + line);
    String[] rest = line.substring(i + 1).split(" ");
    check(rest.length == 1 || rest.length == 2, n, "trailing text: " + line);
    double value = switch (rest[0]) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(rest[0]);
    };
    if (rest.length == 2) {
      Long.parseLong(rest[1]);
    }
    return new Sample(name, labels, value);
  }

  private static void check(boolean ok, int line, String what) {
    if (!ok) {
      throw new IllegalArgumentException("line " + line + ": " + what);
    }
  }

  /** The value of the one sample named {@code name} with exactly {@code labels} (name, value pairs), or null. */
  public Double value(String name, String... labels) {
    Map<String, String> want = new LinkedHashMap<>();
    for (int i = 0; i < labels.length; i += 2) {
      want.put(labels[i], labels[i + 1]);
    }
    for (Sample s : samples) {
      if (s.name().equals(name) && s.labels().equals(want)) {
        return s.value();
      }
    }
    return null;
  }

  /** Whether any sample is named {@code name}. */
  public boolean has(String name) {
    return samples.stream().anyMatch(s -> s.name().equals(name));
  }
}
