package io.partita.engine.internal.partiql;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.GetItem;
import io.partita.engine.internal.ops.read.Query;
import io.partita.engine.internal.ops.read.Scan;
import io.partita.engine.internal.ops.transact.TransactGetItems;
import io.partita.engine.internal.ops.transact.TransactWriteItems;
import io.partita.engine.internal.ops.write.DeleteItem;
import io.partita.engine.internal.ops.write.PutItem;
import io.partita.engine.internal.ops.write.UpdateItem;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementError;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * ExecuteStatement, BatchExecuteStatement and ExecuteTransaction: a statement is parsed ({@link
 * Parser}), planned against its table ({@link Planner}) and run as the item operation it means —
 * GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, or a transaction — so PartiQL shares
 * every rule, limit and evaluator with the expression API.
 */
public final class PartiQl {
  private static final String DUPLICATE = "Duplicate primary key exists in table";

  private PartiQl() {}

  /** A statement read and planned: its table's definition and what to run. */
  private record Compiled(Pq.Statement statement, TableDef table, Planner.Plan plan) {}

  private static Compiled compile(EngineContext ctx, String text, List<AttributeValue> parameters) {
    Pq.Statement statement = Parser.parse(text, parameters);
    Pq.Source source = source(statement);
    TableDef def = ctx.tableForItems(source.table());
    return new Compiled(statement, def, Planner.plan(statement, def));
  }

  /** What a statement reads or writes: its table, the index it names (or null), and whether it writes. */
  public record Target(String table, String index, boolean write) {}

  /**
   * The target of an ExecuteStatement's statement, or null when it does not parse (running it then
   * answers why): for the throttle, which must know the table before the statement runs.
   */
  public static Target target(String statement, List<AttributeValue> parameters) {
    try {
      Pq.Statement s = Parser.parse(statement, parameters);
      Pq.Source source = source(s);
      return new Target(source.table(), source.index(), !(s instanceof Pq.Select));
    } catch (PartitaException e) {
      return null;
    }
  }

  private static Pq.Source source(Pq.Statement s) {
    if (s instanceof Pq.Select select) {
      return select.source();
    }
    if (s instanceof Pq.Insert i) {
      return i.source();
    }
    if (s instanceof Pq.Update u) {
      return u.source();
    }
    if (s instanceof Pq.Delete d) {
      return d.source();
    }
    return ((Pq.Exists) s).select().source();
  }

  // ---- ExecuteStatement ----

  public static ExecuteStatementResponse executeStatement(EngineContext ctx, ExecuteStatementRequest req) {
    Compiled c = compile(ctx, req.statement(), req.hasParameters() ? req.parameters() : null);
    ExecuteStatementResponse.Builder out = ExecuteStatementResponse.builder();
    if (c.plan() instanceof Planner.Read read) {
      Map<String, AttributeValue> startKey =
          req.nextToken() == null ? null : decodeToken(req.statement(), req.nextToken());
      Page page = read(ctx, read, Boolean.TRUE.equals(req.consistentRead()), req.limit(), startKey,
          req.returnConsumedCapacity());
      out.items(page.items()).consumedCapacity(page.capacity());
      if (page.lastKey() != null && !page.lastKey().isEmpty()) {
        out.lastEvaluatedKey(page.lastKey()).nextToken(encodeToken(req.statement(), page.lastKey()));
      }
      return out.build();
    }
    if (c.plan() instanceof Planner.Check) {
      throw Errors.invalid("EXISTS is supported only within ExecuteTransaction");
    }
    Written w = write(ctx, c.plan(), req.returnConsumedCapacity(), req.returnValuesOnConditionCheckFailure());
    return out.items(w.item() == null ? List.of() : List.of(w.item())).consumedCapacity(w.capacity()).build();
  }

  // ---- reads ----

