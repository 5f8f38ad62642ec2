package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A put: the whole item, replacing any item at its key; with a version field, conditioned on the stored version
 * ({@code expectedVersion}, null: no item). A batch put is the same command without a condition.
 */
public record PutCommand(EntityOps<?> ops, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
    String condition, Expressions x, boolean versioned, Long expectedVersion, boolean callerCondition,
    Object written) implements WriteCommand {

  /** The PutItem that sends it on its own. */
  PutItemRequest request(String table, boolean returnCurrent) {
    return Requests.putItem(table, item, condition, x, returnCurrent);
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return Requests.transactPut(table, item, condition, x, returnCurrent);
  }

  /** Its entry of a BatchWriteItem, which takes no condition (a batch put is planned without one). */
  public WriteRequest batchRequest() {
    return WriteRequest.builder().putRequest(b -> b.item(item)).build();
  }
}
