package io.partita.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * A BatchGetItem over entities: keys of several entities, read in chunks of 100 (DynamoDB's limit per request), the
 * keys DynamoDB leaves unprocessed retried with backoff and jitter ({@link RetryPolicy}); keys still unread after the
 * last attempt are reported in {@link Items#unprocessed()}, never silently dropped. A key asked for twice is read
 * once. Not thread-safe.
 *
 * <pre>{@code
 * Items items = db.batchGet().get(product, keys).get(customer, Key.of("customerId", c)).execute();
 * }</pre>
 */
public final class BatchGet {
  /** DynamoDB's limit of keys per BatchGetItem. */
  public static final int MAX_KEYS = 100;

  private final ClientCore client;
  private RetryPolicy retry;
  private boolean consistentRead;
  private final List<EntityOps<?>> entities = new ArrayList<>();
  private final List<Key> keys = new ArrayList<>();
  private final List<Map<String, AttributeValue>> rendered = new ArrayList<>();

  BatchGet(ClientCore client) {
    this.client = client;
    this.retry = client.retry;
  }

  public <T extends Record> BatchGet get(Entity<T> entity, Key... keys) {
    return get(entity, List.of(keys));
  }

  public <T extends Record> BatchGet get(Entity<T> entity, Collection<Key> keys) {
    EntityOps<T> ops = client.ops(entity);
    for (Key k : keys) {
      rendered.add(ops.entity().key(k)); // refuses a key that does not fit, before anything is sent
      this.keys.add(k);
      entities.add(ops);
    }
    return this;
  }

  public BatchGet consistentRead(boolean consistentRead) {
    this.consistentRead = consistentRead;
    return this;
  }

  /** The retry policy of this batch (the client's by default). */
  public BatchGet retry(RetryPolicy retry) {
    this.retry = Objects.requireNonNull(retry, "retry");
    return this;
  }

  public Items execute() {
    return Futures.join(executeAsync());
  }

  /**
   * {@link #execute()} without waiting: on an {@link AsyncModelClient} the chunks are read one after another without
   * blocking a thread, the backoff before a retry a timer.
   */
  public CompletableFuture<Items> executeAsync() {
    String table = client.model.table().name();
    List<Map<String, AttributeValue>> distinct = new ArrayList<>(new LinkedHashSet<>(rendered));
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
    Set<Map<String, AttributeValue>> failed = new HashSet<>();
    CompletableFuture<Void> chunks = CompletableFuture.completedFuture(null);
    for (int from = 0; from < distinct.size(); from += MAX_KEYS) {
      List<Map<String, AttributeValue>> chunk = distinct.subList(from, Math.min(distinct.size(), from + MAX_KEYS));
      chunks = chunks.thenCompose(x -> read(table, chunk, 1, found, failed));
    }
    return chunks.thenApply(x -> {
      List<Items.Entry> entries = new ArrayList<>();
      List<ItemKey> unprocessed = new ArrayList<>();
      Set<Map<String, AttributeValue>> reported = new HashSet<>();
      for (int i = 0; i < rendered.size(); i++) {
        Map<String, AttributeValue> k = rendered.get(i);
        EntityOps<?> ops = entities.get(i);
        entries.add(new Items.Entry(ops.entity(), k, ops.decodeOwn(found.get(k)).orElse(null)));
        if (failed.contains(k) && reported.add(k)) {
          unprocessed.add(new ItemKey(ops.entity().name(), keys.get(i)));
        }
      }
      return new Items(client.model, entries, unprocessed);
    });
  }

  /** Attempt {@code attempt} at {@code pending}, then again at what it left, until done or out of attempts. */
  private CompletableFuture<Void> read(String table, List<Map<String, AttributeValue>> pending, int attempt,
      Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found, Set<Map<String, AttributeValue>> failed) {
    if (pending.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    if (attempt > retry.maxAttempts()) {
      failed.addAll(pending);
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> wait = attempt > 1 ? retry.pauseBefore(attempt - 1, client.dynamo.blocking())
        : CompletableFuture.completedFuture(null);
    return wait.thenCompose(x -> {
      KeysAndAttributes request = KeysAndAttributes.builder().keys(pending).consistentRead(consistentRead).build();
      return client.dynamo.batchGetItem(BatchGetItemRequest.builder().requestItems(Map.of(table, request)).build());
    }).thenCompose(r -> {
      for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
        found.put(client.keyOf(item), item);
      }
      KeysAndAttributes left = r.hasUnprocessedKeys() ? r.unprocessedKeys().get(table) : null;
      return read(table, left == null || !left.hasKeys() ? List.of() : left.keys(), attempt + 1, found, failed);
    });
  }
}
