package io.partita.examples.moving;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.migrate.Cutover;
import io.partita.model.migrate.DualWrite;
import io.partita.model.migrate.LegacyTable;
import io.partita.model.migrate.Migration;
import io.partita.model.migrate.MigrationRecord;
import io.partita.model.migrate.ShadowRead;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The long guide's §10, a shop leaving its two tables — {@code Customers} keyed by {@code customerId}, {@code Orders}
 * keyed by {@code orderId} with an index by customer — for one table where a customer's profile and orders are one
 * item collection. The steps, as the guide orders them: the new table beside the old ones; (4) every write through
 * a dual-write window, both tables in one transaction; (5) a copy of each old table, parallel and resumable; (6) the
 * pattern "orders of a customer" read both ways and compared; (7) its reads cut over; (8) the window closed.
 */
public final class MoveToOneTable {
  /** The old tables' items, as the old code wrote them. */
  public record LegacyCustomer(String customerId, String name, String email) {}

  public record LegacyOrder(String orderId, String customerId, Instant placedAt, long totalCents, String status) {}

  /** The single table's records. */
  public record Customer(String customerId, String name, String email) {}

  public record Order(String customerId, String orderId, Instant placedAt, long totalCents, String status) {}

  public static final String ORDERS_OF_A_CUSTOMER = "orders of a customer";

  public final Entity<Customer> customer = Entity.of(Customer.class).key("CUSTOMER#{customerId}", "PROFILE");
  public final Entity<Order> order = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{placedAt}#{orderId}");
  public final AccessPattern<Order> ordersOf = AccessPattern.of(ORDERS_OF_A_CUSTOMER, order)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#").build();

  public final LegacyTable<LegacyCustomer> legacyCustomers;
  public final LegacyTable<LegacyOrder> legacyOrders;
  public final Model model;
  private final DynamoDbClient dynamo;
  private final Cutover cutover;
  private final ShadowRead<Order> shadow;

  /** The shop on {@code dynamo}: the old tables named {@code prefix}Customers and {@code prefix}Orders. */
  public MoveToOneTable(DynamoDbClient dynamo, String prefix, Consumer<ShadowRead.Difference<Order>> differences) {
    this.dynamo = dynamo;
    legacyCustomers = LegacyTable.of(prefix + "Customers", LegacyCustomer.class, "customerId");
    legacyOrders = LegacyTable.of(prefix + "Orders", LegacyOrder.class, "orderId");
    model = Model.builder(TableSchema.named(prefix + "Shop")).entities(customer, order).patterns(ordersOf).build();
    cutover = Cutover.in(dynamo, model.table());
    shadow = ShadowRead.of(Order::orderId, differences);
  }

