package io.partita.engine;

import io.partita.engine.internal.ops.batch.BatchGetItem;
import io.partita.engine.internal.ops.batch.BatchWriteItem;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.CapacityReports;
import io.partita.engine.internal.partiql.PartiQl;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.TableDef;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementError;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Throughput held to what a table is given, as DynamoDB holds it (opt-in: {@link
 * Partita.Options#throttling}). A PROVISIONED table and each of its global secondary indexes have
 * a read and a write token bucket filled at their provisioned units a second, keeping up to {@value
 * #BURST_SECONDS} seconds of unused units for bursts (the Developer Guide's "burst capacity"); an
 * on-demand table with an {@code OnDemandThroughput} maximum has buckets filled at that maximum,
 * keeping one second. Requests to a table without either are never throttled.
 *
 * <p>What a request costs is known only once it has run (item sizes decide), so a request is let
 * in while its buckets hold any units, and then pays what it consumed: the buckets may go into
 * debt, and refuse until refilled. A refused request runs nothing. A request whose condition does
 * not hold pays the one unit every request costs at least; one refused as invalid pays nothing. A
 * batch is checked whole before it is split; a single request is refused by its exhausted table
 * before the operation's own checks run.
 *
 * <p>Refusals are DynamoDB's: ProvisionedThroughputExceededException for provisioned capacity,
 * ThrottlingException for an on-demand maximum, each with {@code ThrottlingReasons} naming the
 * exhausted table or index by reason ({@code TableReadProvisionedThroughputExceeded}, {@code
 * IndexWriteProvisionedThroughputExceeded}, {@code TableWriteMaxOnDemandThroughputExceeded}, ...)
 * and ARN. BatchGetItem and BatchWriteItem run as many of a table's entries as its units cover (one
 * unit a write, half or one a read) and return the rest unprocessed, failing only when no table of
 * the batch has units left; a transaction with a throttled action
 * is cancelled with the reason {@code ProvisionedThroughputExceeded} or {@code ThrottlingError} for
 * that action. PartiQL is throttled as the operations it compiles into: ExecuteStatement as one,
 * ExecuteTransaction as a transaction, and a BatchExecuteStatement's statements one by one, each
 * over its table's units answered with the batch's per-statement error. Sources:
 * docs/dynamodb-messages.md.
 */
final class Throttle {
  /** Seconds of unused provisioned units a table or index keeps for bursts. */
  static final double BURST_SECONDS = 300;

  static final String TABLE_MESSAGE = "The level of configured provisioned throughput for the table was exceeded."
      + " Consider increasing your provisioning level with the UpdateTable API.";
  static final String INDEX_MESSAGE = "The level of configured provisioned throughput for one or more global"
      + " secondary indexes of the table was exceeded. Consider increasing your provisioning level for the"
      + " under-provisioned global secondary indexes with the UpdateTable API";
  static final String ON_DEMAND_MESSAGE = "Throughput exceeds the current capacity of your table or index."
      + " DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions"
      + " persist, check if you have a hot key:"
      + " https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";

  private final EngineContext ctx;
  private final Clock clock;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  Throttle(EngineContext ctx, Clock clock) {
    this.ctx = ctx;
    this.clock = clock;
  }

  /** Runs {@code request} through {@code handler} if its tables have throughput left; see the class comment. */
  AwsResponse run(String operation, AwsRequest request, Function<AwsRequest, AwsResponse> handler) {
    return switch (operation) {
      case "GetItem", "Query", "Scan" -> single(request, false, handler);
      case "PutItem", "UpdateItem", "DeleteItem" -> single(request, true, handler);
      case "BatchGetItem" -> batchGet((BatchGetItemRequest) request, handler);
      case "BatchWriteItem" -> batchWrite((BatchWriteItemRequest) request, handler);
      case "TransactGetItems" -> transaction(request, readsOf((TransactGetItemsRequest) request), handler);
      case "TransactWriteItems" -> transaction(request, writesOf((TransactWriteItemsRequest) request), handler);
      case "ExecuteStatement" -> statement((ExecuteStatementRequest) request, handler);
      case "BatchExecuteStatement" -> statements((BatchExecuteStatementRequest) request, handler);
      case "ExecuteTransaction" -> transaction(request, statementsOf((ExecuteTransactionRequest) request), handler);
      // the control plane is not metered
      default -> handler.apply(request);
    };
  }

  // ---- what a request needs ----

  /** One table's or index's read or write bucket, and how it refuses. */
  private record Limit(String key, double rate, double burstSeconds, boolean provisioned, boolean index,
      ThrottlingReason reason, long sinceMillis) {}

  /** The table a request names, or null when it does not exist (the request then fails as it should). */
  private TableDef table(String nameOrArn) {
    try {
      return nameOrArn == null ? null : ctx.tableForItems(nameOrArn);
    } catch (PartitaException e) {
      return null;
    }
  }

  /**
   * The limits a request of {@code def} must find units in: reads of the table (and its LSIs) or of
   * one GSI; writes of the table and of every GSI it has, since a write may change any of them.
   */
  private List<Limit> limits(TableDef def, String indexName, boolean write) {
    List<Limit> out = new ArrayList<>(2);
    IndexDef gsi = null;
    if (indexName != null && !write) {
      for (IndexDef ix : def.globalIndexes()) {
        if (ix.name().equals(indexName)) {
          gsi = ix;
        }
      }
    }
    boolean provisioned = def.billingMode() == BillingMode.PROVISIONED;
    String arn = def.arn(ctx.region());
    if (gsi == null) {
      long units = provisioned ? (write ? def.writeUnits() : def.readUnits())
          : (write ? def.settings().maxWriteRequestUnits() : def.settings().maxReadRequestUnits());
      add(out, def, units, provisioned, null, write, arn);
    } else {
      add(out, def, provisioned ? gsi.readUnits() : 0, provisioned, gsi.name(), false, arn);
    }
    if (write && provisioned) {
      for (IndexDef ix : def.globalIndexes()) {
        add(out, def, ix.writeUnits(), true, ix.name(), true, arn);
      }
    }
    return out;
  }

  private static void add(List<Limit> out, TableDef def, long units, boolean provisioned, String index,
      boolean write, String tableArn) {
    if (units <= 0) {
      return; // no limit: on-demand without a maximum
    }
    String reason = (index == null ? "Table" : "Index") + (write ? "Write" : "Read")
        + (provisioned ? "ProvisionedThroughputExceeded" : "MaxOnDemandThroughputExceeded");
    out.add(new Limit(def.tableId() + (index == null ? "" : "/" + index) + (write ? ":W" : ":R"), units,
        provisioned ? BURST_SECONDS : 1, provisioned, index != null, ThrottlingReason.builder().reason(reason)
            .resource(index == null ? tableArn : tableArn + "/index/" + index).build(), def.createdMillis()));
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
   * The short code a refusal has inside a transaction's cancellation reasons or a PartiQL batch's
   * per-statement errors (the API reference's cancellation reason codes).
   */
  private static String shortCode(PartitaException refusal) {
    return refusal.code() == ErrorCode.ThrottlingException ? "ThrottlingError" : "ProvisionedThroughputExceeded";
  }

  // ---- single-item and single-table requests ----

  private AwsResponse single(AwsRequest request, boolean write, Function<AwsRequest, AwsResponse> handler) {
    return single(request, request.getValueForField("TableName", String.class).orElse(null),
        request.getValueForField("IndexName", String.class).orElse(null), write, handler);
  }

  /** A PartiQL statement is throttled as the item operation it compiles into. */
  private AwsResponse statement(ExecuteStatementRequest request, Function<AwsRequest, AwsResponse> handler) {
    PartiQl.Target target = PartiQl.target(request.statement(),
        request.hasParameters() ? request.parameters() : List.of());
    return target == null ? handler.apply(request)
        : single(request, target.table(), target.index(), target.write(), handler);
  }

  /**
   * A PartiQL batch: each statement is let in while its table's units cover the statements let in
   * before it (one unit a write, half a read), and answered {@code ProvisionedThroughputExceeded} or
   * {@code ThrottlingError} in its place otherwise, as a statement of the batch that failed.
   */
  private AwsResponse statements(BatchExecuteStatementRequest request, Function<AwsRequest, AwsResponse> handler) {
    List<BatchStatementRequest> all = request.statements();
    List<BatchStatementRequest> run = new ArrayList<>(all.size());
    BatchStatementResponse[] held = new BatchStatementResponse[all.size()];
    Admission admission = new Admission();
    boolean writes = false; // a batch is all reads or all writes (PartiQL refuses a mix)
    for (int i = 0; i < all.size(); i++) {
      BatchStatementRequest st = all.get(i);
      PartiQl.Target target = PartiQl.target(st.statement(), st.hasParameters() ? st.parameters() : List.of());
      TableDef def = target == null ? null : table(target.table());
      List<Limit> limits = def == null ? List.of() : limits(def, target.index(), target.write());
      writes |= target != null && target.write();
      List<Limit> refused = admission.refused(limits, target != null && target.write() ? 1 : 0.5);
      if (refused.isEmpty()) {
        run.add(st);
      } else {
        PartitaException e = refusal(refused);
        held[i] = BatchStatementResponse.builder().tableName(def.name()).error(BatchStatementError.builder()
            .code(shortCode(e))
            .message(e.getMessage()).build()).build();
      }
    }
    if (run.size() == all.size()) {
      return admission.paying.isEmpty() ? handler.apply(request) : metered(request, writes, handler, admission.paying);
    }
    List<BatchStatementResponse> ran = run.isEmpty() ? List.of() : ((BatchExecuteStatementResponse) metered(
        request.toBuilder().statements(run).build(), writes, handler, admission.paying))
            .responses();
    List<BatchStatementResponse> answers = new ArrayList<>(all.size());
    int next = 0;
    for (BatchStatementResponse h : held) {
      answers.add(h != null ? h : ran.get(next++));
    }
    return BatchExecuteStatementResponse.builder().responses(answers).build();
  }

  private static List<Action> statementsOf(ExecuteTransactionRequest r) {
    List<Action> out = new ArrayList<>(r.transactStatements().size());
    for (ParameterizedStatement st : r.transactStatements()) {
      PartiQl.Target target = PartiQl.target(st.statement(), st.hasParameters() ? st.parameters() : List.of());
      out.add(target == null ? new Action(null, false) : new Action(target.table(), target.write()));
    }
    return out;
  }

  private AwsResponse single(AwsRequest request, String tableName, String indexName, boolean write,
      Function<AwsRequest, AwsResponse> handler) {
    TableDef def = table(tableName);
    if (def == null) {
      return handler.apply(request);
    }
    List<Limit> limits = limits(def, indexName, write);
    if (limits.isEmpty()) {
      return handler.apply(request);
    }
    List<Limit> exhausted = exhausted(limits);
    if (!exhausted.isEmpty()) {
      throw refusal(exhausted);
    }
    return metered(request, write, handler, limits);
  }

  /**
   * Runs the request asking for its capacity by index, pays it, and answers the capacity the caller
   * asked for (none, the total, or by index). A request that fails pays one unit of each limit.
   */
  private AwsResponse metered(AwsRequest request, boolean write, Function<AwsRequest, AwsResponse> handler,
      List<Limit> paying) {
    ReturnConsumedCapacity asked = CapacityReports.asked(request);
    AwsResponse response;
    try {
      response = handler.apply(CapacityReports.byIndex(request));
    } catch (PartitaException e) {
      if (e.code() == ErrorCode.ConditionalCheckFailedException || e.code() == ErrorCode.TransactionCanceledException) {
        // a condition that does not hold was read: it costs what every request costs at least, once a bucket
        long now = clock.millis();
        Map<String, Limit> distinct = new LinkedHashMap<>();
        paying.forEach(l -> distinct.putIfAbsent(l.key(), l));
        for (Limit l : distinct.values()) {
          bucket(l).take(now, l, 1);
        }
      }
      throw e;
    }
    for (ConsumedCapacity c : CapacityReports.of(response)) {
      pay(c, write);
    }
    return CapacityReports.asAsked(response, asked);
  }

  /**
   * Pays one table's consumed capacity (by index) into its buckets: the table's share and its LSIs'
   * to the table, each GSI's to that index; a transaction's read units (its ConditionChecks and
   * gets) to the read bucket.
   */
  private void pay(ConsumedCapacity c, boolean write) {
    TableDef def = table(c.tableName());
    if (def == null) {
      return;
    }
    long now = clock.millis();
    double reads = c.readCapacityUnits() == null ? 0 : c.readCapacityUnits();
    double tableShare = c.table() == null ? c.capacityUnits() : c.table().capacityUnits();
    if (c.localSecondaryIndexes() != null) {
      for (Capacity lsi : c.localSecondaryIndexes().values()) {
        tableShare += lsi.capacityUnits();
      }
    }
    if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
      // a transaction: reads and writes told apart
      payTable(limits(def, null, false), now, reads);
      payTable(limits(def, null, true), now, tableShare - reads);
    } else {
      payTable(limits(def, null, write), now, tableShare);
    }
    if (c.globalSecondaryIndexes() != null) {
      c.globalSecondaryIndexes().forEach((index, units) -> {
        for (Limit l : limits(def, write ? null : index, write)) {
          if (l.index() && l.reason().resource().endsWith("/index/" + index)) {
            bucket(l).take(now, l, units.capacityUnits());
          }
        }
      });
    }
  }

  private void payTable(List<Limit> limits, long now, double units) {
    for (Limit l : limits) {
      if (!l.index()) {
        bucket(l).take(now, l, units);
      }
    }
  }

  // ---- batches: what a table's units cannot cover comes back unprocessed ----

  private AwsResponse batchGet(BatchGetItemRequest request, Function<AwsRequest, AwsResponse> handler) {
    Map<String, KeysAndAttributes> run = new LinkedHashMap<>();
    Map<String, KeysAndAttributes> held = new LinkedHashMap<>();
    Admission admission = new Admission();
    request.requestItems().forEach((table, keys) -> {
      double each = Boolean.TRUE.equals(keys.consistentRead()) ? 1 : 0.5;
      int n = admitted(admission, table, false, keys.keys().size(), each);
      if (n > 0) {
        run.put(table, n == keys.keys().size() ? keys : keys.toBuilder().keys(keys.keys().subList(0, n)).build());
      }
      if (n < keys.keys().size()) {
        held.put(table, keys.toBuilder().keys(keys.keys().subList(n, keys.keys().size())).build());
      }
    });
    if (!held.isEmpty()) {
      BatchGetItem.validate(ctx, request); // an invalid batch is refused as such, before it is split
    }
    if (run.isEmpty()) {
      throw refusal(admission.refusedAll); // no table has units left: the batch fails as a whole
    }
    BatchGetItemRequest allowed = held.isEmpty() ? request : request.toBuilder().requestItems(run).build();
    BatchGetItemResponse r = (BatchGetItemResponse) metered(allowed, false, handler, admission.paying);
    if (held.isEmpty()) {
      return r;
    }
    Map<String, KeysAndAttributes> unprocessed = new LinkedHashMap<>(r.unprocessedKeys());
    held.forEach((table, keys) -> unprocessed.merge(table, keys, (a, b) -> a.toBuilder()
        .keys(concat(a.keys(), b.keys())).build()));
    return r.toBuilder().unprocessedKeys(unprocessed).build();
  }

  private AwsResponse batchWrite(BatchWriteItemRequest request, Function<AwsRequest, AwsResponse> handler) {
    Map<String, List<WriteRequest>> run = new LinkedHashMap<>();
    Map<String, List<WriteRequest>> held = new LinkedHashMap<>();
    Admission admission = new Admission();
    request.requestItems().forEach((table, writes) -> {
      int n = admitted(admission, table, true, writes.size(), 1);
      if (n > 0) {
        run.put(table, writes.subList(0, n));
      }
      if (n < writes.size()) {
        held.put(table, writes.subList(n, writes.size()));
      }
    });
    if (!held.isEmpty()) {
      BatchWriteItem.validate(ctx, request);
    }
    if (run.isEmpty()) {
      throw refusal(admission.refusedAll);
    }
    BatchWriteItemRequest allowed = held.isEmpty() ? request : request.toBuilder().requestItems(run).build();
    BatchWriteItemResponse r = (BatchWriteItemResponse) metered(allowed, true, handler, admission.paying);
    if (held.isEmpty()) {
      return r;
    }
    Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>(r.unprocessedItems());
    held.forEach((table, writes) -> unprocessed.merge(table, writes, Throttle::concat));
    return r.toBuilder().unprocessedItems(unprocessed).build();
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** How many of a batch table's {@code entries} its units let in, the first ones ({@link Admission}). */
  private int admitted(Admission admission, String table, boolean write, int entries, double each) {
    TableDef def = table(table);
    List<Limit> limits = def == null ? List.of() : limits(def, null, write);
    int n = 0;
    while (n < entries && admission.refused(limits, each).isEmpty()) {
      n++;
    }
    return n;
  }

  /**
   * The entries of one batch let in one after another: each is reckoned at the least it costs (its
   * size is known only once it has run: one unit a write, half or one a read) and promised that much
   * of its buckets, so an entry is let in while its buckets hold more than the entries before it were
   * promised: at least one while they hold any units, none once one is exhausted. An entry of a table
   * without limits is always let in.
   */
  private final class Admission {
    private final long now = clock.millis();
    private final Map<String, Double> promised = new java.util.HashMap<>();
    /** The limits of the entries let in: what the batch pays from. */
    final List<Limit> paying = new ArrayList<>();
    /** The limits that refused an entry: a refusal's reasons when no entry is let in. */
    final List<Limit> refusedAll = new ArrayList<>();

    /** Lets in an entry needing {@code limits} at {@code each} units (empty answer), or names the limits that refuse it. */
    List<Limit> refused(List<Limit> limits, double each) {
      List<Limit> refused = new ArrayList<>(0);
      for (Limit l : limits) {
        if (bucket(l).units(now, l) - promised.getOrDefault(l.key(), 0.0) <= 0) {
          refused.add(l);
        }
      }
      if (refused.isEmpty()) {
        for (Limit l : limits) {
          if (!promised.containsKey(l.key())) {
            paying.add(l);
          }
          promised.merge(l.key(), each, Double::sum);
        }
      } else {
        refusedAll.addAll(refused);
      }
      return refused;
    }
  }

  // ---- transactions: a throttled action cancels the transaction ----

  /** An action of a transaction: its table and whether it writes. */
  private record Action(String table, boolean write) {}

  private static List<Action> readsOf(TransactGetItemsRequest r) {
    return r.transactItems().stream().map(t -> new Action(t.get() == null ? null : t.get().tableName(), false)).toList();
  }

  private static List<Action> writesOf(TransactWriteItemsRequest r) {
    List<Action> out = new ArrayList<>(r.transactItems().size());
    for (TransactWriteItem t : r.transactItems()) {
      out.add(t.put() != null ? new Action(t.put().tableName(), true)
          : t.update() != null ? new Action(t.update().tableName(), true)
          : t.delete() != null ? new Action(t.delete().tableName(), true)
          : new Action(t.conditionCheck() == null ? null : t.conditionCheck().tableName(), false));
    }
    return out;
  }

  private AwsResponse transaction(AwsRequest request, List<Action> actions, Function<AwsRequest, AwsResponse> handler) {
    List<CancellationReason> reasons = new ArrayList<>(actions.size());
    List<Limit> paying = new ArrayList<>();
    boolean throttled = false;
    for (Action a : actions) {
      TableDef def = table(a.table());
      List<Limit> limits = def == null ? List.of() : limits(def, null, a.write());
      List<Limit> exhausted = exhausted(limits);
      paying.addAll(limits);
      if (exhausted.isEmpty()) {
        reasons.add(CancellationReason.builder().code("None").build());
      } else {
        throttled = true;
        PartitaException e = refusal(exhausted);
        reasons.add(CancellationReason.builder()
            .code(shortCode(e))
            .message(e.getMessage()).build());
      }
    }
    if (throttled) {
      throw PartitaException.transactionCanceled(reasons);
    }
    return paying.isEmpty() ? handler.apply(request) : metered(request, true, handler, paying);
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
