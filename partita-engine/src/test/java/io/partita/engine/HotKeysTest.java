package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** Hot keys (issue 17): counted per partition key over the current and the previous minute, by a clock moved by hand. */
class HotKeysTest {
  private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:10Z"));


  private static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(sk));
  }

  @Test
  void readsAndWritesAreCountedPerPartitionKeyOverAMinuteOrTwo() {
    try (Partita p = Partita.with().clock(clock).trackHotKeys(true).inMemory()) {
      p.execute(CreateTableRequest.builder().tableName("orders").billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE")).build());
      for (int i = 0; i < 5; i++) {
        p.execute(PutItemRequest.builder().tableName("orders").item(key("hot", Integer.toString(i))).build());
      }
      p.execute(UpdateItemRequest.builder().tableName("orders").key(key("warm", "1"))
          .updateExpression("SET a = :a").expressionAttributeValues(Map.of(":a", AttributeValue.fromN("1"))).build());
      for (int i = 0; i < 3; i++) {
        p.execute(GetItemRequest.builder().tableName("orders").key(key("warm", "1")).build());
      }
      p.execute(DeleteItemRequest.builder().tableName("orders").key(key("cold", "1")).build());
      assertEquals(List.of(new HotKeys.HotKey("orders", "hot", 0, 5), new HotKeys.HotKey("orders", "warm", 3, 1),
          new HotKeys.HotKey("orders", "cold", 0, 1)), p.hotKeys(10));
      assertEquals(List.of(new HotKeys.HotKey("orders", "hot", 0, 5)), p.hotKeys(1));

      clock.advanceMillis(60_000); // the next minute: the last one still counts
      p.execute(GetItemRequest.builder().tableName("orders").key(key("cold", "1")).build());
      assertEquals(new HotKeys.HotKey("orders", "cold", 1, 1), p.hotKeys(10).get(2));
      clock.advanceMillis(60_000); // two minutes on: only the minute before is left
      assertEquals(List.of(new HotKeys.HotKey("orders", "cold", 1, 0)), p.hotKeys(10));
      clock.advanceMillis(180_000);
      assertEquals(List.of(), p.hotKeys(10));
    }
    try (Partita off = Partita.inMemory()) {
      assertEquals(false, off.tracksHotKeys());
    }
  }

  @Test
  void batchesTransactionsAndQueriesOfATableAreCountedToo() {
    try (Partita p = Partita.with().clock(clock).trackHotKeys(true).inMemory()) {
      p.execute(CreateTableRequest.builder().tableName("orders").billingMode("PAY_PER_REQUEST")
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("sk").attributeType("N"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("RANGE")).build());
      p.execute(software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest.builder().requestItems(Map.of(
          "orders", List.of(
              software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().putRequest(r -> r.item(key("a", "1"))).build(),
              software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().putRequest(r -> r.item(key("a", "2"))).build(),
              software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().deleteRequest(r -> r.key(key("b", "1"))).build())))
          .build());
      p.execute(software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest.builder().requestItems(Map.of("orders",
          software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder().keys(key("a", "1"), key("b", "1")).build()))
          .build());
      p.execute(software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.builder().transactItems(
          t -> t.put(x -> x.tableName("orders").item(key("c", "1"))),
          t -> t.conditionCheck(x -> x.tableName("orders").key(key("a", "1")).conditionExpression("attribute_exists(pk)")))
          .build());
      p.execute(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName("orders")
          .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("a"))).build());
      p.execute(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName("orders")
          .keyConditionExpression("pk = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("none"))).build());
      assertEquals(List.of(new HotKeys.HotKey("orders", "a", 3, 2), new HotKeys.HotKey("orders", "b", 1, 1),
          new HotKeys.HotKey("orders", "c", 0, 1)), p.hotKeys(10));
    }
    try (Partita off = Partita.inMemory()) {
      assertEquals(false, off.tracksHotKeys());
      assertEquals(List.of(), off.hotKeys(10));
    }
  }
}
