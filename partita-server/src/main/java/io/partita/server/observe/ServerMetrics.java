package io.partita.server.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.partita.engine.HotKeys;
import io.partita.engine.Partita;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The server's Prometheus metrics, kept with Micrometer and scraped at {@code GET /metrics}: the
 * requests (counts, latency histograms, errors, capacity consumed, items), the tables' and
 * indexes' item counts and sizes, each table's hot keys when counted, RocksDB's own figures and the
 * JVM's. docs/SERVER.md lists every name; Micrometer turns {@code partita.requests} into
 * Prometheus's {@code partita_requests_total}. On a server that isolates namespaces (docs/SERVER.md,
 * "Isolation") every figure of a database or its requests also has the label {@code namespace}; a
 * shared server's metrics have none, as before.
 */
public final class ServerMetrics implements AutoCloseable {
  /** Latency histogram buckets, in seconds: from half a millisecond, a local call, to ten seconds. */
  private static final Duration[] BUCKETS = {
      Duration.ofMillis(1).dividedBy(2), Duration.ofMillis(1), Duration.ofMillis(2).plusNanos(500_000),
      Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
      Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
      Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10)};
  /** RocksDB properties shown as gauges: Micrometer name, base unit, property. */
  private static final String[][] ROCKSDB = {
      {"partita.rocksdb.memtable", "bytes", "rocksdb.cur-size-all-mem-tables"},
      {"partita.rocksdb.live.sst.files", "bytes", "rocksdb.live-sst-files-size"},
      {"partita.rocksdb.pending.compaction", "bytes", "rocksdb.estimate-pending-compaction-bytes"},
      {"partita.rocksdb.running.compactions", null, "rocksdb.num-running-compactions"},
      {"partita.rocksdb.running.flushes", null, "rocksdb.num-running-flushes"},
      {"partita.rocksdb.block.cache.usage", "bytes", "rocksdb.block-cache-usage"},
      {"partita.rocksdb.block.cache.capacity", "bytes", "rocksdb.block-cache-capacity"},
      {"partita.rocksdb.estimated.keys", null, "rocksdb.estimate-num-keys"}};
  private static final int LEVELS = 7;

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  /** A database whose figures are shown, with its namespace's label (null on a shared server). */
  private record Watched(String namespace, Partita partita) {
    Tags tags() {
      return namespace == null ? Tags.empty() : Tags.of("namespace", namespace);
    }
  }

  /** The databases shown: a shared server's one, or each namespace's as it opens. */
  private final List<Watched> watched = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final JvmGcMetrics gc = new JvmGcMetrics();
  /** Table and index gauges by key, registered as tables appear and removed when they go. */
  private final Map<String, AtomicLong> tableValues = new HashMap<>();
  private final Map<String, Meter> tableMeters = new HashMap<>();
  /**
   * Each table's hottest keys' reads and writes, null when the database does not count them. The
   * rows are replaced at each scrape: a key that cools down leaves the metrics, so the series stay
   * at most {@link #hotKeysShown} a table however many keys come and go.
   */
  private final MultiGauge hotKeyReads;
  private final MultiGauge hotKeyWrites;
  private final int hotKeysShown;

  /** Metrics of {@code partita}, showing {@code hotKeysShown} hot keys of each table when it counts them. */
  public ServerMetrics(Partita partita, int hotKeysShown) {
    this(hotKeysShown, partita.tracksHotKeys());
    watch(null, partita);
  }

  /**
   * Metrics of an isolating server's databases, each added by {@link #watch} as its namespace opens;
   * {@code hotKeys} when they count hot keys, {@code hotKeysShown} of each table.
   */
  public ServerMetrics(int hotKeysShown, boolean hotKeys) {
    this.hotKeysShown = hotKeysShown;
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    boolean hot = hotKeys;
    hotKeyReads = hot ? MultiGauge.builder("partita.hot.key.reads")
        .description("Reads of one of the table's most used partition keys over the current and the previous minute")
        .register(registry) : null;
    hotKeyWrites = hot ? MultiGauge.builder("partita.hot.key.writes")
        .description("Writes of one of the table's most used partition keys over the current and the previous minute")
        .register(registry) : null;
  }

  /**
   * Shows {@code partita}'s figures from now on: its RocksDB's, its tables' and hot keys', labelled
   * {@code namespace} unless {@code namespace} is null (a shared server's one database).
   */
  public void watch(String namespace, Partita partita) {
    Watched w = new Watched(namespace, partita);
    Tags tags = w.tags();
    for (String[] p : ROCKSDB) {
      String property = p[2];
      Gauge.builder(p[0], partita, d -> d.storageProperty(property).stream().mapToDouble(v -> v).findFirst()
              .orElse(Double.NaN))
          .baseUnit(p[1])
          .tags(tags)
          .description("RocksDB's " + property)
          .register(registry);
    }
    Gauge.builder("partita.rocksdb.sst.files", partita, ServerMetrics::sstFiles)
        .tags(tags)
        .description("SST files, all levels (RocksDB's rocksdb.num-files-at-level<N>)")
        .register(registry);
    if (partita.blockCacheHits() >= 0) {
      FunctionCounter.builder("partita.rocksdb.block.cache.hits", partita, Partita::blockCacheHits).tags(tags)
          .description("RocksDB block cache hits (ticker rocksdb.block.cache.hit)").register(registry);
      FunctionCounter.builder("partita.rocksdb.block.cache.misses", partita, Partita::blockCacheMisses).tags(tags)
          .description("RocksDB block cache misses (ticker rocksdb.block.cache.miss)").register(registry);
      FunctionCounter.builder("partita.rocksdb.entries.skipped", partita, Partita::entriesSkipped).tags(tags)
          .description("Entries RocksDB's reads stepped over: deleted keys' tombstones, hidden versions "
              + "(ticker rocksdb.number.iter.skip)").register(registry);
    }
    watched.add(w);
  }

  private static double sstFiles(Partita p) {
    long n = 0;
    for (int level = 0; level < LEVELS; level++) {
      var v = p.storageProperty("rocksdb.num-files-at-level" + level);
      if (v.isEmpty()) {
        return Double.NaN;
      }
      n += v.getAsLong();
    }
    return n;
  }

  /**
   * A request meter's name and labels: the key its meter is found by. Micrometer's builders find a
   * meter by its whole id (tags sorted, filters applied) at every call; a request finds each of its
   * meters here by a record of its label values instead, and builds it only the first time.
   */
  private record Key(String metric, String namespace, String a, String b, String c) {
    /** The label {@code namespace} when there is one, after {@code labels}. */
    Tags tags(String... labels) {
      Tags t = Tags.of(labels);
      return namespace == null ? t : t.and("namespace", namespace);
    }
  }

  private final Map<Key, Meter> requestMeters = new ConcurrentHashMap<>();

  /** The most table labels the request meters take; later ones are counted under {@link #OTHER_TABLES}. */
  static final int MAX_TABLE_LABELS = 1_000;
  /** The table label of a request whose tables came after the first {@link #MAX_TABLE_LABELS}. */
  static final String OTHER_TABLES = "(other)";
  /**
   * The table labels the request meters have taken. A request's label is its TableName as sent,
   * before any check (a name with no table, an ARN, a batch's names joined), and meters are never
   * removed while the server runs: without a bound, a client naming a new table each time (a test
   * suite making a table per test, say) grows the metrics and the heap for as long as it runs.
   */
  private final Set<String> tableLabels = ConcurrentHashMap.newKeySet();

  private String tableLabel(String table) {
    if (tableLabels.contains(table)) {
      return table;
    }
    // a few over the bound when requests race here; the bound is on memory, not exact
    if (tableLabels.size() >= MAX_TABLE_LABELS) {
      return OTHER_TABLES;
    }
    tableLabels.add(table);
    return table;
  }

  @SuppressWarnings("unchecked")
  private <M extends Meter> M meter(Key key, Function<Key, M> make) {
    Meter m = requestMeters.get(key);
    return (M) (m != null ? m : requestMeters.computeIfAbsent(key, make));
  }

  /** Counts one request in. */
  public void record(Observation o) {
    String operation = o.operation();
    String ns = o.namespace();
    String table = tableLabel(o.table());
    int status = o.status();
    Timer duration = meter(new Key("duration", ns, operation, table, null), k -> Timer
        .builder("partita.request.duration")
        .description("DynamoDB requests' time in the server, from the whole request read to the answer made")
        .tags(k.tags("operation", k.a(), "table", k.b()))
        .serviceLevelObjectives(BUCKETS)
        .register(registry));
    duration.record(o.latencyNanos(), TimeUnit.NANOSECONDS);
    Counter requests = meter(new Key("requests", ns, operation, table, Integer.toString(status)),
        k -> Counter.builder("partita.requests")
            .description("DynamoDB requests answered")
            .tags(k.tags("operation", k.a(), "table", k.b(), "status", k.c()))
            .register(registry));
    requests.increment();
    if (o.errorType() != null) {
      Counter errors = meter(new Key("errors", ns, operation, table, o.errorType()),
          k -> Counter.builder("partita.request.errors")
              .description("DynamoDB requests answered with an error, by its type")
              .tags(k.tags("operation", k.a(), "table", k.b(), "error_type", k.c()))
              .register(registry));
      errors.increment();
    }
    long items = o.items();
    if (items > 0) {
      Counter counter = meter(new Key("items", ns, operation, table, null), k -> Counter
          .builder("partita.request.items")
          .description("Items read or written by requests (Query and Scan: Count)")
          .tags(k.tags("operation", k.a(), "table", k.b()))
          .register(registry));
      counter.increment(items);
    }
    for (io.partita.engine.served.Served.Consumed c : o.capacity()) {
      String consumedBy = tableLabel(c.table());
      String index = c.index() == null ? "" : c.index();
      if (c.readUnits() > 0) {
        Counter reads = meter(new Key("reads", ns, consumedBy, index, null),
            k -> Counter.builder("partita.consumed.read.capacity.units")
                .description("Read capacity units consumed, by table and index (index empty for the table itself)")
                .tags(k.tags("table", k.a(), "index", k.b()))
                .register(registry));
        reads.increment(c.readUnits());
      }
      if (c.writeUnits() > 0) {
        Counter writes = meter(new Key("writes", ns, consumedBy, index, null),
            k -> Counter.builder("partita.consumed.write.capacity.units")
                .description("Write capacity units consumed, by table and index (index empty for the table itself)")
                .tags(k.tags("table", k.a(), "index", k.b()))
                .register(registry));
        writes.increment(c.writeUnits());
      }
    }
  }

  /**
   * The Prometheus text exposition of every metric, table figures and hot keys read now; one scrape
   * at a time, so another's refresh cannot take away the rows this one writes out.
   */
  public synchronized String scrape() {
    refreshTables();
    refreshHotKeys();
    return registry.scrape();
  }

  public String contentType() {
    return "text/plain; version=0.0.4; charset=utf-8";
  }

  private void refreshTables() {
    Set<String> seen = new HashSet<>();
    for (Watched w : watched) {
      for (Partita.TableStatistics t : w.partita().tableStatistics()) {
        tableFigures(seen, w, t);
      }
    }
    for (var it = tableMeters.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      if (!seen.contains(e.getKey())) {
        registry.remove(e.getValue());
        tableValues.remove(e.getKey());
        it.remove();
      }
    }
  }

  private void tableFigures(Set<String> seen, Watched w, Partita.TableStatistics t) {
    String prefix = t.index() == null ? "partita.table" : "partita.index";
    Tags tags = (t.index() == null ? Tags.of("table", t.table()) : Tags.of("table", t.table(), "index", t.index()))
        .and(w.tags());
    set(seen, prefix + ".items", null, tags, t.itemCount(), t.index() == null
        ? "Items in the table (DescribeTable's ItemCount, exact and current)"
        : "Items in the secondary index (DescribeTable's IndexItemCount, exact and current)");
    set(seen, prefix + ".size", "bytes", tags, t.sizeBytes(), t.index() == null
        ? "The table's size (DescribeTable's TableSizeBytes, exact and current)"
        : "The secondary index's size (DescribeTable's IndexSizeBytes, exact and current)");
  }

  private void refreshHotKeys() {
    if (hotKeyReads == null) {
      return;
    }
    List<MultiGauge.Row<?>> reads = new ArrayList<>();
    List<MultiGauge.Row<?>> writes = new ArrayList<>();
    for (Watched w : watched) {
      for (HotKeys.HotKey k : w.partita().hotKeys(hotKeysShown)) {
        Tags tags = Tags.of("table", k.table(), "partition_key", k.partitionKey()).and(w.tags());
        reads.add(MultiGauge.Row.of(tags, k.reads()));
        writes.add(MultiGauge.Row.of(tags, k.writes()));
      }
    }
    hotKeyReads.register(reads, true);
    hotKeyWrites.register(writes, true);
  }

  private void set(Set<String> seen, String name, String unit, Tags tags, long value, String description) {
    String key = name + tags;
    seen.add(key);
    AtomicLong holder = tableValues.get(key);
    if (holder == null) {
      holder = new AtomicLong();
      ToDoubleFunction<AtomicLong> read = AtomicLong::get;
      Meter m = Gauge.builder(name, holder, read).baseUnit(unit).tags(tags).description(description)
          .register(registry);
      tableValues.put(key, holder);
      tableMeters.put(key, m);
    }
    holder.set(value);
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
