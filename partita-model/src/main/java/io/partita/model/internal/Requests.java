package io.partita.model.internal;

import java.util.Map;
import java.util.function.Consumer;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * How a command's condition goes onto a request: the single requests and the transaction actions were written apart
 * and send empty placeholder maps differently, which is kept as it was (DynamoDB refuses an empty map).
 */
final class Requests {
  private Requests() {}

  /** The names of {@code x}, or null when there are none (a transaction action). */
  static Map<String, String> names(Expressions x) {
    return x.names().isEmpty() ? null : x.names();
  }

  /** The values of {@code x}, or null when there are none (a transaction action). */
  static Map<String, AttributeValue> values(Expressions x) {
    return x.values().isEmpty() ? null : x.values();
  }

  /** ALL_OLD on a refused condition of a transaction action, when asked and there is a condition. */
  static ReturnValuesOnConditionCheckFailure onFailure(String condition, boolean returnCurrent) {
    return returnCurrent && condition != null ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null;
  }

  /** Puts {@code condition} and its placeholders on a single request; nothing when there is no condition. */
  static void conditionOn(String condition, Expressions x, boolean returnCurrent, Consumer<String> expression,
      Consumer<Map<String, String>> names, Consumer<Map<String, AttributeValue>> values,
      Consumer<ReturnValuesOnConditionCheckFailure> onFailure) {
    if (condition == null) {
      return;
    }
    expression.accept(condition);
    names.accept(x.names());
    if (!x.values().isEmpty()) {
      values.accept(x.values());
    }
    if (returnCurrent) {
      onFailure.accept(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
  }

  /** The PutItem of an item under a condition: a put's or a create's, sent on its own. */
  static software.amazon.awssdk.services.dynamodb.model.PutItemRequest putItem(String table,
      Map<String, AttributeValue> item, String condition, Expressions x, boolean returnCurrent) {
    software.amazon.awssdk.services.dynamodb.model.PutItemRequest.Builder b =
        software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder().tableName(table).item(item);
    conditionOn(condition, x, returnCurrent, b::conditionExpression, b::expressionAttributeNames,
        b::expressionAttributeValues, b::returnValuesOnConditionCheckFailure);
    return b.build();
  }

  /** The same put as an action of a TransactWriteItems. */
  static software.amazon.awssdk.services.dynamodb.model.TransactWriteItem transactPut(String table,
      Map<String, AttributeValue> item, String condition, Expressions x, boolean returnCurrent) {
    return software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder().put(
        software.amazon.awssdk.services.dynamodb.model.Put.builder().tableName(table).item(item)
            .conditionExpression(condition).expressionAttributeNames(names(x)).expressionAttributeValues(values(x))
            .returnValuesOnConditionCheckFailure(onFailure(condition, returnCurrent)).build()).build();
  }
}
