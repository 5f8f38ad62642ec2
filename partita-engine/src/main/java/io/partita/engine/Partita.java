package io.partita.engine;

import io.partita.engine.ops.ApiConstraints;
import io.partita.engine.ops.EngineContext;
import io.partita.engine.storage.DataFormat;
import io.partita.engine.storage.StorageException;
import io.partita.engine.storage.Store;
import io.partita.engine.table.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;

/**
 * A Partita database: DynamoDB's data model and semantics, in-process, on a data directory or in
 * memory. Requests and responses are the AWS SDK v2 model types; refusals are {@link
 * PartitaException}s carrying DynamoDB's error code and message.
 *
 * <p>Thread-safe. A write is durable when its call returns. {@link #close()} waits for requests in
 * flight and then closes storage; requests after that are refused.
 */
public final class Partita implements AutoCloseable {
  private final Store store;
  private final boolean durable;
  private final EngineContext ctx;
  private final ReadWriteLock open = new ReentrantReadWriteLock();
  private final ExecutorService ownExecutor;
  private volatile boolean closed;

  private Partita(Store store, Clock clock, boolean durable, Limits limits, Executor background) {
    this.store = store;
    this.durable = durable;
    this.ownExecutor = background == null ? backgroundThread() : null;
    try {
      DataFormat.initOrCheck(store);
      this.ctx = new EngineContext(store, new Catalog(store), clock, limits,
          background == null ? ownExecutor : background, this::whileOpen);
      ctx.resumeBackgroundWork();
    } catch (RuntimeException e) {
      if (ownExecutor != null) {
        ownExecutor.shutdownNow();
      }
      store.close();
      throw e;
    }
  }

  /** How to open a database with other settings than the defaults: {@code Partita.with().limits(l).inMemory()}. */
  public static Options with() {
    return new Options();
  }

  /** Settings for opening a database; see {@link #with()}. */
  public static final class Options {
    private Limits limits = Limits.DYNAMODB;
    private Executor background;
    private Clock clock = Clock.systemUTC();

    private Options() {}

    /** The clock of time-dependent rules (the 10-minute window of transaction tokens); a test may move it. */
    public Options clock(Clock clock) {
      this.clock = java.util.Objects.requireNonNull(clock);
      return this;
    }

    /** Other limits than DynamoDB's (a test that must reach one, say). */
    public Options limits(Limits limits) {
      this.limits = java.util.Objects.requireNonNull(limits);
      return this;
    }

    /**
     * Where background work runs (index backfills, one chunk per task). By default the database
     * runs it on one daemon thread of its own; a test can pass an executor it drives by hand to
     * see an index while it is still CREATING.
     */
    public Options backgroundExecutor(Executor executor) {
      this.background = java.util.Objects.requireNonNull(executor);
      return this;
    }

    public Partita open(Path directory) {
      return new Partita(Store.open(directory), clock, true, limits, background);
    }

    public Partita inMemory() {
      return new Partita(Store.inMemory(), clock, false, limits, background);
    }
  }

  private static ExecutorService backgroundThread() {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "partita-background");
      t.setDaemon(true);
      return t;
    });
    pool.allowCoreThreadTimeOut(true); // an idle database keeps no thread
    return pool;
  }

  /** Runs a step of background work unless the database is closed; close waits for a step in progress. */
  private boolean whileOpen(Runnable step) {
    open.readLock().lock();
    try {
      if (closed) {
        return false;
      }
      step.run();
      return true;
    } finally {
      open.readLock().unlock();
    }
  }

  /**
   * Opens the database in {@code directory}, creating it if needed.
   *
   * @throws StorageException if the directory is open in another process, or holds data of an
   *     unknown or newer format
   */
  public static Partita open(Path directory) {
    return open(directory, Limits.DYNAMODB);
  }

  /** {@link #open(Path)} with other limits than DynamoDB's (a test that must reach one, say). */
  public static Partita open(Path directory, Limits limits) {
    return with().limits(limits).open(directory);
  }

  /** A new, empty database in memory, running the same storage code on RocksDB's memory environment. */
  public static Partita inMemory() {
    return inMemory(Limits.DYNAMODB);
  }

  /** {@link #inMemory()} with other limits than DynamoDB's. */
  public static Partita inMemory(Limits limits) {
    return with().limits(limits).inMemory();
  }

  /**
   * Whether writes are synced to a data directory before they return (so a write call may wait for
   * the disk); {@code false} for an in-memory database, whose calls never wait on I/O.
   */
  public boolean isDurable() {
    return durable;
  }

  /** Names of the DynamoDB operations this engine serves. */
  public static Set<String> operationNames() {
    return Operations.all().keySet();
  }

  /** The request type of a DynamoDB operation name, or {@code null} when it is not served. */
  public static Class<? extends DynamoDbRequest> requestType(String operationName) {
    Operations.Op op = Operations.byName(operationName);
    return op == null ? null : op.requestType();
  }

  /**
   * Executes any served request and answers its response type ({@code PutItemRequest} gives a
   * {@code PutItemResponse}).
   *
   * @throws PartitaException with DynamoDB's error for a refused request, and
   *     UnknownOperationException for an operation not built yet
   */
  @SuppressWarnings("unchecked")
  public <R extends DynamoDbResponse> R execute(DynamoDbRequest request) {
    Operations.Op op = Operations.byType(request.getClass());
    if (op == null) {
      throw new PartitaException(ErrorCode.UnknownOperationException,
          "Partita does not support the operation " + operationName(request) + " yet");
    }
    open.readLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException("this Partita database is closed");
      }
      ApiConstraints.check(request);
      return (R) op.handler().apply(ctx, request);
    } catch (StorageException e) {
      throw new PartitaException(ErrorCode.InternalServerError, "Internal server error: " + e.getMessage());
    } finally {
      open.readLock().unlock();
    }
  }

  private static String operationName(DynamoDbRequest request) {
    String simple = request.getClass().getSimpleName();
    return simple.endsWith("Request") ? simple.substring(0, simple.length() - "Request".length()) : simple;
  }

  @Override
  public void close() {
    open.writeLock().lock();
    try {
      if (!closed) {
        closed = true;
        if (ownExecutor != null) {
          ownExecutor.shutdown(); // queued steps find the database closed and return
        }
        store.close();
      }
    } finally {
      open.writeLock().unlock();
    }
  }
}
