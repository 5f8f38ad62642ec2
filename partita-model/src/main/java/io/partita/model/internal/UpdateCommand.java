package io.partita.model.internal;

import java.util.Map;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * An update of an existing item of the entity. {@code guards} are the values its derived index keys were built
 * from (those in {@code readGuards} read by the library first), {@code ruleGuards} the rules an add or subtract is
 * guarded by (null: none): both only to explain a refusal.
 */
public record UpdateCommand(EntityOps<?> ops, Map<String, AttributeValue> key, String updateExpression,
    String condition, Expressions x, Long expectedVersion, boolean callerCondition,
    Map<String, AttributeValue> guards, Set<String> readGuards, String ruleGuards) implements WriteCommand {

  public UpdateCommand {
    guards = guards == null ? Map.of() : guards;
    readGuards = readGuards == null ? Set.of() : readGuards;
  }

  @Override
  public boolean versioned() {
    return expectedVersion != null;
  }

  /** The UpdateItem that sends it on its own, returning the item as it is afterwards. */
  UpdateItemRequest request(String table, boolean returnCurrent) {
    return UpsertCommand.updateRequest(table, key, updateExpression, condition, x, returnCurrent);
  }

  @Override
  public TransactWriteItem transactItem(String table, boolean returnCurrent) {
    return UpsertCommand.transactUpdate(table, key, updateExpression, condition, x, returnCurrent);
  }

  static UpdateItemRequest.Builder builder(String table, Map<String, AttributeValue> key, String expression) {
    return UpdateItemRequest.builder().tableName(table).key(key).updateExpression(expression)
        .returnValues(ReturnValue.ALL_NEW);
  }

  static Update.Builder transactBuilder(String table, Map<String, AttributeValue> key, String expression) {
    return Update.builder().tableName(table).key(key).updateExpression(expression);
  }
}