  /** The old tables, as they were before the move. */
  public void createLegacyTables() {
    dynamo.createTable(c -> c.tableName(legacyCustomers.name()).billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("customerId").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("customerId").keyType("HASH")));
    dynamo.createTable(c -> c.tableName(legacyOrders.name()).billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("orderId").attributeType(ScalarAttributeType.S),
            a -> a.attributeName("customerId").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("orderId").keyType("HASH"))
        .globalSecondaryIndexes(g -> g.indexName("byCustomer").keySchema(k -> k.attributeName("customerId")
            .keyType("HASH")).projection(p -> p.projectionType(ProjectionType.ALL))));
  }

  /** What the old code did: one item per order in the Orders table. */
  public void oldCodePlaces(LegacyOrder o) {
    dynamo.putItem(p -> p.tableName(legacyOrders.name()).item(legacyOrders.encode(o)));
  }

  public void oldCodeRegisters(LegacyCustomer c) {
    dynamo.putItem(p -> p.tableName(legacyCustomers.name()).item(legacyCustomers.encode(c)));
  }

  /** Step 4: the client the application writes through while both designs live: both tables, or neither. */
  public ModelClient window() {
    DynamoDbClient customers = DualWrite.of(dynamo, model, customer).alsoTo(legacyCustomers,
        c -> new LegacyCustomer(c.customerId(), c.name(), c.email())).client();
    DynamoDbClient both = DualWrite.of(customers, model, order).alsoTo(legacyOrders,
        o -> new LegacyOrder(o.orderId(), o.customerId(), o.placedAt(), o.totalCents(), o.status())).client();
    return ModelClient.create(model, both);
  }

  /** Step 5: each old table copied, parallel and resumable: run again after a crash, it goes on where it stopped. */
  public List<MigrationRecord> copy(DynamoDbClient through, ExecutorService executor) {
    return List.of(
        Migration.copy("2026-12-move-customers", through, legacyCustomers, model, customer,
            c -> new Customer(c.customerId(), c.name(), c.email())).segments(2).run(executor),
        Migration.copy("2026-12-move-orders", through, legacyOrders, model, order,
            o -> new Order(o.customerId(), o.orderId(), o.placedAt(), o.totalCents(), o.status()))
            .segments(4).pageSize(50).run(executor));
  }

  /** Steps 6 and 7: "orders of a customer", newest first, read where its stage says. */
  public List<Order> ordersOf(ModelClient db, String customerId) {
    return cutover.list(ORDERS_OF_A_CUSTOMER, shadow, () -> oldWay(customerId),
        () -> db.query(ordersOf).partition(Key.of("customerId", customerId)).descending().all());
  }

  /** The old code's read: a Query of the Orders table's index by customer, sorted here. */
  private List<Order> oldWay(String customerId) {
    List<Order> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      QueryResponse r = dynamo.query(q -> q.tableName(legacyOrders.name()).indexName("byCustomer")
          .keyConditionExpression("customerId = :c").expressionAttributeValues(Map.of(":c",
              AttributeValue.fromS(customerId))).exclusiveStartKey(from));
      for (Map<String, AttributeValue> item : r.items()) {
        LegacyOrder o = legacyOrders.decode(item);
        out.add(new Order(o.customerId(), o.orderId(), o.placedAt(), o.totalCents(), o.status()));
      }
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    out.sort((a, b) -> b.placedAt().compareTo(a.placedAt()) != 0 ? b.placedAt().compareTo(a.placedAt())
        : b.orderId().compareTo(a.orderId()));
    return out;
  }

  /** Moves the pattern's reads: OLD, SHADOW, NEW. */
  public Cutover.Pattern cutOver(Cutover.Stage stage) {
    return cutover.set(ORDERS_OF_A_CUSTOMER, stage);
  }

  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      ExecutorService pool = Executors.newFixedThreadPool(2);
      List<ShadowRead.Difference<Order>> differences = new ArrayList<>();
      MoveToOneTable shop = new MoveToOneTable(dynamo, "", differences::add);
      shop.createLegacyTables();
      for (int i = 0; i < 200; i++) {
        if (i < 20) {
          shop.oldCodeRegisters(new LegacyCustomer("c" + i, "Customer " + i, "c" + i + "@example.com"));
        }
        shop.oldCodePlaces(new LegacyOrder(String.format("o%04d", i), "c" + (i % 20),
            Instant.parse("2026-11-01T00:00:00Z").plusSeconds(3600L * i), 100L * i, "PLACED"));
      }
      System.out.println(shop.model.worksheet());
      ModelClient db = shop.window();
      db.createTable();
      db.entity(shop.order).put(new Order("c3", "o9000", Instant.parse("2026-12-01T09:30:00Z"), 4200, "PLACED"));
      System.out.println("written through the window: o9000 is in both tables: "
          + shop.legacyOrders.get(dynamo, Map.of("orderId", AttributeValue.fromS("o9000"))).isPresent());
      for (MigrationRecord r : shop.copy(dynamo, pool)) {
        System.out.println("copy " + r.id() + ": " + r.state() + ", " + r.migrated() + " copied, " + r.current()
            + " already there");
      }
      shop.cutOver(Cutover.Stage.SHADOW);
      System.out.println("c3's orders, read both ways: " + shop.ordersOf(db, "c3").size() + "; differences: "
          + differences.size());
      shop.cutOver(Cutover.Stage.NEW);
      Optional<Order> latest = shop.ordersOf(db, "c3").stream().findFirst();
      System.out.println("cut over; c3's latest order, from the single table: " + latest.map(Order::orderId).orElse("?"));
      pool.shutdown();
    }
  }
}
