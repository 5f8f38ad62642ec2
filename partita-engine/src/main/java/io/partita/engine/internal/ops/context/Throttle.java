package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.served.Served;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Throughput held to what a table is given, as DynamoDB holds it (opt-in: {@code
 * Partita.Options#throttling}). A PROVISIONED table and each of its global secondary indexes have
 * a read and a write token bucket filled at their provisioned units a second, keeping up to {@value
 * #BURST_SECONDS} seconds of unused units for bursts (the Developer Guide's "burst capacity"); an
 * on-demand table with an {@code OnDemandThroughput} maximum has buckets filled at that maximum,
 * keeping one second. Requests to a table without either are never throttled.
 *
 * <p>It is the request's {@link Served.Meter}: the operations consult it where they spend a unit,
 * and pay it what they consumed as they count it ({@link Served#charge}), so nothing of a request
 * or its answer is rebuilt for it. What a read or write costs is known only once it has run (item
 * sizes decide), so it is let in while its buckets hold any units, and then pays what it consumed:
 * the buckets may go into debt, and refuse until refilled. A refused read or write runs nothing. A
 * write whose condition does not hold pays the one unit every write costs at least.
 *
 * <p>Where it is consulted: GetItem's read, each page of a Query or Scan (of the table, or of the
 * global index it reads), each single-item write (of the table and every global index it has, since
 * a write may change any of them); each entry of BatchGetItem and BatchWriteItem, let in while its
 * table's units cover the entries let in before it (one unit a write, half or one a read) and
 * otherwise returned unprocessed, the batch failing only when none is let in; each action of a
 * transaction, a throttled one cancelling the transaction with the reason {@code
 * ProvisionedThroughputExceeded} or {@code ThrottlingError}. PartiQL runs through the same reads
 * and writes, so it is throttled as the operations it compiles into, a BatchExecuteStatement's
 * statement answered with the per-statement error.
 *
 * <p>Refusals are DynamoDB's: ProvisionedThroughputExceededException for provisioned capacity,
 * ThrottlingException for an on-demand maximum, each with {@code ThrottlingReasons} naming the
 * exhausted table or index by reason ({@code TableReadProvisionedThroughputExceeded}, {@code
 * IndexWriteProvisionedThroughputExceeded}, {@code TableWriteMaxOnDemandThroughputExceeded}, ...)
 * and ARN. Sources: docs/dynamodb-messages.md.
 */
public final class Throttle implements Served.Meter {
  /** Seconds of unused provisioned units a table or index keeps for bursts. */
  static final double BURST_SECONDS = 300;

  public static final String TABLE_MESSAGE = "The level of configured provisioned throughput for the table was exceeded."
      + " Consider increasing your provisioning level with the UpdateTable API.";
  public static final String INDEX_MESSAGE = "The level of configured provisioned throughput for one or more global"
      + " secondary indexes of the table was exceeded. Consider increasing your provisioning level for the"
      + " under-provisioned global secondary indexes with the UpdateTable API";
  public static final String ON_DEMAND_MESSAGE = "Throughput exceeds the current capacity of your table or index."
      + " DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions"
      + " persist, check if you have a hot key:"
      + " https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";

  /** The database's current context: read anew at each look-up, since a restore makes a new one. */
  private final Supplier<EngineContext> ctx;
  private final Clock clock;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public Throttle(Supplier<EngineContext> ctx, Clock clock) {
    this.ctx = ctx;
    this.clock = clock;
  }

  // ---- the meter ----

  @Override
  public void admit(String table, String index, boolean write) {
    TableDef def = table(table);
    if (def != null) {
      List<Limit> exhausted = exhausted(limits(def, index, write));
      if (!exhausted.isEmpty()) {
        throw refusal(exhausted);
      }
    }
  }

  @Override
  public PartitaException refusal(String table, boolean write) {
    TableDef def = table(table);
    List<Limit> exhausted = def == null ? List.of() : exhausted(limits(def, null, write));
    return exhausted.isEmpty() ? null : refusal(exhausted);
  }

  @Override
  public Served.Entries entries() {
    return new Entries();
  }

  /**
   * Pays what a table or index consumed: the table's share and its LSIs' to the table's buckets,
   * each GSI's to its own.
   */
  @Override
  public void pay(String table, String index, double readUnits, double writeUnits) {
    TableDef def = table(table);
    if (def == null) {
      return;
    }
    IndexDef gsi = index == null ? null : globalIndex(def, index);
    long now = clock.millis();
    for (int kind = 0; kind < 2; kind++) {
      double units = kind == 0 ? readUnits : writeUnits;
      Limit l = units == 0 ? null : limit(def, gsi, kind == 1);
      if (l != null) {
        bucket(l).take(now, l, units);
      }
    }
  }

  // ---- what a read or write needs ----

  /** One table's or index's read or write bucket, and how it refuses. */
  private record Limit(String key, double rate, double burstSeconds, boolean provisioned, boolean index,
      ThrottlingReason reason, long sinceMillis) {}

  /** The table of that name, or null when it is gone (the request then fails as it should). */
  private TableDef table(String name) {
    Table t = name == null ? null : ctx.get().catalog().tableOrNull(name);
    return t == null ? null : t.def();
  }

  private static IndexDef globalIndex(TableDef def, String name) {
    for (IndexDef ix : def.globalIndexes()) {
      if (ix.name().equals(name)) {
        return ix;
      }
    }
    return null;
  }

  /**
   * The limits a read or write of {@code def} must find units in: reads of the table (and its LSIs)
   * or of one GSI; writes of the table and of every GSI it has, since a write may change any of them.
   */
  private List<Limit> limits(TableDef def, String indexName, boolean write) {
    List<Limit> out = new ArrayList<>(2);
    IndexDef gsi = indexName == null || write ? null : globalIndex(def, indexName);
    addIfAny(out, limit(def, gsi, write));
    if (write && def.billingMode() == BillingMode.PROVISIONED) {
      for (IndexDef ix : def.globalIndexes()) {
        addIfAny(out, limit(def, ix, true));
      }
    }
    return out;
  }

  private static void addIfAny(List<Limit> out, Limit l) {
    if (l != null) {
      out.add(l);
    }
  }

  /** The read or write limit of the table ({@code gsi} null) or of one GSI, or null when it has none. */
  private Limit limit(TableDef def, IndexDef gsi, boolean write) {
    boolean provisioned = def.billingMode() == BillingMode.PROVISIONED;
    long units = gsi != null ? (provisioned ? (write ? gsi.writeUnits() : gsi.readUnits()) : 0)
        : provisioned ? (write ? def.writeUnits() : def.readUnits())
        : (write ? def.settings().maxWriteRequestUnits() : def.settings().maxReadRequestUnits());
    if (units <= 0) {
      return null; // no limit: on-demand without a maximum
    }
    String index = gsi == null ? null : gsi.name();
    String tableArn = def.arn(ctx.get().home());
    String reason = (index == null ? "Table" : "Index") + (write ? "Write" : "Read")
        + (provisioned ? "ProvisionedThroughputExceeded" : "MaxOnDemandThroughputExceeded");
    return new Limit(def.tableId() + (index == null ? "" : "/" + index) + (write ? ":W" : ":R"), units,
        provisioned ? BURST_SECONDS : 1, provisioned, index != null, ThrottlingReason.builder().reason(reason)
            .resource(index == null ? tableArn : tableArn + "/index/" + index).build(), def.createdMillis());
  }

  /** The limits among {@code limits} that have no units left now. */
  private List<Limit> exhausted(List<Limit> limits) {
    long now = clock.millis();
    List<Limit> out = new ArrayList<>(0);
    for (Limit l : limits) {
      if (!bucket(l).hasUnits(now, l)) {
        out.add(l);
      }
    }
    return out;
  }

  private Bucket bucket(Limit l) {
    return buckets.computeIfAbsent(l.key(), k -> new Bucket(Math.min(l.sinceMillis(), clock.millis()), l.rate()));
  }

  /** The refusal of a request whose {@code exhausted} limits have no units left. */
  private static PartitaException refusal(List<Limit> exhausted) {
    boolean provisioned = exhausted.stream().anyMatch(Limit::provisioned);
    boolean tableItself = exhausted.stream().anyMatch(l -> !l.index());
    List<ThrottlingReason> reasons = exhausted.stream().map(Limit::reason).toList();
    if (!provisioned) {
      return PartitaException.throttled(ErrorCode.ThrottlingException, ON_DEMAND_MESSAGE, reasons);
    }
    return PartitaException.throttled(ErrorCode.ProvisionedThroughputExceededException,
        tableItself ? TABLE_MESSAGE : INDEX_MESSAGE, reasons);
  }

  /**
   * The entries of one batch let in one after another: each is reckoned at the least it costs (its
   * size is known only once it has run: one unit a write, half or one a read) and promised that much
   * of its buckets, so an entry is let in while its buckets hold more than the entries before it were
   * promised: at least one while they hold any units, none once one is exhausted. An entry of a table
   * without limits is always let in.
   */
  private final class Entries implements Served.Entries {
    private final long now = clock.millis();
    private final Map<String, Double> promised = new HashMap<>();
    /** The limits that refused an entry: a refusal's reasons when no entry is let in. */
    private final List<Limit> refusedAll = new ArrayList<>();

    @Override
    public PartitaException admit(String table, boolean write, double each) {
      TableDef def = table(table);
      List<Limit> limits = def == null ? List.of() : limits(def, null, write);
      List<Limit> refused = new ArrayList<>(0);
      for (Limit l : limits) {
        if (bucket(l).units(now, l) - promised.getOrDefault(l.key(), 0.0) <= 0) {
          refused.add(l);
        }
      }
      if (!refused.isEmpty()) {
        refusedAll.addAll(refused);
        return refusal(refused);
      }
      for (Limit l : limits) {
        promised.merge(l.key(), each, Double::sum);
      }
      return null;
    }

    @Override
    public PartitaException refusedAll() {
      return refusal(refusedAll);
    }
  }

  /**
   * A token bucket: {@code level} units now, refilled at {@code rate} a second up to {@code
   * rate * burstSeconds}; it may go below zero when a request costs more than was left.
   */
  private static final class Bucket {
    private double level;
    private long atMillis;

    /** A bucket that has been filling since {@code since} (its table's creation) from one second's units. */
    Bucket(long since, double rate) {
      this.level = rate; // a new table has no unused capacity saved yet
      this.atMillis = since;
    }

    synchronized boolean hasUnits(long now, Limit l) {
      return units(now, l) > 0;
    }

    /** The units left now (below zero while in debt). */
    synchronized double units(long now, Limit l) {
      refill(now, l);
      return level;
    }

    synchronized void take(long now, Limit l, double units) {
      refill(now, l);
      level -= units;
    }

    private void refill(long now, Limit l) {
      if (now > atMillis) {
        level = Math.min(l.rate() * l.burstSeconds(), level + (now - atMillis) / 1000.0 * l.rate());
        atMillis = now;
      }
    }
  }
}
