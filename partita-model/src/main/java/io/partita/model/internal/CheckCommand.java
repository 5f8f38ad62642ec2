package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** A condition check: only a transaction action (there is no single ConditionCheck request, nor a batch one). */
public record CheckCommand(EntityOps<?> ops, Map<String, AttributeValue> key, String condition, Expressions x)
    implements WriteCommand {

  @Override
  public boolean callerCondition() {
    return true;
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key)
        .conditionExpression(condition).expressionAttributeNames(Requests.names(x))
        .expressionAttributeValues(Requests.values(x))
        .returnValuesOnConditionCheckFailure(returnCurrent ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null)
        .build()).build();
  }
}
