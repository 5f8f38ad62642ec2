package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The legacy {@code AttributeUpdates} of UpdateItem (issue 14): PUT, ADD and DELETE translated into
 * an Update the engine runs as it runs a bound UpdateExpression. Every row of the semantics and error
 * tables of docs/legacy-parameters.md section 8 (with their sources: the API reference, dynalite's and
 * scylladb's suites run against the service), each ReturnValues option, the versioned-save idiom with
 * Expected, an index key set through it, and the equivalent UpdateExpression giving the same items and
 * answers.
 */
class AttributeUpdatesTest {
  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final String MISMATCH = "Type mismatch for attribute to update";
  private static final Map<String, AttributeValue> KEY = Map.of("pk", s("k"), "sk", s("x"));

  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  // ---- request builders ----

  private static AttributeValueUpdate put(AttributeValue v) {
    return AttributeValueUpdate.builder().action("PUT").value(v).build();
  }

  private static AttributeValueUpdate add(AttributeValue v) {
    return AttributeValueUpdate.builder().action("ADD").value(v).build();
  }

  private static AttributeValueUpdate delete(AttributeValue v) {
    return AttributeValueUpdate.builder().action("DELETE").value(v).build();
  }

  private static AttributeValueUpdate delete() {
    return AttributeValueUpdate.builder().action("DELETE").build();
  }

  private static AttributeValueUpdate valueOnly(AttributeValue v) {
    return AttributeValueUpdate.builder().value(v).build();
  }

  private static AttributeValue ss(String... v) {
    return AttributeValue.fromSs(List.of(v));
  }

  private static AttributeValue ns(String... v) {
    return AttributeValue.fromNs(List.of(v));
  }

  private static AttributeValue l(AttributeValue... v) {
    return AttributeValue.fromL(List.of(v));
  }

  private static AttributeValue bs(String... v) {
    List<SdkBytes> out = new ArrayList<>();
    for (String x : v) {
      out.add(SdkBytes.fromUtf8String(x));
    }
    return AttributeValue.fromBs(out);
  }

  /** {@code updates("a", put(x), "b", delete())}, in that order. */
  private static Map<String, AttributeValueUpdate> updates(Object... nameUpdatePairs) {
    Map<String, AttributeValueUpdate> m = new LinkedHashMap<>();
    for (int i = 0; i < nameUpdatePairs.length; i += 2) {
      m.put((String) nameUpdatePairs[i], (AttributeValueUpdate) nameUpdatePairs[i + 1]);
    }
    return m;
  }

  /** The item under KEY with these attributes besides the key. */
  private static Map<String, AttributeValue> item(Object... attrs) {
    Map<String, AttributeValue> m = new LinkedHashMap<>(KEY);
    for (int i = 0; i < attrs.length; i += 2) {
      m.put((String) attrs[i], (AttributeValue) attrs[i + 1]);
    }
    return m;
  }

  private Map<String, AttributeValue> stored() {
    Map<String, AttributeValue> got = dynamo.getItem(b -> b.tableName("app").key(KEY).consistentRead(true)).item();
    return got.isEmpty() ? null : got;
  }

  private UpdateItemResponse update(Map<String, AttributeValueUpdate> updates, ReturnValue returnValues) {
    return dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates).returnValues(returnValues));
  }

  private static void refused(String message, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  // ---- semantics ----

  /** Section 8's semantics table: the item before (null: none), the updates, the item after (null: none). */
  @Test
  void eachActionDoesWhatTheServiceDoes() {
    Object[][] rows = {
      // no Action is PUT
      {"no Action", item("col", s("y")), updates("col", valueOnly(s("x"))), item("col", s("x"))},
      {"PUT replaces", item("a", n("1")), updates("a", put(ss("x"))), item("a", ss("x"))},
      {"PUT creates the item", null, updates("a", put(n("1"))), item("a", n("1"))},
      {"DELETE removes", item("a", n("1"), "b", s("keep")), updates("a", delete()), item("b", s("keep"))},
      {"DELETE of a missing attribute", item("b", s("keep")), updates("a", delete()), item("b", s("keep"))},
      {"DELETE on a missing item makes none", null, updates("a", delete()), null},
      {"DELETE elements", item("a", ss("a", "b", "c")), updates("a", delete(ss("b"))), item("a", ss("a", "c"))},
      {"DELETE ignores absent elements", item("a", ss("a", "b", "c")), updates("a", delete(ss("b", "z"))),
          item("a", ss("a", "c"))},
      {"DELETE of every element removes the set", item("a", ss("a", "b"), "b", n("1")),
          updates("a", delete(ss("a", "b", "z"))), item("b", n("1"))},
      {"DELETE numbers numerically", item("a", ns("1", "2.5")), updates("a", delete(ns("2.50"))), item("a", ns("1"))},
      {"DELETE binaries", item("a", bs("p", "q")), updates("a", delete(bs("q"))), item("a", bs("p"))},
      {"DELETE elements of a missing attribute", item("b", n("1")), updates("a", delete(ns("4"))), item("b", n("1"))},
      {"DELETE elements on a missing item makes none", null, updates("a", delete(ns("4"))), null},
      {"ADD a number", item("a", n("10")), updates("a", add(n("5"))), item("a", n("15"))},
      {"ADD a negative fraction", item("a", n("1")), updates("a", add(n("-2.5"))), item("a", n("-1.5"))},
      {"ADD to a missing number starts from 0", item("b", n("1")), updates("a", add(n("5"))),
          item("b", n("1"), "a", n("5"))},
      {"ADD a number creates the item", null, updates("a", add(n("5"))), item("a", n("5"))},
      {"ADD a set unites", item("a", ss("a", "b")), updates("a", add(ss("b", "c", "d"))), item("a", ss("a", "b", "c", "d"))},
      {"ADD numbers unites numerically", item("a", ns("1", "2")), updates("a", add(ns("2.0", "3"))),
          item("a", ns("1", "2", "3"))},
      {"ADD a set to a missing attribute", item("b", n("1")), updates("a", add(ss("x"))),
          item("b", n("1"), "a", ss("x"))},
      {"ADD any set type creates the item", null, updates("a", add(bs("p"))), item("a", bs("p"))},
      {"ADD a list appends", item("a", l(s("a"), n("1"))), updates("a", add(l(s("b"), n("2")))),
          item("a", l(s("a"), n("1"), s("b"), n("2")))},
      {"ADD a list keeps duplicates", item("a", l(s("a"))), updates("a", add(l(s("a")))), item("a", l(s("a"), s("a")))},
      {"ADD a list to a missing attribute", item("b", n("1")), updates("a", add(l(n("1")))),
          item("b", n("1"), "a", l(n("1")))},
      {"ADD a list creates the item", null, updates("a", add(l(n("1")))), item("a", l(n("1")))},
      {"empty AttributeUpdates creates the key", null, updates(), item()},
      {"empty AttributeUpdates leaves an item", item("a", n("1")), updates(), item("a", n("1"))},
      {"several entries", item("p", s("old"), "q", n("1"), "r", ss("x", "y")),
          updates("p", put(s("new")), "q", add(n("2")), "r", delete(ss("x")), "z", delete()),
          item("p", s("new"), "q", n("3"), "r", ss("y"))},
      {"a DELETE beside a PUT creates the item", null, updates("a", delete(), "b", put(n("1"))), item("b", n("1"))},
    };
    for (Object[] row : rows) {
      dynamo.deleteItem(b -> b.tableName("app").key(KEY));
      @SuppressWarnings("unchecked")
      Map<String, AttributeValue> before = (Map<String, AttributeValue>) row[1];
      if (before != null) {
        dynamo.putItem(b -> b.tableName("app").item(before));
      }
      @SuppressWarnings("unchecked")
      Map<String, AttributeValueUpdate> updates = (Map<String, AttributeValueUpdate>) row[2];
      update(updates, ReturnValue.NONE);
      assertEquals(row[3], stored(), (String) row[0]);
    }
  }

  /** Section 8's ReturnValues: UPDATED_* name the attributes in AttributeUpdates; a DELETEd one has no new value. */
  @Test
  void returnValuesFollowTheNamedAttributes() {
    Map<String, AttributeValue> before = item("a", n("1"), "b", ss("x", "y"), "c", s("old"), "d", s("keep"));
    Map<String, AttributeValueUpdate> updates = updates("a", add(n("2")), "b", delete(), "c", put(s("new")),
        "e", put(s("fresh")));
    Map<String, AttributeValue> after = item("a", n("3"), "c", s("new"), "d", s("keep"), "e", s("fresh"));
    Object[][] rows = {
      {ReturnValue.NONE, null},
      {ReturnValue.ALL_OLD, before},
      {ReturnValue.UPDATED_OLD, Map.of("a", n("1"), "b", ss("x", "y"), "c", s("old"))},
      {ReturnValue.ALL_NEW, after},
      {ReturnValue.UPDATED_NEW, Map.of("a", n("3"), "c", s("new"), "e", s("fresh"))},
    };
    for (Object[] row : rows) {
      dynamo.putItem(b -> b.tableName("app").item(before));
      UpdateItemResponse r = update(updates, (ReturnValue) row[0]);
      assertEquals(row[1], r.hasAttributes() ? r.attributes() : null, row[0].toString());
      assertEquals(after, stored());
    }
    // dynalite's case: {b: DELETE, c: PUT} answers UPDATED_NEW {c}
    dynamo.putItem(b -> b.tableName("app").item(item("b", s("1"), "c", s("2"))));
    assertEquals(Map.of("c", s("3")),
        update(updates("b", delete(), "c", put(s("3"))), ReturnValue.UPDATED_NEW).attributes());
    // on a missing item: no old values at all, the new ones as written
    dynamo.deleteItem(b -> b.tableName("app").key(KEY));
    assertTrue(!update(updates("a", put(n("1"))), ReturnValue.ALL_OLD).hasAttributes());
    dynamo.deleteItem(b -> b.tableName("app").key(KEY));
    assertTrue(!update(updates("a", put(n("1"))), ReturnValue.UPDATED_OLD).hasAttributes());
    dynamo.deleteItem(b -> b.tableName("app").key(KEY));
    assertEquals(Map.of("a", n("1")), update(updates("a", put(n("1")), "b", delete()), ReturnValue.UPDATED_NEW).attributes());
  }

  /** The versioned save as DynamoDBMapper sends it: PUT the data, ADD 1 to the version, Expected the version read. */
  @Test
  void expectedGuardsAttributeUpdates() {
    Map<String, ExpectedAttributeValue> absent = Map.of("version", ExpectedAttributeValue.builder().exists(false).build());
    Map<String, AttributeValueUpdate> create = updates("data", put(s("v1")), "version", put(n("1")));
    dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(create).expected(absent));
    assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(create).expected(absent)));
    dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates("version", put(n("3")))));

    Map<String, ExpectedAttributeValue> atThree = Map.of("version", ExpectedAttributeValue.builder().value(n("3")).build());
    Map<String, AttributeValueUpdate> save = updates("data", put(s("v4")), "version", add(n("1")));
    UpdateItemResponse r = dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(save).expected(atThree)
        .returnValues(ReturnValue.UPDATED_NEW));
    assertEquals(Map.of("data", s("v4"), "version", n("4")), r.attributes());
    // the stale save fails and changes nothing
    assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(save).expected(atThree)));
    assertEquals(item("data", s("v4"), "version", n("4")), stored());
  }

  // ---- errors ----

  /** Section 8's request checks: the Value's validity, then the three rules, before Expected is looked at. */
  @Test
  void requestChecksRefuseWithTheServicesMessages() {
    Object[][] rows = {
      {updates("a", AttributeValueUpdate.builder().build()),
          INVALID + "Only DELETE action is allowed when no attribute value is specified"},
      {updates("a", AttributeValueUpdate.builder().action("PUT").build()),
          INVALID + "Only DELETE action is allowed when no attribute value is specified"},
      {updates("a", AttributeValueUpdate.builder().action("ADD").build()),
          INVALID + "Only DELETE action is allowed when no attribute value is specified"},
      {updates("a", delete(s("x"))), INVALID + "DELETE action with value is not supported for the type S"},
      {updates("a", delete(n("1"))), INVALID + "DELETE action with value is not supported for the type N"},
      {updates("a", delete(AttributeValue.fromB(SdkBytes.fromUtf8String("b")))),
          INVALID + "DELETE action with value is not supported for the type B"},
      {updates("a", delete(AttributeValue.fromNul(true))), INVALID + "DELETE action with value is not supported for the type NULL"},
      {updates("a", delete(AttributeValue.fromBool(true))), INVALID + "DELETE action with value is not supported for the type BOOL"},
      {updates("a", delete(AttributeValue.fromM(Map.of("x", n("1"))))),
          INVALID + "DELETE action with value is not supported for the type M"},
      {updates("a", delete(l(n("1")))), INVALID + "DELETE action with value is not supported for the type L"},
      {updates("a", add(s("x"))), INVALID + "ADD action is not supported for the type S"},
      {updates("a", add(AttributeValue.fromB(SdkBytes.fromUtf8String("b")))),
          INVALID + "ADD action is not supported for the type B"},
      {updates("a", add(AttributeValue.fromNul(true))), INVALID + "ADD action is not supported for the type NULL"},
      {updates("a", add(AttributeValue.fromBool(false))), INVALID + "ADD action is not supported for the type BOOL"},
      {updates("a", add(AttributeValue.fromM(Map.of()))), INVALID + "ADD action is not supported for the type M"},
      // an invalid Value: the item messages, before the action's rules
      {updates("a", put(ns())), INVALID + "An number set  may not be empty"},
      {updates("a", add(AttributeValue.fromM(Map.of("x", ss())))), INVALID + "An string set  may not be empty"},
      {updates("a", put(n("1")), "b", delete(s("x"))), INVALID + "DELETE action with value is not supported for the type S"},
    };
    dynamo.putItem(b -> b.tableName("app").item(item("a", n("1"))));
    // Expected that would fail, and is invalid besides: the AttributeUpdates checks come first
    Map<String, ExpectedAttributeValue> badExpected = Map.of("a", ExpectedAttributeValue.builder().exists(true).build());
    for (Object[] row : rows) {
      @SuppressWarnings("unchecked")
      Map<String, AttributeValueUpdate> updates = (Map<String, AttributeValueUpdate>) row[0];
      refused((String) row[1], () -> update(updates, ReturnValue.NONE));
      refused((String) row[1], () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates)
          .expected(badExpected)));
    }
    refused(INVALID + "Value must be provided when Exists is true for Attribute: a",
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates("a", put(n("2"))))
            .expected(badExpected)));
    // an Action outside the enum: the modeled check
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> update(updates("a",
        AttributeValueUpdate.builder().action("NONEXISTENT").value(n("1")).build()), ReturnValue.NONE));
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertTrue(e.awsErrorDetails().errorMessage().contains("Value 'NONEXISTENT' at")
        && e.awsErrorDetails().errorMessage().contains("Member must satisfy enum value set"), e.getMessage());
    assertEquals(item("a", n("1")), stored(), "nothing was written");
  }

  @Test
  void mixingWithExpressionsIsRefused() {
    refused("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{AttributeUpdates} Expression parameters: {UpdateExpression}",
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates("a", put(n("1"))))
            .updateExpression("REMOVE b")));
    refused("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
            + "{AttributeUpdates, Expected} Expression parameters: {UpdateExpression, ConditionExpression}",
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates("a", put(n("1"))))
            .expected(Map.of("a", ExpectedAttributeValue.builder().exists(false).build()))
            .updateExpression("REMOVE b").conditionExpression("attribute_exists(b)")));
    refused("ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and "
            + "ConditionExpression are null",
        () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates("a", put(n("1"))))
            .expressionAttributeValues(Map.of(":v", n("1")))));
  }

  /** A key attribute named with any action; refused before the condition is evaluated. */
  @Test
  void keyAttributesCannotBeUpdated() {
    Map<String, ExpectedAttributeValue> failing = Map.of("z", ExpectedAttributeValue.builder().value(n("1")).build());
    Object[][] rows = {
      {updates("pk", put(s("other"))), "pk"},
      {updates("d", put(s("1")), "sk", put(s("y"))), "sk"},
      {updates("sk", delete()), "sk"},
      {updates("pk", add(ss("x"))), "pk"},
    };
    for (Object[] row : rows) {
      @SuppressWarnings("unchecked")
      Map<String, AttributeValueUpdate> updates = (Map<String, AttributeValueUpdate>) row[0];
      String message = INVALID + "Cannot update attribute " + row[1] + ". This attribute is part of the key";
      refused(message, () -> update(updates, ReturnValue.NONE));
      refused(message, () -> dynamo.updateItem(b -> b.tableName("app").key(KEY).attributeUpdates(updates).expected(failing)));
    }
    assertNull(stored());
  }

  /** ADD and DELETE on an attribute of another type: found applying, with the service's own sentence. */
  @Test
  void typeMismatchesAreFoundApplying() {
    Object[][] rows = {
      {ss("a"), delete(ns("1"))},
      {ss("a"), delete(bs("a"))},
      {n("1"), delete(ns("1"))},
      {ss("a"), add(ns("1"))},
      {ns("1"), add(n("1"))},
      {n("1"), add(l(n("1")))},
      {l(n("1")), add(n("1"))},
      {s("x"), add(n("1"))},
      {s("x"), delete(ss("x"))},
    };
    for (Object[] row : rows) {
      Map<String, AttributeValue> before = item("a", (AttributeValue) row[0]);
      dynamo.putItem(b -> b.tableName("app").item(before));
      refused(MISMATCH, () -> update(updates("b", put(n("9")), "a", (AttributeValueUpdate) row[1]), ReturnValue.NONE));
      assertEquals(before, stored(), "nothing of the update is written");
    }
  }

  @Test
  void anItemGrownTooLargeIsRefused() {
    dynamo.putItem(b -> b.tableName("app").item(item("a", s("x".repeat(300_000)))));
    refused("Item size to update has exceeded the maximum allowed size",
        () -> update(updates("b", put(s("y".repeat(200_000)))), ReturnValue.NONE));
  }

  // ---- indexes ----

  @Test
  void anIndexKeySetThroughAttributeUpdatesIsIndexed() {
    dynamo.createTable(b -> b.tableName("gsi").billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("c").attributeType(ScalarAttributeType.S).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("index1")
            .keySchema(KeySchemaElement.builder().attributeName("c").keyType(KeyType.HASH).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()));
    Map<String, AttributeValue> key = Map.of("pk", s("a"));
    dynamo.updateItem(b -> b.tableName("gsi").key(key).attributeUpdates(updates("c", put(s("x")), "v", add(n("1")))));
    assertEquals(List.of(Map.of("pk", s("a"), "c", s("x"), "v", n("1"))), byC("x"));
    dynamo.updateItem(b -> b.tableName("gsi").key(key).attributeUpdates(updates("c", put(s("y")))));
    assertEquals(List.of(), byC("x"));
    assertEquals(1, byC("y").size());
    dynamo.updateItem(b -> b.tableName("gsi").key(key).attributeUpdates(updates("c", delete())));
    assertEquals(List.of(), byC("y"));
    assertEquals(0, dynamo.scan(b -> b.tableName("gsi").indexName("index1")).count());

    // a value of another type than the index key's, whatever the action, before the condition is evaluated
    Map<String, ExpectedAttributeValue> failing = Map.of("z", ExpectedAttributeValue.builder().value(n("1")).build());
    for (AttributeValueUpdate u : List.of(put(n("1")), add(n("1")), delete(ss("x")))) {
      String actual = u.value().n() != null ? "N" : "SS";
      refused(INVALID + "Type mismatch for Index Key c Expected: S Actual: " + actual + " IndexName: index1",
          () -> dynamo.updateItem(b -> b.tableName("gsi").key(key).attributeUpdates(Map.of("c", u)).expected(failing)));
    }
    assertEquals(Map.of("pk", s("a"), "v", n("1")), dynamo.getItem(b -> b.tableName("gsi").key(key)).item());
  }

  private List<Map<String, AttributeValue>> byC(String c) {
    return dynamo.query(b -> b.tableName("gsi").indexName("index1").keyConditionExpression("c = :c")
        .expressionAttributeValues(Map.of(":c", s(c)))).items();
  }

  // ---- the equivalent UpdateExpression ----

  private static final AttributeValue[] STORED = {
    n("5"), n("-1.5"), s("x"), ss("x", "y"), ns("1", "2"), bs("p"), l(s("a")),
    AttributeValue.fromM(Map.of("k", n("1"))), AttributeValue.fromBool(true), AttributeValue.fromNul(true),
  };
  private static final AttributeValue[] ADDED = {n("2"), n("-0.5"), ss("y", "z"), ns("2", "3"), bs("q"), l(n("1"))};
  private static final AttributeValue[] DELETED = {ss("x"), ss("x", "y"), ns("1"), ns("7"), bs("p")};
  private static final ReturnValue[] RETURNS = {
    ReturnValue.NONE, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD, ReturnValue.ALL_NEW, ReturnValue.UPDATED_NEW,
  };

  /**
   * Random updates on random starting items, each sent as AttributeUpdates to one table and as the
   * UpdateExpression that means the same to another: the same items and ReturnValues, or both refused
   * (with each form's own message for a type mismatch).
   */
  @Test
  void theEquivalentUpdateExpressionGivesTheSameItemsAndAnswers() {
    Fixtures.createTable(dynamo, "expr", ScalarAttributeType.S);
    Random random = new Random(14);
    String[] names = {"a", "b", "c", "d"};
    int succeeded = 0;
    int refusedBoth = 0;
    for (int trial = 0; trial < 400; trial++) {
      dynamo.deleteItem(b -> b.tableName("app").key(KEY));
      dynamo.deleteItem(b -> b.tableName("expr").key(KEY));
      if (random.nextInt(4) > 0) {
        Map<String, AttributeValue> before = new LinkedHashMap<>(KEY);
        for (String name : names) {
          if (random.nextBoolean()) {
            before.put(name, STORED[random.nextInt(STORED.length)]);
          }
        }
        dynamo.putItem(b -> b.tableName("app").item(before));
        dynamo.putItem(b -> b.tableName("expr").item(before));
      }
      Map<String, AttributeValueUpdate> updates = new LinkedHashMap<>();
      List<String> set = new ArrayList<>();
      List<String> remove = new ArrayList<>();
      List<String> addClauses = new ArrayList<>();
      List<String> deleteClauses = new ArrayList<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      for (String name : names) {
        if (random.nextInt(3) > 0) {
          continue;
        }
        String v = ":" + name;
        switch (random.nextInt(4)) {
          case 0 -> {
            AttributeValue x = STORED[random.nextInt(STORED.length)];
            updates.put(name, put(x));
            set.add(name + " = " + v);
            values.put(v, x);
          }
          case 1 -> {
            AttributeValue x = ADDED[random.nextInt(ADDED.length)];
            updates.put(name, add(x));
            values.put(v, x);
            if (x.hasL()) {
              set.add(name + " = list_append(if_not_exists(" + name + ", :empty), " + v + ")");
              values.put(":empty", l());
            } else {
              addClauses.add(name + " " + v);
            }
          }
          case 2 -> {
            AttributeValue x = DELETED[random.nextInt(DELETED.length)];
            updates.put(name, delete(x));
            deleteClauses.add(name + " " + v);
            values.put(v, x);
          }
          default -> {
            updates.put(name, delete());
            remove.add(name);
          }
        }
      }
      if (updates.isEmpty()) {
        continue;
      }
      StringBuilder expression = new StringBuilder();
      clause(expression, "SET", set);
      clause(expression, "REMOVE", remove);
      clause(expression, "ADD", addClauses);
      clause(expression, "DELETE", deleteClauses);
      ReturnValue returns = RETURNS[random.nextInt(RETURNS.length)];
      String what = "trial " + trial + ": " + updates + " / " + expression;

      UpdateItemResponse legacy = null;
      DynamoDbException legacyError = null;
      try {
        legacy = update(updates, returns);
      } catch (DynamoDbException e) {
        legacyError = e;
      }
      UpdateItemResponse bound = null;
      DynamoDbException boundError = null;
      try {
        bound = dynamo.updateItem(b -> b.tableName("expr").key(KEY).updateExpression(expression.toString())
            .expressionAttributeValues(values.isEmpty() ? null : values).returnValues(returns));
      } catch (DynamoDbException e) {
        boundError = e;
      }
      assertEquals(boundError == null, legacyError == null, what + ": " + (legacyError != null ? legacyError : boundError));
      if (legacyError == null) {
        succeeded++;
        assertEquals(bound.attributes(), legacy.attributes(), what);
      } else {
        refusedBoth++;
        assertEquals(MISMATCH, legacyError.awsErrorDetails().errorMessage(), what);
        assertEquals("An operand in the update expression has an incorrect data type",
            boundError.awsErrorDetails().errorMessage(), what);
      }
      assertEquals(dynamo.getItem(b -> b.tableName("expr").key(KEY).consistentRead(true)).item(), stored() == null
          ? Map.of() : stored(), what);
    }
    assertTrue(succeeded > 100 && refusedBoth > 20, succeeded + " succeeded, " + refusedBoth + " refused by both");
  }

  private static void clause(StringBuilder out, String keyword, List<String> actions) {
    if (!actions.isEmpty()) {
      out.append(out.length() == 0 ? "" : " ").append(keyword).append(' ').append(String.join(", ", actions));
    }
  }
}
