package io.partita.engine.internal.partiql;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.KeyRead;
import io.partita.engine.internal.ops.read.Query;
import io.partita.engine.internal.ops.read.Scan;
import io.partita.engine.internal.ops.transact.TransactGetItems;
import io.partita.engine.internal.ops.transact.TransactWriteItems;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.ops.write.WriteCommand;
import io.partita.engine.internal.ops.write.WriteCommands;
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
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * ExecuteStatement, BatchExecuteStatement and ExecuteTransaction: a statement is parsed ({@link
 * Parser}), planned against its table ({@link Planner}) and turned into the command it means — a
 * {@link KeyRead}, a Query's or a Scan's page, or a write command through {@link WriteCommands},
 * the one validator of item writes — and run by the same code as the API's own operations, so
 * PartiQL shares every rule, limit and evaluator with the expression API. No request object is made
 * in between.
 */
public final class PartiQl {
  private static final String DUPLICATE = "Duplicate primary key exists in table";
  /** The parameter an error in a statement's condition names, as the same condition in a request would. */
  private static final String CONDITION = "ConditionExpression";

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
      Page page = read(ctx, c.table(), read, Boolean.TRUE.equals(req.consistentRead()), req.limit(), startKey,
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
    Written w = write(ctx, c.plan(), req.returnConsumedCapacity(), req.returnValuesOnConditionCheckFailureAsString());
    return out.items(w.item() == null ? List.of() : List.of(w.item())).consumedCapacity(w.capacity()).build();
  }

  // ---- reads ----

