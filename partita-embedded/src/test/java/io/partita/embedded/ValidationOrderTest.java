package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * A single-item request's expressions are checked before its table is looked up and its key read against the
 * table, as for a transaction's actions: dynalite's validation tests, written against the service
 * (test/updateItem.js, test/getItem.js, test/putItem.js, test/deleteItem.js), send a syntax error or an empty
 * expression to table {@code abc}, which does not exist, with {@code Key: {}}, and the service answers the
 * expression's ValidationException, not ResourceNotFoundException nor the key's error. Every write source
 * checks in this order since one validator makes every write's command (WriteCommands).
 */
class ValidationOrderTest {
  private final DynamoDbClient db = PartitaDynamoDb.inMemory();

  @AfterEach
  void close() {
    db.close();
  }

  private static void validation(String message, org.junit.jupiter.api.function.Executable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.getMessage());
    assertTrue(e.awsErrorDetails().errorMessage().startsWith(message), e.awsErrorDetails().errorMessage());
  }

  @Test
  void expressionsAreCheckedBeforeTheTableAndTheKey() {
    validation("Invalid UpdateExpression: Syntax error;", () -> db.updateItem(b -> b.tableName("abc").key(Map.of())
        .updateExpression("set a")));
    validation("Invalid ConditionExpression: Syntax error;", () -> db.putItem(b -> b.tableName("abc")
        .item(Map.of("a", AttributeValue.fromS("b"))).conditionExpression("a >")));
    validation("Invalid ConditionExpression: Syntax error;", () -> db.deleteItem(b -> b.tableName("abc")
        .key(Map.of()).conditionExpression("things are not ok")));
    validation("Invalid ProjectionExpression: Syntax error;", () -> db.getItem(b -> b.tableName("abc")
        .key(Map.of()).projectionExpression("a,,b")));
    validation("Value provided in ExpressionAttributeValues unused in expressions", () -> db.updateItem(b -> b
        .tableName("abc").key(Map.of()).updateExpression("set a = :a")
        .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("x"), ":b", AttributeValue.fromS("y")))));
    // with valid expressions, the missing table is what is wrong
    assertThrows(ResourceNotFoundException.class, () -> db.updateItem(b -> b.tableName("abc").key(Map.of())
        .updateExpression("set a = :a").expressionAttributeValues(Map.of(":a", AttributeValue.fromS("x")))));
  }
}
