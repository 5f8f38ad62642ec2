package io.partita.engine.internal.ops.write;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.LegacyUpdate;
import io.partita.engine.internal.expr.Update;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Conditions;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.ops.request.ReturnValuesParam;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemSize;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * UpdateItem: edits an item in place, creating it (from its key) when it does not exist, as
 * DynamoDB does.
 */
public final class UpdateItem {
  private UpdateItem() {}

  public static UpdateItemResponse execute(EngineContext ctx, UpdateItemRequest req) {
    WritePlan plan = plan(ctx, req);
    Update update = plan.update();
    ReadModifyWrite.Result r = plan.run(ctx);
    UpdateItemResponse.Builder out = UpdateItemResponse.builder()
        .itemCollectionMetrics(plan.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(plan.capacity(req.returnConsumedCapacity(), r));
    Map<String, AttributeValue> attributes = switch (plan.returnValues()) {
      case ALL_OLD -> r.before();
      case ALL_NEW -> r.after();
      case UPDATED_OLD -> r.before() == null || update == null ? null : update.updatedPaths().apply(r.before());
      case UPDATED_NEW -> update == null ? null : update.updatedPaths().apply(r.after());
      default -> null;
    };
    if (attributes != null && !attributes.isEmpty()) {
      out.attributes(attributes);
    }
    return out.build();
  }

  public static WritePlan plan(EngineContext ctx, UpdateItemRequest req) {
    ReturnValue returnValues = ReturnValuesParam.any(req.returnValues(), req.returnValuesAsString());
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(req.returnValuesOnConditionCheckFailureAsString());
    RequestParams.refuseMixing(
        RequestParams.given("AttributeUpdates", req.hasAttributeUpdates(), "Expected", req.hasExpected(),
            "ConditionalOperator", req.conditionalOperator() != null),
        RequestParams.given("UpdateExpression", req.updateExpression() != null,
            "ConditionExpression", req.conditionExpression() != null));
    ExpressionContext expressions = RequestParams.expressions(
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues(),
        req.updateExpression() != null || req.conditionExpression() != null, "UpdateExpression and ConditionExpression are null");
    // the legacy parameters are checked before the table is looked up, AttributeUpdates first, as the
    // service does (docs/legacy-parameters.md sections 5 and 8); the mixing check has refused an
    // UpdateExpression or ConditionExpression beside them
    LegacyUpdate legacy = req.hasAttributeUpdates() ? LegacyUpdate.of(req.attributeUpdates()) : null;
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Table table = ctx.catalog().forItems(req.tableName());
    TableDef def = table.def();
    ItemKey key = Keys.ofKey(def, req.key());
    Update update = legacy != null ? legacy
        : req.updateExpression() == null ? null : expressions.update(req.updateExpression());
    Condition condition = expected != null ? expected
        : req.conditionExpression() == null ? null : expressions.condition(req.conditionExpression(), "ConditionExpression");
    expressions.checkAllUsed();
    String keyUpdated = null;
    if (update != null) {
      for (String attribute : update.topLevelAttributes()) {
        if (def.isKeyAttribute(attribute)) {
          keyUpdated = attribute;
          break;
        }
      }
    }
    String keyAttribute = keyUpdated;
    Map<String, AttributeValue> legacyValues = legacy == null ? Map.of() : legacy.values();

    return new WritePlan(req.tableName(), new ReadModifyWrite.Target(table, key, current -> {
      // refused before the condition is evaluated; inside a transaction it is the action's
      // cancellation reason (ValidationError), as DynamoDB answers
      if (keyAttribute != null) {
        throw PartitaException.validation("One or more parameter values were invalid: Cannot update attribute "
            + keyAttribute + ". This attribute is part of the key");
      }
      // AttributeUpdates' values are known before the item is: the service refuses one of another type
      // than an index key attribute it names (any action) before it reads
      IndexEntries.checkTypes(def, legacyValues);
      Conditions.require(condition, current, allOldOnFailure);
      if (current == null && update != null && update.onlyRemoves()) {
        return null; // nothing to remove from an item that is not there, and no item made of it
      }
      Map<String, AttributeValue> base = current;
      if (base == null) {
        base = new HashMap<>(key.attributes());
      }
      if (update == null) {
        return base;
      }
      Map<String, AttributeValue> updated = update.apply(base);
      if (ItemSize.of(updated) > ItemSize.MAX_ITEM_BYTES) {
        throw PartitaException.validation("Item size to update has exceeded the maximum allowed size");
      }
      IndexEntries.checkUpdated(def, updated);
      return updated;
    }), returnValues, update);
  }
}