  private record Page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey,
      ConsumedCapacity capacity) {}

  private static Page read(EngineContext ctx, Planner.Read plan, boolean consistent, Integer limit,
      Map<String, AttributeValue> startKey, ReturnConsumedCapacity capacity) {
    if (consistent && plan.index() != null && plan.index().global()) {
      throw Errors.invalid("Strongly consistent read is not supported on Global Secondary Indexes");
    }
    Condition filter = plan.filter() == null ? null
        : new ExpressionContext(plan.filterExpressions().names(), plan.filterExpressions().values())
            .condition(plan.filter(), "FilterExpression");
    String indexName = plan.index() == null ? null : plan.index().name();
    Select select = plan.reachBack() ? Select.ALL_ATTRIBUTES : null;
    List<Map<String, AttributeValue>> read;
    Map<String, AttributeValue> lastKey = null;
    ConsumedCapacity consumed;
    switch (plan.kind()) {
      case GET -> {
        GetItemResponse r = (GetItemResponse) GetItem.execute(ctx, GetItemRequest.builder().tableName(plan.table())
            .key(plan.key()).consistentRead(consistent).returnConsumedCapacity(capacity).build()).response();
        read = r.hasItem() && !r.item().isEmpty() ? List.of(r.item()) : List.of();
        consumed = r.consumedCapacity();
      }
      case QUERY -> {
        QueryResponse r = (QueryResponse) Query.execute(ctx, QueryRequest.builder().tableName(plan.table()).indexName(indexName)
            .keyConditionExpression(plan.keyCondition())
            .expressionAttributeNames(plan.keyExpressions().names())
            .expressionAttributeValues(plan.keyExpressions().values())
            .scanIndexForward(plan.forward()).limit(limit).exclusiveStartKey(startKey).consistentRead(consistent)
            .select(select).returnConsumedCapacity(capacity).build()).response();
        read = r.items();
        lastKey = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
        consumed = r.consumedCapacity();
      }
      default -> {
        ScanResponse r = (ScanResponse) Scan.execute(ctx, ScanRequest.builder().tableName(plan.table())
            .indexName(indexName).limit(limit).exclusiveStartKey(startKey).consistentRead(consistent).select(select)
            .returnConsumedCapacity(capacity).build()).response();
        read = r.items();
        lastKey = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
        consumed = r.consumedCapacity();
      }
    }
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (Map<String, AttributeValue> item : read) {
      if (filter == null || filter.test(item)) {
        items.add(project(item, plan.projection()));
      }
    }
    return new Page(items, lastKey, consumed);
  }

  /** {@code SELECT a, m.b}: each path's value under the path's last name, as the service answers. */
  private static Map<String, AttributeValue> project(Map<String, AttributeValue> item, List<Pq.Path> paths) {
    if (paths == null) {
      return item;
    }
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (Pq.Path p : paths) {
      AttributeValue v = null;
      for (Object e : p.elements()) {
        if (e instanceof String name) {
          Map<String, AttributeValue> m = v == null ? item : (v.hasM() ? v.m() : null);
          v = m == null ? null : m.get(name);
        } else {
          int i = (Integer) e;
          v = v != null && v.hasL() && i < v.l().size() ? v.l().get(i) : null;
        }
        if (v == null) {
          break;
        }
      }
      if (v != null) {
        out.put(p.lastName(), v);
      }
    }
    return out;
  }

  /** A NextToken: the statement's hash, then the LastEvaluatedKey, so a token resumes only its own statement. */
  private static String encodeToken(String statement, Map<String, AttributeValue> lastKey) {
    byte[] key = ItemCodec.encode(lastKey);
    return Base64.getEncoder().encodeToString(
        ByteBuffer.allocate(4 + key.length).putInt(statement.hashCode()).put(key).array());
  }

  private static Map<String, AttributeValue> decodeToken(String statement, String token) {
    try {
      byte[] bytes = Base64.getDecoder().decode(token);
      ByteBuffer b = ByteBuffer.wrap(bytes);
      if (bytes.length > 4 && b.getInt() == statement.hashCode()) {
        return ItemCodec.decode(Arrays.copyOfRange(bytes, 4, bytes.length));
      }
    } catch (RuntimeException e) {
      // fall through: a token that is not ours is refused below
    }
    throw Errors.invalid("Given NextToken is not valid for the statement");
  }

  // ---- writes ----

  private record Written(Map<String, AttributeValue> item, ConsumedCapacity capacity) {}

  private static Written write(EngineContext ctx, Planner.Plan plan, ReturnConsumedCapacity capacity,
      ReturnValuesOnConditionCheckFailure onFailure) {
    if (plan instanceof Planner.Insert p) {
      try {
        PutItemResponse r = PutItem.execute(ctx, PutItemRequest.builder().tableName(p.table()).item(p.item())
            .conditionExpression(p.condition()).expressionAttributeNames(p.expressions().names())
            .returnConsumedCapacity(capacity).build());
        return new Written(null, r.consumedCapacity());
      } catch (PartitaException e) {
        if (e.code() == ErrorCode.ConditionalCheckFailedException) {
          throw new PartitaException(ErrorCode.DuplicateItemException, DUPLICATE);
        }
        throw e;
      }
    }
    if (plan instanceof Planner.Update u) {
      UpdateItemResponse r = UpdateItem.execute(ctx, UpdateItemRequest.builder().tableName(u.table()).key(u.key())
          .updateExpression(u.update()).conditionExpression(u.condition())
          .expressionAttributeNames(u.expressions().names()).expressionAttributeValues(u.expressions().values())
          .returnValues(returnValue(u.returning())).returnValuesOnConditionCheckFailure(onFailure)
          .returnConsumedCapacity(capacity).build());
      return new Written(r.hasAttributes() && !r.attributes().isEmpty() ? r.attributes() : null,
          r.consumedCapacity());
    }
    Planner.Delete d = (Planner.Delete) plan;
    DeleteItemResponse r = DeleteItem.execute(ctx, DeleteItemRequest.builder().tableName(d.table()).key(d.key())
        .conditionExpression(d.condition()).expressionAttributeNames(d.expressions().names())
        .expressionAttributeValues(d.expressions().values())
        .returnValues(d.returning() == null ? null : ReturnValue.ALL_OLD)
        .returnValuesOnConditionCheckFailure(onFailure).returnConsumedCapacity(capacity).build());
    return new Written(r.hasAttributes() && !r.attributes().isEmpty() ? r.attributes() : null,
        r.consumedCapacity());
  }

  private static ReturnValue returnValue(Pq.Returning r) {
    if (r == null) {
      return null;
    }
    if (r.all()) {
      return r.old() ? ReturnValue.ALL_OLD : ReturnValue.ALL_NEW;
    }
    return r.old() ? ReturnValue.UPDATED_OLD : ReturnValue.UPDATED_NEW;
  }

  // ---- BatchExecuteStatement ----

  public static BatchExecuteStatementResponse batchExecuteStatement(EngineContext ctx,
      BatchExecuteStatementRequest req) {
    List<BatchStatementRequest> statements = req.statements();
    List<Object> compiled = new ArrayList<>(); // a Compiled, or the PartitaException that refused it
    boolean reads = false;
    boolean writes = false;
    for (BatchStatementRequest s : statements) {
      try {
        Compiled c = compile(ctx, s.statement(), s.hasParameters() ? s.parameters() : null);
        if (c.plan() instanceof Planner.Read read) {
          if (read.kind() != Planner.ReadKind.GET) {
            throw Errors.invalid(
                "Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
          }
          reads = true;
        } else if (c.plan() instanceof Planner.Check) {
          throw Errors.invalid("EXISTS is supported only within ExecuteTransaction");
        } else {
          writes = true;
        }
        compiled.add(c);
      } catch (PartitaException e) {
        compiled.add(e);
      }
    }
    if (reads && writes) {
      throw Errors.invalid(
          "The entire batch must consist of either read statements or write statements, you cannot mix both in one batch.");
    }
    Map<String, ConsumedCapacity> capacity = new LinkedHashMap<>();
    List<BatchStatementResponse> responses = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      Object entry = compiled.get(i);
      if (entry instanceof PartitaException e) {
        responses.add(BatchStatementResponse.builder().error(error(e)).build());
        continue;
      }
      Compiled c = (Compiled) entry;
      BatchStatementResponse.Builder r = BatchStatementResponse.builder().tableName(c.table().name());
      try {
        if (c.plan() instanceof Planner.Read read) {
          Page page = read(ctx, read, Boolean.TRUE.equals(statements.get(i).consistentRead()), null, null,
              req.returnConsumedCapacity());
          add(capacity, page.capacity());
          if (!page.items().isEmpty()) {
            r.item(page.items().get(0));
          }
        } else {
          // ReturnValuesOnConditionCheckFailure is inert on a batch member: the service returns no item.
          Written w = write(ctx, c.plan(), req.returnConsumedCapacity(), null);
          add(capacity, w.capacity());
          if (w.item() != null) {
            r.item(w.item());
          }
        }
      } catch (PartitaException e) {
        r.error(error(e));
      }
      responses.add(r.build());
    }
    BatchExecuteStatementResponse.Builder out = BatchExecuteStatementResponse.builder().responses(responses);
    if (req.returnConsumedCapacity() != null && req.returnConsumedCapacity() != ReturnConsumedCapacity.NONE) {
      out.consumedCapacity(new ArrayList<>(capacity.values()));
    }
    return out.build();
  }

  private static BatchStatementError error(PartitaException e) {
    BatchStatementErrorCodeEnum code = switch (e.code()) {
      case ConditionalCheckFailedException -> BatchStatementErrorCodeEnum.CONDITIONAL_CHECK_FAILED;
      case DuplicateItemException -> BatchStatementErrorCodeEnum.DUPLICATE_ITEM;
      case ResourceNotFoundException -> BatchStatementErrorCodeEnum.RESOURCE_NOT_FOUND;
      case ValidationException -> BatchStatementErrorCodeEnum.VALIDATION_ERROR;
      case TransactionConflictException -> BatchStatementErrorCodeEnum.TRANSACTION_CONFLICT;
      case ItemCollectionSizeLimitExceededException -> BatchStatementErrorCodeEnum.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED;
      case ProvisionedThroughputExceededException -> BatchStatementErrorCodeEnum.PROVISIONED_THROUGHPUT_EXCEEDED;
      case RequestLimitExceeded -> BatchStatementErrorCodeEnum.REQUEST_LIMIT_EXCEEDED;
      default -> BatchStatementErrorCodeEnum.INTERNAL_SERVER_ERROR;
    };
    BatchStatementError.Builder b = BatchStatementError.builder().code(code).message(e.getMessage());
    if (e.item() != null) {
      b.item(e.item());
    }
    return b.build();
  }

  /** Sums one statement's capacity into its table's entry. */
  private static void add(Map<String, ConsumedCapacity> totals, ConsumedCapacity c) {
    if (c == null) {
      return;
    }
    totals.merge(c.tableName(), c, (a, b) -> ConsumedCapacity.builder().tableName(a.tableName())
        .capacityUnits(sum(a.capacityUnits(), b.capacityUnits()))
        .readCapacityUnits(sum(a.readCapacityUnits(), b.readCapacityUnits()))
        .writeCapacityUnits(sum(a.writeCapacityUnits(), b.writeCapacityUnits()))
        .table(a.table() == null ? null : a.table().toBuilder()
            .capacityUnits(sum(a.table().capacityUnits(), b.table() == null ? null : b.table().capacityUnits()))
            .readCapacityUnits(sum(a.table().readCapacityUnits(), b.table() == null ? null : b.table().readCapacityUnits()))
            .writeCapacityUnits(sum(a.table().writeCapacityUnits(), b.table() == null ? null : b.table().writeCapacityUnits()))
            .build())
        .build());
  }

  private static Double sum(Double a, Double b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : a + b;
  }

  // ---- ExecuteTransaction ----

  public static ExecuteTransactionResponse executeTransaction(EngineContext ctx, ExecuteTransactionRequest req) {
    List<ParameterizedStatement> statements = req.transactStatements();
    List<Compiled> compiled = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      ParameterizedStatement s = statements.get(i);
      try {
        Compiled c = compile(ctx, s.statement(), s.hasParameters() ? s.parameters() : null);
        checkTransactional(c);
        compiled.add(c);
      } catch (PartitaException e) {
        if (e.code() == ErrorCode.ValidationException) {
          throw Errors.invalid("Validation failed in TransactStatements[" + i + "]: " + e.getMessage());
        }
        throw e;
      }
    }
    boolean reads = compiled.stream().anyMatch(c -> c.plan() instanceof Planner.Read);
    boolean writes = compiled.stream().anyMatch(c -> !(c.plan() instanceof Planner.Read));
    if (reads && writes) {
      throw Errors.invalid("ExecuteTransaction API does not support both read and write operations in the same request.");
    }
    return reads ? transactRead(ctx, compiled, req) : transactWrite(ctx, compiled, req);
  }

  private static void checkTransactional(Compiled c) {
    Pq.Statement s = c.statement();
    Pq.Returning returning = s instanceof Pq.Update u ? u.returning() : s instanceof Pq.Delete d ? d.returning() : null;
    if (returning != null) {
      throw Errors.invalid("RETURNING clause is not supported in ExecuteTransaction.");
    }
    if (c.plan() instanceof Planner.Read read) {
      if (read.index() != null) {
        throw Errors.invalid("Reads on indices are not supported within transactions.");
      }
      Pq.Select select = (Pq.Select) s;
      if (read.kind() != Planner.ReadKind.GET || !Planner.isExactlyKey(c.table(), select.where())) {
        throw Errors.invalid(
            "Select statements within ExecuteTransaction must specify the primary key in the where clause.");
      }
    }
  }

  private static ExecuteTransactionResponse transactRead(EngineContext ctx, List<Compiled> compiled,
      ExecuteTransactionRequest req) {
    List<TransactGetItem> gets = new ArrayList<>();
    for (Compiled c : compiled) {
      Planner.Read read = (Planner.Read) c.plan();
      gets.add(TransactGetItem.builder().get(Get.builder().tableName(read.table()).key(read.key()).build()).build());
    }
    TransactGetItemsResponse r = (TransactGetItemsResponse) TransactGetItems.execute(ctx,
        TransactGetItemsRequest.builder().transactItems(gets).returnConsumedCapacity(req.returnConsumedCapacity()).build())
        .response();
    List<ItemResponse> responses = new ArrayList<>();
    for (int i = 0; i < compiled.size(); i++) {
      ItemResponse got = r.responses().get(i);
      Map<String, AttributeValue> item = got.hasItem() ? got.item() : null;
      Planner.Read read = (Planner.Read) compiled.get(i).plan();
      responses.add(item == null ? ItemResponse.builder().build()
          : ItemResponse.builder().item(project(item, read.projection())).build());
    }
    return ExecuteTransactionResponse.builder().responses(responses)
        .consumedCapacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null).build();
  }

  private static ExecuteTransactionResponse transactWrite(EngineContext ctx, List<Compiled> compiled,
      ExecuteTransactionRequest req) {
    List<TransactWriteItem> items = new ArrayList<>();
    for (Compiled c : compiled) {
      items.add(transactItem(c.plan()));
    }
    try {
      TransactWriteItemsResponse r = TransactWriteItems.execute(ctx, TransactWriteItemsRequest.builder()
          .transactItems(items).clientRequestToken(req.clientRequestToken())
          .returnConsumedCapacity(req.returnConsumedCapacity()).build());
      return ExecuteTransactionResponse.builder()
          .consumedCapacity(r.hasConsumedCapacity() ? r.consumedCapacity() : null).build();
    } catch (PartitaException e) {
      if (e.cancellationReasons() == null) {
        throw e;
      }
      // An INSERT is a Put on the condition that the key is free: its failure is a duplicate item.
      List<CancellationReason> reasons = new ArrayList<>();
      for (int i = 0; i < e.cancellationReasons().size(); i++) {
        CancellationReason reason = e.cancellationReasons().get(i);
        if (compiled.get(i).plan() instanceof Planner.Insert && "ConditionalCheckFailed".equals(reason.code())) {
          reason = CancellationReason.builder().code("DuplicateItem").message(DUPLICATE).build();
        }
        reasons.add(reason);
      }
      throw PartitaException.transactionCanceled(reasons);
    }
  }

  private static TransactWriteItem transactItem(Planner.Plan plan) {
    if (plan instanceof Planner.Insert p) {
      return TransactWriteItem.builder().put(Put.builder().tableName(p.table()).item(p.item())
          .conditionExpression(p.condition()).expressionAttributeNames(p.expressions().names()).build()).build();
    }
    if (plan instanceof Planner.Update u) {
      return TransactWriteItem.builder().update(Update.builder().tableName(u.table()).key(u.key())
          .updateExpression(u.update()).conditionExpression(u.condition())
          .expressionAttributeNames(u.expressions().names()).expressionAttributeValues(u.expressions().values())
          .build()).build();
    }
    if (plan instanceof Planner.Delete d) {
      return TransactWriteItem.builder().delete(Delete.builder().tableName(d.table()).key(d.key())
          .conditionExpression(d.condition()).expressionAttributeNames(d.expressions().names())
          .expressionAttributeValues(d.expressions().values()).build()).build();
    }
    Planner.Check k = (Planner.Check) plan;
    return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(k.table()).key(k.key())
        .conditionExpression(k.condition()).expressionAttributeNames(k.expressions().names())
        .expressionAttributeValues(k.expressions().values()).build()).build();
  }
}
