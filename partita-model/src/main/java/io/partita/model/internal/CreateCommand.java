package io.partita.model.internal;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** A create: a put conditioned on no item at the key, so its refusal is always "already exists". */
public record CreateCommand(EntityOps<?> ops, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
    String condition, Expressions x, Object written) implements WriteCommand {

  /** The PutItem that sends it on its own. */
  PutItemRequest request(String table, boolean returnCurrent) {
    return Requests.putItem(table, item, condition, x, returnCurrent);
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return Requests.transactPut(table, item, condition, x, returnCurrent);
  }
}
