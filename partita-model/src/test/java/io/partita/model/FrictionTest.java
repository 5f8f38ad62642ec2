package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The friction a new user met writing a model from the README (issue 20), each fixed and checked here. */
class FrictionTest {

  record Product(String sku, int shelf, long stock, double price, BigDecimal weight, Long version) {
    Product withStock(long s) {
      return new Product(sku, shelf, s, price, weight, version);
    }
  }

  record Note(String id, String text) {}

  private static final class Fixture {
    final Entity<Product> product = Entity.of(Product.class).key("SKU#{sku}", "SHELF#{shelf}").version("version");
    final Entity<Note> note = Entity.of(Note.class).key("NOTE#{id}", "NOTE");
    final ModelClient db;
    final EntityClient<Product> products;

    Fixture(Backend backend) {
      Model model = Model.builder(TableSchema.named(Backend.freshTable("Shop"))).entities(product, note).build();
      db = ModelClient.create(model, backend.client());
      db.createTable();
      products = db.entity(product);
      products.create(new Product("A1", 3, 5, 9.5, new BigDecimal("2.25"), null));
    }

    Key a1() {
      return Key.of("sku", "A1", "shelf", 3L); // a Long for an int field: converted, it fits
    }

    long stock() {
      return products.get(a1(), true).orElseThrow().stock();
    }
  }

  // ---- numbers of another Java type

