package io.partita.model;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.partita.model.internal.Dynamo;
import io.partita.model.internal.Futures;
import io.partita.model.internal.TableFeatures;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * A {@link Model} bound to a {@link DynamoDbAsyncClient}: {@link ModelClient}'s API with futures, for fanning out
 * over shards or cells and for services that do not block a thread per request. Both clients run the same code
 * (item building, key rendering, conditions, decoding, typed failures, batch and conflict retries, listeners); only
 * the waiting differs: nothing here blocks a thread, and the backoff before a retry is a timer. Thread-safe; does not
 * own (or close) the DynamoDB client.
 *
 * <pre>{@code
 * AsyncModelClient db = AsyncModelClient.builder(model, dynamoAsync).cursorKey(secret).build();
 * CompletableFuture<Post> written = db.entity(post).create(new Post("alice", null, "Hello", ...));
 * CompletableFuture<Page<Post>> page = db.query(postsByUser).partition(Key.of("username", "alice")).pageAsync();
 * }</pre>
 *
 * <p>Queries, scans, batches, transactions, updates and vector searches are the same builders as {@link
 * ModelClient}'s; run them with their {@code …Async()} methods ({@link Query#pageAsync()}, {@link Query#allAsync()},
 * {@link Scan#pageAsync()}, {@link BatchGet#executeAsync()}, {@link BatchWrite#executeAsync()}, {@link
 * Transaction#executeAsync()}, {@link TransactGet#executeAsync()}, {@link Update#executeAsync()}, {@link
 * VectorSearch#runAsync()}). Their blocking methods ({@code page()}, {@code execute()}, …) work too, waiting on the
 * calling thread. A future fails with the exception the synchronous method throws ({@link ConditionFailedException},
 * {@link VersionConflictException}, …), wrapped in a {@link java.util.concurrent.CompletionException} by {@code
 * join()} as futures do. Listeners' {@code after} runs on the thread that completes the request.
 */
public final class AsyncModelClient {
  private final ClientCore core;
  private final DynamoDbAsyncClient dynamo;

  private AsyncModelClient(Builder b) {
    this.core = b.core(Dynamo.of(b.dynamo));
    this.dynamo = b.dynamo;
  }

  /** A client with the system clock and a random cursor key (cursors then work only with this instance). */
  public static AsyncModelClient create(Model model, DynamoDbAsyncClient dynamo) {
    return builder(model, dynamo).build();
  }

  public static Builder builder(Model model, DynamoDbAsyncClient dynamo) {
    return new Builder(model, dynamo);
  }

  public Model model() {
    return core.model;
  }

  /**
   * {@link ModelClient#createTable()}: CreateTable (with the stream and the tags), then UpdateTimeToLive and
   * UpdateContinuousBackups, in that order and when the schema asks for them, once DescribeTable says ACTIVE (polled
   * every 100 ms on a timer, for a minute at most). A failed follow-up fails the future with a ModelException saying
   * the table exists without it.
   */
  public CompletableFuture<Void> createTable() {
    TableSchema table = core.model.table();
    return Futures.call(() -> core.dynamo.createTable(table.createTableRequest())).thenCompose(created -> {
      var ttl = table.timeToLiveRequest();
      var pitr = table.pointInTimeRecoveryRequest();
      if (ttl.isEmpty() && pitr.isEmpty()) {
        return CompletableFuture.<Void>completedFuture(null);
      }
      return awaitActive(table.name(), 1)
          .thenCompose(active -> followUp(table, "enabling time to live",
              ttl.map(r -> Futures.call(() -> dynamo.updateTimeToLive(r))).orElse(null)))
          .thenCompose(x -> followUp(table, "enabling point-in-time recovery",
              pitr.map(r -> Futures.call(() -> dynamo.updateContinuousBackups(r))).orElse(null)));
    });
  }

  /** {@code request} (null: nothing to do), its failure said to be the follow-up {@code what}'s. */
  private static CompletableFuture<Void> followUp(TableSchema table, String what, CompletableFuture<?> request) {
    if (request == null) {
      return CompletableFuture.completedFuture(null);
    }
    return request.handle((r, e) -> {
      if (e != null) {
        throw TableFeatures.followUpFailed(table.name(), what, e);
      }
      return null;
    });
  }

  private CompletableFuture<Void> awaitActive(String table, int attempt) {
    return dynamo.describeTable(b -> b.tableName(table)).thenCompose(d -> {
      if (d.table().tableStatus() == software.amazon.awssdk.services.dynamodb.model.TableStatus.ACTIVE) {
        return CompletableFuture.<Void>completedFuture(null);
      }
      if (attempt >= 600) {
        throw new ModelException("Table " + table + " was not ACTIVE within a minute of CreateTable");
      }
      return CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(100,
          java.util.concurrent.TimeUnit.MILLISECONDS)).thenCompose(x -> awaitActive(table, attempt + 1));
    });
  }

  /** The handle for one entity of the model. */
  public <T extends Record> AsyncEntityClient<T> entity(Entity<T> entity) {
    return handle(core.model.entityModel(entity));
  }

  /** The handle for the entity whose record class is {@code type}. */
  public <T extends Record> AsyncEntityClient<T> entity(Class<T> type) {
    return handle(core.model.entityModel(type));
  }

  private <T extends Record> AsyncEntityClient<T> handle(io.partita.model.internal.EntityModel<T> e) {
    return new AsyncEntityClient<>(core, core.ops(e, false), e.name());
  }

  /** A query by one of the model's access patterns; run it with {@link Query#pageAsync()} or {@link Query#allAsync()}. */
  public <R> Query<R> query(AccessPattern<R> pattern) {
    core.model.patternModel(pattern); // refuse a pattern of another model now, not at pageAsync()
    return new Query<>(core, pattern);
  }

  /** {@link ModelClient#search}; run it with {@link VectorSearch#runAsync()}. */
  public <T extends Record> VectorSearch<T> search(Entity<T> entity, String index) {
    return new VectorSearch<>(core, core.model.vectorBinding(entity, index));
  }

  /** A TransactWriteItems; run it with {@link Transaction#executeAsync()}. */
  public Transaction transaction() {
    return new Transaction(core);
  }

  /** A TransactGetItems; run it with {@link TransactGet#executeAsync()}. */
  public TransactGet transactGet() {
    return new TransactGet(core);
  }

  /** A BatchGetItem, chunked and retried as {@link ModelClient#batchGet()}; run it with {@link BatchGet#executeAsync()}. */
  public BatchGet batchGet() {
    return new BatchGet(core);
  }

  /** A BatchWriteItem, chunked and retried as {@link ModelClient#batchWrite()}; run it with {@link BatchWrite#executeAsync()}. */
  public BatchWrite batchWrite() {
    return new BatchWrite(core);
  }

  /**
   * {@link ModelClient#retryOnConflict}: runs {@code work} again, after the policy's backoff (a timer), while its
   * future fails with a conflict. {@code work} must make its reads itself, so each run starts from the item as it is.
   */
  public <V> CompletableFuture<V> retryOnConflict(RetryPolicy retry, Supplier<CompletableFuture<V>> work) {
    return Conflicts.retry(retry, false, work);
  }

  /** {@link #retryOnConflict(RetryPolicy, Supplier)} with {@link RetryPolicy#defaults()}. */
  public <V> CompletableFuture<V> retryOnConflict(Supplier<CompletableFuture<V>> work) {
    return retryOnConflict(RetryPolicy.defaults(), work);
  }

  /** Configures an {@link AsyncModelClient}; the same settings as {@link ModelClient.Builder}. */
  public static final class Builder extends ClientBuilder<Builder> {
    private final DynamoDbAsyncClient dynamo;

    private Builder(Model model, DynamoDbAsyncClient dynamo) {
      super(model);
      this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    }

    @Override
    Builder self() {
      return this;
    }

    public AsyncModelClient build() {
      return new AsyncModelClient(this);
    }
  }
}
