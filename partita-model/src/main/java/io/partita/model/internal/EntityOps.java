package io.partita.model.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.partita.model.AlreadyExistsException;
import io.partita.model.Condition;
import io.partita.model.Key;
import io.partita.model.ValidationException;
import io.partita.model.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The writes and reads of one entity. Every write is first built as a {@link WriteCommand} (item or update expression,
 * key, condition through placeholders) by its planner ({@link ItemPlanner}, {@link UpdatePlanner},
 * {@link UpsertPlanner}), then sent on its own here or as one action of a transaction or a batch; a refused condition
 * becomes the typed exception a caller can act on ({@link Refusals}). Thread-safe.
 */
public final class EntityOps<T> {
  /** Attempts of an update whose derived keys were built from values read first, when those values keep changing. */
  static final int STALE_READ_ATTEMPTS = 5;

  private final EntityModel<T> entity;
  private final Dynamo db;
  private final String tableName;
  private final String partitionKey;
  private final Clock clock;
  private final boolean returnCurrent;
  private final Recognition recognition;
  private final Refusals refusals;
  private final ItemPlanner<T> items;

  public EntityOps(EntityModel<T> entity, Dynamo db, String tableName, String partitionKey, Clock clock,
      boolean returnCurrent, Recognition recognition) {
    this.recognition = recognition;
    this.entity = entity;
    this.db = db;
    this.tableName = tableName;
    this.partitionKey = partitionKey;
    this.clock = clock;
    this.returnCurrent = returnCurrent;
    this.refusals = new Refusals(entity, returnCurrent);
    this.items = new ItemPlanner<>(this);
  }

  Clock clock() {
    return clock;
  }

  String partitionKey() {
    return partitionKey;
  }

  /** How this handle explains a refused write (with the item as it is when it asks for it). */
  Refusals refusals() {
    return refusals;
  }

  public EntityOps<T> returningCurrent() {
    return new EntityOps<>(entity, db, tableName, partitionKey, clock, true, recognition);
  }

  public EntityModel<T> entity() {
    return entity;
  }

  /** Whether requests complete on the caller's thread (the synchronous client). */
  public boolean blocking() {
    return db.blocking();
  }

  // ---- reads

  public CompletableFuture<Optional<T>> get(Key key, boolean consistentRead) {
    return Futures.call(() -> db.getItem(GetItemRequest.builder().tableName(tableName).key(entity.key(key))
        .consistentRead(consistentRead).build()))
        .thenApply(response -> decodeOwn(response.hasItem() ? response.item() : null));
  }

