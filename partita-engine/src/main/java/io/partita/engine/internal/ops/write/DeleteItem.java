package io.partita.engine.internal.ops.write;

import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.request.Conditions;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.ops.request.Keys;
import io.partita.engine.internal.ops.request.RequestParams;
import io.partita.engine.internal.ops.request.ReturnValuesParam;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/** DeleteItem: removes an item, optionally under a condition; deleting nothing succeeds. */
public final class DeleteItem {
  private DeleteItem() {}

  public static DeleteItemResponse execute(EngineContext ctx, DeleteItemRequest req) {
    WritePlan plan = plan(ctx, req);
    ReadModifyWrite.Result r = plan.run(ctx);
    DeleteItemResponse.Builder out = DeleteItemResponse.builder()
        .itemCollectionMetrics(plan.metrics(req.returnItemCollectionMetrics(), r))
        .consumedCapacity(plan.capacity(req.returnConsumedCapacity(), r));
    if (plan.returnValues() == ReturnValue.ALL_OLD && r.before() != null) {
      out.attributes(r.before());
    }
    return out.build();
  }

  public static WritePlan plan(EngineContext ctx, DeleteItemRequest req) {
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
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Table table = ctx.catalog().forItems(req.tableName());
    TableDef def = table.def();
    ItemKey key = Keys.ofKey(def, req.key());
    Condition condition = expected != null ? expected : RequestParams.condition(expressions, req.conditionExpression());

    return new WritePlan(req.tableName(), new ReadModifyWrite.Target(table, key, current -> {
      Conditions.require(condition, current, allOldOnFailure);
      return null;
    }), returnValues, null);
  }
}