  private record Page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey,
      ConsumedCapacity capacity) {}

  /**
   * A SELECT read as the command its plan names: a GetItem's read of one key, or a Query's or a
   * Scan's page with the whole WHERE as its filter; then each item projected as PartiQL projects.
   */
  private static Page read(EngineContext ctx, TableDef def, Planner.Read plan, boolean consistent, Integer limit,
      Map<String, AttributeValue> startKey, ReturnConsumedCapacity capacity) {
    if (consistent && plan.index() != null && plan.index().global()) {
      throw Errors.invalid("Strongly consistent read is not supported on Global Secondary Indexes");
    }
    ExpressionContext.QueryFilter filter = plan.filter() == null ? null
        : plan.filterExpressions().context().queryFilter(plan.filter());
    Condition condition = filter == null ? null : filter.condition();
    List<String> filterNames = filter == null ? List.of() : filter.topLevelNames();
    String indexName = plan.index() == null ? null : plan.index().name();
    Select select = plan.reachBack() ? Select.ALL_ATTRIBUTES : null;
    ItemsAnswer answer = switch (plan.kind()) {
      case GET -> KeyRead.of(def.name(), def, plan.key(), null, consistent).run(ctx, capacity);
      case QUERY -> Query.statement(ctx, def, indexName, plan.keyExpressions().context(), plan.keyCondition(),
          plan.forward(), startKey, limit, condition, filterNames, select, consistent, capacity);
      case SCAN -> Scan.statement(ctx, def, indexName, startKey, limit, condition, filterNames, select, consistent,
          capacity);
    };
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (StoredItem stored : answer.items()) {
      Map<String, AttributeValue> item = stored.map();
      // a page has filtered its items; one item read by its key is filtered here
      if (plan.kind() != Planner.ReadKind.GET || condition == null || condition.test(item)) {
        items.add(project(item, plan.projection()));
      }
    }
    Map<String, AttributeValue> lastKey = null;
    ConsumedCapacity consumed;
    if (answer.rest() instanceof QueryResponse r) {
      lastKey = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      consumed = r.consumedCapacity();
    } else if (answer.rest() instanceof ScanResponse r) {
      lastKey = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
      consumed = r.consumedCapacity();
    } else {
      consumed = ((GetItemResponse) answer.rest()).consumedCapacity();
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

  /** An INSERT, UPDATE or DELETE run as the single-item write command its plan makes. */
  private static Written write(EngineContext ctx, Planner.Plan plan, ReturnConsumedCapacity capacity,
      String onConditionFailure) {
    WriteCommand command = draft(plan, onConditionFailure).bind(ctx);
    ReadModifyWrite.Result r;
    try {
      r = command.run(ctx);
    } catch (PartitaException e) {
      if (plan instanceof Planner.Insert && e.code() == ErrorCode.ConditionalCheckFailedException) {
        throw new PartitaException(ErrorCode.DuplicateItemException, DUPLICATE);
      }
      throw e;
    }
    return new Written(command.returned(r), command.capacity(capacity, r));
  }

  /**
   * The write a plan makes, through the one validator of item writes: an INSERT is a Put on the
   * condition that its key is free, an UPDATE an update by expressions, a DELETE a delete, and
   * EXISTS (in a transaction) a ConditionCheck. {@code onConditionFailure} is the request's
   * ReturnValuesOnConditionCheckFailure as given (null: none; an INSERT's failure is a duplicate item,
   * which returns none).
   */
  private static WriteCommands.Draft draft(Planner.Plan plan, String onConditionFailure) {
    if (plan instanceof Planner.Insert p) {
      return WriteCommands.statementPut(p.table(), p.item(),
          p.expressions().context().condition(p.condition(), CONDITION));
    }
    if (plan instanceof Planner.Update u) {
      return WriteCommands.statementUpdate(u.table(), u.key(), u.expressions().context(), u.update(), u.condition(),
          onConditionFailure, returnValue(u.returning()));
    }
    if (plan instanceof Planner.Delete d) {
      Condition condition = d.condition() == null ? null : d.expressions().context().condition(d.condition(), CONDITION);
      return WriteCommands.statementDelete(d.table(), d.key(), condition, onConditionFailure,
          d.returning() == null ? ReturnValue.NONE : ReturnValue.ALL_OLD);
    }
    Planner.Check k = (Planner.Check) plan;
    return WriteCommands.statementCheck(k.table(), k.key(),
        k.expressions().context().condition(k.condition(), CONDITION));
  }

  private static ReturnValue returnValue(Pq.Returning r) {
    if (r == null) {
      return ReturnValue.NONE;
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
          Page page = read(ctx, c.table(), read, Boolean.TRUE.equals(statements.get(i).consistentRead()), null, null,
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
      case ThrottlingException -> BatchStatementErrorCodeEnum.THROTTLING_ERROR;
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

  /** SELECTs by key, read as one snapshot as TransactGetItems reads its Gets. */
  private static ExecuteTransactionResponse transactRead(EngineContext ctx, List<Compiled> compiled,
      ExecuteTransactionRequest req) {
    List<TransactGetItems.Wanted> wanted = new ArrayList<>();
    for (Compiled c : compiled) {
      Planner.Read read = (Planner.Read) c.plan();
      wanted.add(new TransactGetItems.Wanted(read.table(), read.key(), null, null));
    }
    ItemsAnswer answer = TransactGetItems.run(ctx, TransactGetItems.command(ctx, wanted), req.returnConsumedCapacity());
    List<ItemResponse> responses = new ArrayList<>();
    List<StoredItem> items = answer.items();
    for (int i = 0; i < compiled.size(); i++) {
      StoredItem item = items.get(i);
      Planner.Read read = (Planner.Read) compiled.get(i).plan();
      responses.add(item == null ? ItemResponse.builder().build()
          : ItemResponse.builder().item(project(item.map(), read.projection())).build());
    }
    TransactGetItemsResponse rest = (TransactGetItemsResponse) answer.rest();
    return ExecuteTransactionResponse.builder().responses(responses)
        .consumedCapacity(rest.hasConsumedCapacity() ? rest.consumedCapacity() : null).build();
  }

  /** INSERTs, UPDATEs, DELETEs and EXISTS checks, run as TransactWriteItems runs its actions. */
  private static ExecuteTransactionResponse transactWrite(EngineContext ctx, List<Compiled> compiled,
      ExecuteTransactionRequest req) {
    try {
      // the token names the request as sent, its statements and parameters as written: a retry must
      // send the same ones (what they compile to is Partita's business)
      TransactWriteItemsResponse r = TransactWriteItems.run(ctx, req.clientRequestToken(), req,
          () -> compiled.stream().map(c -> draft(c.plan(), null)).toList(), req.returnConsumedCapacity(), null);
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
}