  /** This entity's item decoded; empty for none or another entity's. An unrecognised item: see Recognition. */
  public Optional<T> decodeOwn(Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty()) {
      return Optional.empty();
    }
    return Optional.ofNullable(entity.type().cast(recognition.decode(item, e -> e == entity, false)));
  }

  /** Refuses a {@code changed} record whose table key is not {@code current}'s. */
  public void checkSameKey(T current, T changed) {
    Map<String, AttributeValue> before = entity.key(entity.mapper().values(current));
    Map<String, AttributeValue> after = entity.key(entity.mapper().values(changed));
    if (!before.equals(after)) {
      throw new ValidationException("Entity " + entity.name() + ": the change moves the item from key " + before
          + " to " + after + "; the table key cannot change", entity.name(), null);
    }
  }

  // ---- single writes

  /** Writes a new item; fails with {@link AlreadyExistsException} when the key is taken. */
  public CompletableFuture<T> create(T record) {
    return planned(reads -> planCreate(record)).thenCompose(this::put);
  }

  /**
   * Writes the item, replacing any item at its key. With a version field, the write holds only if the stored
   * version is the record's (or there is no item, for version null/0), and writes the next version.
   */
  public CompletableFuture<T> put(T record, Condition condition) {
    return planned(reads -> planPut(record, condition, reads)).thenCompose(this::put);
  }

  private CompletableFuture<T> put(WriteCommand p) {
    PutItemRequest request = p instanceof CreateCommand c ? c.request(tableName, returnCurrent)
        : ((PutCommand) p).request(tableName, returnCurrent);
    return db.putItem(request).handle((r, e) -> {
      if (e != null) {
        throw refused(p, e);
      }
      return entity.type().cast(p.written());
    });
  }

  /** A refused condition as the typed exception {@link #failure} explains; any other failure as it is. */
  private RuntimeException refused(WriteCommand p, Throwable e) {
    if (Futures.unwrap(e) instanceof ConditionalCheckFailedException c) {
      return refusals.failure(p, c.hasItem() ? c.item() : null, returnCurrent, c);
    }
    throw Futures.rethrow(e);
  }

  public CompletableFuture<Optional<T>> delete(Key key, Condition condition) {
    return Futures.call(() -> delete(planDelete(key, condition)));
  }

  /** Deletes the record's item; with a version field, only if the stored version is still the record's. */
  public CompletableFuture<Optional<T>> delete(T record, Condition condition) {
    return Futures.call(() -> delete(planDelete(record, condition)));
  }

  private CompletableFuture<Optional<T>> delete(DeleteCommand p) {
    return db.deleteItem(p.request(tableName, returnCurrent)).handle((response, e) -> {
      if (e != null) {
        throw refused(p, e);
      }
      return decodeOwn(response.hasAttributes() ? response.attributes() : null);
    });
  }

  /**
   * Applies an update and returns the item as it is afterwards. When derived keys needed values the update did not
   * give, they were read first and the write is conditioned on them; if another writer changed them in between, the
   * update is planned again from a new read (a few times at most).
   */
  public CompletableFuture<T> update(UpdateSpec spec) {
    return update(spec, 1);
  }

  private CompletableFuture<T> update(UpdateSpec spec, int attempt) {
    return planned(reads -> planUpdate(spec, reads)).thenCompose(p -> execute(p).handle((written, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(written);
      }
      if (!(Futures.unwrap(e) instanceof Refusals.StaleReadException stale)) {
        throw Futures.rethrow(e);
      }
      if (attempt >= STALE_READ_ATTEMPTS) {
        // other writers kept coming first: a conflict, which retryOnConflict takes
        throw new VersionConflictException("Entity " + entity.name() + ": item " + refusals.describe(p.key()) + ": the"
            + " fields its index keys are built from kept changing during " + attempt + " attempts",
            entity.name(), null, null, stale.getCause());
      }
      return update(spec, attempt + 1);
    }).thenCompose(Function.identity()));
  }

  /** Puts the record, keeping the createdAt of an item already there; returns the item as it is afterwards. */
  public CompletableFuture<T> upsert(T record) {
    return planned(reads -> planUpsert(record, reads)).thenCompose(this::execute);
  }

  private CompletableFuture<T> execute(WriteCommand p) {
    UpdateItemRequest request = p instanceof UpdateCommand u ? u.request(tableName, returnCurrent)
        : ((UpsertCommand) p).request(tableName, returnCurrent);
    return db.updateItem(request).handle((response, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(entity.decode(response.attributes(), false));
      }
      if (!(Futures.unwrap(e) instanceof ConditionalCheckFailedException c)) {
        throw Futures.rethrow(e);
      }
      // to tell "no item", "another version", "a derived-key input changed" and "the caller's condition" apart, the
      // failure is explained from the item as it is: the one DynamoDB returned, or a consistent read of it
      CompletableFuture<Map<String, AttributeValue>> current = returnCurrent
          ? CompletableFuture.completedFuture(c.hasItem() ? c.item() : null) : readItem(p.key());
      return current.<T>thenApply(item -> {
        throw refusals.failure(p, item, true, c);
      });
    }).thenCompose(Function.identity());
  }

  // ---- reads a plan needs

  /** What planning reads from the stored item: {@code fields} (and the type attribute), strongly consistent. */
  @FunctionalInterface
  public interface Reads {
    /** The item's projection, or null when there is no item. */
    Map<String, AttributeValue> fields(Map<String, AttributeValue> key, Set<String> fields);
  }

  /** A plan asked for a read not yet made. */
  private static final class NeedsRead extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Map<String, AttributeValue> key;
    final transient Set<String> fields;

    NeedsRead(Map<String, AttributeValue> key, Set<String> fields) {
      super(null, null, false, false);
      this.key = key;
      this.fields = fields;
    }
  }

  /**
   * Makes a plan whose planning may read the stored item ({@link Reads}), on either client without blocking: planning
   * is pure and cheap, so a planner that asks for a read not made yet stops, the read is sent, and the planner runs
   * again with the answer at hand. Answers are given in the order they were asked: a planner asks the same reads in
   * the same order each run (only generated ids and timestamps differ, and a generated key is a new item anyway).
   */
  public <C extends WriteCommand> CompletableFuture<C> planned(Function<Reads, C> planner) {
    return planned(planner, new ArrayList<>());
  }

  private <C extends WriteCommand> CompletableFuture<C> planned(Function<Reads, C> planner,
      List<Optional<Map<String, AttributeValue>>> answers) {
    int[] asked = {0};
    Reads reads = (key, fields) -> {
      if (asked[0] < answers.size()) {
        return answers.get(asked[0]++).orElse(null);
      }
      throw new NeedsRead(key, new LinkedHashSet<>(fields));
    };
    try {
      return CompletableFuture.completedFuture(planner.apply(reads));
    } catch (NeedsRead n) {
      return readFields(n.key, n.fields).thenCompose(item -> {
        answers.add(Optional.ofNullable(item));
        return planned(planner, answers);
      });
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  // ---- plans: built by the planner of each kind of write, sent here or as actions of a transaction or batch

  public CreateCommand planCreate(T record) {
    return items.create(record);
  }

  /** The unconditional put of a batch (BatchWriteItem takes no conditions). */
  public PutCommand planBatchPut(T record, Reads reads) {
    return items.batchPut(record, reads);
  }

  public PutCommand planPut(T record, Condition condition, Reads reads) {
    return items.put(record, condition, reads);
  }

  public DeleteCommand planDelete(Key key, Condition condition) {
    return items.delete(key, condition);
  }

  public DeleteCommand planDelete(T record, Condition condition) {
    return items.delete(record, condition);
  }

  /** A condition check of a transaction: {@code condition} on the item at {@code key}. */
  public CheckCommand planCheck(Key key, Condition condition) {
    return items.check(key, condition);
  }

  /** The UpdateItem of {@code spec}: see {@link UpdatePlanner}. */
  public UpdateCommand planUpdate(UpdateSpec spec, Reads reads) {
    return new UpdatePlanner<>(this).plan(spec, reads);
  }

  /** The UpdateItem that writes {@code record} whole but keeps createdAt when the item exists. */
  public UpsertCommand planUpsert(T record, Reads reads) {
    return new UpsertPlanner<>(this).plan(record, reads);
  }

  private CompletableFuture<Map<String, AttributeValue>> readFields(Map<String, AttributeValue> key,
      Set<String> fields) {
    Expressions x = new Expressions();
    List<String> projected = new ArrayList<>();
    projected.add(x.name(entity.typeAttribute()));
    for (String f : fields) {
      projected.add(x.name(entity.mapper().field(f).stored()));
    }
    return db.getItem(GetItemRequest.builder().tableName(tableName).key(key).consistentRead(true)
        .projectionExpression(String.join(", ", projected)).expressionAttributeNames(x.names()).build())
        .thenApply(r -> r.hasItem() && !r.item().isEmpty() ? r.item() : null);
  }

  private CompletableFuture<Map<String, AttributeValue>> readItem(Map<String, AttributeValue> key) {
    return db.getItem(GetItemRequest.builder().tableName(tableName).key(key).consistentRead(true).build())
        .thenApply(r -> r.hasItem() && !r.item().isEmpty() ? r.item() : null);
  }
}
