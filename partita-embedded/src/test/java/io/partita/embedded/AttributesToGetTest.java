package io.partita.embedded;

import static io.partita.embedded.Fixtures.n;
import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The legacy {@code AttributesToGet} (issue 14, first part): the top-level attributes to return, on
 * GetItem, BatchGetItem and Scan, answering exactly what the same names as a ProjectionExpression
 * answer. Messages: the duplicate's is dynalite's record of the service (test/getItem.js,
 * test/batchGetItem.js, test/scan.js; recorded fact get-item-attributes-to-get-duplicate); the mixing
 * sentence is recorded fact get-item-expression-and-legacy; Select's sentences name AttributesToGet where
 * the ProjectionExpression forms name that parameter, the form other emulators record (the service's own
 * answer with AttributesToGet was not found: documented choice).
 */
class AttributesToGetTest {
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "app", ScalarAttributeType.S);
    for (int i = 0; i < 5; i++) {
      String sk = "s" + i;
      dynamo.putItem(b -> b.tableName("app").item(Map.of("pk", s("p"), "sk", s(sk), "a", n("1"),
          "b", AttributeValue.fromM(Map.of("c", s("x"))), "a.b", s("dotted"))));
    }
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  @Test
  void getItemReturnsTheNamedTopLevelAttributesAsTheyAre() {
    Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName("app")
        .key(Map.of("pk", s("p"), "sk", s("s1"))).attributesToGet("a", "a.b", "missing")).item();
    // names are literal: "a.b" is the attribute of that name, not a path into a map; missing ones are left out
    assertEquals(Map.of("a", n("1"), "a.b", s("dotted")), item);
    Map<String, AttributeValue> map = dynamo.getItem(b -> b.tableName("app")
        .key(Map.of("pk", s("p"), "sk", s("s1"))).attributesToGet("b")).item();
    assertEquals(Map.of("b", AttributeValue.fromM(Map.of("c", s("x")))), map);
  }

  @Test
  void scanAnswersWhatTheSameProjectionExpressionAnswers() {
    ScanResponse legacy = dynamo.scan(b -> b.tableName("app").attributesToGet("sk", "a").limit(3));
    ScanResponse expression = dynamo.scan(b -> b.tableName("app").projectionExpression("sk, a").limit(3));
    assertEquals(expression.items(), legacy.items());
    assertEquals(expression.lastEvaluatedKey(), legacy.lastEvaluatedKey());
    assertEquals(3, legacy.count());
    ScanResponse specific = dynamo.scan(b -> b.tableName("app").attributesToGet("a")
        .select(Select.SPECIFIC_ATTRIBUTES));
    assertEquals(5, specific.count());
    specific.items().forEach(i -> assertEquals(Map.of("a", n("1")), i));
  }

  @Test
  void batchGetItemProjectsEachTableByItsOwnList() {
    Map<String, List<Map<String, AttributeValue>>> got = dynamo.batchGetItem(b -> b.requestItems(Map.of("app",
        KeysAndAttributes.builder().keys(Map.of("pk", s("p"), "sk", s("s0")), Map.of("pk", s("p"), "sk", s("s2")))
            .attributesToGet("sk").build()))).responses();
    assertEquals(2, got.get("app").size());
    got.get("app").forEach(i -> assertEquals(1, i.size(), i.toString()));
  }

  @Test
  void misuseIsRefusedWithTheServicesMessages() {
    String duplicate = "One or more parameter values were invalid: Duplicate value in attribute name: a";
    assertValidation(duplicate, () -> dynamo.getItem(b -> b.tableName("app")
        .key(Map.of("pk", s("p"), "sk", s("s1"))).attributesToGet("a", "b", "a")));
    assertValidation(duplicate, () -> dynamo.batchGetItem(b -> b.requestItems(Map.of("app", KeysAndAttributes.builder()
        .keys(Map.of("pk", s("p"), "sk", s("s0"))).attributesToGet("a", "a").build()))));
    assertValidation(duplicate, () -> scan(b -> b.attributesToGet("a", "a")));
    assertValidation("Cannot specify the AttributesToGet when choosing to get only the Count",
        () -> scan(b -> b.attributesToGet("a").select(Select.COUNT)));
    assertValidation("Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES",
        () -> scan(b -> b.attributesToGet("a").select(Select.ALL_ATTRIBUTES)));
    assertValidation("Can not use both expression and non-expression parameters in the same request: "
        + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
        () -> scan(b -> b.attributesToGet("a").projectionExpression("a")));
    // a Query needs KeyConditions (not served yet) or KeyConditionExpression (which the legacy form cannot join)
    assertValidation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        () -> dynamo.query(b -> b.tableName("app").attributesToGet("a")));
  }

  private ScanResponse scan(Consumer<ScanRequest.Builder> more) {
    return dynamo.scan(b -> more.accept(b.tableName("app")));
  }

  private static void assertValidation(String message, Runnable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call::run);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }
}
