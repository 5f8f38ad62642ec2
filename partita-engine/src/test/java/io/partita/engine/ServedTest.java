package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What a request did, as its paths counted it ({@link Served}): the tables it named, the capacity
 * each table and index consumed whatever the request asked to be told, the items and the partition
 * keys, on success and on refusal. The units are those the same request reports when it asks for
 * ReturnConsumedCapacity INDEXES, so the facts and the answer cannot drift apart.
 */
class ServedTest {
  private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/Music";

  private static Partita open(boolean hotKeys) {
    Partita p = Partita.with().trackHotKeys(hotKeys).inMemory();
    p.execute(CreateTableRequest.builder().tableName("Music").billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("g").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))
        .globalSecondaryIndexes(i -> i.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
            .projection(x -> x.projectionType("ALL")))
        .build());
    return p;
  }

  private static Map<String, AttributeValue> item(String pk, String g, int pad) {
    return Map.of("pk", AttributeValue.fromS(pk), "g", AttributeValue.fromS(g), "pad", AttributeValue.fromS("x".repeat(pad)));
  }

  /** Runs {@code request} as the server does, answering what the engine counted (a refusal's too). */
  private static Served served(Partita p, AwsRequest request) {
    List<Served> out = new ArrayList<>(1);
    try {
      p.answer(request, out::add);
    } catch (PartitaException e) {
      // the facts of a refused request are handed over all the same
    }
    assertEquals(1, out.size());
    return out.get(0);
  }

  @Test
  void writesCountTheTableAndEachIndexTheyChangeWhateverTheRequestAsked() {
    try (Partita p = open(false)) {
      // 1.5 KB: two write units on the table and two on the index it enters
      Served put = served(p, PutItemRequest.builder().tableName(ARN).item(item("a", "x", 1500)).build());
      assertEquals("PutItem", put.operation());
      assertEquals(List.of("Music"), put.tables(), "a table named by its ARN is its name");
      assertEquals(List.of(new Served.Consumed("Music", null, 0, 2), new Served.Consumed("Music", "byG", 0, 2)),
          put.consumed());
      assertEquals(1, put.items());

      Served batch = served(p, BatchWriteItemRequest.builder().requestItems(Map.of("Music", List.of(
          WriteRequest.builder().putRequest(PutRequest.builder().item(item("b", "y", 10)).build()).build(),
          WriteRequest.builder().putRequest(PutRequest.builder().item(item("c", "y", 10)).build()).build()))).build());
      assertEquals(List.of(new Served.Consumed("Music", null, 0, 2), new Served.Consumed("Music", "byG", 0, 2)),
          batch.consumed());
      assertEquals(2, batch.items());
    }
  }

  @Test
  void readsCountWhatTheyReadAndAnIndexQueryChargesTheIndex() {
    try (Partita p = open(false)) {
      p.execute(PutItemRequest.builder().tableName("Music").item(item("a", "x", 5000)).build());
      Served get = served(p, GetItemRequest.builder().tableName("Music").key(Map.of("pk", AttributeValue.fromS("a")))
          .consistentRead(true).build());
      // 5 KB read strongly: two units of 4 KB
      assertEquals(List.of(new Served.Consumed("Music", null, 2, 0)), get.consumed());
      assertEquals(1, get.items());

      Served query = served(p, QueryRequest.builder().tableName("Music").indexName("byG")
          .keyConditionExpression("g = :g").expressionAttributeValues(Map.of(":g", AttributeValue.fromS("x")))
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
      assertEquals("byG", query.index());
      // eventually consistent: 1 of 2 units, all the index's
      assertEquals(List.of(new Served.Consumed("Music", "byG", 1, 0)), query.consumed());
      assertEquals(1, query.items());
    }
  }

  @Test
  void aTransactionCountsItsChecksAsReadsAndARefusalStillNamesItsTableAndPaysWhatItRead() {
    try (Partita p = open(false)) {
      p.execute(PutItemRequest.builder().tableName("Music").item(item("a", "x", 10)).build());
      Served tx = served(p, TransactWriteItemsRequest.builder().transactItems(
          TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName("Music")
              .key(Map.of("pk", AttributeValue.fromS("a"))).conditionExpression("attribute_exists(pk)").build()).build(),
          TransactWriteItem.builder().put(p2 -> p2.tableName("Music").item(item("b", "y", 10))).build()).build());
      // a transaction costs twice: the check's read, the put's write on the table and on the index
      assertEquals(List.of(new Served.Consumed("Music", null, 2, 2), new Served.Consumed("Music", "byG", 0, 2)),
          tx.consumed());

      Served missing = served(p, GetItemRequest.builder().tableName("Nope").key(Map.of("pk", AttributeValue.fromS("a")))
          .build());
      assertEquals(List.of("Nope"), missing.tables());
      assertEquals(List.of(), missing.consumed());
      assertEquals(-1, missing.items());

      Served failed = served(p, PutItemRequest.builder().tableName("Music").item(item("a", "x", 10))
          .conditionExpression("attribute_not_exists(pk)").build());
      assertEquals(List.of(new Served.Consumed("Music", null, 0, 1)), failed.consumed(),
          "a write whose condition does not hold costs a unit");
    }
  }

  @Test
  void keysAreCountedOnlyWhenHotKeysAreTrackedAndReadsStillAnswerFromStorage() {
    try (Partita p = open(true)) {
      p.execute(PutItemRequest.builder().tableName("Music").item(item("a", "x", 10)).build());
      Served get = served(p, GetItemRequest.builder().tableName("Music").key(Map.of("pk", AttributeValue.fromS("a")))
          .build());
      assertEquals(List.of(new Served.Key("Music", "a", false)), get.keys());
      assertEquals(List.of(new HotKeys.HotKey("Music", "a", 1, 1)), p.hotKeys(10), "the put and the get");
    }
    try (Partita p = Partita.with().throttling(true).inMemory()) {
      p.execute(CreateTableRequest.builder().tableName("Slow").billingMode("PROVISIONED")
          .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))
          .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
          .keySchema(k -> k.attributeName("pk").keyType("HASH")).build());
      // throttled or not, a read's items go out in their stored encoding: nothing rebuilds the answer
      assertInstanceOf(ItemsAnswer.class, p.answer(GetItemRequest.builder().tableName("Slow")
          .key(Map.of("pk", AttributeValue.fromS("a"))).build()));
      GetItemResponse r = p.execute(GetItemRequest.builder().tableName("Slow")
          .key(Map.of("pk", AttributeValue.fromS("a"))).build());
      assertNull(r.consumedCapacity(), "no capacity asked, none answered");
    }
  }
}
