package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * PartiQL (issue 16): ExecuteStatement, BatchExecuteStatement and ExecuteTransaction against the
 * engine, each answer compared with what the service answered where that is recorded (the sources
 * are in docs/partiql.md: the dynamodb-conformance suite's captures from Amazon DynamoDB, and the
 * API reference).
 */
class PartiQlTest {
  private Partita partita;
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    partita = Partita.inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    Fixtures.createTable(dynamo, "Hash", null);
    Fixtures.createTable(dynamo, "Coll", ScalarAttributeType.S);
    dynamo.createTable(b -> b.tableName("Idx").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk"), def("sk"), def("g"), def("l"))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(
            GlobalSecondaryIndex.builder().indexName("gAll").keySchema(key("g", KeyType.HASH))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build(),
            GlobalSecondaryIndex.builder().indexName("gInc").keySchema(key("g", KeyType.HASH))
                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("kept")).build())
        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("lKeys")
            .keySchema(key("pk", KeyType.HASH), key("l", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private static AttributeDefinition def(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private ExecuteStatementResponse run(String statement, AttributeValue... parameters) {
    return dynamo.executeStatement(b -> {
      b.statement(statement);
      if (parameters.length > 0) {
        b.parameters(parameters);
      }
    });
  }

  private String refusal(String statement, AttributeValue... parameters) {
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> run(statement, parameters), statement);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), statement);
    return e.awsErrorDetails().errorMessage();
  }

  private Map<String, AttributeValue> get(String table, String pk, String sk) {
    var r = dynamo.getItem(b -> b.tableName(table).key(sk == null ? Map.of("pk", s(pk)) : Map.of("pk", s(pk), "sk", s(sk))));
    return r.hasItem() ? r.item() : null;
  }

  private void seedCollection() {
    for (String sk : List.of("a1", "a2", "b1", "b2", "c1")) {
      dynamo.putItem(b -> b.tableName("Coll").item(Map.of("pk", s("p"), "sk", s(sk), "n", n(String.valueOf(sk.charAt(1))))));
    }
    dynamo.putItem(b -> b.tableName("Coll").item(Map.of("pk", s("q"), "sk", s("a1"))));
  }

  private static List<String> sks(List<Map<String, AttributeValue>> items) {
    return items.stream().map(i -> i.get("sk").s()).toList();
  }

  // ---- INSERT, SELECT by key, UPDATE, DELETE ----

  @Test
  void insertThenSelectByKeyThenUpdateThenDelete() {
    run("INSERT INTO \"Hash\" VALUE {'pk': 'k1', 'data': 'inserted', 'n': 1.50, 'l': [1, 'a', TRUE, NULL], "
        + "'m': {'x': <<'b', 'a'>>, 'y': <<3, 1>>}}");
    Map<String, AttributeValue> item = get("Hash", "k1", null);
    assertEquals("inserted", item.get("data").s());
    assertEquals("1.5", item.get("n").n());
    assertEquals(List.of(n("1"), s("a"), AttributeValue.fromBool(true), AttributeValue.fromNul(true)), item.get("l").l());
    assertEquals(new TreeSet<>(List.of("a", "b")), new TreeSet<>(item.get("m").m().get("x").ss()));
    assertEquals(new TreeSet<>(List.of("1", "3")), new TreeSet<>(item.get("m").m().get("y").ns()));

    assertEquals(List.of(item), run("SELECT * FROM \"Hash\" WHERE pk = 'k1'").items());
    assertEquals(List.of(), run("SELECT * FROM Hash WHERE pk = 'absent'").items());

    run("UPDATE \"Hash\" SET data = 'after', n = n + 1 REMOVE l WHERE pk = 'k1'");
    item = get("Hash", "k1", null);
    assertEquals("after", item.get("data").s());
    assertEquals("2.5", item.get("n").n());
    assertFalse(item.containsKey("l"));

    run("DELETE FROM \"Hash\" WHERE pk = 'k1'");
    assertNull(get("Hash", "k1", null));
  }

  @Test
  void insertIsNotAnUpsert() {
    run("INSERT INTO \"Hash\" VALUE {'pk': 'dup', 'data': 'first'}");
    DuplicateItemException e = assertThrows(DuplicateItemException.class,
        () -> run("INSERT INTO \"Hash\" VALUE {'pk': 'dup', 'data': 'second'}"));
    assertEquals("Duplicate primary key exists in table", e.awsErrorDetails().errorMessage());
    assertEquals("first", get("Hash", "dup", null).get("data").s());
    run("DELETE FROM \"Hash\" WHERE pk = 'dup'");
    run("INSERT INTO \"Hash\" VALUE {'pk': 'dup', 'data': 'again'}");
    assertEquals("again", get("Hash", "dup", null).get("data").s());
  }

  @Test
  void updateOfAMissingItemFailsAndCreatesNothingWhileDeleteOfOneSucceeds() {
    assertThrows(ConditionalCheckFailedException.class, () -> run("UPDATE \"Hash\" SET a = 1 WHERE pk = 'none'"));
    assertNull(get("Hash", "none", null));
    assertEquals(List.of(), run("DELETE FROM \"Hash\" WHERE pk = 'none'").items());
  }

  @Test
  void theRestOfTheWhereConditionsTheWrite() {
    run("INSERT INTO Hash VALUE {'pk': 'c', 'v': 'here'}");
    ConditionalCheckFailedException e = assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.executeStatement(b -> b.statement("UPDATE Hash SET touched = 'yes' WHERE pk = ? AND v = ?")
            .parameters(s("c"), s("wrong")).returnValuesOnConditionCheckFailure("ALL_OLD")));
    assertEquals("here", e.item().get("v").s());
    assertFalse(get("Hash", "c", null).containsKey("touched"));
    assertThrows(ConditionalCheckFailedException.class, () -> run("DELETE FROM Hash WHERE pk = 'c' AND v = 'wrong'"));
    run("UPDATE Hash SET touched = 'yes' WHERE pk = 'c' AND v = 'here'");
    assertEquals("yes", get("Hash", "c", null).get("touched").s());
  }

  @Test
  void updateFunctionsAndReturning() {
    run("INSERT INTO Hash VALUE {'pk': 'u', 'tags': <<'a', 'b'>>, 'list': [1], 'old': 'x'}");
    ExecuteStatementResponse r = run("UPDATE Hash SET tags = set_add(tags, <<'c'>>) SET list = list_append(list, [2]) "
        + "REMOVE old WHERE pk = 'u' RETURNING MODIFIED NEW *");
    Map<String, AttributeValue> modified = r.items().get(0);
    assertEquals(new TreeSet<>(List.of("a", "b", "c")), new TreeSet<>(modified.get("tags").ss()));
    assertEquals(List.of(n("1"), n("2")), modified.get("list").l());
    assertFalse(modified.containsKey("pk"));

    r = run("UPDATE Hash SET tags = set_delete(tags, <<'a'>>) WHERE pk = 'u' RETURNING ALL OLD *");
    assertEquals(new TreeSet<>(List.of("a", "b", "c")), new TreeSet<>(r.items().get(0).get("tags").ss()));
    assertEquals("u", r.items().get(0).get("pk").s());
    assertEquals(new TreeSet<>(List.of("b", "c")), new TreeSet<>(get("Hash", "u", null).get("tags").ss()));

    r = run("UPDATE Hash SET n = 5 WHERE pk = 'u' RETURNING ALL NEW *");
    assertEquals(n("5"), r.items().get(0).get("n"));
    assertEquals(List.of(), run("UPDATE Hash REMOVE n WHERE pk = 'u' RETURNING MODIFIED NEW *").items());
    assertEquals(List.of(), run("UPDATE Hash SET n = 6 WHERE pk = 'u'").items());

    r = run("DELETE FROM Hash WHERE pk = 'u' RETURNING ALL OLD *");
    assertEquals(n("6"), r.items().get(0).get("n"));
  }

  @Test
  void deleteAcceptsOnlyAllOld() {
    for (String bad : List.of("MODIFIED OLD", "ALL NEW", "MODIFIED NEW")) {
      assertEquals("Invalid returning clause: RETURNING " + bad
              + " *. Only RETURNING ALL OLD * is allowed in DELETE statements.",
          refusal("DELETE FROM \"Hash\" WHERE pk = 'x' RETURNING " + bad + " *"));
    }
  }

  @Test
  void writesNeedTheWholeKey() {
    String message = "Where clause does not contain a mandatory equality on all key attributes";
    assertEquals(message, refusal("UPDATE Coll SET a = 1 WHERE pk = 'p'"));
    assertEquals(message, refusal("DELETE FROM Coll WHERE sk = 'a1'"));
    assertEquals(message, refusal("DELETE FROM Hash WHERE v = 'a'"));
    assertEquals(message, refusal("UPDATE Hash SET a = 1"));
    assertEquals(message, refusal("UPDATE Hash SET a = 1 WHERE pk > 'a'"));
  }

  // ---- SELECT planning ----

  @Test
  void aSelectOnThePartitionKeyIsAQueryWithTheSortConditionAsItsRange() {
    seedCollection();
    assertEquals(List.of("a1", "a2", "b1", "b2", "c1"), sks(run("SELECT * FROM Coll WHERE pk = 'p'").items()));
    assertEquals(List.of("a1", "a2"), sks(run("SELECT * FROM Coll WHERE pk = 'p' AND begins_with(sk, 'a')").items()));
    assertEquals(List.of("a2", "b1"), sks(run("SELECT * FROM Coll WHERE pk = 'p' AND sk BETWEEN 'a2' AND 'b1'").items()));
    assertEquals(List.of("b2", "c1"), sks(run("SELECT * FROM Coll WHERE pk = 'p' AND 'b1' < sk").items()));
    assertEquals(List.of("c1", "b2", "b1", "a2", "a1"),
        sks(run("SELECT * FROM Coll WHERE pk = 'p' ORDER BY sk DESC").items()));
    // Two conditions on the sort key: one is the range, the other filters.
    assertEquals(List.of("a2", "b1"), sks(run("SELECT * FROM Coll WHERE pk = 'p' AND sk > 'a1' AND sk < 'b2'").items()));
    // A filter beside the key, and the key read charged as a Query would be.
    ExecuteStatementResponse r = dynamo.executeStatement(b -> b.statement("SELECT sk FROM Coll WHERE pk = 'p' AND n = 1")
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(List.of(Map.of("sk", s("a1")), Map.of("sk", s("b1")), Map.of("sk", s("c1"))), r.items());
    assertEquals(0.5, r.consumedCapacity().capacityUnits());
  }

  @Test
  void aSelectWithoutThePartitionKeyScans() {
    seedCollection();
    assertEquals(6, run("SELECT * FROM Coll").items().size());
    assertEquals(List.of("a1", "a1"), sks(run("SELECT * FROM Coll WHERE sk = 'a1'").items()));
    assertEquals(2, run("SELECT * FROM Coll WHERE pk IN ['p', 'q'] AND sk = 'a1'").items().size());
    assertEquals(1, run("SELECT * FROM Coll WHERE n IS MISSING").items().size());
    assertEquals(5, run("SELECT * FROM Coll WHERE n IS NOT MISSING").items().size());
    assertEquals(3, run("SELECT * FROM Coll WHERE n = 2 OR sk = 'c1'").items().size());
    assertEquals(2, run("SELECT * FROM Coll WHERE attribute_type(n, 'N') AND NOT n = 1").items().size());
    assertEquals(5, run("SELECT * FROM Coll WHERE pk = 'p' AND size(sk) = 2").items().size());
    assertEquals(2, run("SELECT * FROM Coll WHERE contains(sk, 'b')").items().size());
  }

  @Test
  void limitAndNextTokenPageThroughAndATokenResumesOnlyItsStatement() {
    seedCollection();
    List<String> seen = new ArrayList<>();
    String token = null;
    int pages = 0;
    do {
      String t = token;
      ExecuteStatementResponse page = dynamo.executeStatement(b -> b.statement("SELECT * FROM Coll WHERE pk = 'p'")
          .limit(2).nextToken(t));
      seen.addAll(sks(page.items()));
      token = page.nextToken();
      pages++;
    } while (token != null && pages < 10);
    assertEquals(List.of("a1", "a2", "b1", "b2", "c1"), seen);
    String first = dynamo.executeStatement(b -> b.statement("SELECT * FROM Coll WHERE pk = 'p'").limit(1)).nextToken();
    assertNotNull(first);
    assertEquals("Given NextToken is not valid for the statement",
        assertThrows(DynamoDbException.class, () -> dynamo.executeStatement(
            b -> b.statement("SELECT * FROM Coll").nextToken(first))).awsErrorDetails().errorMessage());
  }

  @Test
  void aProjectionAnswersEachPathUnderItsLastName() {
    dynamo.putItem(b -> b.tableName("Hash").item(Map.of("pk", s("nested"), "mymap", AttributeValue.fromM(Map.of(
        "nested", s("deep"))), "list", AttributeValue.fromL(List.of(s("x"), s("y"))), "extra", s("no"))));
    assertEquals(List.of(Map.of("nested", s("deep"))),
        run("SELECT mymap.nested FROM \"Hash\" WHERE pk = 'nested'").items());
    assertEquals(List.of(Map.of("pk", s("nested"), "mymap", AttributeValue.fromM(Map.of("nested", s("deep"))))),
        run("SELECT pk, mymap FROM Hash WHERE pk = 'nested'").items());
    assertEquals(List.of(Map.of("list", s("y"))), run("SELECT list[1] FROM Hash WHERE pk = 'nested'").items());
  }

  @Test
  void parametersBindInOrderAndMustAllBeUsed() {
    run("INSERT INTO Hash VALUE {'pk': ?, 'data': ?}", s("par"), s("bound"));
    assertEquals("bound", run("SELECT data FROM Hash WHERE pk = ?", s("par")).items().get(0).get("data").s());
    String message = "Number of parameters in request and statement don't match.";
    assertEquals(message, refusal("SELECT * FROM Hash WHERE pk = ? AND data = ?", s("par")));
    assertEquals(message, refusal("SELECT * FROM Hash WHERE pk = ?"));
    // A ? inside a string is text.
    assertEquals(List.of(), run("SELECT * FROM Hash WHERE pk = 'a?'").items());
  }

  @Test
  void comparisonsOfEveryTypeAgreeWithTheExpressionLanguage() {
    Map<String, AttributeValue> stored = Map.of(
        "SS", AttributeValue.fromSs(List.of("a", "b", "c")),
        "L", AttributeValue.fromL(List.of(s("a"), s("b"))),
        "M", AttributeValue.fromM(Map.of("x", n("1"), "y", n("2"))),
        "NULL", AttributeValue.fromNul(true));
    Map<String, AttributeValue> permuted = Map.of(
        "SS", AttributeValue.fromSs(List.of("c", "a", "b")),
        "L", AttributeValue.fromL(List.of(s("b"), s("a"))),
        "M", AttributeValue.fromM(Map.of("y", n("2"), "x", n("1"))),
        "NULL", AttributeValue.fromNul(true));
    stored.forEach((type, v) -> dynamo.putItem(b -> b.tableName("Hash").item(Map.of("pk", s(type), "val", v))));
    for (String type : stored.keySet()) {
      boolean equal = run("SELECT pk FROM Hash WHERE pk = ? AND val = ?", s(type), permuted.get(type)).items().size() == 1;
      assertEquals(!type.equals("L"), equal, type);
      boolean differs = run("SELECT pk FROM Hash WHERE pk = ? AND val <> ?", s(type), permuted.get(type)).items().size() == 1;
      assertEquals(!equal, differs, type);
    }
  }

  // ---- indexes ----

  @Test
  void anIndexQualifiedSelectReadsTheIndexWithItsProjection() {
    dynamo.putItem(b -> b.tableName("Idx").item(Map.of("pk", s("p"), "sk", s("1"), "g", s("x"), "l", s("l1"),
        "kept", s("k1"), "other", s("o1"))));
    dynamo.putItem(b -> b.tableName("Idx").item(Map.of("pk", s("p"), "sk", s("2"), "l", s("l2"), "other", s("o2"))));
    assertEquals(List.of("1"), sks(run("SELECT * FROM \"Idx\".\"gAll\" WHERE g = 'x'").items()));
    assertEquals(new TreeSet<>(List.of("pk", "sk", "g", "kept")),
        new TreeSet<>(run("SELECT * FROM \"Idx\".\"gInc\" WHERE g = 'x'").items().get(0).keySet()));
    assertEquals(new TreeSet<>(List.of("pk", "sk", "l")),
        new TreeSet<>(run("SELECT * FROM \"Idx\".\"lKeys\" WHERE pk = 'p'").items().get(0).keySet()));
    // An LSI reaches back to the table for what it does not hold; a GSI refuses.
    assertEquals(List.of(Map.of("other", s("o1")), Map.of("other", s("o2"))),
        run("SELECT other FROM \"Idx\".\"lKeys\" WHERE pk = 'p'").items());
    assertEquals("One or more parameter values were invalid: Global secondary index gInc does not project [other]",
        refusal("SELECT other FROM \"Idx\".\"gInc\" WHERE g = 'x'"));
    assertEquals("One or more parameter values were invalid: Secondary index gInc does not project one or more filter "
        + "attributes: [other]", refusal("SELECT pk FROM \"Idx\".\"gInc\" WHERE g = 'x' AND other = 'o1'"));
    assertEquals("One or more parameter values were invalid: Secondary index lKeys does not project one or more filter "
        + "attributes: [other]", refusal("SELECT pk FROM \"Idx\".\"lKeys\" WHERE pk = 'p' AND other = 'o1'"));
    // Unkeyed, the same filter scans the index, where the attribute is absent.
    assertEquals(List.of(), run("SELECT pk FROM \"Idx\".\"gInc\" WHERE other = 'o1'").items());
    // An LSI's scan reads the table's item for a filter on what it does not hold, as a Scan of the
    // index with that FilterExpression does.
    assertEquals(List.of(Map.of("pk", s("p"))), run("SELECT pk FROM \"Idx\".\"lKeys\" WHERE other = 'o1'").items());
    assertEquals(1, dynamo.scan(b -> b.tableName("Idx").indexName("lKeys").filterExpression("#o = :o")
        .expressionAttributeNames(Map.of("#o", "other")).expressionAttributeValues(Map.of(":o", s("o1")))).count());
    assertEquals("The table does not have the specified index", refusal("SELECT * FROM \"Idx\".\"none\" WHERE pk = 'p'"));
    assertEquals("The table does not have the specified index", refusal("SELECT * FROM \"Idx\".\"Idx\" WHERE pk = 'p'"));
    assertEquals("Strongly consistent read is not supported on Global Secondary Indexes",
        assertThrows(DynamoDbException.class, () -> dynamo.executeStatement(
            b -> b.statement("SELECT * FROM \"Idx\".\"gAll\" WHERE g = 'x'").consistentRead(true)))
            .awsErrorDetails().errorMessage());
  }

  // ---- errors ----

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "SLECT * FROM \"Hash\"|Statement wasn't well formed, can't be processed: Expected data manipulation",
    "SELECT * FROM \"Hash\" WHERE pk = 1 foo|Statement wasn't well formed, can't be processed: Unexpected token after expression",
    "SELECT * FROM \"Hash\" WHERE pk = 1 e5|Statement wasn't well formed, can't be processed: Unexpected token after expression",
    "SELECT * FROM \"Hash\" WHERE pk = 1)|Statement wasn't well formed, can't be processed: Unexpected token after expression",
    "DELETE FROM \"Hash\" WHERE pk = 'a' ORDER BY pk|Statement wasn't well formed, can't be processed: Unexpected token after expression",
    "SELECT * FROM \"Hash\" t WHERE pk = 'x'|Aliasing is not supported",
    "SELECT * FROM \"Hash\" AS t WHERE pk = 'x'|Aliasing is not supported",
    "UPDATE \"Hash\" t SET a = 3 WHERE pk = 'x'|Aliasing is not supported",
    "DELETE FROM \"Hash\" t WHERE pk = 'x'|Aliasing is not supported",
    "INSERT INTO \"Hash\" t VALUE {'pk': 'x'}|Statement wasn't well formed, can't be processed: Unexpected token after expression",
    "SELECT * FROM \"Hash\" WHERE pk = 1e126|Number overflow. Attempting to store a number with magnitude larger than supported range under root",
    "SELECT * FROM \"Hash\" WHERE pk = 1e-131|Number underflow. Attempting to store a number with magnitude smaller than supported range under root",
    "INSERT INTO \"Hash\" VALUE {'pk': 'x', 'm': {'x': 1e126}}|Number overflow. Attempting to store a number with magnitude larger than supported range under root.x",
    "INSERT INTO \"Hash\" VALUE {'pk': 'x', 'l': [1, 1e126]}|Number overflow. Attempting to store a number with magnitude larger than supported range under root[1]",
    "SELECT * FROM \"Hash\" WHERE|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"Hash\" WHERE;|Statement wasn't well formed, can't be processed: Unexpected term",
    "UPDATE \"Hash\" SET a = 1 WHERE|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"Hash\" WHERE NOT|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"Hash\" WHERE (|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"absent\" WHERE|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"Hash\" WHERE pk = 'p1' AND|Statement wasn't well formed, can't be processed: Missing right-hand side expression of infix operator",
    "SELECT * FROM \"Hash\" WHERE pk = 'p1' OR|Statement wasn't well formed, can't be processed: Missing right-hand side expression of infix operator",
    "SELECT * FROM \"Hash\" WHERE ORDER BY pk|Statement wasn't well formed, can't be processed: Unexpected keyword",
    "SELECT * FROM \"Hash\" WHERE pk = 'a' AND x IS FOO|Statement wasn't well formed, can't be processed: Expected type name",
    "SELECT * FROM \"Hash\" WHERE IS NULL|Statement wasn't well formed, can't be processed: Unexpected operator",
    "SELECT * FROM \"Hash\" WHERE pk = LIKE|Statement wasn't well formed, can't be processed: Unexpected operator",
    "DELETE FROM|Statement wasn't well formed, can't be processed: Expected identifier for simple path",
    "DELETE FROM;|Statement wasn't well formed, can't be processed: Expected identifier for simple path",
    "DELETE FROM WHERE pk = 'a'|Statement wasn't well formed, can't be processed: Expected identifier for simple path",
    "SELECT * FROM|Statement wasn't well formed, can't be processed: Unexpected term",
    "SELECT * FROM \"Hash\".\"gsi\".\"extra\" WHERE pk = 'p'|A path may contain at most 2 components in the FROM clause",
    "SELECT * FROM \"Hash\".\"\" WHERE pk = 'p'|Path component cannot be an empty string",
    "SELECT * FROM \"\" WHERE pk = 'p'|Path component cannot be an empty string",
  })
  void refusalsCarryTheServicesRecordedMessages(String statement, String message) {
    assertEquals(message, refusal(statement));
  }

  @Test
  void whatTheReaderCannotReadIsAnsweredWithNothingAfterTheColon() {
    for (String statement : List.of("SELECT * FROM \"Hash\" WHERE pk = 1 # note",
        "SELECT * FROM \"Hash\" WHERE pk = 1 /* note", "SELECT * FROM \"Hash\" WHERE pk = 1e2147483648",
        "SELECT * FROM \"Hash\" WHERE pk = 1e99999999999", "SELECT * FROM \"Hash")) {
      assertEquals("Statement wasn't well formed, can't be processed: ", refusal(statement), statement);
    }
  }

  @Test
  void anOrderingComparisonOfAnUnorderedValueIsRefusedBeforeTheTableIsLookedUp() {
    for (String op : List.of("<", "<=", ">", ">=")) {
      assertEquals("Incorrect operand type for operator or function; operator or function: " + op
          + ", operand type: BOOL", refusal("SELECT pk FROM \"missing\" WHERE pk = ? AND val " + op + " ?",
          s("x"), AttributeValue.fromBool(true)));
    }
    assertTrue(refusal("SELECT pk FROM Hash WHERE pk = 'x' AND val BETWEEN ? AND ?", AttributeValue.fromBool(true),
        AttributeValue.fromBool(false)).contains("operator or function: BETWEEN"));
    assertThrows(ResourceNotFoundException.class, () -> run("SELECT pk FROM \"missing\" WHERE pk = ?", s("x")));
    // S against N has an order: no refusal, and nothing matches.
    assertEquals(List.of(), run("SELECT pk FROM Hash WHERE pk = 'x' AND val < ?", n("5")).items());
  }

  // ---- BatchExecuteStatement ----

  @Test
  void aBatchRunsEachStatementAndAnswersErrorsPerStatement() {
    run("INSERT INTO Hash VALUE {'pk': 'b1', 'v': 'one'}");
    run("INSERT INTO Hash VALUE {'pk': 'b2', 'v': 'two'}");
    BatchExecuteStatementResponse r = dynamo.batchExecuteStatement(b -> b.statements(
        stmt("SELECT * FROM Hash WHERE pk = 'b1'"),
        stmt("SLECT * FROM Hash WHERE pk = 'b1'"),
        stmt("SELECT * FROM \"absent\" WHERE pk = 'x'"),
        stmt("SELECT * FROM Hash WHERE v = 'one'"),
        stmt("SELECT * FROM Hash WHERE pk = 'nothing'"),
        BatchStatementRequest.builder().statement("SELECT * FROM Hash WHERE pk = ?").parameters(s("b2"))
            .consistentRead(true).build()).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals("one", r.responses().get(0).item().get("v").s());
    assertEquals("Hash", r.responses().get(0).tableName());
    assertEquals(BatchStatementErrorCodeEnum.VALIDATION_ERROR, r.responses().get(1).error().code());
    assertEquals("Statement wasn't well formed, can't be processed: Expected data manipulation",
        r.responses().get(1).error().message());
    assertEquals(BatchStatementErrorCodeEnum.RESOURCE_NOT_FOUND, r.responses().get(2).error().code());
    assertEquals(BatchStatementErrorCodeEnum.VALIDATION_ERROR, r.responses().get(3).error().code());
    assertEquals("Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
        r.responses().get(3).error().message());
    assertNull(r.responses().get(3).tableName());
    assertFalse(r.responses().get(4).hasItem());
    assertEquals("two", r.responses().get(5).item().get("v").s());
    // Two eventually consistent reads of small items (one finds nothing) and one consistent: 0.5 * 2 + 1.
    assertEquals(1, r.consumedCapacity().size());
    assertEquals(2.0, r.consumedCapacity().get(0).capacityUnits());
  }

  @Test
  void aBatchOfWritesReportsConditionFailuresAndDuplicatesWithTheirTable() {
    run("INSERT INTO Hash VALUE {'pk': 'w1', 'v': 'here'}");
    BatchExecuteStatementResponse r = dynamo.batchExecuteStatement(b -> b.statements(
        stmt("INSERT INTO Hash VALUE {'pk': 'w2'}"),
        stmt("INSERT INTO Hash VALUE {'pk': 'w1'}"),
        stmt("UPDATE Hash SET touched = 'yes' WHERE pk = 'w1' AND v = 'wrong'"),
        stmt("DELETE FROM Hash WHERE pk = 'w1' RETURNING ALL OLD *"),
        stmt("DELETE FROM Hash WHERE pk = 'x' RETURNING MODIFIED OLD *")));
    assertFalse(r.responses().get(0).hasItem());
    assertNull(r.responses().get(0).error());
    assertNotNull(get("Hash", "w2", null));
    assertEquals(BatchStatementErrorCodeEnum.DUPLICATE_ITEM, r.responses().get(1).error().code());
    assertEquals("Hash", r.responses().get(1).tableName());
    assertEquals(BatchStatementErrorCodeEnum.CONDITIONAL_CHECK_FAILED, r.responses().get(2).error().code());
    assertEquals("Hash", r.responses().get(2).tableName());
    assertFalse(r.responses().get(2).error().hasItem());
    assertEquals("here", r.responses().get(3).item().get("v").s());
    assertNull(get("Hash", "w1", null));
    assertEquals("Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE "
        + "statements.", r.responses().get(4).error().message());
  }

  @Test
  void aBatchMayNotMixReadsAndWrites() {
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.batchExecuteStatement(b -> b.statements(
        stmt("SELECT * FROM Hash WHERE pk = 'a'"), stmt("INSERT INTO Hash VALUE {'pk': 'a'}"))));
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    assertNull(get("Hash", "a", null));
  }

  private static BatchStatementRequest stmt(String statement) {
    return BatchStatementRequest.builder().statement(statement).build();
  }

  // ---- ExecuteTransaction ----

  private static ParameterizedStatement tx(String statement) {
    return ParameterizedStatement.builder().statement(statement).build();
  }

  @Test
  void aTransactionWritesAllOrNothing() {
    run("INSERT INTO Hash VALUE {'pk': 'existing', 'data': 'before'}");
    dynamo.executeTransaction(b -> b.transactStatements(
        tx("INSERT INTO Hash VALUE {'pk': 't1', 'data': 'new'}"),
        tx("UPDATE Hash SET data = 'after' WHERE pk = 'existing'")));
    assertEquals("new", get("Hash", "t1", null).get("data").s());
    assertEquals("after", get("Hash", "existing", null).get("data").s());

    TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
        () -> dynamo.executeTransaction(b -> b.transactStatements(
            tx("INSERT INTO Hash VALUE {'pk': 't2'}"),
            tx("INSERT INTO Hash VALUE {'pk': 't1', 'data': 'again'}"))));
    assertEquals(List.of("None", "DuplicateItem"),
        e.cancellationReasons().stream().map(r -> r.code()).collect(Collectors.toList()));
    assertNull(get("Hash", "t2", null));
    assertEquals("new", get("Hash", "t1", null).get("data").s());

    e = assertThrows(TransactionCanceledException.class, () -> dynamo.executeTransaction(b -> b.transactStatements(
        tx("EXISTS(SELECT * FROM Hash WHERE pk = 'existing' AND data = 'before')"),
        tx("DELETE FROM Hash WHERE pk = 't1'"))));
    assertEquals("ConditionalCheckFailed", e.cancellationReasons().get(0).code());
    assertNotNull(get("Hash", "t1", null));
    dynamo.executeTransaction(b -> b.transactStatements(
        tx("EXISTS(SELECT * FROM Hash WHERE pk = 'existing' AND data = 'after')"),
        tx("DELETE FROM Hash WHERE pk = 't1'")));
    assertNull(get("Hash", "t1", null));
  }

  @Test
  void aTransactionWithATokenRunsOnce() {
    run("INSERT INTO Hash VALUE {'pk': 'idem', 'n': 0}");
    for (int i = 0; i < 2; i++) {
      dynamo.executeTransaction(b -> b.clientRequestToken("token-1")
          .transactStatements(tx("UPDATE Hash SET n = n + 1 WHERE pk = 'idem'")));
    }
    assertEquals("1", get("Hash", "idem", null).get("n").n());
    // the token names that transaction: another one with it is refused, as TransactWriteItems refuses it
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.executeTransaction(b -> b
        .clientRequestToken("token-1").transactStatements(tx("UPDATE Hash SET n = n + 2 WHERE pk = 'idem'"))));
    assertEquals("IdempotentParameterMismatchException", e.awsErrorDetails().errorCode());
    assertEquals("1", get("Hash", "idem", null).get("n").n());
  }

  @Test
  void aTransactionOfReadsAnswersOneItemPerStatement() {
    run("INSERT INTO Coll VALUE {'pk': 'p', 'sk': '1', 'v': 'a'}");
    ExecuteTransactionResponse r = dynamo.executeTransaction(b -> b.transactStatements(
        tx("SELECT v FROM Coll WHERE pk = 'p' AND sk = '1'"), tx("SELECT * FROM Coll WHERE pk = 'p' AND sk = '2'")));
    assertEquals(Map.of("v", s("a")), r.responses().get(0).item());
    assertFalse(r.responses().get(1).hasItem());
  }

  @Test
  void aTransactionRefusesWhatItCannotRun() {
    assertEquals("Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.",
        transactionRefusal(tx("UPDATE Hash SET data = 'v' WHERE pk = 'x' RETURNING ALL NEW *")));
    assertEquals("Validation failed in TransactStatements[0]: Reads on indices are not supported within transactions.",
        transactionRefusal(tx("SELECT * FROM \"Idx\".\"gAll\" WHERE g = 'x'")));
    assertEquals("Validation failed in TransactStatements[1]: Select statements within ExecuteTransaction must specify "
        + "the primary key in the where clause.", transactionRefusal(tx("SELECT * FROM Coll WHERE pk = 'p' AND sk = '1'"),
        tx("SELECT * FROM Coll WHERE pk = 'p' AND sk = '1' AND v = 'a'")));
    assertEquals("Validation failed in TransactStatements[0]: Statement wasn't well formed, can't be processed: "
        + "Unexpected term", transactionRefusal(tx("SELECT * FROM Hash WHERE")));
    assertEquals("ExecuteTransaction API does not support both read and write operations in the same request.",
        transactionRefusal(tx("SELECT * FROM Hash WHERE pk = 'a'"), tx("INSERT INTO Hash VALUE {'pk': 'a'}")));
    assertNull(get("Hash", "a", null));
  }

  private String transactionRefusal(ParameterizedStatement... statements) {
    DynamoDbException e = assertThrows(DynamoDbException.class,
        () -> dynamo.executeTransaction(b -> b.transactStatements(statements)));
    assertEquals("ValidationException", e.awsErrorDetails().errorCode());
    return e.awsErrorDetails().errorMessage();
  }
}
