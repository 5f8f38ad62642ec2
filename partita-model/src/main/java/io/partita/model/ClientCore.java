package io.partita.model;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.partita.model.internal.Cursors;
import io.partita.model.internal.Dynamo;
import io.partita.model.internal.EntityModel;
import io.partita.model.internal.EntityOps;
import io.partita.model.internal.ObservedDynamo;
import io.partita.model.internal.QueryExecutor;
import io.partita.model.internal.QuerySettings;
import io.partita.model.internal.Recognition;
import io.partita.model.internal.ScanExecutor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What {@link ModelClient} and {@link AsyncModelClient} share: the model bound to a {@link Dynamo} (listeners
 * wrapped around it), the clock, the cursor key and the batch retry policy. The builders (queries, scans, batches,
 * transactions) run on it, so both clients build the same requests and decode the same answers.
 */
final class ClientCore {
  final Model model;
  final Dynamo dynamo;
  final Clock clock;
  final Cursors cursors;
  final RetryPolicy retry;
  /** How every read of this client tells which entity wrote an item. */
  final Recognition recognition;

  ClientCore(Model model, Dynamo dynamo, Clock clock, byte[] cursorKey, RetryPolicy retry,
      List<ModelListener> listeners, Recognition recognition) {
    this.recognition = recognition;
    this.model = model;
    this.dynamo = listeners.isEmpty() ? dynamo : new ObservedDynamo(dynamo, listeners, model.table().name());
    this.clock = clock;
    this.retry = retry;
    byte[] key = cursorKey;
    if (key == null) {
      key = new byte[32];
      new SecureRandom().nextBytes(key);
    }
    this.cursors = new Cursors(key);
  }

  /** The key of a cursor signer: at least 16 bytes, copied. */
  static byte[] cursorKey(byte[] key) {
    if (java.util.Objects.requireNonNull(key, "key").length < 16) {
      throw new IllegalArgumentException("a cursor key needs at least 16 bytes");
    }
    return key.clone();
  }

  <T extends Record> EntityOps<T> ops(EntityModel<T> e, boolean returnCurrent) {
    TableSchema table = model.table();
    return new EntityOps<>(e, dynamo, table.name(), table.partitionKey(), clock, returnCurrent, recognition);
  }

  /** The operations of an entity as transactions and batches use them (asking for the current item on failure). */
  <T extends Record> EntityOps<T> ops(Entity<T> entity) {
    return ops(model.entityModel(entity), true);
  }

  /** The table key attributes of {@code item}. */
  Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    TableSchema table = model.table();
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    key.put(table.partitionKey(), item.get(table.partitionKey()));
    table.sortKey().ifPresent(sk -> key.put(sk, item.get(sk)));
    return key;
  }

  <T extends Record> ScanExecutor<T> scanExecutor(EntityModel<T> entity, Condition filter, Integer limit,
      int maxRequests, boolean consistentRead, int segment, int segments) {
    TableSchema table = model.table();
    return new ScanExecutor<>(entity, dynamo, table.name(), table.partitionKey(), table.sortKey().orElse(null),
        filter, limit, maxRequests, consistentRead, segment, segments, recognition);
  }

  <T> io.partita.model.internal.VectorSearchExecutor<T> vectorSearch(io.partita.model.internal.VectorBinding b) {
    return new io.partita.model.internal.VectorSearchExecutor<>(b, dynamo, model.table().name(), recognition);
  }

  <R> QueryExecutor<R> executor(AccessPattern<R> pattern, QuerySettings settings) {
    TableSchema table = model.table();
    return new QueryExecutor<>(model.patternModel(pattern), pattern.resultType(), settings,
        dynamo.forPattern(pattern.name()), table.name(), table.partitionKey(), table.sortKey().orElse(null),
        recognition);
  }
}
