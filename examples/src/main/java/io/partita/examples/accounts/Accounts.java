package io.partita.examples.accounts;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.AlreadyExistsException;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.KeyTemplates;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.Page;
import io.partita.model.AccessPattern.SortOp;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Pattern 1 of the single-table design guide, one-to-many with a hierarchical sort key: a user's profile, addresses
 * and orders in one item collection, laid out as the guide's table (generic {@code PK}/{@code SK}, a {@code Type}
 * attribute):
 *
 * <pre>
 * PK USER#{userId}   SK PROFILE                      Type USER      name, email, createdAt
 * PK USER#{userId}   SK ADDR#{label}                 Type ADDRESS   line1, city, zip
 * PK USER#{userId}   SK ORDER#{placedOn}#{orderId}   Type ORDER     total, status, version
 * </pre>
 *
 * <ul>
 *   <li>P1, the profile alone: GetItem {@code (USER#u, PROFILE)}, cheaper than reading the collection;
 *   <li>P2, all addresses: Query {@code begins_with(SK, ADDR#)};
 *   <li>P3, the latest N orders: Query {@code begins_with(SK, ORDER#)} descending with a limit — the order date is in
 *   the sort key, so newest first needs no index; the worksheet's "last 30 days, newest first" is a BETWEEN on
 *   {@code ORDER#{placedOn}}, half open: {@code ORDER#<to>} sorts before every order placed on {@code to};
 *   <li>the whole collection (profile, addresses, orders) in one Query, decoded into {@link AccountItem}.
 * </ul>
 *
 * <p>The keys are declared with {@link KeyTemplates} on the records, so partita-model-processor checks them when this
 * file compiles (a typo in {@code USER#{usrId}} fails the build) and generates {@code Accounts_User_} and its
 * siblings: the template constants the patterns below use, and typed fields ({@code Accounts_Order_.status} is a
 * {@code Field<Order, OrderStatus>}). The guide's production essentials are here too: an idempotent insert
 * ({@link #register}), optimistic locking ({@link #ship}), a strongly consistent read after a write ({@link #profile}),
 * and opaque cursors for listing ({@link #ordersPage}).
 */
public final class Accounts {

  /** What a user's partition holds. */
  public sealed interface AccountItem permits User, Address, Order {}

  @KeyTemplates(name = "USER", partition = "USER#{userId}", sort = "PROFILE")
  public record User(String userId, String name, String email, Instant createdAt) implements AccountItem {}

  @KeyTemplates(name = "ADDRESS", partition = "USER#{userId}", sort = "ADDR#{label}")
  public record Address(String userId, String label, String line1, String city, String zip) implements AccountItem {}

  public enum OrderStatus { PLACED, SHIPPED }

  @KeyTemplates(name = "ORDER", partition = "USER#{userId}", sort = "ORDER#{placedOn}#{orderId}")
  public record Order(String userId, LocalDate placedOn, String orderId, BigDecimal total, OrderStatus status,
      Long version) implements AccountItem {}

  public final Entity<User> user = Accounts_User_.entity().timestamps("createdAt", null);
  public final Entity<Address> address = Accounts_Address_.entity();
  public final Entity<Order> order = Accounts_Order_.entity().generatedId("orderId", Ids.ULID)
      .defaultValue("status", OrderStatus.PLACED).version("version");

  /** P1. */
  public final AccessPattern<User> getProfile = AccessPattern.of("Get user profile by ID", user)
      .partition(Accounts_User_.PARTITION).sortEq(Accounts_User_.SORT).frequency("very high").latency("< 10 ms")
      .build();
  /** P2. */
  public final AccessPattern<Address> addresses = AccessPattern.of("All addresses of a user", address)
      .partition(Accounts_Address_.PARTITION).sortBeginsWith("ADDR#").frequency("medium").latency("< 30 ms").build();
  /** P3. */
  public final AccessPattern<Order> latestOrders = AccessPattern.of("Latest N orders of a user", order)
      .partition(Accounts_Order_.PARTITION).sortBeginsWith("ORDER#").order("newest first").frequency("high")
      .latency("< 30 ms").build();
  /** The worksheet's row 2: the last 30 days of orders. */
  public final AccessPattern<Order> ordersBetween = AccessPattern.of("Orders of a user in a date range", order)
      .partition(Accounts_Order_.PARTITION).sort(SortOp.BETWEEN, "ORDER#{placedOn}").range("last 30 days")
      .order("newest first").frequency("high").latency("< 30 ms").build();
  /** The item collection in one Query. */
  public final AccessPattern<AccountItem> account =
      AccessPattern.collection("User with addresses and orders", AccountItem.class, user, address, order)
          .partition(Accounts_User_.PARTITION).frequency("low").latency("< 50 ms").build();

  public final Model model;
  public final ModelClient db;
  private final Clock clock;

  public Accounts(DynamoDbClient dynamo, String table, Clock clock) {
    model = Model.builder(TableSchema.named(table).partitionKey("PK").sortKey("SK").typeAttribute("Type"))
        .entities(user, address, order).patterns(getProfile, addresses, latestOrders, ordersBetween, account)
        .build();
    db = ModelClient.builder(model, dynamo).clock(clock).build();
    this.clock = clock;
  }

  /**
   * Registers a user once: a create under {@code attribute_not_exists(PK)}, so a retried sign-up is a no-op that
   * returns the stored profile instead of overwriting it.
   */
  public User register(String userId, String name, String email) {
    try {
      return db.entity(user).create(new User(userId, name, email, null));
    } catch (AlreadyExistsException e) {
      return profile(userId).orElseThrow();
    }
  }

  /** P1, strongly consistent: right after {@link #register}, the profile is there. */
  public Optional<User> profile(String userId) {
    return db.entity(user).get(Accounts_User_.key(userId), true);
  }

  public Address addAddress(Address a) {
    return db.entity(address).put(a);
  }

  /** P2. */
  public List<Address> addresses(String userId) {
    return db.query(addresses).partition(Key.of(Accounts_Address_.userId, userId)).all();
  }

  public Order placeOrder(String userId, BigDecimal total) {
    return db.entity(order).create(new Order(userId, today(), null, total, null, null));
  }

  /** P3. */
  public List<Order> latestOrders(String userId, int n) {
    return db.query(latestOrders).partition(Key.of(Accounts_Order_.userId, userId)).descending().limit(n).page()
        .items();
  }

  /** P3 as a listing endpoint: {@code n} orders a page, newest first, the next page by an opaque cursor. */
  public Page<Order> ordersPage(String userId, int n, String cursor) {
    var q = db.query(latestOrders).partition(Key.of(Accounts_Order_.userId, userId)).descending().limit(n);
    return (cursor == null ? q : q.after(cursor)).page();
  }

  /** The worksheet's row 2: orders of the last {@code days} days (today included), newest first. */
  public List<Order> recentOrders(String userId, int days) {
    LocalDate today = today();
    return db.query(ordersBetween).partition(Key.of(Accounts_Order_.userId, userId))
        .sortBetween(Key.of(Accounts_Order_.placedOn, today.minusDays(days - 1L)),
            Key.of(Accounts_Order_.placedOn, today.plusDays(1)))
        .descending().all();
  }

  /** The whole collection in one Query, in sort-key order: addresses ({@code ADDR#}), orders, the profile. */
  public List<AccountItem> account(String userId) {
    return db.query(account).partition(Key.of(Accounts_User_.userId, userId)).all();
  }

  /**
   * Ships an order read earlier, under optimistic locking: the update applies only if the order is still at the
   * version that was read, else {@code VersionConflictException} (re-read and decide again).
   */
  public Order ship(Order o) {
    return db.entity(order).update(Accounts_Order_.key(o.userId(), o.placedOn(), o.orderId()))
        .set(Accounts_Order_.status, OrderStatus.SHIPPED).ifVersion(o.version()).execute();
  }

  private LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Accounts a = new Accounts(dynamo, "AppTable", Clock.systemUTC());
      System.out.println(a.model.worksheet());
      a.db.createTable();
      a.register("u_001", "Alice", "alice@example.com");
      a.register("u_001", "Alice again", "other@example.com");
      a.addAddress(new Address("u_001", "home", "1 Main St", "Springfield", "12345"));
      a.addAddress(new Address("u_001", "work", "2 Office Rd", "Springfield", "12346"));
      for (int i = 1; i <= 12; i++) {
        a.placeOrder("u_001", new BigDecimal(i + "0.00"));
      }
      System.out.println("P1 " + a.profile("u_001").orElseThrow());
      System.out.println("P2 " + a.addresses("u_001").stream().map(Address::label).toList());
      List<Order> latest = a.latestOrders("u_001", 3);
      System.out.println("P3 latest 3: " + latest.stream().map(Order::total).toList());
      System.out.println("shipped: " + a.ship(latest.get(0)).status());
      System.out.println("last 30 days: " + a.recentOrders("u_001", 30).size() + " orders");
      System.out.println("whole collection: " + a.account("u_001").size() + " items");
    }
  }
}
