package io.partita.engine.internal.ops.context;

import io.partita.engine.Limits;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Catalog;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * What every operation works with: the store, the tables, the item locks and the clock; and what
 * background work (index backfills) needs: where to run, and a way to run a step only while the
 * database is open.
 */
public final class EngineContext {
  /** Runs one step of background work if the database is still open; answers whether it ran. */
  @FunctionalInterface
  public interface WhileOpen {
    boolean run(Runnable step);
  }

  final Store store;
  final Catalog catalog;
  final ItemLocks locks = new ItemLocks();
  final OngoingTransactions transactions = new OngoingTransactions();
  final Clock clock;
  /** The region the database names in its ARNs and stream records. */
  final String region;
  /** The region and account of the database's ARNs. */
  final io.partita.engine.internal.table.Home home;
  final Limits limits;
  final Executor background;
  final WhileOpen whileOpen;
  /** Backfills in progress (index builds, expiry indexing), by key. */
  final Map<String, Backfill> backfills = new ConcurrentHashMap<>();
  /** The vector indexes, held in memory and derived from the items (internal/vector). */
  final io.partita.engine.internal.vector.VectorIndexes vectors = new io.partita.engine.internal.vector.VectorIndexes();
  final TransactionTokens tokens;
  private final Map<Class<?>, Object> attached = new ConcurrentHashMap<>();
  final Streams streams;
  /** On-demand backups (io.partita.engine.internal.backup). */
  final io.partita.engine.internal.backup.Backups backups;
  /** Point-in-time recovery's change log, written by every write of a table with it on. */
  final io.partita.engine.internal.backup.ChangeLog changes;
  /** Where clients reach this database (DescribeEndpoints): a server says its address; in process, localhost. */
  private volatile String endpoint = "localhost";

  public EngineContext(Store store, Catalog catalog, Clock clock, Limits limits, Executor background,
      WhileOpen whileOpen) {
    this(store, catalog, clock, limits, background, whileOpen, io.partita.engine.internal.table.Home.DEFAULT);
  }

  public EngineContext(Store store, Catalog catalog, Clock clock, Limits limits, Executor background,
      WhileOpen whileOpen, io.partita.engine.internal.table.Home home) {
    this.region = home.region();
    this.home = home;
    this.store = store;
    this.catalog = catalog;
    this.clock = clock;
    this.limits = limits;
    this.background = background;
    this.whileOpen = whileOpen;
    this.tokens = new TransactionTokens(clock);
    this.streams = new Streams(store, catalog);
    this.backups = new io.partita.engine.internal.backup.Backups(store);
    this.changes = new io.partita.engine.internal.backup.ChangeLog(store, clock,
        catalog.tables().stream().map(io.partita.engine.internal.table.Table::def).toList());
  }

  /**
   * The definition of the table an item operation names, or DynamoDB's ResourceNotFoundException:
   * for front ends that compile into item operations (PartiQL) and need the key schema first.
   */
  public io.partita.engine.internal.table.TableDef tableForItems(String name) {
    return catalog.forItems(name).def();
  }

  /**
   * The past an eventually consistent read sees when the store keeps one ({@link
   * Store#consistencyLag}); null for a strongly consistent read, or when the read sees the present.
   */
  public Store.View pastView(boolean consistent) {
    return consistent ? null : store.pastView();
  }

  /** The address DescribeEndpoints answers. */
  public String endpointAddress() {
    return endpoint;
  }

  /** Sets the address clients reach this database at ({@code host:port}), as a server does once it listens. */
  public void advertiseEndpoint(String address) {
    this.endpoint = address;
  }

  /** The items' lock stripes. */
  public ItemLocks locks() {
    return locks;
  }

  /** The items transactions in progress have claimed. */
  public OngoingTransactions transactions() {
    return transactions;
  }

  /** The database's limits. */
  public Limits limits() {
    return limits;
  }

  /** Backfills in progress (index builds, expiry indexing), by key. */
  public io.partita.engine.internal.vector.VectorIndexes vectors() {
    return vectors;
  }

  public Map<String, Backfill> backfills() {
    return backfills;
  }

  /** The ClientRequestTokens of recent transactions. */
  public TransactionTokens tokens() {
    return tokens;
  }

  /** The stream log every write of a table with a stream adds to. */
  public Streams streams() {
    return streams;
  }

  /** On-demand backups' storage. */
  public io.partita.engine.internal.backup.Backups backups() {
    return backups;
  }

  /** Point-in-time recovery's change log. */
  public io.partita.engine.internal.backup.ChangeLog changes() {
    return changes;
  }

  /** The database's clock (for work kept outside this package: exports and imports). */
  public Clock clock() {
    return clock;
  }

  /** The region the database names in its ARNs. */
  public String region() {
    return region;
  }

  /** The region and account the database names in its ARNs. */
  public io.partita.engine.internal.table.Home home() {
    return home;
  }

  /** The database's tables. */
  public Catalog catalog() {
    return catalog;
  }

  /** The database's storage: exports read a table's items from one snapshot of it ({@link Store#cursor}). */
  public Store store() {
    return store;
  }

  /**
   * State another package keeps for this database (the registries of exports and imports), set once
   * when the database opens: so the operations of {@code io.partita.engine.internal.transfer} reach it from
   * the context every operation receives, without this package knowing them.
   */
  public <T> void attach(Class<T> type, T state) {
    if (attached.putIfAbsent(type, state) != null) {
      throw new IllegalStateException(type.getSimpleName() + " is already attached");
    }
  }

  /** The state attached under {@code type}; see {@link #attach}. */
  public <T> T attached(Class<T> type) {
    T state = type.cast(attached.get(type));
    if (state == null) {
      throw new IllegalStateException(type.getSimpleName() + " is not attached to this database");
    }
    return state;
  }

  /** Rolls over the open shard of every enabled stream (the schedule's work, or a test's by hand). */
  public void rollOverStreamShards() {
    streams.rollOverOlderThan(this, 0);
  }

  /**
   * The periodic work of streams: trims the records older than {@code retentionMillis} and rolls over
   * the open shards older than {@code rolloverMillis}.
   */
  public void maintainStreams(long retentionMillis, long rolloverMillis) {
    streams.trim(this, retentionMillis);
    streams.rollOverOlderThan(this, rolloverMillis);
  }

  /** Starts again the background work a storage failure stopped (called after the store recovered). */
  public void resumeStalledWork() {
    for (Backfill build : backfills.values()) {
      build.resumeIfStalled();
    }
  }
}
