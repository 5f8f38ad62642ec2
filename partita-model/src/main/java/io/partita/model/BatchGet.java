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

import io.partita.model.internal.EntityOps;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
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

  private final ModelClient client;
  private final DynamoDbClient dynamo;
  private RetryPolicy retry;
  private boolean consistentRead;
  private final List<EntityOps<?>> entities = new ArrayList<>();
  private final List<Key> keys = new ArrayList<>();
  private final List<Map<String, AttributeValue>> rendered = new ArrayList<>();

  BatchGet(ModelClient client, DynamoDbClient dynamo, RetryPolicy retry) {
    this.client = client;
    this.dynamo = dynamo;
    this.retry = retry;
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
    String table = client.model().table().name();
    List<Map<String, AttributeValue>> distinct = new ArrayList<>(new LinkedHashSet<>(rendered));
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
    Set<Map<String, AttributeValue>> failed = new HashSet<>();
    for (int from = 0; from < distinct.size(); from += MAX_KEYS) {
      List<Map<String, AttributeValue>> pending = distinct.subList(from, Math.min(distinct.size(), from + MAX_KEYS));
      for (int attempt = 1; !pending.isEmpty(); attempt++) {
        if (attempt > retry.maxAttempts()) {
          failed.addAll(pending);
          break;
        }
        if (attempt > 1) {
          retry.sleepBefore(attempt - 1);
        }
        KeysAndAttributes request = KeysAndAttributes.builder().keys(pending).consistentRead(consistentRead).build();
        BatchGetItemResponse r = dynamo.batchGetItem(BatchGetItemRequest.builder()
            .requestItems(Map.of(table, request)).build());
        for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
          found.put(client.keyOf(item), item);
        }
        KeysAndAttributes left = r.hasUnprocessedKeys() ? r.unprocessedKeys().get(table) : null;
        pending = left == null || !left.hasKeys() ? List.of() : left.keys();
      }
    }
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
    return new Items(client.model(), entries, unprocessed);
  }
}
