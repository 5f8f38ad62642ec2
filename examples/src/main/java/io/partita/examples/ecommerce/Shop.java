package io.partita.examples.ecommerce;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Items;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.Transaction;
import io.partita.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The e-commerce model of the single-table design guide: customers, their orders, order items, products and
 * inventory by location, in one table.
 *
 * <pre>
 * Customer    pk CUSTOMER#{customerId}   sk CUSTOMER#{customerId}
 * Order       pk CUSTOMER#{customerId}   sk ORDER#{orderId}          gsi1: STATUS#{status} / ORDER#{orderId}
 * OrderItem   pk ORDER#{orderId}         sk ITEM#{productId}
 * Product     pk PRODUCT#{productId}     sk PRODUCT#{productId}
 * Inventory   pk PRODUCT#{productId}     sk INVENTORY#{location}
 * </pre>
 *
 * <p>The inventory transaction ({@link #placeOrder}) decrements the stock at a location for every line, each only
 * if enough is left, and creates the order and its items, all or nothing: concurrent orders never oversell.
 */
public final class Shop {

  public enum OrderStatus { PLACED, SHIPPED, CANCELLED }

  /** A customer's profile. */
  public record Customer(String customerId, String name, String email, Instant createdAt, Instant updatedAt)
      implements CustomerItem {}

  /** An order, stored in its customer's partition; ULID ids sort orders by time. */
  public record Order(String customerId, String orderId, OrderStatus status, BigDecimal total, int lines,
      Instant createdAt, Instant updatedAt, Long version) implements CustomerItem {}

  /** One line of an order, in the order's partition. */
  public record OrderItem(String orderId, String productId, int quantity, BigDecimal unitPrice, String location) {}

  public record Product(String productId, String name, BigDecimal price, Instant createdAt, Instant updatedAt)
      implements ProductItem {}

  /** The stock of a product at one location, in the product's partition. */
  public record Inventory(String productId, String location, int stock, Instant updatedAt) implements ProductItem {}

  /** What a customer page holds: the profile and the orders. */
  public sealed interface CustomerItem permits Customer, Order {}

  /** What a product page holds: the product and its stock per location. */
  public sealed interface ProductItem permits Product, Inventory {}

  /** An order line the inventory at its location cannot serve. */
  public static final class OutOfStockException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String productId;

    OutOfStockException(String productId, String location, Throwable cause) {
      super("not enough " + productId + " in stock at " + location, cause);
      this.productId = productId;
    }

    public String productId() {
      return productId;
    }
  }

  public final Entity<Customer> customer = Entity.of(Customer.class)
      .key("CUSTOMER#{customerId}", "CUSTOMER#{customerId}")
      .timestamps("createdAt", "updatedAt");
  public final Entity<Order> order = Entity.of(Order.class)
      .key("CUSTOMER#{customerId}", "ORDER#{orderId}")
      .index("gsi1", "STATUS#{status}", "ORDER#{orderId}")
      .generatedId("orderId", Ids.ULID)
      .timestamps("createdAt", "updatedAt")
      .version("version");
  public final Entity<OrderItem> orderItem = Entity.of(OrderItem.class)
      .key("ORDER#{orderId}", "ITEM#{productId}");
  public final Entity<Product> product = Entity.of(Product.class)
      .key("PRODUCT#{productId}", "PRODUCT#{productId}")
      .timestamps("createdAt", "updatedAt");
  public final Entity<Inventory> inventory = Entity.of(Inventory.class)
      .key("PRODUCT#{productId}", "INVENTORY#{location}")
      .timestamps(null, "updatedAt");

  public final AccessPattern<Customer> getCustomer = AccessPattern.of("Get customer", customer)
      .partition("CUSTOMER#{customerId}").sortEq("CUSTOMER#{customerId}")
      .frequency("high").latency("< 10 ms").build();
  public final AccessPattern<Order> ordersOfCustomer = AccessPattern.of("Orders of a customer", order)
      .partition("CUSTOMER#{customerId}").sortBeginsWith("ORDER#")
      .order("newest first").frequency("high").latency("< 30 ms").build();
  public final AccessPattern<CustomerItem> customerPage =
      AccessPattern.collection("Customer page: profile and orders", CustomerItem.class, customer, order)
          .partition("CUSTOMER#{customerId}").frequency("medium").latency("< 30 ms").build();
  public final AccessPattern<OrderItem> itemsOfOrder = AccessPattern.of("Items of an order", orderItem)
      .partition("ORDER#{orderId}").sortBeginsWith("ITEM#").frequency("high").latency("< 30 ms").build();
  public final AccessPattern<Product> getProduct = AccessPattern.of("Get product", product)
      .partition("PRODUCT#{productId}").sortEq("PRODUCT#{productId}")
      .frequency("very high").latency("< 10 ms").build();
  public final AccessPattern<Inventory> inventoryOfProduct = AccessPattern.of("Inventory of a product", inventory)
      .partition("PRODUCT#{productId}").sortBeginsWith("INVENTORY#")
      .entry("by location").frequency("high").latency("< 30 ms").build();
  public final AccessPattern<ProductItem> productPage =
      AccessPattern.collection("Product page: product and stock", ProductItem.class, product, inventory)
          .partition("PRODUCT#{productId}").frequency("high").latency("< 30 ms").build();
  public final AccessPattern<Order> ordersByStatus = AccessPattern.of("Orders by status", order)
      .index("gsi1").partition("STATUS#{status}").sortBeginsWith("ORDER#")
      .entry("fulfilment").frequency("medium").latency("< 50 ms").build();

  public final Model model;
  public final ModelClient db;

  public Shop(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(customer, order, orderItem, product, inventory)
        .patterns(getCustomer, ordersOfCustomer, customerPage, itemsOfOrder, getProduct, inventoryOfProduct,
            productPage, ordersByStatus)
        .build();
    db = ModelClient.create(model, dynamo);
  }

  /**
   * The inventory transaction: one TransactWriteItems that, for every line, subtracts the quantity from the stock at
   * {@code location} only if that much is there, writes the order item, and writes the order, and requires the
   * customer to exist. Either all of it applies or none does. Prices are read first (one BatchGetItem); a
   * transaction that collides with another one in progress ({@code TransactionConflict}: DynamoDB refuses it rather
   * than making it wait, and so does Partita) is sent again after a short random pause that doubles each time, as
   * the AWS SDKs back off.
   *
   * @param lines product id to quantity (at most 48 lines: a transaction holds 100 actions)
   * @throws OutOfStockException when a line's location has less than its quantity
   */
  public Order placeOrder(String customerId, String location, Map<String, Integer> lines) {
    List<Key> productKeys = new ArrayList<>();
    lines.keySet().forEach(p -> productKeys.add(Key.of("productId", p)));
    Items products = db.batchGet().get(product, productKeys).execute();
    String orderId = Ids.ULID.next();
    BigDecimal total = BigDecimal.ZERO;
    Transaction tx = db.transaction();
    List<String> productIds = new ArrayList<>(lines.keySet());
    for (String productId : productIds) {
      int quantity = lines.get(productId);
      Product p = products.get(product, Key.of("productId", productId))
          .orElseThrow(() -> new IllegalArgumentException("no product " + productId));
      total = total.add(p.price().multiply(BigDecimal.valueOf(quantity)));
      tx.update(inventory, Key.of("productId", productId, "location", location),
          u -> u.subtract("stock", quantity).condition(Condition.ge("stock", quantity)));
      tx.create(orderItem, new OrderItem(orderId, productId, quantity, p.price(), location));
    }
    tx.check(customer, Key.of("customerId", customerId), Condition.itemExists());
    tx.create(order, new Order(customerId, orderId, OrderStatus.PLACED, total, lines.size(), null, null, null));
    for (int attempt = 1; ; attempt++) {
      try {
        List<Object> written = tx.execute();
        return (Order) written.get(written.size() - 1);
      } catch (TransactionCanceledException e) {
        for (TransactionCanceledException.Reason r : e.failures()) {
          if (r.conditionFailed() && r.action().equals("update")) {
            String productId = productIds.get(r.index() / 2);
            throw new OutOfStockException(productId, location, e);
          }
        }
        boolean conflict = e.failures().stream().allMatch(r -> "TransactionConflict".equals(r.code()));
        if (!conflict || attempt == MAX_ATTEMPTS) {
          throw e;
        }
        // another transaction held one of the items: the same request again (same items) is safe, after a pause
        // with full jitter, so that the colliding writers spread out instead of colliding again
        backOff(attempt);
      }
    }
  }

  private static final int MAX_ATTEMPTS = 50;

  private static void backOff(int attempt) {
    long capMillis = Math.min(100, 2L << Math.min(attempt, 10));
    try {
      Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(capMillis + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while retrying an order", e);
    }
  }

  /** Marks an order shipped; its entry moves from STATUS#PLACED to STATUS#SHIPPED in gsi1 in the same write. */
  public Order ship(Order o) {
    return db.entity(order).update(Key.of("customerId", o.customerId(), "orderId", o.orderId()))
        .set("status", OrderStatus.SHIPPED).ifVersion(o.version()).execute();
  }

  public Map<String, Integer> stock(String productId) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (Inventory i : db.query(inventoryOfProduct).partition(Key.of("productId", productId)).all()) {
      out.put(i.location(), i.stock());
    }
    return out;
  }

  /** Loads a small catalogue: two customers, three products with stock in two warehouses (one BatchWriteItem). */
  public void seed() {
    db.batchWrite()
        .put(customer, new Customer("c1", "Ada", "ada@example.com", null, null),
            new Customer("c2", "Linus", "linus@example.com", null, null))
        .put(product, new Product("p1", "Keyboard", new BigDecimal("49.90"), null, null),
            new Product("p2", "Mouse", new BigDecimal("19.50"), null, null),
            new Product("p3", "Screen", new BigDecimal("189.00"), null, null))
        .put(inventory, new Inventory("p1", "PAR", 10, null), new Inventory("p1", "LYS", 2, null),
            new Inventory("p2", "PAR", 25, null), new Inventory("p3", "PAR", 1, null))
        .execute();
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Shop shop = new Shop(dynamo, "Shop");
      System.out.println(shop.model.worksheet());
      shop.db.createTable();
      shop.seed();
      Order o = shop.placeOrder("c1", "PAR", Map.of("p1", 2, "p2", 1));
      System.out.println("placed " + o.orderId() + " total " + o.total() + "; stock of p1 now " + shop.stock("p1"));
      try {
        shop.placeOrder("c2", "PAR", Map.of("p3", 2));
      } catch (OutOfStockException e) {
        System.out.println("refused: " + e.getMessage() + "; stock of p3 still " + shop.stock("p3"));
      }
      Order shipped = shop.ship(o);
      System.out.println("shipped: " + shipped.status() + ", version " + shipped.version());
      for (CustomerItem item : shop.db.query(shop.customerPage).partition(Key.of("customerId", "c1")).all()) {
        System.out.println("  " + item);
      }
      for (OrderItem i : shop.db.query(shop.itemsOfOrder).partition(Key.of("orderId", o.orderId())).all()) {
        System.out.println("  line " + i.productId() + " x" + i.quantity() + " at " + i.unitPrice());
      }
      Optional<Product> p = shop.db.entity(shop.product).get(Key.of("productId", "p1"));
      System.out.println("product " + p.map(Product::name).orElse("?"));
    }
  }
}
