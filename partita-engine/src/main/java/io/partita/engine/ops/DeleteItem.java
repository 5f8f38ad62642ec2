package io.partita.engine.ops;

import io.partita.engine.expr.Condition;
import io.partita.engine.table.Table;
import io.partita.engine.table.TableDef;
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

  static WritePlan plan(EngineContext ctx, DeleteItemRequest req) {
    ReturnValue returnValues = ReturnValuesParam.forPutOrDelete(req.returnValues(), req.returnValuesAsString());
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(req.returnValuesOnConditionCheckFailureAsString());
    RequestParams.refuseMixing(
        RequestParams.given("Expected", req.hasExpected(), "ConditionalOperator", req.conditionalOperator() != null),
        RequestParams.given("ConditionExpression", req.conditionExpression() != null));
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Table table = ctx.catalog.forItems(req.tableName());
    TableDef def = table.def();
    ItemKey key = Keys.ofKey(def, req.key());
    Condition expression = RequestParams.conditionOnly(req.conditionExpression(),
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues());
    Condition condition = expected != null ? expected : expression;

    return new WritePlan(new ReadModifyWrite.Target(table, key, current -> {
      Conditions.require(condition, current, allOldOnFailure);
      return null;
    }), returnValues, null);
  }
}
