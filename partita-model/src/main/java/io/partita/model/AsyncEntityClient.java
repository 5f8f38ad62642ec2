package io.partita.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link EntityClient} with futures: {@code asyncDb.entity(post)}. Each method sends what its {@link EntityClient}
 * namesake sends, and its future fails with the exception that one throws ({@link AlreadyExistsException}, {@link
 * VersionConflictException}, {@link ConditionFailedException}, {@link ValidationException}). Immutable and
 * thread-safe.
 */
public final class AsyncEntityClient<T extends Record> {
  private final ClientCore client;
  private final EntityOps<T> ops;
  private final String name;

  AsyncEntityClient(ClientCore client, EntityOps<T> ops, String name) {
    this.client = client;
    this.ops = ops;
    this.name = name;
  }

  /** The entity's name, as stored in the type attribute. */
  public String name() {
    return name;
  }

  /** {@link EntityClient#returningCurrentOnFailure()}. */
  public AsyncEntityClient<T> returningCurrentOnFailure() {
    return new AsyncEntityClient<>(client, ops.returningCurrent(), name);
  }

  public CompletableFuture<Optional<T>> get(Key key) {
    return ops.get(key, false);
  }

  public CompletableFuture<Optional<T>> get(Key key, boolean consistentRead) {
    return ops.get(key, consistentRead);
  }

  /** {@link EntityClient#create}. */
  public CompletableFuture<T> create(T record) {
    return ops.create(record);
  }

  /** {@link EntityClient#put(Record)}. */
  public CompletableFuture<T> put(T record) {
    return ops.put(record, null);
  }

  public CompletableFuture<T> put(T record, Condition condition) {
    return ops.put(record, condition);
  }

  public CompletableFuture<Optional<T>> delete(Key key) {
    return ops.delete(key, null);
  }

  public CompletableFuture<Optional<T>> delete(Key key, Condition condition) {
    return ops.delete(key, condition);
  }

  /** {@link EntityClient#delete(Record)}: with the version check of a versioned entity. */
  public CompletableFuture<Optional<T>> delete(T record) {
    return ops.delete(record, null);
  }

  /** A typed update (see {@link Update}); send it with {@link Update#executeAsync()}. */
  public Update<T> update(Key key) {
    return new Update<>(ops, key);
  }

  /** {@link EntityClient#upsert}. */
  public CompletableFuture<T> upsert(T record) {
    return ops.upsert(record);
  }

  /** {@link EntityClient#modify}: read, change, put, again after a timer on a version conflict. */
  public CompletableFuture<Optional<T>> modify(Key key, UnaryOperator<T> change, RetryPolicy retry) {
    return Futures.call(() -> EntityClient.modify(ops, key, change, retry));
  }

  public CompletableFuture<Optional<T>> modify(Key key, UnaryOperator<T> change) {
    return modify(key, change, RetryPolicy.defaults());
  }

  /** {@link EntityClient#keyFrom}: no request, so no future. */
  public Key keyFrom(Map<String, AttributeValue> item) {
    return ops.entity().keyFrom(Objects.requireNonNull(item, "item"));
  }

  /** A Scan of this entity's items; run it with {@link Scan#pageAsync()} or {@link Scan#allAsync()}. */
  public Scan<T> scan() {
    return new Scan<>(client, ops.entity());
  }

  @Override
  public String toString() {
    return "AsyncEntityClient[" + name + "]";
  }
}
