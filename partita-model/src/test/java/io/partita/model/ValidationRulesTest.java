package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Entity.validate: each rule refuses what it should before anything is sent, and lets the rest through. */
class ValidationRulesTest {

  enum Size { S, M, L, XL }

  record Product(String sku, String name, int stock, String currency, Size size, String createdBy,
      Optional<Integer> discount, Long version) {
    Product withStock(int s) {
      return new Product(sku, name, s, currency, size, createdBy, discount, version);
    }

    Product withCreatedBy(String c) {
      return new Product(sku, name, stock, currency, size, c, discount, version);
    }
  }

  static Entity<Product> product() {
    return Entity.of(Product.class).key("PRODUCT#{sku}", "PRODUCT").version("version")
        .validate("sku", Rule.pattern("[A-Z]{3}-\\d{4}"))
        .validate(Product::stock, Rule.min(0)).validate(Product::stock, Rule.max(1000))
        .validate("currency", Rule.oneOf("EUR", "USD"))
        .validate("size", Rule.oneOf(Size.S, Size.M, Size.L))
        .validate("name", Rule.notBlank()).validate("name", Rule.maxLength(20))
        .validate("createdBy", Rule.readOnly())
        .validate("discount", Rule.check((Integer d) -> d % 5 == 0, "is a multiple of 5"));
  }

  static Product valid() {
    return new Product("TEA-0001", "Sencha", 10, "EUR", Size.M, "alice", Optional.of(15), null);
  }

