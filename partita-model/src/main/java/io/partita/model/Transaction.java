package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;
import io.partita.model.internal.WriteCommand;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A TransactWriteItems over entities: every action is built exactly as the single-item write would be (generated
 * ids, defaults, timestamps, every index key, the type attribute; version conditions; derived keys of updates), and
 * either all apply or none does.
 *
 * <pre>{@code
 * db.transaction()
 *     .update(inventory, Key.of("productId", p, "location", "PAR"), u -> u.subtract("stock", 2)
 *         .condition(Condition.ge("stock", 2)))
 *     .create(order, new Order(customer, orderId, ...))
 *     .clientRequestToken(requestId)
 *     .execute();
 * }</pre>
 *
 * <p>{@link #execute()} builds the request once; calling it again sends the same request (same items, same token),
 * which is how a caller retries after a network error without applying the transaction twice: with a client request
 * token, DynamoDB answers a repeat within 10 minutes without applying it again. An update whose index keys need
 * fields it does not give reads them before the transaction (see {@link Update}); if they changed meanwhile, the
 * update's action fails its condition. Not thread-safe.
 */
public final class Transaction {
  private final ClientCore client;
  private final List<Supplier<CompletableFuture<WriteCommand>>> actions = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private String token;
  private boolean returnCurrent;
  // set once by the first plan to finish (the futures of overlapping executeAsync calls may finish on other threads)
  private volatile List<WriteCommand> plans;
  private volatile TransactWriteItemsRequest request;

  Transaction(ClientCore client) {
    this.client = client;
  }

  private Transaction add(String action, Supplier<CompletableFuture<WriteCommand>> plan) {
    if (request != null) {
      throw new IllegalStateException("this transaction was executed; start a new one to change it");
    }
    names.add(action);
    actions.add(plan);
    return this;
  }

  /** Adds an action on {@code entity} (resolved now, so a foreign entity is refused here), planned at execute. */
  private <T extends Record> Transaction add(String action, Entity<T> entity,
      java.util.function.BiFunction<EntityOps<T>, EntityOps.Reads, WriteCommand> plan) {
    EntityOps<T> ops = client.ops(entity);
    return add(action, () -> ops.planned(reads -> plan.apply(ops, reads)));
  }

  /** Writes the record, replacing any item (with the version check of {@link EntityClient#put}). */
  public <T extends Record> Transaction put(Entity<T> entity, T record) {
    return add("put", entity, (ops, reads) -> ops.planPut(record, null, reads));
  }

  /** {@link #put(Entity, Record)} only if {@code condition} holds. */
  public <T extends Record> Transaction put(Entity<T> entity, T record, Condition condition) {
    Objects.requireNonNull(condition, "condition");
    return add("put", entity, (ops, reads) -> ops.planPut(record, condition, reads));
  }

  /** Writes a new item; its reason is an {@link AlreadyExistsException} when the key is taken. */
  public <T extends Record> Transaction create(Entity<T> entity, T record) {
    return add("create", entity, (ops, reads) -> ops.planCreate(record));
  }

  /** An update of the item at {@code key}, built by {@code changes} as {@link EntityClient#update} builds it. */
  public <T extends Record> Transaction update(Entity<T> entity, Key key, Consumer<Update<T>> changes) {
    EntityOps<T> ops = client.ops(entity);
    Update<T> update = new Update<>(ops, key);
    changes.accept(update);
    return add("update", () -> ops.planned(reads -> ops.planUpdate(update.spec(), reads)));
  }

  public <T extends Record> Transaction delete(Entity<T> entity, Key key) {
    return add("delete", entity, (ops, reads) -> ops.planDelete(key, null));
  }

  public <T extends Record> Transaction delete(Entity<T> entity, Key key, Condition condition) {
    Objects.requireNonNull(condition, "condition");
    return add("delete", entity, (ops, reads) -> ops.planDelete(key, condition));
  }

  /** Deletes the record's item, for a versioned entity only if the stored version is the record's. */
  public <T extends Record> Transaction delete(Entity<T> entity, T record) {
    return add("delete", entity, (ops, reads) -> ops.planDelete(record, null));
  }

  /** Requires {@code condition} to hold on the item at {@code key}, without writing it. */
  public <T extends Record> Transaction check(Entity<T> entity, Key key, Condition condition) {
    return add("check", entity, (ops, reads) -> ops.planCheck(key, condition));
  }

  /** The idempotency token: a repeat of the same request with the same token within 10 minutes is not applied. */
  public Transaction clientRequestToken(String token) {
    this.token = Objects.requireNonNull(token, "token");
    return this;
  }

  /** Asks DynamoDB for the items whose conditions failed; they are decoded into the reasons. */
  public Transaction returningCurrentOnFailure() {
    this.returnCurrent = true;
    return this;
  }

  /**
   * Sends the transaction (built on the first call, sent as built on later calls) and returns, per action in
   * order, the record as written for put and create, or null for the other actions: a {@link Result}, which is that
   * list and reads it typed ({@code result.get(2, Order.class)}, {@code result.written(order)}).
   *
   * @throws TransactionCanceledException when it was cancelled, with a reason per action
   * @throws ValidationException for an action that does not fit the model (nothing is sent)
   */
  public Result execute() {
    return Futures.join(executeAsync());
  }

  /**
   * {@link #execute()} without waiting (on an {@link AsyncModelClient}, the reads an update's derived keys need are
   * asynchronous too); the future fails with the exceptions {@code execute} throws.
   */
  public CompletableFuture<Result> executeAsync() {
    CompletableFuture<TransactWriteItemsRequest> built;
    if (request != null) {
      built = CompletableFuture.completedFuture(request);
    } else if (actions.isEmpty()) {
      return CompletableFuture.failedFuture(new ValidationException("a transaction needs at least one action", null,
          null));
    } else {
      CompletableFuture<List<WriteCommand>> planned = CompletableFuture.completedFuture(new ArrayList<>());
      for (Supplier<CompletableFuture<WriteCommand>> a : actions) {
        planned = planned.thenCompose(list -> Futures.call(a).thenApply(p -> {
          list.add(p);
          return list;
        }));
      }
      built = planned.thenApply(list -> {
        synchronized (this) {
          if (request == null) { // two overlapping executeAsync calls: the first plan is the one sent
            List<TransactWriteItem> items = new ArrayList<>();
            for (WriteCommand p : list) {
              items.add(p.transactItem(client.model.table().name(), returnCurrent));
            }
            plans = list;
            request = TransactWriteItemsRequest.builder().transactItems(items).clientRequestToken(token).build();
          }
          return request;
        }
      });
    }
    return built.thenCompose(r -> client.dynamo.transactWriteItems(r)).handle((response, e) -> {
      if (e != null) {
        if (Futures.unwrap(e) instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException c) {
          throw canceled(c);
        }
        throw Futures.rethrow(e);
      }
      List<Object> written = new ArrayList<>();
      List<String> entities = new ArrayList<>();
      for (WriteCommand p : plans) {
        written.add(p.written());
        entities.add(p.entityName());
      }
      return new Result(written, List.copyOf(names), entities);
    });
  }

  /**
   * What a transaction wrote: per action, in the order the actions were added, the record as written for put and
   * create (ids, timestamps and version filled in), null for update, delete and check. It is the
   * {@code List<Object>} {@link #execute()} always returned, read typed:
   *
   * <pre>{@code
   * Transaction.Result r = db.transaction().check(user, k, Condition.itemExists()).create(order, o).execute();
   * Order written = r.get(1, Order.class);
   * List<Order> orders = r.written(order);
   * }</pre>
   */
  public static final class Result extends java.util.AbstractList<Object> {
    private final List<Object> written;
    private final List<String> actions;
    private final List<String> entities;

    private Result(List<Object> written, List<String> actions, List<String> entities) {
      this.written = Collections.unmodifiableList(written);
      this.actions = actions;
      this.entities = entities;
    }

    @Override
    public Object get(int index) {
      return written.get(index);
    }

    @Override
    public int size() {
      return written.size();
    }

    /**
     * The record action {@code index} wrote, as a {@code type}.
     *
     * @throws IllegalArgumentException when that action writes no record (update, delete, check) or wrote another
     *     type, naming the action and its entity
     */
    public <T> T get(int index, Class<T> type) {
      Objects.requireNonNull(type, "type");
      Object v = written.get(index);
      String action = "action " + index + " (" + actions.get(index) + " " + entities.get(index) + ")";
      if (v == null) {
        throw new IllegalArgumentException(action + " returns no record: only put and create do");
      }
      if (!type.isInstance(v)) {
        throw new IllegalArgumentException(action + " wrote a " + v.getClass().getSimpleName() + ", not a "
            + type.getSimpleName());
      }
      return type.cast(v);
    }

    /** The records the put and create actions on {@code entity} wrote, in order. */
    public <T extends Record> List<T> written(Entity<T> entity) {
      List<T> out = new ArrayList<>();
      for (int i = 0; i < written.size(); i++) {
        Object v = written.get(i);
        if (v != null && entities.get(i).equals(entity.name()) && entity.type().isInstance(v)) {
          out.add(entity.type().cast(v));
        }
      }
      return Collections.unmodifiableList(out);
    }
  }

  private TransactionCanceledException canceled(
      software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
    List<CancellationReason> raw = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
    List<TransactionCanceledException.Reason> reasons = new ArrayList<>();
    StringBuilder message = new StringBuilder("Transaction cancelled:");
    for (int i = 0; i < plans.size(); i++) {
      WriteCommand p = plans.get(i);
      CancellationReason r = i < raw.size() ? raw.get(i) : null;
      String code = r == null ? null : r.code();
      ConditionFailedException error = null;
      if ("ConditionalCheckFailed".equals(code)) {
        Map<String, AttributeValue> item = r.hasItem() ? r.item() : null;
        error = p.explain(item, returnCurrent, e);
      }
      TransactionCanceledException.Reason reason = new TransactionCanceledException.Reason(i, names.get(i),
          p.entityName(), code, r == null ? null : r.message(), error);
      reasons.add(reason);
      if (reason.failed()) {
        message.append(" action ").append(i).append(" (").append(names.get(i)).append(' ').append(p.entityName())
            .append("): ").append(code).append(error == null ? "" : " - " + error.getMessage()).append(';');
      }
    }
    if (raw.isEmpty()) {
      message.append(' ').append(e.getMessage());
    }
    return new TransactionCanceledException(message.toString(), reasons, e);
  }
}
