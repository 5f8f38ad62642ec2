package io.partita.examples.orderstats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.embedded.StreamListener;
import io.partita.engine.Partita;
import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.ConditionFailedException;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.StreamEvent;
import io.partita.model.StreamEvents;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * An aggregate kept by a stream consumer: the number of orders in each status, in one item ({@code pk STATS, sk
 * ORDERS}), updated from the table's stream (INSERT, MODIFY, REMOVE of orders) rather than by the writers, so
 * placing, shipping or deleting an order stays one plain write and the counts cannot drift from the orders.
 *
 * <pre>
 * Order        pk CUSTOMER#{customerId}   sk ORDER#{orderId}   gsi1: STATUS#{status} / ORDER#{orderId}
 * OrderCounts  pk STATS                   sk ORDERS            byStatus {PLACED: n, ...}, lastSequence
 * </pre>
 *
 * <p>The consumer ({@link #apply}) is what a Lambda trigger on the stream would run: each batch's records are decoded
 * into typed events ({@link StreamEvents}), summed into one change per status (an order's old image counts -1 in its
 * old status, its new image +1 in its new one), and written in one UpdateItem that also sets {@code lastSequence},
 * the last record's sequence number, on condition that the stored one is older than the batch's first record. A
 * batch delivered again (the consumer failed after writing, or a second consumer reads the same stream) is then
 * refused by the condition instead of counted twice: streams deliver at least once, the counts stay exact. The
 * consumer's own writes to the counts item are records too; they decode as {@code OrderCounts}, count nothing, and
 * cause no write, so the stream settles.
 *
 * <p>Runs on Partita embedded only: it consumes the stream in-process with {@link StreamListener}, driven by {@link
 * #catchUp()} (the database opened with {@code Partita.with().timeToLiveInterval(Duration.ZERO).inMemory()}, so no
 * background sweep runs). On Amazon DynamoDB the same {@link #apply} would be the body of the Lambda handler; one
 * {@code lastSequence} suits a table whose stream is read in lineage order (Partita's: one shard open at a time, and
 * numbers that only grow); a stream with parallel shards needs one per shard.
 */
public final class OrderStats implements AutoCloseable {

  public enum Status { PLACED, SHIPPED, DELIVERED, CANCELLED }

  public record Order(String customerId, String orderId, Status status, BigDecimal total, Long version) {}

  /** The aggregate: orders per status, and the sequence number of the last record counted. */
  public record OrderCounts(Map<String, Long> byStatus, BigInteger lastSequence) {}

  public final Entity<Order> order = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("gsi1", "STATUS#{status}", "ORDER#{orderId}")
      .generatedId("orderId", Ids.ULID)
      .version("version");
  public final Entity<OrderCounts> counts = Entity.of(OrderCounts.class).key("STATS", "ORDERS");

  public final AccessPattern<Order> ordersByStatus = AccessPattern.of("Orders by status", order)
      .index("gsi1").partition("STATUS#{status}").sortBeginsWith("ORDER#").build();

  public final Model model;
  public final ModelClient db;
  private final StreamEvents<Object> events;
  private final StreamListener listener;

  /** Creates {@code table} with a NEW_AND_OLD_IMAGES stream and the counts at zero, and subscribes the consumer. */
  public OrderStats(Partita partita, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(order, counts).patterns(ordersByStatus).build();
    db = ModelClient.create(model, PartitaDynamoDb.over(partita));
    PartitaDynamoDb.over(partita).createTable(model.table().createTableRequest().toBuilder()
        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)).build());
    Map<String, Long> zero = new TreeMap<>();
    for (Status s : Status.values()) {
      zero.put(s.name(), 0L);
    }
    db.entity(counts).create(new OrderCounts(zero, BigInteger.ZERO));
    events = StreamEvents.of(model);
    listener = StreamListener.subscribe(partita, table, this::apply);
  }

  // ---------------------------------------------------------------- the writers: plain writes, no counting

  public Order place(String customerId, BigDecimal total) {
    return db.entity(order).create(new Order(customerId, null, Status.PLACED, total, null));
  }

  /** Moves an order to {@code status} (its gsi1 entry moves in the same UpdateItem). */
  public Order setStatus(String customerId, String orderId, Status status) {
    return db.entity(order).update(Key.of("customerId", customerId, "orderId", orderId)).set("status", status)
        .execute();
  }

  public Optional<Order> delete(String customerId, String orderId) {
    return db.entity(order).delete(Key.of("customerId", customerId, "orderId", orderId));
  }

  // ---------------------------------------------------------------- the consumer

  /**
   * Counts one batch of stream records into the aggregate: the body of a stream trigger. Idempotent: a batch
   * already counted is refused by the {@code lastSequence} condition.
   */
  public void apply(List<Record> batch) {
    Map<Status, Long> delta = new EnumMap<>(Status.class);
    for (StreamEvent<Object> e : events.decode(batch)) {
      if (e instanceof StreamEvent.Unrecognized<?> u) {
        // this table holds only the model's items: anything else is a bug worth failing the batch for
        throw new IllegalStateException("an item of no entity in the stream: " + u.record().dynamodb().keys());
      }
      if (e.before() instanceof Order o) {
        delta.merge(o.status(), -1L, Long::sum);
      }
      if (e.after() instanceof Order o) {
        delta.merge(o.status(), 1L, Long::sum);
      }
    }
    delta.values().removeIf(n -> n == 0);
    if (delta.isEmpty()) {
      return; // nothing to count (the aggregate's own changes among them): no write, so no new record
    }
    BigInteger first = new BigInteger(batch.get(0).dynamodb().sequenceNumber());
    BigInteger last = new BigInteger(batch.get(batch.size() - 1).dynamodb().sequenceNumber());
    var update = db.entity(counts).update(Key.empty()).set("lastSequence", last)
        .condition(Condition.lt("lastSequence", first));
    delta.forEach((status, n) -> update.add("byStatus." + status.name(), n));
    try {
      update.execute();
    } catch (ConditionFailedException alreadyCounted) {
      // a redelivered batch: its changes are in the counts already
    }
  }

  /** Delivers every stream record there is now to the consumer; how many. */
  public int catchUp() {
    return listener.poll();
  }

  /** The aggregate as the consumer left it. */
  public Map<Status, Long> counts() {
    OrderCounts c = db.entity(counts).get(Key.empty(), true).orElseThrow();
    Map<Status, Long> out = new EnumMap<>(Status.class);
    c.byStatus().forEach((status, n) -> out.put(Status.valueOf(status), n));
    return out;
  }

  /** The counts computed from the orders themselves: one Query of gsi1 per status. */
  public Map<Status, Long> countedByQuery() {
    Map<Status, Long> out = new EnumMap<>(Status.class);
    for (Status s : Status.values()) {
      out.put(s, (long) db.query(ordersByStatus).partition(Key.of("status", s)).all().size());
    }
    return out;
  }

  @Override
  public void close() {
    listener.close();
  }

  public static void main(String[] args) {
    try (Partita partita = Partita.with().timeToLiveInterval(Duration.ZERO).inMemory();
        OrderStats stats = new OrderStats(partita, "Orders")) {
      System.out.println(stats.model.worksheet());
      Order a = stats.place("c1", new BigDecimal("19.90"));
      Order b = stats.place("c1", new BigDecimal("5.00"));
      stats.place("c2", new BigDecimal("42.00"));
      stats.setStatus("c1", a.orderId(), Status.SHIPPED);
      partita.rollOverStreamShards(); // the consumer follows the stream into the new shard
      stats.setStatus("c1", a.orderId(), Status.DELIVERED);
      stats.delete("c1", b.orderId());
      System.out.println("before the consumer ran: " + stats.counts());
      System.out.println("records consumed: " + stats.catchUp());
      System.out.println("counts:           " + stats.counts());
      System.out.println("counted by Query: " + stats.countedByQuery());
    }
  }
}
