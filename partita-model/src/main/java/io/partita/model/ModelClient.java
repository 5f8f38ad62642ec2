package io.partita.model;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.Dynamo;
import io.partita.model.internal.Futures;
import io.partita.model.internal.TableFeatures;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link Model} bound to a {@link DynamoDbClient}: Partita embedded or server, Amazon DynamoDB,
 * ScyllaDB Alternator. Thread-safe; does not own (or close) the DynamoDB client.
 *
 * <pre>{@code
 * ModelClient db = ModelClient.builder(model, dynamo).cursorKey(secret).build();
 * Post written = db.entity(post).create(new Post("alice", null, "Hello", ...));
 * Page<Post> page = db.query(postsByUser).partition(Key.of("username", "alice")).limit(10).page();
 * }</pre>
 */
public final class ModelClient {
  private final ClientCore core;
  private final DynamoDbClient dynamo;

  private ModelClient(Builder b) {
    this.core = b.core(Dynamo.of(b.dynamo));
    this.dynamo = b.dynamo;
  }

  /** A client with the system clock and a random cursor key (cursors then work only with this instance). */
  public static ModelClient create(Model model, DynamoDbClient dynamo) {
    return builder(model, dynamo).build();
  }

  public static Builder builder(Model model, DynamoDbClient dynamo) {
    return new Builder(model, dynamo);
  }

  public Model model() {
    return core.model;
  }

  /**
   * Creates the model's table ({@link TableSchema#createTableRequest()}, with its stream and tags), then, in this
   * order, enables time to live when an entity declares a ttl field ({@link TableSchema#timeToLiveRequest()}) and
   * point-in-time recovery when the schema asks for it ({@link TableSchema#pointInTimeRecoveryRequest()}): CreateTable
   * cannot carry those two, so they are sent once DescribeTable says ACTIVE (on Amazon DynamoDB the table is CREATING
   * for a while). For tests and local development.
   *
   * @throws ModelException when a request after CreateTable fails: the table exists without what that request
   *     enables, and the message says which
   */
  public void createTable() {
    TableSchema table = core.model.table();
    Futures.join(core.dynamo.createTable(table.createTableRequest()));
    var ttl = table.timeToLiveRequest();
    var pitr = table.pointInTimeRecoveryRequest();
    if (ttl.isEmpty() && pitr.isEmpty()) {
      return;
    }
    awaitActive(table.name());
    try {
      ttl.ifPresent(dynamo::updateTimeToLive);
    } catch (RuntimeException e) {
      throw TableFeatures.followUpFailed(table.name(), "enabling time to live", e);
    }
    try {
      pitr.ifPresent(dynamo::updateContinuousBackups);
    } catch (RuntimeException e) {
      throw TableFeatures.followUpFailed(table.name(), "enabling point-in-time recovery", e);
    }
  }

  private void awaitActive(String table) {
    for (int i = 0; i < 600; i++) {
      var status = dynamo.describeTable(b -> b.tableName(table)).table().tableStatus();
      if (status == software.amazon.awssdk.services.dynamodb.model.TableStatus.ACTIVE) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ModelException("Interrupted while table " + table + " was being created");
      }
    }
    throw new ModelException("Table " + table + " was not ACTIVE within a minute of CreateTable");
  }

  /** The handle for one entity of the model. */
  public <T extends Record> EntityClient<T> entity(Entity<T> entity) {
    return handle(core.model.entityModel(entity));
  }

  /** The handle for the entity whose record class is {@code type}. */
  public <T extends Record> EntityClient<T> entity(Class<T> type) {
    return handle(core.model.entityModel(type));
  }

  private <T extends Record> EntityClient<T> handle(io.partita.model.internal.EntityModel<T> e) {
    return new EntityClient<>(core, core.ops(e, false), e.name());
  }

  /** A TransactWriteItems over the model's entities: put, create, update, delete, check. */
  public Transaction transaction() {
    return new Transaction(core);
  }

  /** A BatchGetItem of keys of the model's entities: chunked, unprocessed keys retried ({@link RetryPolicy}). */
  public BatchGet batchGet() {
    return new BatchGet(core);
  }

  /** A BatchWriteItem of puts and deletes: chunked, unprocessed writes retried ({@link RetryPolicy}). */
  public BatchWrite batchWrite() {
    return new BatchWrite(core);
  }

  /**
   * Runs {@code work} and, when another writer came first, runs it again: a {@link VersionConflictException}, or a
   * {@link TransactionCanceledException} whose failed actions are all version conflicts (or conflicts with another
   * transaction), is retried after {@code retry}'s full-jitter backoff, up to its {@code maxAttempts} runs; then the
   * last conflict is thrown. Any other exception is thrown at once. {@code work} must read what it changes inside
   * itself, so each run starts from the item as it is:
   *
   * <pre>{@code
   * Account after = db.retryOnConflict(RetryPolicy.defaults(), () -> {
   *   Account a = db.entity(account).get(Key.of("id", "a"), true).orElseThrow();
   *   return db.entity(account).put(new Account(a.id(), a.balance() - 10, a.version()));
   * });
   * }</pre>
   */
  public <V> V retryOnConflict(RetryPolicy retry, java.util.function.Supplier<V> work) {
    java.util.Objects.requireNonNull(work, "work");
    return Futures.join(Conflicts.retry(retry, true, () -> CompletableFuture.completedFuture(work.get())));
  }

  /** {@link #retryOnConflict(RetryPolicy, java.util.function.Supplier)} with {@link RetryPolicy#defaults()}. */
  public <V> V retryOnConflict(java.util.function.Supplier<V> work) {
    return retryOnConflict(RetryPolicy.defaults(), work);
  }

  /** A TransactGetItems of keys of the model's entities. */
  public TransactGet transactGet() {
    return new TransactGet(core);
  }

  /** A query by one of the model's access patterns. */
  public <R> Query<R> query(AccessPattern<R> pattern) {
    core.model.patternModel(pattern); // refuse a pattern of another model now, not at page()
    return new Query<>(core, pattern);
  }

  /**
   * A SearchVectors of vector index {@code index} for {@code entity}'s records, most similar first, each with its
   * score: see {@link VectorSearch}.
   *
   * @throws ValidationException when the entity binds no field to that index ({@link Entity#vector})
   */
  public <T extends Record> VectorSearch<T> search(Entity<T> entity, String index) {
    return new VectorSearch<>(core, core.model.vectorBinding(entity, index));
  }

  /** Configures a {@link ModelClient}. */
  public static final class Builder extends ClientBuilder<Builder> {
    private final DynamoDbClient dynamo;

    private Builder(Model model, DynamoDbClient dynamo) {
      super(model);
      this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    }

    @Override
    Builder self() {
      return this;
    }

    public ModelClient build() {
      return new ModelClient(this);
    }
  }
}