  @ParameterizedTest
  @EnumSource(Backend.class)
  void numericArgumentsConvertWhenTheyFitExactly(Backend backend) {
    Fixture f = new Fixture(backend);
    // an Integer literal against a long field: the issue's "expected a Long, got Integer 2"
    Product p = f.products.update(f.a1()).subtract("stock", 2).condition(Condition.ge("stock", 2)).execute();
    assertEquals(3, p.stock());
    f.products.update(f.a1()).subtract("stock", 1)
        .condition(Condition.ge("price", 9).and(Condition.eq("weight", 2.25)).and(Condition.lt("stock", 4.0)))
        .execute();
    assertEquals(2, f.stock());
    assertThrows(ConditionFailedException.class, () -> f.products.update(f.a1()).subtract("stock", 5)
        .condition(Condition.ge("stock", 5)).execute(), "the converted value is compared, not ignored");
    assertEquals(2, f.stock());
    assertEquals(Optional.of(2L), f.products.get(Key.of("sku", "A1", "shelf", new BigDecimal("3")))
        .map(Product::stock));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void lossyConversionsAreRefusedNamingEntityAndField(Backend backend) {
    Fixture f = new Fixture(backend);
    ValidationException e = assertThrows(ValidationException.class,
        () -> f.products.update(f.a1()).set("price", 1.0).condition(Condition.ge("stock", 2.5)).execute());
    assertEquals("Product", e.entity());
    assertEquals("stock", e.field());
    assertTrue(e.getMessage().contains("Entity Product, condition on field stock: Double 2.5 does not fit a Long"
        + " exactly"), e.getMessage());
    e = assertThrows(ValidationException.class, () -> f.products.get(Key.of("sku", "A1", "shelf", 3_000_000_000L)));
    assertEquals("shelf", e.field());
    assertTrue(e.getMessage().contains("Long 3000000000 does not fit a Integer"), e.getMessage());
    e = assertThrows(ValidationException.class,
        () -> f.products.update(f.a1()).set("price", 9_007_199_254_740_993L).execute());
    assertTrue(e.getMessage().contains("does not fit a Double exactly"), e.getMessage());
    e = assertThrows(ValidationException.class, () -> f.products.update(f.a1()).add("stock", 0.5).execute());
    assertTrue(e.getMessage().contains("Entity Product") && e.getMessage().contains("stock"), e.getMessage());
    assertEquals(5, f.stock(), "nothing was written");
  }

  // ---- table and index names

  @Test
  void invalidTableAndIndexNamesFailWhenDeclared() {
    ModelException e = assertThrows(ModelException.class, () -> TableSchema.named("ab"));
    assertTrue(e.getMessage().contains("'ab' has 2 characters; DynamoDB allows 3 to 255"), e.getMessage());
    e = assertThrows(ModelException.class, () -> TableSchema.named("my table"));
    assertTrue(e.getMessage().contains("' ' at position 2"), e.getMessage());
    assertThrows(ModelException.class, () -> TableSchema.named("x".repeat(256)));
    assertThrows(ModelException.class, () -> TableSchema.named("Blog").globalIndex("g#1", "gpk", "gsk"));
    assertEquals("a.b-C_9", TableSchema.named("a.b-C_9").name());
    assertEquals(255, TableSchema.named("x".repeat(255)).name().length());
  }

  // ---- typed transaction results

  @ParameterizedTest
  @EnumSource(Backend.class)
  void transactionResultsAreTyped(Backend backend) {
    Fixture f = new Fixture(backend);
    Transaction.Result r = f.db.transaction()
        .update(f.product, f.a1(), u -> u.subtract("stock", 1))
        .create(f.note, new Note("n1", "first"))
        .put(f.product, new Product("B2", 1, 7, 1.0, BigDecimal.ONE, null))
        .create(f.note, new Note("n2", "second"))
        .execute();
    assertEquals(new Note("n1", "first"), r.get(1, Note.class));
    assertEquals(1L, r.get(2, Product.class).version(), "the record as written");
    assertEquals(List.of(new Note("n1", "first"), new Note("n2", "second")), r.written(f.note));
    assertEquals(List.of("B2"), r.written(f.product).stream().map(Product::sku).toList());
    List<Object> asBefore = r; // still the List<Object> execute() returned before
    assertEquals(4, asBefore.size());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.get(0, Product.class));
    assertTrue(e.getMessage().contains("action 0 (update Product) returns no record"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> r.get(1, Product.class));
    assertTrue(e.getMessage().contains("wrote a Note, not a Product"), e.getMessage());
  }

  // ---- retry on conflict

  @ParameterizedTest
  @EnumSource(Backend.class)
  void retryOnConflictRereadsAndReappliesAfterAnotherWriter(Backend backend) {
    Fixture f = new Fixture(backend);
    List<Duration> slept = new ArrayList<>();
    RetryPolicy policy = RetryPolicy.defaults().sleeper(slept::add).random(() -> 0.5);
    AtomicInteger runs = new AtomicInteger();
    Product written = f.db.retryOnConflict(policy, () -> {
      Product read = f.products.get(f.a1(), true).orElseThrow();
      if (runs.incrementAndGet() == 1) {
        f.products.put(read.withStock(100)); // another writer, between our read and our write
      }
      return f.products.put(read.withStock(read.stock() - 1));
    });
    assertEquals(2, runs.get());
    assertEquals(99, written.stock(), "the second run re-read the other writer's stock");
    assertEquals(3L, written.version());
    assertEquals(List.of(policy.ceiling(1).dividedBy(2)), slept, "one backoff, drawn by the policy");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void retryGivesUpAfterMaxAttemptsAndNeverRetriesOtherFailures(Backend backend) {
    Fixture f = new Fixture(backend);
    RetryPolicy twice = RetryPolicy.defaults().maxAttempts(2).sleeper(d -> { });
    AtomicInteger runs = new AtomicInteger();
    assertThrows(VersionConflictException.class, () -> f.db.retryOnConflict(twice, () -> {
      runs.incrementAndGet();
      Product read = f.products.get(f.a1(), true).orElseThrow();
      f.products.put(read); // always beaten
      return f.products.put(read);
    }));
    assertEquals(2, runs.get());
    runs.set(0);
    assertThrows(ConditionFailedException.class, () -> f.db.retryOnConflict(twice, () -> {
      runs.incrementAndGet();
      return f.products.update(f.a1()).set("price", 1.0).condition(Condition.gt("stock", 1000)).execute();
    }));
    assertEquals(1, runs.get(), "a condition of the caller's is not a conflict");
    runs.set(0);
    assertThrows(TransactionCanceledException.class, () -> f.db.retryOnConflict(twice, () -> {
      runs.incrementAndGet();
      return f.db.transaction().update(f.product, f.a1(), u -> u.subtract("stock", 1).ifVersion(99)).execute();
    }));
    assertEquals(2, runs.get(), "a transaction cancelled by a version conflict is retried");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void modifyUnderConcurrentWritersLosesNoUpdate(Backend backend) throws Exception {
    Fixture f = new Fixture(backend);
    f.products.put(f.products.get(f.a1(), true).orElseThrow().withStock(0));
    RetryPolicy patient = RetryPolicy.defaults().maxAttempts(10_000).baseDelay(Duration.ofNanos(1000))
        .maxDelay(Duration.ofMillis(1));
    int writers = 4;
    int each = 15;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        done.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < each; i++) {
            f.products.modify(f.a1(), p -> p.withStock(p.stock() + 1), patient).orElseThrow();
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> d : done) {
        d.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    Product after = f.products.get(f.a1(), true).orElseThrow();
    assertEquals(writers * each, after.stock(), "every increment applied exactly once");
    assertEquals(2L + writers * each, after.version());
    assertEquals(Optional.empty(), f.products.modify(Key.of("sku", "none", "shelf", 1), p -> p));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void modifyRefusesWhatItCannotDoSafely(Backend backend) {
    Fixture f = new Fixture(backend);
    ValidationException e = assertThrows(ValidationException.class,
        () -> f.db.entity(f.note).modify(Key.of("id", "n1"), n -> n));
    assertTrue(e.getMessage().contains("Entity Note has no version field"), e.getMessage());
    e = assertThrows(ValidationException.class, () -> f.products.modify(f.a1(),
        p -> new Product("OTHER", p.shelf(), p.stock(), p.price(), p.weight(), p.version())));
    assertTrue(e.getMessage().contains("the table key cannot change"), e.getMessage());
    assertFalse(f.products.get(Key.of("sku", "OTHER", "shelf", 3)).isPresent());
  }

  // ---- the README's table-schema snippet: key attribute names, the type attribute, entity names

  record Customer(String id, String name) {}

  @ParameterizedTest
  @EnumSource(Backend.class)
  void keyAttributeNamesTypeAttributeAndEntityNameAreWhatIsStored(Backend backend) {
    String table = Backend.freshTable("Crm");
    // as in the README
    TableSchema schema = TableSchema.named(table)
        .partitionKey("PK").sortKey("SK")        // the table's key attribute names (default pk / sk)
        .typeAttribute("entity")                 // the attribute naming each item's entity (default _type)
        .globalIndex("GSI1", "GSI1PK", "GSI1SK");
    Entity<Customer> customer = Entity.of(Customer.class)
        .name("customer")                        // stored in "entity" (default: the class's simple name)
        .key("CUSTOMER#{id}", "PROFILE")
        .index("GSI1", "NAME#{name}", "CUSTOMER#{id}");
    ModelClient db = ModelClient.create(Model.builder(schema).entities(customer).build(), backend.client());
    db.createTable();
    db.entity(customer).create(new Customer("c1", "Ada"));

    Map<String, AttributeValue> raw = backend.client().getItem(b -> b.tableName(table)
        .key(Map.of("PK", AttributeValue.fromS("CUSTOMER#c1"), "SK", AttributeValue.fromS("PROFILE")))).item();
    assertEquals("customer", raw.get("entity").s());
    assertEquals("NAME#Ada", raw.get("GSI1PK").s());
    assertEquals("CUSTOMER#c1", raw.get("GSI1SK").s());
    assertEquals(Optional.of(new Customer("c1", "Ada")), db.entity(customer).get(Key.of("id", "c1")));
  }

  // ---- a counter that feeds an index key

  record Stocked(String sku, long stock) {}

  /**
   * The issue's "a stock counter that feeds an index cannot be decremented atomically": the low-stock index is keyed
   * by the stock itself, and concurrent decrements each land once with the index entry right after every one.
   */
  @ParameterizedTest
  @EnumSource(Backend.class)
  void aCounterThatFeedsAnIndexKeyIsDecrementedAtomically(Backend backend) throws Exception {
    Entity<Stocked> stocked = Entity.of(Stocked.class).key("SKU#{sku}", "STOCK")
        .index("gsi1", "STOCK", "LEVEL#{stock:06d}#{sku}");
    AccessPattern<Stocked> byLevel = AccessPattern.of("Products by stock level", stocked)
        .index("gsi1").partition("STOCK").sortBeginsWith("LEVEL#").build();
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Stock")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(stocked).patterns(byLevel).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    EntityClient<Stocked> items = db.entity(stocked);
    items.create(new Stocked("A1", 40));
    items.create(new Stocked("B2", 25));
    Key a1 = Key.of("sku", "A1");

    assertEquals(37, items.update(a1).subtract("stock", 3).execute().stock());
    assertEquals(List.of("B2", "A1"), db.query(byLevel).page().items().stream().map(Stocked::sku).toList(),
        "the entry moved with the stock: 000025 before 000037");

    int threads = 4;
    int each = 5;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < each; i++) {
            // another writer between the read and the write makes the update plan again; past its attempts it is
            // a conflict the caller's retry takes
            db.retryOnConflict(RetryPolicy.defaults().maxAttempts(50),
                () -> items.update(a1).subtract("stock", 1).execute());
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(37 - threads * each, items.get(a1, true).orElseThrow().stock(), "every decrement landed once");
    Map<String, AttributeValue> raw = backend.client().getItem(b -> b.tableName(model.table().name())
        .key(Map.of("pk", AttributeValue.fromS("SKU#A1"), "sk", AttributeValue.fromS("STOCK")))).item();
    assertEquals("LEVEL#000017#A1", raw.get("gsi1sk").s(), "the index key is the stock's, not a stale one");
    assertEquals(List.of("A1", "B2"), db.query(byLevel).page().items().stream().map(Stocked::sku).toList());

    // below zero: a padded key cannot hold it, and nothing is written
    ValidationException negative = assertThrows(ValidationException.class,
        () -> items.update(a1).subtract("stock", 18).execute());
    assertTrue(negative.getMessage().contains("at least 0"), negative.getMessage());
    assertEquals(17, items.get(a1, true).orElseThrow().stock());
  }

  record Limited(String sku, int stock) {}

  /** With a min rule, a decrement past it is the condition's refusal the rule promises, from the value read. */
  @ParameterizedTest
  @EnumSource(Backend.class)
  void aCounterFeedingAnIndexKeepsItsRules(Backend backend) {
    Entity<Limited> limited = Entity.of(Limited.class).key("SKU#{sku}", "STOCK")
        .index("gsi1", "STOCK", "LEVEL#{stock:010d}#{sku}").validate("stock", Rule.min(0));
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Limited")).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(limited).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    EntityClient<Limited> items = db.entity(limited);
    items.create(new Limited("A1", 2));
    ConditionFailedException refused = assertThrows(ConditionFailedException.class,
        () -> items.update(Key.of("sku", "A1")).subtract("stock", 5).execute());
    assertTrue(refused.getMessage().contains("min 0"), refused.getMessage());
    assertEquals(2, items.get(Key.of("sku", "A1"), true).orElseThrow().stock(), "nothing was written");
    // an int counter at its type's edge
    items.put(new Limited("B2", Integer.MAX_VALUE));
    ValidationException overflow = assertThrows(ValidationException.class,
        () -> items.update(Key.of("sku", "B2")).add("stock", 1).execute());
    assertEquals("stock", overflow.field());
    assertEquals(0, items.update(Key.of("sku", "A1")).subtract("stock", 2).execute().stock());
  }
}
