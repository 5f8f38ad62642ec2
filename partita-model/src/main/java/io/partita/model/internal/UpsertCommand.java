package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** An upsert: an UpdateItem that writes the record whole, may create the item, and keeps an existing createdAt. */
public record UpsertCommand(EntityOps<?> ops, Map<String, AttributeValue> key, String updateExpression,
    String condition, Expressions x, Long expectedVersion) implements WriteCommand {

  @Override
  public boolean versioned() {
    return expectedVersion != null;
  }

  /** The UpdateItem that sends it on its own, returning the item as it is afterwards. */
  UpdateItemRequest request(String table, boolean returnCurrent) {
    return updateRequest(table, key, updateExpression, condition, x, returnCurrent);
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return transactUpdate(table, key, updateExpression, condition, x, returnCurrent);
  }

  /** An UpdateItem: shared by update and upsert, which differ in what they plan, not in how they are sent. */
  static UpdateItemRequest updateRequest(String table, Map<String, AttributeValue> key, String updateExpression,
      String condition, Expressions x, boolean returnCurrent) {
    UpdateItemRequest.Builder b = UpdateCommand.builder(table, key, updateExpression);
    Requests.conditionOn(condition, x, returnCurrent, b::conditionExpression, b::expressionAttributeNames,
        b::expressionAttributeValues, b::returnValuesOnConditionCheckFailure);
    if (condition == null) {
      b.expressionAttributeNames(Requests.names(x));
      b.expressionAttributeValues(Requests.values(x));
    }
    return b.build();
  }

  static TransactWriteItem transactUpdate(String table, Map<String, AttributeValue> key, String updateExpression,
      String condition, Expressions x, boolean returnCurrent) {
    return TransactWriteItem.builder().update(UpdateCommand.transactBuilder(table, key, updateExpression)
        .conditionExpression(condition).expressionAttributeNames(Requests.names(x))
        .expressionAttributeValues(Requests.values(x))
        .returnValuesOnConditionCheckFailure(Requests.onFailure(condition, returnCurrent)).build()).build();
  }
}
