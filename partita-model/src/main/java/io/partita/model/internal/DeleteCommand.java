package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** A delete of the item at {@code key}; with a record of a versioned entity, conditioned on its version. */
public record DeleteCommand(EntityOps<?> ops, Map<String, AttributeValue> key, String condition, Expressions x,
    boolean versioned, Long expectedVersion, boolean callerCondition) implements WriteCommand {

  /** The DeleteItem that sends it on its own, returning the item as it was. */
  DeleteItemRequest request(String table, boolean returnCurrent) {
    DeleteItemRequest.Builder b = DeleteItemRequest.builder().tableName(table).key(key)
        .returnValues(ReturnValue.ALL_OLD);
    Requests.conditionOn(condition, x, returnCurrent, b::conditionExpression, b::expressionAttributeNames,
        b::expressionAttributeValues, b::returnValuesOnConditionCheckFailure);
    return b.build();
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
        .conditionExpression(condition).expressionAttributeNames(Requests.names(x))
        .expressionAttributeValues(Requests.values(x))
        .returnValuesOnConditionCheckFailure(Requests.onFailure(condition, returnCurrent)).build()).build();
  }

  /** Its entry of a BatchWriteItem, which takes no condition. */
  public WriteRequest batchRequest() {
    return batchRequest(key);
  }

  /** The BatchWriteItem entry deleting {@code key}: a batch delete needs nothing planned. */
  public static WriteRequest batchRequest(Map<String, AttributeValue> key) {
    return WriteRequest.builder().deleteRequest(b -> b.key(key)).build();
  }
}
