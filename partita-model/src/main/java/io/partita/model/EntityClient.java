package io.partita.model;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.EntityOps;
import io.partita.model.internal.Futures;

/**
 * Reads and writes one entity's items: {@code db.entity(post)}. Every write carries the entity's type attribute,
 * its table key and each index key its templates can build (an index key whose fields are absent is left out: a
 * sparse index). Reads return only items of this entity. Immutable and thread-safe.
 *
 * <p>Errors: {@link AlreadyExistsException}, {@link VersionConflictException}, {@link ConditionFailedException}
 * for refused conditions; {@link ValidationException} for a record or key that does not fit the model; other
 * failures are the AWS SDK's exceptions.
 */
public final class EntityClient<T extends Record> {
  private final ClientCore client;
  private final EntityOps<T> ops;
  private final String name;

  EntityClient(ClientCore client, EntityOps<T> ops, String name) {
    this.client = client;
    this.ops = ops;
    this.name = name;
  }

  /** The entity's name, as stored in the type attribute. */
  public String name() {
    return name;
  }

  /**
   * A handle whose {@link ConditionFailedException}s carry the item as it is now ({@code
   * ReturnValuesOnConditionCheckFailure = ALL_OLD}).
   */
  public EntityClient<T> returningCurrentOnFailure() {
    return new EntityClient<>(client, ops.returningCurrent(), name);
  }

  /** The item at the table key built from {@code key}, if there is one of this entity (eventually consistent). */
  public Optional<T> get(Key key) {
    return Futures.join(ops.get(key, false));
  }

  public Optional<T> get(Key key, boolean consistentRead) {
    return Futures.join(ops.get(key, consistentRead));
  }

  /**
   * Writes a new item (ids generated, defaults and timestamps filled, version 1) and returns the record as written.
   *
   * @throws AlreadyExistsException when an item with the same table key exists
   */
  public T create(T record) {
    return Futures.join(ops.create(record));
  }

  /**
   * Writes the item, replacing any item at its key, and returns the record as written. Versioned entities write
   * version {@code v + 1} only if version {@code v} is stored (or no item, for a record without a version).
   *
   * @throws VersionConflictException when the stored version is not the record's
   */
  public T put(T record) {
    return Futures.join(ops.put(record, null));
  }

  /** {@link #put(Record)} only if {@code condition} holds on the stored item. */
  public T put(T record, Condition condition) {
    return Futures.join(ops.put(record, condition));
  }

  /** Deletes the item at {@code key}; returns it when it was an item of this entity. */
  public Optional<T> delete(Key key) {
    return Futures.join(ops.delete(key, null));
  }

  /** Deletes the item at {@code key} only if {@code condition} holds. */
  public Optional<T> delete(Key key, Condition condition) {
    return Futures.join(ops.delete(key, condition));
  }

  /**
   * Deletes the record's item; for a versioned entity only if the stored version is still the record's.
   *
   * @throws VersionConflictException when it is not
   */
  public Optional<T> delete(T record) {
    return Futures.join(ops.delete(record, null));
  }

  /**
   * A typed update of the item at {@code key} (its table key fields): see {@link Update} for the paths, the
   * operations and how derived index keys are kept right.
   */
  public Update<T> update(Key key) {
    return new Update<>(ops, key);
  }

  /**
   * Writes the record whole, like {@link #put}, but keeps the createdAt of an item already at its key (one
   * UpdateItem: {@code createdAt = if_not_exists(createdAt, :now)}; fields absent from the record are removed, index
   * keys rewritten or removed). A record with version {@code v} writes {@code v + 1} only if {@code v} is stored; a
   * record without a version (null or 0) writes unconditionally and increments the stored version. Returns the item
   * as it is afterwards.
   *
   * @throws VersionConflictException when the stored version is not the record's
   * @throws ConditionFailedException when the key holds an item of another entity
   */
  public T upsert(T record) {
    return Futures.join(ops.upsert(record));
  }

  /**
   * Read, change, write, again on conflict: reads the item at {@code key} (strongly consistent), applies
   * {@code change} to it and puts the result under the version check; when another writer came first
   * ({@link VersionConflictException}) it reads and applies again after {@code retry}'s backoff, up to its
   * {@code maxAttempts}. {@code change} may run several times: keep it free of other side effects. Returns the
   * record as written, or empty when there is no item at {@code key}.
   *
   * <pre>{@code
   * db.entity(product).modify(Key.of("sku", "A1"), p -> p.withStock(p.stock() - 1), RetryPolicy.defaults());
   * }</pre>
   *
   * @throws ValidationException when the entity has no version field (a put could not detect the other writer) or
   *     {@code change} changes the table key
   * @throws VersionConflictException when every attempt met a conflict
   */
  public Optional<T> modify(Key key, java.util.function.UnaryOperator<T> change, RetryPolicy retry) {
    return Futures.join(modify(ops, key, change, retry));
  }

  /** The read-change-put loop of both clients' {@code modify}. */
  static <T extends Record> CompletableFuture<Optional<T>> modify(EntityOps<T> ops, Key key,
      java.util.function.UnaryOperator<T> change, RetryPolicy retry) {
    java.util.Objects.requireNonNull(change, "change");
    String name = ops.entity().name();
    if (ops.entity().version() == null) {
      return CompletableFuture.failedFuture(new ValidationException("Entity " + name + " has no version field;"
          + " modify needs one to detect a concurrent write (declare it with Entity.version)", name, null));
    }
    return Conflicts.retry(retry, ops.blocking(), () -> ops.get(key, true).thenCompose(found -> {
      if (found.isEmpty()) {
        return CompletableFuture.completedFuture(Optional.<T>empty());
      }
      T current = found.get();
      T changed = java.util.Objects.requireNonNull(change.apply(current), "the change returned null");
      ops.checkSameKey(current, changed);
      return ops.put(changed, null).thenApply(Optional::of);
    }));
  }

  /** {@link #modify(Key, java.util.function.UnaryOperator, RetryPolicy)} with {@link RetryPolicy#defaults()}. */
  public Optional<T> modify(Key key, java.util.function.UnaryOperator<T> change) {
    return modify(key, change, RetryPolicy.defaults());
  }

  /**
   * The table key fields of an item of this entity — a stream record's keys, an exported item, a key from a log —
   * read back from its key text: {@code {n:08d}} padding removed, values decoded to the fields' types, ready for
   * {@link #get(Key)}. A placeholder with {@code upper}/{@code lower} gives the text as stored.
   *
   * @throws ValidationException when the key attributes are missing or were not written by this entity's templates
   */
  public Key keyFrom(java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
    return ops.entity().keyFrom(java.util.Objects.requireNonNull(item, "item"));
  }

  /**
   * A Scan of this entity's items (the table read whole, filtered on the type attribute): for backfills,
   * migrations, exports and admin jobs, not for serving requests — those are access patterns. See {@link Scan}.
   */
  public Scan<T> scan() {
    return new Scan<>(client, ops.entity());
  }

  EntityOps<T> ops() {
    return ops;
  }

  @Override
  public String toString() {
    return "EntityClient[" + name + "]";
  }
}
