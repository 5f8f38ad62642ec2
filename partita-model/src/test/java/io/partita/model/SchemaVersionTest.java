package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Entity versions: items written in older shapes (raw PutItem, as older code wrote them) read back as current records
 * through every read; writes store the current version.
 */
class SchemaVersionTest {

  /** Version 3. Version 1 had "fullName" and a "tier" text; version 2 split the name; version 3 made tier a level. */
  record Customer(String accountId, String id, String firstName, String lastName, int level, Optional<String> email) {}

  static final Map<String, Integer> LEVELS = Map.of("bronze", 1, "silver", 2, "gold", 3);

  static Entity<Customer> customer() {
    return Entity.of(Customer.class).key("ACCOUNT#{accountId}", "CUSTOMER#{id}").schemaVersion(3)
        .upgrade(1, item -> {
          AttributeValue full = item.remove("fullName");
          if (full != null) { // absent from a projection that did not name it
            String[] parts = full.s().split(" ", 2);
            item.put("firstName", AttributeValue.fromS(parts[0]));
            item.put("lastName", AttributeValue.fromS(parts.length > 1 ? parts[1] : ""));
          }
          return item;
        })
        .upgrade(2, item -> {
          Map<String, AttributeValue> next = new HashMap<>(item); // a step may return a new map
          AttributeValue tier = next.remove("tier");
          if (tier != null) {
            next.put("level", AttributeValue.fromN(Integer.toString(LEVELS.get(tier.s()))));
          }
          return next;
        });
  }

  static Map<String, AttributeValue> v1(String account, String id, String fullName, String tier) {
    return Map.of("pk", s("ACCOUNT#" + account), "sk", s("CUSTOMER#" + id), "_type", s("Customer"),
        "accountId", s(account), "id", s(id), "fullName", s(fullName), "tier", s(tier));
  }

  static Map<String, AttributeValue> v2(String account, String id, String first, String last, String tier) {
    return Map.of("pk", s("ACCOUNT#" + account), "sk", s("CUSTOMER#" + id), "_type", s("Customer"), "_v",
        AttributeValue.fromN("2"), "accountId", s(account), "id", s(id), "firstName", s(first), "lastName", s(last),
        "tier", s(tier), "email", s(first.toLowerCase() + "@example.com"));
  }

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void olderItemsReadBackAsCurrentRecordsEverywhere(Backend backend) {
    String table = Backend.freshTable("Crm");
    Entity<Customer> customer = customer();
    AccessPattern<Customer> byAccount = AccessPattern.of("Customers of an account", customer)
        .partition("ACCOUNT#{accountId}").sortBeginsWith("CUSTOMER#").build();
    Model model = Model.builder(TableSchema.named(table)).entities(customer).patterns(byAccount).build();
    DynamoDbClient dynamo = backend.client();
    ModelClient db = ModelClient.create(model, dynamo);
    db.createTable();
    dynamo.putItem(b -> b.tableName(table).item(v1("a1", "c1", "Ada Lovelace", "gold")));
    dynamo.putItem(b -> b.tableName(table).item(v2("a1", "c2", "Grace", "Hopper", "silver")));
    Customer created = db.entity(customer).create(new Customer("a1", "c3", "Alan", "Turing", 1, Optional.empty()));

    Customer ada = new Customer("a1", "c1", "Ada", "Lovelace", 3, Optional.empty());
    Customer grace = new Customer("a1", "c2", "Grace", "Hopper", 2, Optional.of("grace@example.com"));
    assertEquals(Optional.of(ada), db.entity(customer).get(Key.of("accountId", "a1").and("id", "c1")), "get, v1");
    assertEquals(Optional.of(grace), db.entity(customer).get(Key.of("accountId", "a1").and("id", "c2")), "get, v2");
    assertEquals(List.of(ada, grace, created), db.query(byAccount).partition(Key.of("accountId", "a1")).all(),
        "query");
    assertEquals(Set.of(ada, grace, created), Set.copyOf(db.entity(customer).scan().all()), "scan");
    List<Map<String, AttributeValue>> raw = dynamo.scan(b -> b.tableName(table)).items();
    assertEquals(Set.of(ada, grace, created), raw.stream().map(i -> model.decode(i, Customer.class).orElseThrow())
        .collect(Collectors.toSet()), "model.decode");
    // a projection reads current attribute names: the steps see only what was projected (and the version), so
    // Ada's v1 item, which has no firstName attribute, gives none; items of versions 2 and 3 do
    assertEquals(java.util.Arrays.asList(null, "Grace", "Alan"), db.query(byAccount)
        .partition(Key.of("accountId", "a1")).project("firstName").all().stream().map(Customer::firstName).toList());
    assertEquals(ada, db.batchGet().get(customer, List.of(Key.of("accountId", "a1").and("id", "c1"))).execute()
        .all(customer).get(0), "batch get");

    // writes store the current version: create, and a put of the upgraded record rewrites the old item
    assertEquals("3", rawItem(dynamo, table, "c3").get("_v").n());
    db.entity(customer).put(ada);
    Map<String, AttributeValue> rewritten = rawItem(dynamo, table, "c1");
    assertEquals("3", rewritten.get("_v").n());
    assertFalse(rewritten.containsKey("fullName") || rewritten.containsKey("tier"), rewritten.toString());
    assertEquals("3", rewritten.get("level").n());
    db.entity(customer).upsert(grace);
    assertEquals("3", rawItem(dynamo, table, "c2").get("_v").n(), "upsert");

    // an item of a version this code does not know yet
    Map<String, AttributeValue> future = new HashMap<>(rawItem(dynamo, table, "c3"));
    future.put("_v", AttributeValue.fromN("4"));
    ModelException e = assertThrows(ModelException.class, () -> model.decode(future));
    assertEquals("Customer", e.entity());
    assertTrue(e.getMessage().contains("schema version 4, newer than this model's 3"), e.getMessage());
  }

  static Map<String, AttributeValue> rawItem(DynamoDbClient dynamo, String table, String id) {
    return dynamo.getItem(b -> b.tableName(table).key(Map.of("pk", s("ACCOUNT#a1"), "sk", s("CUSTOMER#" + id))))
        .item();
  }

  @Test
  void everyOlderVersionNeedsAStep() {
    Entity<Customer> gap = Entity.of(Customer.class).key("ACCOUNT#{accountId}", "CUSTOMER#{id}").schemaVersion(3)
        .upgrade(2, i -> i);
    ModelException e = assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Crm"))
        .entities(gap).build());
    assertTrue(e.getMessage().contains("no upgrade from version 1 to 2"), e.getMessage());
    Entity<Customer> beyond = Entity.of(Customer.class).key("ACCOUNT#{accountId}", "CUSTOMER#{id}").schemaVersion(2)
        .upgrade(1, i -> i).upgrade(2, i -> i);
    assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Crm")).entities(beyond).build());
    Entity<Customer> clash = Entity.of(Customer.class).key("ACCOUNT#{accountId}", "CUSTOMER#{id}")
        .schemaVersion(1, "email");
    assertThrows(ModelException.class, () -> Model.builder(TableSchema.named("Crm")).entities(clash).build());

    Map<String, AttributeValue> broken = new HashMap<>(v1("a1", "c9", "Ada", "platinum"));
    Model model = Model.builder(TableSchema.named("Crm")).entities(customer()).build();
    ModelException failed = assertThrows(ModelException.class, () -> model.decode(broken));
    assertTrue(failed.getMessage().contains("upgrade of item ACCOUNT#a1 / CUSTOMER#c9 from version 2 to 3 failed"),
        failed.getMessage());
  }
}
