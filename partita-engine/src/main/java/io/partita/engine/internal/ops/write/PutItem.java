package io.partita.engine.internal.ops.write;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Conditions;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.ops.request.ReturnValuesParam;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.AttributeValues;
import io.partita.engine.internal.value.ItemSize;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/** PutItem: replaces an item whole, optionally under a condition. */
public final class PutItem {
  private PutItem() {}

  public static PutItemResponse execute(EngineContext ctx, PutItemRequest req) {
    WritePlan plan = plan(ctx, req);
    ReadModifyWrite.Result r = plan.run(ctx);
    PutItemResponse.Builder out = PutItemResponse.builder()
        .itemCollectionMetrics(plan.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(plan.capacity(req.returnConsumedCapacity(), r));
    if (plan.returnValues() == ReturnValue.ALL_OLD && r.before() != null) {
      out.attributes(r.before());
    }
    return out.build();
  }

  public static WritePlan plan(EngineContext ctx, PutItemRequest req) {
    ReturnValue returnValues = ReturnValuesParam.forPutOrDelete(req.returnValues(), req.returnValuesAsString());
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(req.returnValuesOnConditionCheckFailureAsString());
    RequestParams.refuseMixing(
        RequestParams.given("Expected", req.hasExpected(), "ConditionalOperator", req.conditionalOperator() != null),
        RequestParams.given("ConditionExpression", req.conditionExpression() != null));
    // the service's order: names and values without an expression, the item's values, then Expected,
    // all before the table is looked up (docs/legacy-parameters.md section 5)
    ExpressionContext expressions = RequestParams.conditionContext(req.conditionExpression(),
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues());
    Map<String, AttributeValue> item = AttributeValues.validateItem(req.item());
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Table table = ctx.catalog().forItems(req.tableName());
    TableDef def = table.def();

    ItemKey key = Keys.ofItem(def, item);
    Condition condition = expected != null ? expected : RequestParams.condition(expressions, req.conditionExpression());
    // an index key that is no scalar or empty, and an item too large, are refused with the request
    // (inside a transaction too); an index key of the wrong scalar type when the item is written,
    // but still before the condition is evaluated (as DynamoDB does: a ValidationException, not a
    // ConditionalCheckFailedException; inside a transaction, the action's ValidationError)
    IndexEntries.checkValues(def, item);
    if (ItemSize.of(item) > ItemSize.MAX_ITEM_BYTES) {
      throw PartitaException.validation("Item size has exceeded the maximum allowed size");
    }

    return new WritePlan(req.tableName(), new ReadModifyWrite.Target(table, key, current -> {
      IndexEntries.checkTypes(def, item);
      Conditions.require(condition, current, allOldOnFailure);
      return item;
    }), returnValues, null);
  }
}
