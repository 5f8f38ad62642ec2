package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** PutItem, GetItem, UpdateItem and DeleteItem through the embedded DynamoDbClient. */
class ItemOperationsTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
    Fixtures.createTable(dynamo, "nums", ScalarAttributeType.N);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  private Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("pk", s(pk), "sk", s(sk));
  }

  private Map<String, AttributeValue> get(String pk, String sk) {
    GetItemResponse r = dynamo.getItem(b -> b.tableName("app").key(key(pk, sk)).consistentRead(true));
    return r.hasItem() ? r.item() : null;
  }

  @Test
  void aStringWithAnUnpairedSurrogateIsRefusedAndAliasesNothing() {
    // Java's UTF-8 encoder writes '?' for a lone surrogate: stored as such, "x\uD800" and "x?" were one item
    dynamo.putItem(b -> b.tableName("app").item(key("x?", "s")));
    for (String text : new String[] {"x\uD800", "x\uDC00", "\uDFFFx"}) {
      DynamoDbException e = assertThrows(DynamoDbException.class,
          () -> dynamo.putItem(b -> b.tableName("app").item(key(text, "s"))));
      assertEquals("ValidationException", e.awsErrorDetails().errorCode());
      assertTrue(e.getMessage().contains("unpaired UTF-16 surrogate"), e.getMessage());
      assertThrows(DynamoDbException.class, () -> dynamo.getItem(b -> b.tableName("app").key(key(text, "s"))));
    }
    Map<String, AttributeValue> item = new HashMap<>(key("y", "s"));
    item.put("ss", AttributeValue.fromSs(List.of("\uD800", "?")));
    assertThrows(DynamoDbException.class, () -> dynamo.putItem(b -> b.tableName("app").item(item)));
    item.remove("ss");
    item.put("a\uD800", s("1"));
    assertThrows(DynamoDbException.class, () -> dynamo.putItem(b -> b.tableName("app").item(item)));
    // a well-formed pair is one character, and is kept
    dynamo.putItem(b -> b.tableName("app").item(key("\uD83D\uDE00", "s")));
    assertEquals("\uD83D\uDE00", get("\uD83D\uDE00", "s").get("pk").s());
    assertNull(get("y", "s"));
  }

  /**
   * An update that only removes makes no item of a missing one, where any other update creates it
   * (scylladb's test_update_item_non_existent, which runs against the service too). Partita wrote a
   * key-only item before.
   */
  @Test
  void anUpdateThatOnlyRemovesDoesNotCreateAMissingItem() {
    UpdateItemResponse removed = dynamo.updateItem(b -> b.tableName("app").key(key("gone", "1"))
        .updateExpression("REMOVE a, b.c").returnValues(ReturnValue.ALL_NEW));
    assertFalse(removed.hasAttributes());
    dynamo.updateItem(b -> b.tableName("app").key(key("gone", "2")).updateExpression("DELETE s :v")
        .expressionAttributeValues(Map.of(":v", AttributeValue.fromSs(List.of("x")))));
    assertNull(get("gone", "1"));
    assertNull(get("gone", "2"));
    // a REMOVE beside a SET still creates it, and an update with no expression creates the key alone
    dynamo.updateItem(b -> b.tableName("app").key(key("made", "1")).updateExpression("SET x = :x REMOVE a")
        .expressionAttributeValues(Map.of(":x", n("1"))));
    assertEquals(Map.of("pk", s("made"), "sk", s("1"), "x", n("1")), get("made", "1"));
    dynamo.updateItem(b -> b.tableName("app").key(key("made", "2")));
    assertEquals(key("made", "2"), get("made", "2"));
    // on an item that is there, a REMOVE of every attribute leaves the key
    dynamo.updateItem(b -> b.tableName("app").key(key("made", "1")).updateExpression("REMOVE x"));
    assertEquals(key("made", "1"), get("made", "1"));
  }

  @Test
  void putThenGetReturnsTheItemWithNormalizedNumbers() {
    Map<String, AttributeValue> item = new HashMap<>(key("USER#alice", "PROFILE"));
    item.put("n", n("1.50"));
    item.put("ns", AttributeValue.fromNs(List.of("15E-1", "2")));
    item.put("b", AttributeValue.fromB(SdkBytes.fromUtf8String("hi")));
    item.put("empty", s(""));
    item.put("m", AttributeValue.fromM(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromBool(true), AttributeValue.fromNul(true))))));
    dynamo.putItem(b -> b.tableName("app").item(item));
    Map<String, AttributeValue> got = get("USER#alice", "PROFILE");
    assertEquals("1.5", got.get("n").n());
    assertEquals(2, got.get("ns").ns().size());
    assertTrue(got.get("ns").ns().contains("1.5"));
    assertEquals("", got.get("empty").s());
    assertEquals("hi", got.get("b").b().asUtf8String());
    assertEquals(item.get("m"), got.get("m"));
  }

  @Test
  void getOfMissingItemHasNoItem() {
    assertFalse(dynamo.getItem(b -> b.tableName("app").key(key("nobody", "x"))).hasItem());
  }

  @Test
  void missingTableIsResourceNotFound() {
    ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
        () -> dynamo.getItem(b -> b.tableName("nope").key(key("a", "b"))));
    assertEquals("ResourceNotFoundException", e.awsErrorDetails().errorCode());
  }

  @Test
  void tableNamesAreCaseSensitive() {
    assertThrows(ResourceNotFoundException.class, () -> dynamo.getItem(b -> b.tableName("APP").key(key("a", "b"))));
  }

  @Test
  void keyMustMatchTheSchema() {
    assertValidation("The provided key element does not match the schema",
        () -> dynamo.getItem(b -> b.tableName("app").key(Map.of("pk", s("a")))));
    assertValidation("The provided key element does not match the schema",
        () -> dynamo.getItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", n("1")))));
    assertValidation("The provided key element does not match the schema",
        () -> dynamo.getItem(b -> b.tableName("app").key(Map.of("pk", s("a"), "sk", s("b"), "x", s("c")))));
    assertValidation("Missing the key sk in the item",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a")))));
    assertValidation("Type mismatch for key sk expected: N actual: S",
        () -> dynamo.putItem(b -> b.tableName("nums").item(Map.of("pk", s("a"), "sk", s("x")))));
    assertValidation("empty string",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s(""), "sk", s("x")))));
  }

  @Test
  void invalidNumbersAreRefusedAndNothingIsWritten() {
    assertValidation("The parameter cannot be converted to a numeric value: ",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "n", n("abc")))));
    assertValidation("38 significant digits",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "n", n("1".repeat(39))))));
    assertValidation("overflow",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "n", n("1E126")))));
    assertNull(get("a", "b"));
  }

  @Test
  void itemOver400KbIsRefused() {
    String big = "x".repeat(400 * 1024);
    assertValidation("Item size has exceeded the maximum allowed size",
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "big", s(big)))));
    assertNull(get("a", "b"));
  }

  @Test
  void conditionalPutFailsWithTheOldItemWhenAsked() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "v", n("1"))));
    ConditionalCheckFailedException e = assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "v", n("2")))
            .conditionExpression("attribute_not_exists(pk)")
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    assertEquals("1", e.item().get("v").n());
    assertEquals("ConditionalCheckFailedException", e.awsErrorDetails().errorCode());
    assertEquals("The conditional request failed", e.awsErrorDetails().errorMessage());
    assertEquals("1", get("a", "b").get("v").n(), "a failed condition writes nothing");
  }

  @Test
  void putReturnsAllOld() {
    assertFalse(dynamo.putItem(b -> b.tableName("app").item(key("a", "b")).returnValues(ReturnValue.ALL_OLD)).hasAttributes());
    Map<String, AttributeValue> old = dynamo.putItem(b -> b.tableName("app")
        .item(Map.of("pk", s("a"), "sk", s("b"), "x", n("1"))).returnValues(ReturnValue.ALL_OLD)).attributes();
    assertEquals(key("a", "b"), old);
    assertValidation("", () -> dynamo.putItem(b -> b.tableName("app").item(key("a", "b")).returnValues(ReturnValue.ALL_NEW)));
  }

  @Test
  void updateCreatesTheItemAndReturnsEachKindOfValues() {
    Map<String, AttributeValue> created = dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
        .updateExpression("SET c = :one, m = :m").expressionAttributeValues(Map.of(":one", n("1"),
            ":m", AttributeValue.fromM(Map.of("x", n("1"))))).returnValues(ReturnValue.ALL_NEW)).attributes();
    assertEquals(Map.of("pk", s("a"), "sk", s("b"), "c", n("1"), "m", AttributeValue.fromM(Map.of("x", n("1")))), created);

    Map<String, AttributeValue> updatedOld = dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
        .updateExpression("SET c = c + :one").expressionAttributeValues(Map.of(":one", n("1")))
        .returnValues(ReturnValue.UPDATED_OLD)).attributes();
    assertEquals(Map.of("c", n("1")), updatedOld);

    Map<String, AttributeValue> updatedNew = dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
        .updateExpression("SET m.x = :two").expressionAttributeValues(Map.of(":two", n("2")))
        .returnValues(ReturnValue.UPDATED_NEW)).attributes();
    assertEquals(Map.of("m", AttributeValue.fromM(Map.of("x", n("2")))), updatedNew);

    Map<String, AttributeValue> allOld = dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
        .updateExpression("REMOVE c").returnValues(ReturnValue.ALL_OLD)).attributes();
    assertEquals("2", allOld.get("c").n());
    assertFalse(get("a", "b").containsKey("c"));
  }

  @Test
  void updateOfAKeyAttributeIsRefused() {
    assertValidation("Cannot update attribute sk. This attribute is part of the key",
        () -> dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
            .updateExpression("SET sk = :v").expressionAttributeValues(Map.of(":v", s("c")))));
  }

  @Test
  void updateWithFailedConditionChangesNothing() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "v", n("5"))));
    assertThrows(ConditionalCheckFailedException.class, () -> dynamo.updateItem(b -> b.tableName("app").key(key("a", "b"))
        .updateExpression("SET v = v - :d").conditionExpression("v >= :d")
        .expressionAttributeValues(Map.of(":d", n("6")))));
    assertEquals("5", get("a", "b").get("v").n());
  }

  @Test
  void deleteWithConditionAndAllOld() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "status", s("DONE"))));
    assertThrows(ConditionalCheckFailedException.class, () -> dynamo.deleteItem(b -> b.tableName("app").key(key("a", "b"))
        .conditionExpression("#s = :open").expressionAttributeNames(Map.of("#s", "status"))
        .expressionAttributeValues(Map.of(":open", s("OPEN")))));
    Map<String, AttributeValue> old = dynamo.deleteItem(b -> b.tableName("app").key(key("a", "b"))
        .returnValues(ReturnValue.ALL_OLD)).attributes();
    assertEquals("DONE", old.get("status").s());
    assertNull(get("a", "b"));
    // deleting nothing succeeds
    dynamo.deleteItem(b -> b.tableName("app").key(key("a", "b")));
  }

  @Test
  void consumedCapacityFollowsDynamoDbRules() {
    String kb = "x".repeat(1500);
    ConsumedCapacity put = dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"), "d", s(kb)))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
    assertEquals("app", put.tableName());
    assertEquals(2.0, put.capacityUnits(), "1.5 KB costs two write units");
    ConsumedCapacity strong = dynamo.getItem(b -> b.tableName("app").key(key("a", "b")).consistentRead(true)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
    assertEquals(1.0, strong.capacityUnits());
    ConsumedCapacity eventual = dynamo.getItem(b -> b.tableName("app").key(key("a", "b"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
    assertEquals(0.5, eventual.capacityUnits());
    assertNull(dynamo.getItem(b -> b.tableName("app").key(key("a", "b"))).consumedCapacity(), "NONE by default");
  }

  @Test
  void projectionExpressionReturnsOnlyThePaths() {
    dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("a"), "sk", s("b"),
        "m", AttributeValue.fromM(Map.of("x", n("1"), "y", n("2"))), "l", AttributeValue.fromL(List.of(n("10"), n("20"))))));
    Map<String, AttributeValue> got = dynamo.getItem(b -> b.tableName("app").key(key("a", "b"))
        .projectionExpression("m.y, l[1]")).item();
    assertEquals(Map.of("m", AttributeValue.fromM(Map.of("y", n("2"))), "l", AttributeValue.fromL(List.of(n("20")))), got);
  }

  static void assertValidation(String fragment, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertTrue(e.awsErrorDetails().errorMessage().contains(fragment), e.awsErrorDetails().errorMessage());
  }
}
