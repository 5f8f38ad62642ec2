package io.partita.engine;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.ApiConstraints;
import io.partita.engine.internal.storage.DataFormat;
import io.partita.engine.internal.storage.StorageException;
import io.partita.engine.internal.storage.StorageUnavailableException;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;

/**
 * A Partita database: DynamoDB's data model and semantics, in-process, on a data directory or in
 * memory. Requests and responses are the AWS SDK v2 model types; refusals are {@link
 * PartitaException}s carrying DynamoDB's error code and message.
 *
 * <p>Thread-safe. A write is durable when its call returns. {@link #close()} waits for requests in
 * flight and then closes storage; requests after that are refused.
 */
public final class Partita implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(Partita.class.getName());
  private final Store store;
  private final boolean durable;
  /** What the operations work with; made anew when a snapshot is restored (under the write lock). */
  private volatile EngineContext ctx;
  /** Which context is current: a step of background work made for an older one does nothing. */
  private volatile long generation;
  private final Limits limits;
  private final io.partita.engine.internal.table.Home home;
  private final java.util.function.Supplier<Path> s3Root;
  private final io.partita.engine.TransferProgress progress;
  /** {@link #snapshot}s by name: in memory, or files in the data folder. */
  private final io.partita.engine.internal.storage.StoreImages snapshots;
  private final ReadWriteLock open = new ReentrantReadWriteLock();
  private final ExecutorService ownExecutor;
  private final Executor backgroundWork;
  private final AtomicBoolean recoveryQueued = new AtomicBoolean();
  /** Runs Time to Live's sweep on its interval, or null when the interval is zero. */
  private final java.util.concurrent.ScheduledExecutorService sweeper;
  private volatile boolean closed;
  /** Request failures to inject ({@link Faults}); none unless asked for. */
  private volatile Faults.Injector faults = new Faults.Injector(Faults.NONE);
  /** The partition keys read and written of late, or null when not tracked ({@link Options#trackHotKeys}). */
  private volatile HotKeys hotKeys;
  /** Tables held to their throughput, or null when not ({@link Options#throttling}). */
  private volatile io.partita.engine.internal.ops.context.Throttle throttle;
  private final Clock clock;

  private final long streamRetentionMillis;
  private final long shardRolloverMillis;

  /** The store under the engine: for the engine's own tests (its open batches and readers). */
  Store store() {
    return store;
  }

  private Partita(Store store, Clock clock, boolean durable, Limits limits, Executor background,
      java.time.Duration sweepInterval, java.time.Duration streamRetention, java.time.Duration shardRollover,
      io.partita.engine.internal.table.Home home, java.util.function.Supplier<Path> s3Root,
      io.partita.engine.TransferProgress progress, io.partita.engine.internal.storage.StoreImages snapshots) {
    this.store = store;
    this.snapshots = snapshots;
    this.clock = clock;
    this.streamRetentionMillis = streamRetention.toMillis();
    this.shardRolloverMillis = shardRollover.toMillis();
    this.durable = durable;
    this.ownExecutor = background == null ? backgroundThread() : null;
    this.backgroundWork = background == null ? ownExecutor : background;
    this.limits = limits;
    this.home = home;
    this.s3Root = s3Root;
    this.progress = progress;
    try {
      DataFormat.initOrCheck(store);
      this.ctx = context();
      // work a storage fault stopped (an index backfill) starts again once the store recovers
      store.onRecovery(() -> backgroundWork.execute(() -> whileOpen(() -> ctx.resumeStalledWork())));
      this.sweeper = sweepInterval.isZero() ? null : sweeper(sweepInterval);
    } catch (RuntimeException e) {
      if (ownExecutor != null) {
        ownExecutor.shutdownNow();
      }
      store.close();
      throw e;
    }
  }

  /**
   * The context the operations work with, read from the store (its tables, their vector indexes),
   * with the work a restart resumes (index builds, restores, imports) started again.
   */
  private EngineContext context() {
    EngineContext before = ctx;
    long g = ++generation;
    EngineContext c = new EngineContext(store, new Catalog(store, home), clock, limits, backgroundWork,
        step -> generation == g && whileOpen(step), home);
    c.attach(io.partita.engine.internal.transfer.Transfers.class,
        new io.partita.engine.internal.transfer.Transfers(store, s3Root, progress));
    if (before != null) {
      c.advertiseEndpoint(before.endpointAddress()); // where the server listens does not change with the data
    }
    BackgroundWork.resume(c);
    return c;
  }

  /** How to open a database with other settings than the defaults: {@code Partita.with().limits(l).inMemory()}. */
  public static Options with() {
    return new Options();
  }

  /** Settings for opening a database; see {@link #with()}. */
  public static final class Options {
    private Limits limits = Limits.DYNAMODB;
    private Executor background;
    private Clock clock = Clock.systemUTC();
    private long memoryBytes = Store.Settings.DEFAULT_MEMORY_BYTES;
    private StorageFaults faults;
    private java.time.Duration timeToLiveInterval = DEFAULT_TTL_INTERVAL;
    private java.time.Duration streamRetention = java.time.Duration.ofHours(24);
    private java.time.Duration shardRollover = java.time.Duration.ofHours(4);
    private String region = io.partita.engine.internal.table.Arns.DEFAULT_REGION;
    private String account = io.partita.engine.internal.table.Arns.ACCOUNT;
    private Path s3Root;
    private io.partita.engine.TransferProgress progress = io.partita.engine.TransferProgress.NONE;
    private Faults requestFaults = Faults.NONE;
    private boolean trackHotKeys;
    private boolean throttling;
    private java.time.Duration consistencyLag = java.time.Duration.ZERO;

    /**
     * Lets eventually consistent reads (GetItem, BatchGetItem, Query and Scan without
     * ConsistentRead, and every GSI read) see the data as it was up to {@code lag} ago, as
     * DynamoDB's may: code that reads its own write back from a GSI then fails here as it would in
     * production. Zero (the default) reads the present. See {@link Partita#consistencyLag(java.time.Duration)}.
     */
    public Options consistencyLag(java.time.Duration lag) {
      this.consistencyLag = Store.checkedLag(lag);
      return this;
    }

    /**
     * Holds each PROVISIONED table (and its GSIs) to its provisioned capacity, with DynamoDB's
     * five minutes of burst, and each on-demand table to its {@code OnDemandThroughput} maximum,
     * refusing as DynamoDB refuses (see {@link Partita#throttle}); off by default, when tables take
     * any load.
     */
    public Options throttling(boolean on) {
      this.throttling = on;
      return this;
    }

    /**
     * Counts each table's most-read and most-written partition keys over the last minute or two
     * ({@link Partita#hotKeys}); off by default.
     */
    public Options trackHotKeys(boolean track) {
      this.trackHotKeys = track;
      return this;
    }

    private Options() {}

    /** Requests to fail as a busy or unreliable DynamoDB fails them (see {@link Faults}); none by default. */
    public Options faults(Faults faults) {
      this.requestFaults = java.util.Objects.requireNonNull(faults);
      return this;
    }

    /**
     * The directory that stands for S3 in ExportTableToPointInTime and ImportTable: bucket {@code B}
     * is {@code dir/B}, and an object key a path under it (docs/export-import.md). By default {@code
     * s3} in the data directory, or for an in-memory database a temporary directory made at the first
     * export or import.
     */
    public Options s3Root(Path dir) {
      this.s3Root = java.util.Objects.requireNonNull(dir);
      return this;
    }

    /** Told how a long export or import goes ({@code partita export}'s progress bar); by default nobody. */
    public Options transferProgress(io.partita.engine.TransferProgress progress) {
      this.progress = java.util.Objects.requireNonNull(progress);
      return this;
    }

    private java.util.function.Supplier<Path> s3RootFor(Path dataDirectory) {
      Path chosen = s3Root != null ? s3Root : dataDirectory == null ? null : dataDirectory.resolve("s3");
      return () -> {
        try {
          // made owner-only as the data folder is (a temporary one is already)
          return chosen != null ? io.partita.engine.internal.storage.PrivateDirectories.create(chosen)
              : java.nio.file.Files.createTempDirectory("partita-s3-");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      };
    }

    /**
     * The region the database stands for (default us-east-1): named in every table, index and
     * stream ARN and in stream records' {@code awsRegion}. A server passes the region it serves
     * ({@code partita serve --region}), so records name the region clients call.
     */
    public Options region(String region) {
      this.region = io.partita.engine.internal.table.Arns.region(region);
      return this;
    }

    /**
     * The AWS account the database stands for, twelve digits (default 000000000000, the all-zero
     * account that marks a local, unowned resource): named in every table, index, stream, backup and
     * export ARN. A table ARN of another account is refused as DynamoDB refuses a caller another
     * account's table. A server that keeps a database per account ({@code partita serve --isolate
     * accounts}) passes each its own.
     */
    public Options account(String account) {
      this.account = io.partita.engine.internal.table.Arns.account(account);
      return this;
    }

    /**
     * How long stream records are kept before they are trimmed (default 24 hours, as DynamoDB keeps
     * them); trimming runs on the Time to Live interval's schedule, or by {@link Partita#trimStreamsNow()}.
     */
    public Options streamRetention(java.time.Duration retention) {
      if (retention.isNegative() || retention.isZero()) {
        throw new IllegalArgumentException("the stream retention must be positive: " + retention);
      }
      this.streamRetention = retention;
      return this;
    }

    /**
     * How long a stream's open shard stays open before it is closed and a child opened (default 4
     * hours, about what DynamoDB shows); checked on the Time to Live interval's schedule. A shard is
     * also rolled over once it holds 10,000 records, and by {@link Partita#rollOverStreamShards()}.
     */
    public Options shardRollover(java.time.Duration rollover) {
      if (rollover.isNegative() || rollover.isZero()) {
        throw new IllegalArgumentException("the shard roll-over must be positive: " + rollover);
      }
      this.shardRollover = rollover;
      return this;
    }

    /**
     * How often the items Time to Live has made due are deleted (default {@value
     * #DEFAULT_TTL_SECONDS} seconds); zero turns the schedule off, for a test that calls {@link
     * Partita#expireNow()} itself.
     */
    public Options timeToLiveInterval(java.time.Duration interval) {
      if (interval.isNegative()) {
        throw new IllegalArgumentException("the Time to Live interval cannot be negative: " + interval);
      }
      this.timeToLiveInterval = interval;
      return this;
    }

    /**
     * The clock of time-dependent rules (the 10-minute window of transaction tokens, the pace of
     * retries after a storage fault); a test may move it.
     */
    public Options clock(Clock clock) {
      this.clock = java.util.Objects.requireNonNull(clock);
      return this;
    }

    /** Other limits than DynamoDB's (a test that must reach one, say). */
    public Options limits(Limits limits) {
      this.limits = java.util.Objects.requireNonNull(limits);
      return this;
    }

    /**
     * Where background work runs (index backfills, one chunk per task). By default the database
     * runs it on one daemon thread of its own; a test can pass an executor it drives by hand to
     * see an index while it is still CREATING.
     */
    public Options backgroundExecutor(Executor executor) {
      this.background = java.util.Objects.requireNonNull(executor);
      return this;
    }

    /**
     * The memory RocksDB may use for its block cache and memtables together (default 256 MiB, at
     * least 16 MiB); see docs/RELIABILITY.md. The JVM's heap is not part of it.
     */
    private boolean statistics;

    /** The least {@link #memory} takes: 16 MiB. */
    public static final long MIN_MEMORY_BYTES = Store.Settings.MIN_MEMORY_BYTES;

    public Options memory(long bytes) {
      this.memoryBytes = bytes;
      settings(); // checks it now
      return this;
    }

    /** Faults to inject below the engine: for tests only (see {@link StorageFaults}). */
    public Options storageFaults(StorageFaults faults) {
      this.faults = java.util.Objects.requireNonNull(faults);
      return this;
    }

    /**
     * Whether RocksDB keeps its statistics (default off): block cache hits and misses for a metrics
     * endpoint ({@link Partita#blockCacheHits}), at a small cost on every read.
     */
    public Options storageStatistics(boolean on) {
      this.statistics = on;
      return this;
    }

    private Store.Settings settings() {
      return new Store.Settings(memoryBytes, clock, faults == null ? null : faults.plan, statistics);
    }

    /**
     * Opens the database in {@code directory}, creating it if needed: a folder made here is readable by
     * its owner only (docs/SECURITY.md), one that exists is left as it is.
     */
    public Partita open(Path directory) {
      io.partita.engine.internal.storage.PrivateDirectories.create(directory);
      return withFaults(new Partita(Store.open(directory, settings()), clock, true, limits, background,
          timeToLiveInterval, streamRetention, shardRollover, home(), s3RootFor(directory), progress,
          io.partita.engine.internal.storage.StoreImages.inDirectory(directory.resolve("snapshots"))));
    }

    public Partita inMemory() {
      return withFaults(new Partita(Store.inMemory(settings()), clock, false, limits, background, timeToLiveInterval,
          streamRetention, shardRollover, home(), s3RootFor(null), progress,
          io.partita.engine.internal.storage.StoreImages.inMemory()));
    }

    private io.partita.engine.internal.table.Home home() {
      return new io.partita.engine.internal.table.Home(region, account);
    }

    private Partita withFaults(Partita p) {
      p.injectFaults(requestFaults);
      p.throttle(throttling);
      p.consistencyLag(consistencyLag);
      if (trackHotKeys) {
        p.hotKeys = new HotKeys(clock);
      }
      return p;
    }
  }

  /** Seconds between Time to Live sweeps unless {@link Options#timeToLiveInterval} says otherwise. */
  public static final int DEFAULT_TTL_SECONDS = 2;
  private static final java.time.Duration DEFAULT_TTL_INTERVAL = java.time.Duration.ofSeconds(DEFAULT_TTL_SECONDS);

  private java.util.concurrent.ScheduledExecutorService sweeper(java.time.Duration interval) {
    java.util.concurrent.ScheduledThreadPoolExecutor timer = new java.util.concurrent.ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "partita-ttl");
      t.setDaemon(true);
      return t;
    });
    long millis = Math.max(1, interval.toMillis());
    timer.scheduleWithFixedDelay(() -> {
      try {
        whileOpen(() -> {
          BackgroundWork.expire(ctx);
          ctx.maintainStreams(streamRetentionMillis, shardRolloverMillis);
          BackgroundWork.trimChangeLogs(ctx);
        });
        // outside the open lock, which close() waits for: the store's close cancels a compaction
        // under way instead (and a closed store compacts nothing)
        BackgroundWork.compactDeleted(ctx);
      } catch (RuntimeException e) {
        // a storage fault: the due items are still due, and the next sweep takes them
        LOG.log(Level.WARNING, "Partita: a Time to Live or stream sweep stopped; the next one goes on", e);
      }
    }, millis, millis, TimeUnit.MILLISECONDS);
    return timer;
  }

  /**
   * Deletes now every item Time to Live has made due by the database's clock, as the scheduled
   * sweep does (through the one write path: indexes, counters and item collections follow); answers
   * how many. For tests, with a clock they move.
   */
  public int expireNow() {
    int[] deleted = {0};
    now(() -> deleted[0] = BackgroundWork.expire(ctx));
    return deleted[0];
  }

  /** Compacts now where deletes gathered, as the schedule does after each sweep: for tests. */
  int compactDeletedNow() {
    int[] ranges = {0};
    now(() -> ranges[0] = BackgroundWork.compactDeleted(ctx));
    return ranges[0];
  }

  /**
   * Entries RocksDB's reads stepped over since opening (deleted keys' tombstones, versions a newer
   * one hides); -1 unless opened with {@link Options#storageStatistics}. Many per read means reads
   * wade through deletes that have not been compacted away yet.
   */
  public long entriesSkipped() {
    return store.entriesSkipped();
  }

  /** The directory standing for S3 in exports and imports: bucket {@code B} is {@code s3Root()/B}. */
  public Path s3Root() {
    return transfers().s3Root();
  }

  /**
   * The file listing an import's bad records (file, line, why; {@code partita import} prints it),
   * or null when the import had none or is unknown.
   */
  public Path importErrorLog(String importArn) {
    return transfers().importErrorLog(importArn);
  }

  private io.partita.engine.internal.transfer.Transfers transfers() {
    return ctx.attached(io.partita.engine.internal.transfer.Transfers.class);
  }

  /** Closes the open shard of every enabled stream and opens its child, now: for tests of shard lineage. */
  public void rollOverStreamShards() {
    now(ctx::rollOverStreamShards);
  }

  /**
   * Trims now the stream records older than the retention by the database's clock, and rolls over
   * the shards older than the roll-over interval, as the schedule does: for tests.
   */
  public void trimStreamsNow() {
    now(() -> ctx.maintainStreams(streamRetentionMillis, shardRolloverMillis));
  }

  /**
   * Drops now the point-in-time recovery records older than each table's earliest restorable
   * instant by the database's clock, as the schedule does: for tests.
   */
  public void trimPointInTimeLogsNow() {
    now(() -> BackgroundWork.trimChangeLogs(ctx));
  }

  /** Runs background work on demand, on the caller's thread, as {@link #whileOpen} does; refused once closed. */
  private void now(Runnable work) {
    if (!whileOpen(work)) {
      throw new IllegalStateException("this Partita database is closed");
    }
  }

  private static ExecutorService backgroundThread() {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "partita-background");
      t.setDaemon(true);
      return t;
    });
    pool.allowCoreThreadTimeOut(true); // an idle database keeps no thread
    return pool;
  }

  /** Runs a step of background work unless the database is closed; close waits for a step in progress. */
  private boolean whileOpen(Runnable step) {
    open.readLock().lock();
    try {
      if (closed) {
        return false;
      }
      step.run();
      return true;
    } finally {
      open.readLock().unlock();
    }
  }

  /**
   * Opens the database in {@code directory}, creating it if needed.
   *
   * @throws StorageException if the directory is open in another process, or holds data of an
   *     unknown or newer format
   */
  public static Partita open(Path directory) {
    return open(directory, Limits.DYNAMODB);
  }

  /** {@link #open(Path)} with other limits than DynamoDB's (a test that must reach one, say). */
  public static Partita open(Path directory, Limits limits) {
    return with().limits(limits).open(directory);
  }

  /** A new, empty database in memory, running the same storage code on RocksDB's memory environment. */
  public static Partita inMemory() {
    return inMemory(Limits.DYNAMODB);
  }

  /** {@link #inMemory()} with other limits than DynamoDB's. */
  public static Partita inMemory(Limits limits) {
    return with().limits(limits).inMemory();
  }

  /**
   * Whether writes are synced to a data directory before they return (so a write call may wait for
   * the disk); {@code false} for an in-memory database, whose calls never wait on I/O.
   */
  public boolean isDurable() {
    return durable;
  }

  /**
   * Whether the storage can write now, and if not why (in words without paths), since when, and
   * how often it recovered by itself: for a health answer or a metrics endpoint. Cheap: it reads a
   * field. While writes fail, asking also schedules a recovery attempt on the background executor
   * (at most one a second, by the clock), so a database nobody writes to still finds out when the
   * cause is gone.
   */
  public StorageStatus storageStatus() {
    Store.Health h = store.health();
    if (!h.writable() && !closed && recoveryQueued.compareAndSet(false, true)) {
      try {
        backgroundWork.execute(() -> {
          recoveryQueued.set(false);
          whileOpen(store::recoverIfDue);
        });
      } catch (RuntimeException e) {
        recoveryQueued.set(false);
      }
    }
    return new StorageStatus(h.writable(), h.problem(), h.since(), h.failedWrites(), h.recoveries());
  }

  /** One table's or one secondary index's exact item count and size, as DescribeTable reports them. */
  public record TableStatistics(String table, String index, long itemCount, long sizeBytes) {
    /** {@code index} is null for the table itself. */
    public TableStatistics {
      java.util.Objects.requireNonNull(table, "table");
    }
  }

  /**
   * The item count and size of every table and of each of its secondary indexes, from the engine's
   * exact counters (DescribeTable's ItemCount and TableSizeBytes, without their six-hour delay):
   * for a metrics endpoint. Empty once the database is closed.
   */
  public java.util.List<TableStatistics> tableStatistics() {
    java.util.List<TableStatistics> out = new java.util.ArrayList<>();
    open.readLock().lock();
    try {
      if (closed) {
        return out;
      }
      io.partita.engine.internal.table.Catalog catalog = ctx.catalog();
      for (io.partita.engine.internal.table.Table t : catalog.tables()) {
        io.partita.engine.internal.table.TableDef def = t.def();
        try {
          out.add(new TableStatistics(def.name(), null, catalog.itemCount(def), catalog.sizeBytes(def)));
          for (java.util.List<io.partita.engine.internal.table.IndexDef> indexes : java.util.List.of(def.globalIndexes(),
              def.localIndexes())) {
            for (io.partita.engine.internal.table.IndexDef index : indexes) {
              out.add(new TableStatistics(def.name(), index.name(), catalog.indexItemCount(def, index.name()),
                  catalog.indexSizeBytes(def, index.name())));
            }
          }
        } catch (RuntimeException e) {
          // the storage is closed or being reopened: the next scrape tells
          LOG.log(Level.FINE, "table statistics unavailable", e);
        }
      }
      return out;
    } finally {
      open.readLock().unlock();
    }
  }

  /**
   * A numeric RocksDB property ({@code rocksdb.cur-size-all-mem-tables}, {@code
   * rocksdb.live-sst-files-size}, ...; see {@link Store#longProperty}), empty when unknown or
   * while the storage is unavailable.
   */
  public java.util.OptionalLong storageProperty(String name) {
    return store.longProperty(name);
  }

  /** RocksDB's block cache hits since opening; -1 unless opened with {@link Options#storageStatistics}. */
  public long blockCacheHits() {
    return store.blockCacheHits();
  }

  /** RocksDB's block cache misses since opening; -1 unless opened with {@link Options#storageStatistics}. */
  public long blockCacheMisses() {
    return store.blockCacheMisses();
  }

  /**
   * The address clients reach this database at, {@code host:port}, which DescribeEndpoints answers: a
   * server sets it once it listens; a database used in process answers {@code localhost}.
   */
  public void advertiseEndpoint(String address) {
    ctx.advertiseEndpoint(address);
  }

  /**
   * Starts (or, with {@link Faults#NONE}, stops) failing requests as a busy or unreliable DynamoDB
   * does; takes effect for the next request. The random sequence starts again from the seed.
   */
  public void injectFaults(Faults faults) {
    this.faults = new Faults.Injector(java.util.Objects.requireNonNull(faults));
  }

  /** The faults in use ({@link Faults#NONE} when off). */
  public Faults faults() {
    return faults.faults;
  }

  /** How many requests failed by an injected fault since the faults in use were set. */
  public long injectedFaults() {
    return faults.injected();
  }

  /**
   * Each table's {@code top} most-read and most-written partition keys over the last minute or two
   * (GetItem reads; PutItem, UpdateItem and DeleteItem writes), most first; empty when not tracked.
   */
  public List<HotKeys.HotKey> hotKeys(int top) {
    HotKeys h = hotKeys;
    return h == null ? List.of() : h.top(top);
  }

  /**
   * Starts or stops holding tables to their throughput: ProvisionedThroughputExceededException
   * (PROVISIONED tables and their GSIs, with five minutes of burst) or ThrottlingException (an
   * on-demand table's {@code OnDemandThroughput} maximum), with DynamoDB's {@code ThrottlingReasons};
   * batches return a throttled table's entries unprocessed. Starting again starts with fresh
   * buckets. Measured by the database's clock, so a test can move it.
   */
  public void throttle(boolean on) {
    this.throttle = on ? new io.partita.engine.internal.ops.context.Throttle(() -> ctx, clock) : null;
  }

  /**
   * Sets how stale eventually consistent reads may be (zero: not at all, the default); takes effect
   * for the next read. A read made at time T sees every write made before T minus the lag and none
   * made since (to within a 64th of the lag), by the database's clock: an item written and read back
   * at once with an eventually consistent read, or looked up in a GSI, is not there yet. Strongly
   * consistent reads, transactions and writes' conditions always see the present.
   */
  public void consistencyLag(java.time.Duration lag) {
    store.consistencyLag(lag);
  }

  /** How stale eventually consistent reads may be ({@link #consistencyLag(java.time.Duration)}); zero when not. */
  public java.time.Duration consistencyLag() {
    return store.consistencyLag();
  }

  /** Whether tables are held to their throughput ({@link #throttle}). */
  public boolean throttles() {
    return throttle != null;
  }

  /** Whether {@link #hotKeys} are counted. */
  public boolean tracksHotKeys() {
    return hotKeys != null;
  }

  /** Names of the DynamoDB operations this engine serves (not those of DynamoDB Streams). */
  public static Set<String> operationNames() {
    return Operations.dynamoDbNames();
  }

  /** The request type of a DynamoDB operation name, or {@code null} when it is not served. */
  @SuppressWarnings("unchecked")
  public static Class<? extends DynamoDbRequest> requestType(String operationName) {
    return (Class<? extends DynamoDbRequest>) Operations.requestType(operationName, false);
  }

  /**
   * The request type of a DynamoDB Streams operation name (ListStreams, DescribeStream,
   * GetShardIterator, GetRecords), or {@code null} when it is not served.
   */
  @SuppressWarnings("unchecked")
  public static Class<? extends software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest>
      streamsRequestType(String operationName) {
    return (Class<? extends software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest>)
        Operations.requestType(operationName, true);
  }

  /**
   * Executes any served request and answers its response type ({@code PutItemRequest} gives a
   * {@code PutItemResponse}).
   *
   * @throws PartitaException with DynamoDB's error for a refused request, and
   *     UnknownOperationException for an operation not built yet
   */
  @SuppressWarnings("unchecked")
  public <R extends software.amazon.awssdk.awscore.AwsResponse> R execute(
      software.amazon.awssdk.awscore.AwsRequest request) {
    return (R) answer(request).response();
  }

  /**
   * {@link #execute}, answering the items of the reads that return them (GetItem, Query, Scan,
   * BatchGetItem, TransactGetItems) still in their stored encoding ({@code ItemsAnswer}), for a caller that writes them
   * in a form of its own: the server writes them straight into JSON. For Partita's own modules.
   */
  public io.partita.engine.answer.Answer answer(software.amazon.awssdk.awscore.AwsRequest request) {
    return answer(request, null);
  }

  /**
   * {@link #answer(software.amazon.awssdk.awscore.AwsRequest)}, handing {@code observer} (when not
   * null) what the request did as its paths counted it ({@code Served}: the tables it named, the
   * capacity each table and index consumed whatever it asked to be told, the items), once it is
   * answered or refused. For Partita's server, whose request log and metrics read it.
   */
  public io.partita.engine.answer.Answer answer(software.amazon.awssdk.awscore.AwsRequest request,
      java.util.function.Consumer<io.partita.engine.served.Served> observer) {
    String op = Operations.nameOf(request.getClass());
    if (op == null) {
      throw new PartitaException(ErrorCode.UnknownOperationException,
          "Partita does not support the operation " + operationName(request) + " yet");
    }
    open.readLock().lock();
    io.partita.engine.served.Served served = null;
    try {
      if (closed) {
        throw new IllegalStateException("this Partita database is closed");
      }
      // an injected fault stands for the service failing to take the request: before anything is checked or run
      faults.maybeFail(op, request);
      io.partita.engine.internal.ops.context.Throttle t = throttle;
      HotKeys h = hotKeys;
      if (t == null && h == null && observer == null) {
        ApiConstraints.check(request);
        return Operations.run(op, ctx, request); // nothing wants the request's facts: none are counted
      }
      served = new io.partita.engine.served.Served(op, t, h != null);
      // the constraints are checked with the facts counted, so a refused request still names its table
      io.partita.engine.answer.Answer answer = served.during(() -> {
        ApiConstraints.check(request);
        return Operations.run(op, ctx, request);
      });
      if (h != null) {
        h.count(served.keys());
      }
      return answer;
    } catch (io.partita.engine.internal.table.Arns.AnotherAccount e) {
      throw e.in(op);
    } catch (StorageUnavailableException e) {
      // retryable: the AWS SDKs retry a 503 with backoff; the message never names a path
      throw new PartitaException(ErrorCode.ServiceUnavailable, "Partita cannot write to its storage now ("
          + e.getMessage() + "); reads are still served. Retry later.");
    } catch (StorageException e) {
      // the detail (which may name files) goes to the log, not to the client
      LOG.log(Level.WARNING, "Partita: a storage failure answered as InternalServerError", e);
      throw new PartitaException(ErrorCode.InternalServerError, "Internal server error");
    } finally {
      open.readLock().unlock();
      if (observer != null) {
        observer.accept(served != null ? served : new io.partita.engine.served.Served(op, null, false));
      }
    }
  }

  // ---- snapshots: the whole database saved and restored by name ----

  /**
   * Saves the whole database (every table, item, index, stream record, backup and setting) as
   * snapshot {@code name}, replacing one of that name: one consistent view of the store, taken while
   * requests go on. An in-memory database holds its snapshots for as long as it is open; a data
   * folder keeps them as files in its {@code snapshots/} directory, so they outlive the process. A
   * snapshot is meant for a test's seeded state (a few thousand items take milliseconds), not as a
   * backup: it is the whole database, restored only whole.
   */
  public void snapshot(String name) {
    checkSnapshotName(name);
    now(() -> {
      try (Store.View view = store.view();
          Store.Cursor c = view.cursor(io.partita.engine.internal.storage.Keyspace.ALL_FROM,
              io.partita.engine.internal.storage.Keyspace.ALL_TO, false)) {
        snapshots.save(name, c);
      }
    });
  }

  /**
   * Makes the database what it was when snapshot {@code name} was taken, in one atomic write: no
   * request runs meanwhile, and each sees the database before or after. Work in progress (an index
   * build, an import) is what it was then, and goes on from there.
   *
   * @throws NoSuchSnapshotException when there is no snapshot of that name
   * @throws IllegalArgumentException when {@code name} is no snapshot's name
   * @throws IllegalStateException when the snapshot's file is damaged: nothing is changed then
   */
  public void restore(String name) {
    checkSnapshotName(name);
    List<Store.Entry> entries = snapshots.load(name);
    if (entries == null) {
      List<String> names = snapshots();
      throw new NoSuchSnapshotException("no snapshot named '" + name + "'; there are " + names.size()
          + (names.isEmpty() ? "" : ": " + String.join(", ", names)));
    }
    replaceAll(entries);
  }

  /** Empties the database: no tables, items, backups or streams, as a new one (snapshots are kept). */
  public void reset() {
    replaceAll(List.of());
  }

  /** The names of the snapshots held, in order. */
  public List<String> snapshots() {
    return snapshots.names();
  }

  /** Forgets snapshot {@code name}; answers whether there was one. */
  public boolean deleteSnapshot(String name) {
    checkSnapshotName(name);
    return snapshots.delete(name);
  }

  private static void checkSnapshotName(String name) {
    // a plain word: it names a file of the data folder, and a file name has at most 255 bytes
    if (name == null || !name.matches("[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}")) {
      throw new IllegalArgumentException("a snapshot name is 1 to 200 letters, digits, '_', '-' or '.', not starting"
          + " with '.', not '" + name + "'");
    }
  }

  /** The store's entries replaced by {@code entries} in one batch, and the context read anew from them. */
  private void replaceAll(List<Store.Entry> entries) {
    open.writeLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException("this Partita database is closed");
      }
      try (Store.Batch batch = store.batch()) {
        batch.deleteRange(io.partita.engine.internal.storage.Keyspace.ALL_FROM,
            io.partita.engine.internal.storage.Keyspace.ALL_TO);
        for (Store.Entry e : entries) {
          batch.put(e.key(), e.value());
        }
        store.write(batch);
      }
      DataFormat.initOrCheck(store); // an empty database is stamped with its format, as a new one is
      ctx = context();
    } finally {
      open.writeLock().unlock();
    }
  }

  private static String operationName(software.amazon.awssdk.awscore.AwsRequest request) {
    String simple = request.getClass().getSimpleName();
    return simple.endsWith("Request") ? simple.substring(0, simple.length() - "Request".length()) : simple;
  }

  @Override
  public void close() {
    open.writeLock().lock();
    try {
      if (!closed) {
        closed = true;
        if (sweeper != null) {
          sweeper.shutdown(); // a sweep in progress holds the read lock, so it has finished
        }
        if (ownExecutor != null) {
          ownExecutor.shutdown(); // queued steps find the database closed and return
        }
        store.close();
      }
    } finally {
      open.writeLock().unlock();
    }
  }
}
