package io.partita.engine.internal.ops.write;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.LegacyUpdate;
import io.partita.engine.internal.ops.context.EngineContext;
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
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The one validator of each item write: every source of a write (a PutItem, UpdateItem or
 * DeleteItem request, a TransactWriteItems action, a BatchWriteItem entry) becomes a {@link
 * WriteCommand} here, in DynamoDB's order of checks, and nowhere else.
 *
 * <p>Validation has two steps, because DynamoDB makes them at two moments: {@code put(..)},
 * {@code update(..)}, ... check everything that needs no table (the legacy and expression
 * parameters, the expressions themselves, the item's values and size) and answer a {@link Draft};
 * {@link Draft#bind} looks the table up and checks the key and the index keys' values against it. A
 * single request binds at once; a transaction checks all its actions' drafts before it binds any, so
 * an invalid expression of a later action is reported before an unknown table of an earlier one, as
 * the service does; a batch has its own order (see BatchWriteItem).
 */
public final class WriteCommands {
  private WriteCommands() {}

  /** A write checked as far as it can be without its table. */
  public interface Draft {
    /** The table as the request named it, by name or ARN. */
    String table();

    /**
     * Where the write gives a Key: that Key's misfit with the table's key schema, or null. A
     * transaction reports it as the action's ValidationError cancellation reason, so it asks first.
     */
    default PartitaException keyMisfit(TableDef def) {
      return null;
    }

    /** The command, checked against {@code table}. */
    WriteCommand bind(Table table);

    /** The command, checked against the table it names (ResourceNotFoundException when there is none). */
    default WriteCommand bind(EngineContext ctx) {
      return bind(ctx.catalog().forItems(table()));
    }
  }

  // ---- PutItem ----

  public static Draft put(PutItemRequest req) {
    ReturnValue returnValues = ReturnValuesParam.forPutOrDelete(req.returnValues(), req.returnValuesAsString());
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(req.returnValuesOnConditionCheckFailureAsString());
    RequestParams.refuseMixing(
        RequestParams.given("Expected", req.hasExpected(), "ConditionalOperator", req.conditionalOperator() != null),
        RequestParams.given("ConditionExpression", req.conditionExpression() != null));
    // the service's order: names and values without an expression, the item's values, then Expected
    // (docs/legacy-parameters.md section 5)
    ExpressionContext expressions = RequestParams.conditionContext(req.conditionExpression(),
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues());
    Map<String, AttributeValue> item = AttributeValues.validateItem(req.item());
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Condition condition = expected != null ? expected : RequestParams.condition(expressions, req.conditionExpression());
    return put(req.tableName(), item, condition, allOldOnFailure, false, returnValues);
  }

  /** A transaction's Put. */
  public static Draft put(Put p) {
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(p.returnValuesOnConditionCheckFailureAsString());
    Condition condition = RequestParams.conditionOnly(p.conditionExpression(), p.hasExpressionAttributeNames(),
        p.expressionAttributeNames(), p.hasExpressionAttributeValues(), p.expressionAttributeValues());
    return put(p.tableName(), AttributeValues.validateItem(p.item()), condition, allOldOnFailure, false, ReturnValue.NONE);
  }

  /**
   * A BatchWriteItem's put: no condition, and the index keys' types are checked when it is bound,
   * since one bad entry refuses the whole batch before anything is written.
   */
  public static Draft batchPut(String table, Map<String, AttributeValue> item) {
    return put(table, AttributeValues.validateItem(item), null, false, true, ReturnValue.NONE);
  }

  /**
   * The part every put shares. The item's size is measured once its values are valid (ItemSize reads
   * numbers as numbers: an invalid one was a NumberFormatException, answered 500; found by fuzzing).
   * At binding: the key, then index key values that are no scalar or empty, refused with the request
   * (inside a transaction too); an index key of the wrong scalar type is refused when the item is
   * written, still before the condition (DynamoDB answers a ValidationException, not a
   * ConditionalCheckFailedException; inside a transaction, the action's ValidationError).
   */
  private static Draft put(String named, Map<String, AttributeValue> item, Condition condition,
      boolean allOldOnFailure, boolean batch, ReturnValue returnValues) {
    long size = ItemSize.of(item);
    if (size > ItemSize.MAX_ITEM_BYTES) {
      throw PartitaException.validation("Item size has exceeded the maximum allowed size");
    }
    return new Draft() {
      @Override
      public String table() {
        return named;
      }

      /**
       * A key attribute of the wrong type: inside a transaction the action's ValidationError with
       * the usual message, not the request's ValidationException (public suites recorded against
       * the service, 2025-2026; issue 34), as a Key that does not fit its table is.
       */
      @Override
      public PartitaException keyMisfit(TableDef def) {
        if (!Keys.typeMisfit(def, item)) {
          return null;
        }
        try {
          Keys.ofItem(def, item);
          return null;
        } catch (PartitaException e) {
          return e;
        }
      }

      @Override
      public WriteCommand bind(Table table) {
        TableDef def = table.def();
        ItemKey key = Keys.ofItem(def, item);
        if (batch) {
          IndexEntries.check(def, item);
        } else {
          IndexEntries.checkValues(def, item);
        }
        return new WriteCommand.Put(named, table, key, item, size, condition, allOldOnFailure, def, batch, returnValues);
      }
    };
  }

  // ---- UpdateItem ----

  public static Draft update(UpdateItemRequest req) {
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
    // the legacy parameters, AttributeUpdates first, as the service checks them (docs/legacy-parameters.md
    // sections 5 and 8); the mixing check has refused an UpdateExpression or ConditionExpression beside them
    if (req.hasAttributeUpdates()) {
      LegacyUpdate legacy = LegacyUpdate.of(req.attributeUpdates());
      Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
      return update(req.tableName(), req.key(), legacy, expected, allOldOnFailure, legacy.values(), returnValues);
    }
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    if (expected != null) {
      return update(req.tableName(), req.key(), null, expected, allOldOnFailure, Map.of(), returnValues);
    }
    return update(req.tableName(), req.key(), expressions, req.updateExpression(), req.conditionExpression(),
        allOldOnFailure, returnValues);
  }

  /** A transaction's Update. */
  public static Draft update(software.amazon.awssdk.services.dynamodb.model.Update u) {
    ExpressionContext expressions = RequestParams.expressions(
        u.hasExpressionAttributeNames(), u.expressionAttributeNames(),
        u.hasExpressionAttributeValues(), u.expressionAttributeValues(), true, "");
    return update(u.tableName(), u.key(), expressions, u.updateExpression(), u.conditionExpression(),
        ReturnValuesParam.onConditionFailure(u.returnValuesOnConditionCheckFailureAsString()), ReturnValue.NONE);
  }

  /** An update by expressions: the UpdateExpression, then the ConditionExpression, then every name and value used. */
  private static Draft update(String named, Map<String, AttributeValue> key, ExpressionContext expressions,
      String updateExpression, String conditionExpression, boolean allOldOnFailure, ReturnValue returnValues) {
    io.partita.engine.internal.expr.Update update = updateExpression == null ? null : expressions.update(updateExpression);
    Condition condition = conditionExpression == null ? null : expressions.condition(conditionExpression, "ConditionExpression");
    expressions.checkAllUsed();
    return update(named, key, update, condition, allOldOnFailure, Map.of(), returnValues);
  }

  private static Draft update(String named, Map<String, AttributeValue> key, io.partita.engine.internal.expr.Update update,
      Condition condition, boolean allOldOnFailure, Map<String, AttributeValue> legacyValues, ReturnValue returnValues) {
    return new Keyed(named, key) {
      @Override
      WriteCommand bind(Table table, ItemKey itemKey) {
        TableDef def = table.def();
        String keyAttribute = null;
        if (update != null) {
          for (String attribute : update.topLevelAttributes()) {
            if (def.isKeyAttribute(attribute)) {
              keyAttribute = attribute;
              break;
            }
          }
        }
        return new WriteCommand.Update(named, table, itemKey, update, condition, allOldOnFailure, keyAttribute,
            legacyValues, returnValues);
      }
    };
  }

  // ---- DeleteItem ----

  public static Draft delete(DeleteItemRequest req) {
    ReturnValue returnValues = ReturnValuesParam.forPutOrDelete(req.returnValues(), req.returnValuesAsString());
    boolean allOldOnFailure = ReturnValuesParam.onConditionFailure(req.returnValuesOnConditionCheckFailureAsString());
    RequestParams.refuseMixing(
        RequestParams.given("Expected", req.hasExpected(), "ConditionalOperator", req.conditionalOperator() != null),
        RequestParams.given("ConditionExpression", req.conditionExpression() != null));
    ExpressionContext expressions = RequestParams.conditionContext(req.conditionExpression(),
        req.hasExpressionAttributeNames(), req.expressionAttributeNames(),
        req.hasExpressionAttributeValues(), req.expressionAttributeValues());
    Condition expected = RequestParams.expected(req.hasExpected(), req.expected(), req.conditionalOperatorAsString());
    Condition condition = expected != null ? expected : RequestParams.condition(expressions, req.conditionExpression());
    return delete(req.tableName(), req.key(), condition, allOldOnFailure, returnValues);
  }

  /** A transaction's Delete. */
  public static Draft delete(Delete d) {
    Condition condition = RequestParams.conditionOnly(d.conditionExpression(), d.hasExpressionAttributeNames(),
        d.expressionAttributeNames(), d.hasExpressionAttributeValues(), d.expressionAttributeValues());
    return delete(d.tableName(), d.key(), condition,
        ReturnValuesParam.onConditionFailure(d.returnValuesOnConditionCheckFailureAsString()), ReturnValue.NONE);
  }

  /** A BatchWriteItem's delete: its key's values are checked with the batch's other values, before the tables. */
  public static Draft batchDelete(String table, Map<String, AttributeValue> key) {
    return delete(table, AttributeValues.validateItem(key), null, false, ReturnValue.NONE);
  }

  private static Draft delete(String named, Map<String, AttributeValue> key, Condition condition,
      boolean allOldOnFailure, ReturnValue returnValues) {
    return new Keyed(named, key) {
      @Override
      WriteCommand bind(Table table, ItemKey itemKey) {
        return new WriteCommand.Delete(named, table, itemKey, condition, allOldOnFailure, returnValues);
      }
    };
  }

  // ---- a transaction's ConditionCheck ----

  public static Draft check(ConditionCheck c) {
    Condition condition = RequestParams.conditionOnly(c.conditionExpression(), c.hasExpressionAttributeNames(),
        c.expressionAttributeNames(), c.hasExpressionAttributeValues(), c.expressionAttributeValues());
    return check(c.tableName(), c.key(), condition,
        ReturnValuesParam.onConditionFailure(c.returnValuesOnConditionCheckFailureAsString()));
  }

  private static Draft check(String named, Map<String, AttributeValue> key, Condition condition, boolean allOldOnFailure) {
    return new Keyed(named, key) {
      @Override
      WriteCommand bind(Table table, ItemKey itemKey) {
        return new WriteCommand.Check(named, table, itemKey, condition, allOldOnFailure);
      }
    };
  }

  // ---- PartiQL's statements, planned into their parts (internal/partiql/Planner) ----

  /** An INSERT: a put of the item as given on {@code condition}, the item's values and size checked as any put's. */
  public static Draft statementPut(String table, Map<String, AttributeValue> item, Condition condition) {
    return put(table, AttributeValues.validateItem(item), condition, false, false, ReturnValue.NONE);
  }

  /**
   * An UPDATE: its SET and REMOVE as an UpdateExpression, its WHERE as the ConditionExpression, the
   * names and values of both in {@code expressions}. {@code onConditionFailure} is the request's
   * ReturnValuesOnConditionCheckFailure as given (null: none).
   */
  public static Draft statementUpdate(String table, Map<String, AttributeValue> key, ExpressionContext expressions,
      String update, String condition, String onConditionFailure, ReturnValue returnValues) {
    return update(table, key, expressions, update, condition, ReturnValuesParam.onConditionFailure(onConditionFailure),
        returnValues);
  }

  /** A DELETE: on {@code condition} (null: none), answering the old item when {@code returnValues} is ALL_OLD. */
  public static Draft statementDelete(String table, Map<String, AttributeValue> key, Condition condition,
      String onConditionFailure, ReturnValue returnValues) {
    return delete(table, key, condition, ReturnValuesParam.onConditionFailure(onConditionFailure), returnValues);
  }

  /** An EXISTS inside a transaction: a ConditionCheck of {@code condition} on one item. */
  public static Draft statementCheck(String table, Map<String, AttributeValue> key, Condition condition) {
    return check(table, key, condition, false);
  }

  /** A draft whose item is named by a Key parameter: exactly the key attributes, with their types. */
  private abstract static class Keyed implements Draft {
    private final String named;
    private final Map<String, AttributeValue> key;

    Keyed(String named, Map<String, AttributeValue> key) {
      this.named = named;
      this.key = key;
    }

    abstract WriteCommand bind(Table table, ItemKey key);

    @Override
    public String table() {
      return named;
    }

    @Override
    public PartitaException keyMisfit(TableDef def) {
      try {
        Keys.checkSchema(def, key);
        return null;
      } catch (PartitaException e) {
        return e;
      }
    }

    @Override
    public WriteCommand bind(Table table) {
      return bind(table, Keys.ofKey(table.def(), key));
    }
  }
}
