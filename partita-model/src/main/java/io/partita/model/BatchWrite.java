package io.partita.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;
import io.partita.model.internal.DeleteCommand;
import io.partita.model.internal.PutCommand;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A BatchWriteItem over entities: puts (items built as {@link EntityClient#put} builds them: ids, defaults,
 * timestamps, every index key) and deletes, sent in chunks of 25 (DynamoDB's limit per request), the writes DynamoDB
 * leaves unprocessed retried with backoff and jitter ({@link RetryPolicy}); what is still unwritten after the last
 * attempt is reported in the result. A batch is not a transaction: each write applies on its own, and none is
 * conditional, so a versioned entity's version is incremented without a check (use a transaction or
 * {@link EntityClient#put} for optimistic locking). One key twice in a batch is refused, as DynamoDB refuses it in a
 * request. Not thread-safe.
 */
public final class BatchWrite {
  /** DynamoDB's limit of writes per BatchWriteItem. */
  public static final int MAX_WRITES = 25;

  /** What a batch write did: the records written, and what is left after every retry. */
  public record Result(List<Object> written, List<Object> unprocessedPuts, List<ItemKey> unprocessedDeletes) {
    public Result {
      written = List.copyOf(written);
      unprocessedPuts = List.copyOf(unprocessedPuts);
      unprocessedDeletes = List.copyOf(unprocessedDeletes);
    }

    /** Whether every write was applied. */
    public boolean complete() {
      return unprocessedPuts.isEmpty() && unprocessedDeletes.isEmpty();
    }
  }

  private record Op(EntityOps<?> ops, Object record, Key deleteKey) {}

  private final ClientCore client;
  private RetryPolicy retry;
  private final List<Op> ops = new ArrayList<>();

  BatchWrite(ClientCore client) {
    this.client = client;
    this.retry = client.retry;
  }

  @SafeVarargs
  public final <T extends Record> BatchWrite put(Entity<T> entity, T... records) {
    return put(entity, List.of(records));
  }

  public <T extends Record> BatchWrite put(Entity<T> entity, Collection<T> records) {
    EntityOps<T> e = client.ops(entity);
    for (T r : records) {
      ops.add(new Op(e, Objects.requireNonNull(r, "record"), null));
    }
    return this;
  }

  public <T extends Record> BatchWrite delete(Entity<T> entity, Key... keys) {
    return delete(entity, List.of(keys));
  }

  public <T extends Record> BatchWrite delete(Entity<T> entity, Collection<Key> keys) {
    EntityOps<T> e = client.ops(entity);
    for (Key k : keys) {
      e.entity().key(k); // refuses a key that does not fit, now
      ops.add(new Op(e, null, k));
    }
    return this;
  }

  /** The retry policy of this batch (the client's by default). */
  public BatchWrite retry(RetryPolicy retry) {
    this.retry = Objects.requireNonNull(retry, "retry");
    return this;
  }

  public Result execute() {
    return Futures.join(executeAsync());
  }

  /**
   * {@link #execute()} without waiting: on an {@link AsyncModelClient} the items are built (a read-only field's
   * stored value read) and the chunks sent one after another without blocking a thread, the backoff a timer.
   */
  public CompletableFuture<Result> executeAsync() {
    CompletableFuture<List<PutCommand>> planned = CompletableFuture.completedFuture(new ArrayList<>());
    for (Op op : ops) {
      if (op.record() != null) {
        planned = planned.thenCompose(list -> planPut(op.ops(), op.record()).thenApply(p -> {
          list.add(p);
          return list;
        }));
      } else {
        planned = planned.thenApply(list -> {
          list.add(null);
          return list;
        });
      }
    }
    return planned.thenCompose(this::send);
  }

  @SuppressWarnings("unchecked")
  private static <T> CompletableFuture<PutCommand> planPut(EntityOps<T> ops, Object record) {
    return ops.planned(reads -> ops.planBatchPut((T) record, reads));
  }

  private CompletableFuture<Result> send(List<PutCommand> plans) {
    String table = client.model.table().name();
    List<WriteRequest> requests = new ArrayList<>();
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    List<Object> records = new ArrayList<>();
    Set<Map<String, AttributeValue>> seen = new HashSet<>();
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i);
      PutCommand p = plans.get(i);
      Map<String, AttributeValue> key;
      if (p != null) {
        key = p.key();
        requests.add(p.batchRequest());
        records.add(p.written());
      } else {
        key = op.ops().entity().key(op.deleteKey());
        requests.add(DeleteCommand.batchRequest(key));
        records.add(null);
      }
      if (!seen.add(key)) {
        throw new ValidationException("Entity " + op.ops().entity().name() + ": the batch writes the item at " + key
            + " twice; DynamoDB refuses that in one batch", op.ops().entity().name(), null);
      }
      keys.add(key);
    }
    Map<Map<String, AttributeValue>, Integer> position = new HashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      position.put(keys.get(i), i);
    }
    boolean[] failed = new boolean[requests.size()];
    CompletableFuture<Void> chunks = CompletableFuture.completedFuture(null);
    for (int from = 0; from < requests.size(); from += MAX_WRITES) {
      List<WriteRequest> chunk = requests.subList(from, Math.min(requests.size(), from + MAX_WRITES));
      chunks = chunks.thenCompose(x -> write(table, chunk, 1, position, failed));
    }
    return chunks.thenApply(x -> {
      List<Object> written = new ArrayList<>();
      List<Object> unprocessedPuts = new ArrayList<>();
      List<ItemKey> unprocessedDeletes = new ArrayList<>();
      for (int i = 0; i < ops.size(); i++) {
        Op op = ops.get(i);
        if (op.record() != null) {
          (failed[i] ? unprocessedPuts : written).add(records.get(i));
        } else if (failed[i]) {
          unprocessedDeletes.add(new ItemKey(op.ops().entity().name(), op.deleteKey()));
        }
      }
      return new Result(Collections.unmodifiableList(written), unprocessedPuts, unprocessedDeletes);
    });
  }

  /** Attempt {@code attempt} at {@code pending}, then again at what it left, until done or out of attempts. */
  private CompletableFuture<Void> write(String table, List<WriteRequest> pending, int attempt,
      Map<Map<String, AttributeValue>, Integer> position, boolean[] failed) {
    if (pending.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    if (attempt > retry.maxAttempts()) {
      for (WriteRequest w : pending) {
        failed[position.get(keyOf(w))] = true;
      }
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> wait = attempt > 1 ? retry.pauseBefore(attempt - 1, client.dynamo.blocking())
        : CompletableFuture.completedFuture(null);
    return wait.thenCompose(x -> client.dynamo.batchWriteItem(BatchWriteItemRequest.builder()
        .requestItems(Map.of(table, pending)).build())).thenCompose(r -> {
          List<WriteRequest> left = r.hasUnprocessedItems() ? r.unprocessedItems().get(table) : null;
          return write(table, left == null ? List.of() : left, attempt + 1, position, failed);
        });
  }

  private Map<String, AttributeValue> keyOf(WriteRequest w) {
    return w.putRequest() != null ? client.keyOf(w.putRequest().item()) : w.deleteRequest().key();
  }
}