  /** A client that records the operations sent through it. */
  static DynamoDbClient recording(DynamoDbClient client, List<String> sent) {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          sent.add(method.getName());
          try {
            return method.invoke(client, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /** A client of a new table of {@code product}, recording into {@code sent} what it sends. */
  static ModelClient client(Backend backend, Entity<Product> product, List<String> sent) {
    ModelClient db = ModelClient.create(Model.builder(TableSchema.named(Backend.freshTable("Rules")))
        .entities(product).build(), recording(backend.client(), sent));
    db.createTable();
    return db;
  }

  static void refused(Entity<Product> e, String field, Rule.Kind kind, List<String> sent, Supplier<?> write) {
    sent.clear();
    ValidationException x = assertThrows(ValidationException.class, write::get);
    assertEquals("Product", x.entity(), x.getMessage());
    assertEquals(field, x.field(), x.getMessage());
    assertEquals(kind, x.rule().kind(), x.getMessage());
    assertTrue(x.getMessage().contains("rule '" + x.rule() + "'"), x.getMessage());
    List<String> writes = sent.stream().filter(s -> !s.equals("getItem")).toList();
    assertEquals(List.of(), writes, "nothing but a read is sent: " + x.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void eachRuleRefusesOnCreatePutAndUpdateBeforeSending(Backend backend) {
    Entity<Product> product = product();
    List<String> sent = new ArrayList<>();
    ModelClient db = client(backend, product, sent);
    EntityClient<Product> products = db.entity(product);
    Product p = valid();
    refused(product, "sku", Rule.Kind.PATTERN, sent, () -> products.create(new Product("tea-1", p.name(),
        p.stock(), p.currency(), p.size(), p.createdBy(), p.discount(), null)));
    refused(product, "stock", Rule.Kind.MIN, sent, () -> products.create(p.withStock(-1)));
    refused(product, "stock", Rule.Kind.MAX, sent, () -> products.create(p.withStock(1001)));
    refused(product, "currency", Rule.Kind.ONE_OF, sent, () -> products.create(new Product(p.sku(), p.name(),
        p.stock(), "GBP", p.size(), p.createdBy(), p.discount(), null)));
    refused(product, "size", Rule.Kind.ONE_OF, sent, () -> products.create(new Product(p.sku(), p.name(),
        p.stock(), p.currency(), Size.XL, p.createdBy(), p.discount(), null)));
    refused(product, "name", Rule.Kind.NOT_BLANK, sent, () -> products.create(new Product(p.sku(), "  ",
        p.stock(), p.currency(), p.size(), p.createdBy(), p.discount(), null)));
    refused(product, "name", Rule.Kind.MAX_LENGTH, sent, () -> products.create(new Product(p.sku(),
        "A very long tea name indeed", p.stock(), p.currency(), p.size(), p.createdBy(), p.discount(), null)));
    refused(product, "discount", Rule.Kind.CHECK, sent, () -> products.create(new Product(p.sku(), p.name(),
        p.stock(), p.currency(), p.size(), p.createdBy(), Optional.of(7), null)));
    assertEquals(Optional.empty(), products.get(Key.of("sku", p.sku()), true), "nothing was written");

    Product written = products.create(p);
    Product noDiscount = products.put(new Product(p.sku(), p.name(), 0, p.currency(), p.size(), p.createdBy(),
        Optional.empty(), written.version()));
    assertEquals(0, noDiscount.stock(), "0 is within min 0; an empty Optional passes every rule");

    // a negative stock: refused on put, on update and on a transaction's put
    refused(product, "stock", Rule.Kind.MIN, sent, () -> products.put(noDiscount.withStock(-3)));
    refused(product, "stock", Rule.Kind.MIN, sent, () -> products.update(Key.of("sku", p.sku())).set("stock", -3)
        .execute());
    refused(product, "currency", Rule.Kind.ONE_OF, sent, () -> products.update(Key.of("sku", p.sku()))
        .set("currency", "JPY").execute());
    refused(product, "stock", Rule.Kind.MIN, sent, () -> db.transaction().put(product, noDiscount.withStock(-3))
        .execute());
    refused(product, "stock", Rule.Kind.MIN, sent, () -> db.batchWrite().put(product, noDiscount.withStock(-3))
        .execute());
    assertEquals(0, products.get(Key.of("sku", p.sku()), true).orElseThrow().stock());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aDecrementCannotTakeTheStockBelowItsMinimum(Backend backend) {
    Entity<Product> product = product();
    EntityClient<Product> products = client(backend, product, new ArrayList<>()).entity(product);
    products.create(valid().withStock(3));
    Key key = Key.of("sku", "TEA-0001");
    assertEquals(1, products.update(key).subtract("stock", 2).execute().stock());
    ConditionFailedException below = assertThrows(ConditionFailedException.class, () -> products.update(key)
        .subtract("stock", 2).execute(), "1 - 2 would break min 0: the condition the rule added refuses it, atomically");
    assertTrue(below.getMessage().contains("the change would break rule stock 'min 0', stock 'max 1000'"),
        below.getMessage());
    assertEquals(1, products.get(key, true).orElseThrow().stock());
    assertEquals(0, products.update(key).subtract("stock", 1).execute().stock());
    assertEquals(1000, products.update(key).add("stock", 1000).execute().stock());
    assertThrows(ConditionFailedException.class, () -> products.update(key).add("stock", 1).execute(), "max 1000");
    ValidationException nested = assertThrows(ValidationException.class, () -> products.update(key)
        .setIfNotExists("discount", 3).execute());
    assertEquals(Rule.Kind.CHECK, nested.rule().kind(), "setIfNotExists's value is checked too");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aReadOnlyFieldIsWrittenByCreateAndNeverChanged(Backend backend) {
    Entity<Product> product = product();
    List<String> sent = new ArrayList<>();
    ModelClient db = client(backend, product, sent);
    EntityClient<Product> products = db.entity(product);
    Product written = products.create(valid());
    Key key = Key.of("sku", written.sku());

    refused(product, "createdBy", Rule.Kind.READ_ONLY, sent, () -> products.update(key).set("createdBy", "mallory")
        .execute());
    refused(product, "createdBy", Rule.Kind.READ_ONLY, sent, () -> products.put(written.withCreatedBy("mallory")));
    refused(product, "createdBy", Rule.Kind.READ_ONLY, sent, () -> products.upsert(written.withCreatedBy("mallory")));
    refused(product, "createdBy", Rule.Kind.READ_ONLY, sent, () -> db.transaction().put(product,
        written.withCreatedBy("mallory")).execute());
    refused(product, "createdBy", Rule.Kind.READ_ONLY, sent, () -> db.batchWrite().put(product,
        written.withCreatedBy("mallory")).execute());
    assertEquals("alice", products.get(key, true).orElseThrow().createdBy());

    Product same = products.put(written.withStock(5)); // the same createdBy: a put is fine
    assertEquals(5, same.stock());
    assertEquals("alice", same.createdBy());
    assertEquals(6, products.update(key).set("stock", 6).execute().stock(), "other fields still update");
  }

  @Test
  void aRuleThatDoesNotFitItsFieldIsRefusedByBuild() {
    record Item(String id, String label, int count, List<String> tags) {}
    for (Entity<Item> wrong : List.of(
        Entity.of(Item.class).key("ITEM#{id}", "I").validate("label", Rule.min(1)),
        Entity.of(Item.class).key("ITEM#{id}", "I").validate("count", Rule.pattern("\\d+")),
        Entity.of(Item.class).key("ITEM#{id}", "I").validate("count", Rule.maxLength(3)),
        Entity.of(Item.class).key("ITEM#{id}", "I").validate("label", Rule.oneOf("a", 2)),
        Entity.of(Item.class).key("ITEM#{id}", "I").validate("labl", Rule.notBlank()))) {
      ModelException e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Items"))
          .entities(wrong).build());
      assertEquals("Item", e.entity(), e.getMessage());
      assertTrue(e.field() != null, e.getMessage());
    }
    Model.builder(TableSchema.named("Items")).entities(Entity.of(Item.class).key("ITEM#{id}", "I")
        .validate("tags", Rule.maxLength(3)).validate("count", Rule.oneOf(1, 2L, 3))).build();
  }
}
