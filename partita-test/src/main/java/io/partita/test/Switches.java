package io.partita.test;

import io.partita.engine.ErrorCode;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.engine.StorageFaults;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Trouble a test turns on, through Partita's own fault injection, so the error a test sees is the one the engine
 * answers (and Amazon DynamoDB would): injected by {@link ModelTest}, turned off again after each test.
 *
 * <pre>{@code
 * switches.throttleWrites(2);                        // the next two writes to the table: ThrottlingException
 * switches.failStorageWrites(1);                     // the next write fails in storage: ServiceUnavailable
 * switches.advanceClock(Duration.ofSeconds(1));      // a provisioned table's throughput refills
 * }</pre>
 *
 * <p>"The next {@code n}" is counted as requests of the injected {@link io.partita.model.ModelClient} end (a client
 * of the test's own counts when built with the injected {@link RecordingListener}): the engine injects, the kit
 * turns the fault off once the {@code n}-th has been injected. One request fault and one storage fault can be on
 * at a time; turning one on again replaces it.
 *
 * <p>Not here, because the engine cannot inject it: a transaction conflict ({@code TransactionConflictException},
 * a {@code TransactionConflict} cancellation reason). Partita answers one only when two requests really meet on
 * an item, and offers no switch to make the next transaction meet one.
 */
public final class Switches {
  private static final Set<String> WRITES =
      Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems");

  private final Partita partita;
  private final StorageFaults storage;
  private final ManualClock clock;
  /** The faults the test class asked for ({@link ModelTest#faults}): what {@link #clear} goes back to. */
  private final Faults classFaults;
  /** Request faults still to inject (the engine counts those it injected since they were turned on); 0: none. */
  private long requestFaults;
  /** Storage writes still to fail, counted from {@link #storageBase} write attempts; 0: none. */
  private long storageWrites;
  private long storageBase;

  Switches(Partita partita, StorageFaults storage, ManualClock clock, Faults classFaults) {
    this.partita = partita;
    this.storage = storage;
    this.clock = clock;
    this.classFaults = classFaults;
  }

  /**
   * The next {@code requests} write requests (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems)
   * fail with ThrottlingException before they run: nothing is written.
   */
  public Switches throttleWrites(int requests) {
    return failRequests(requests, ErrorCode.ThrottlingException, WRITES.toArray(String[]::new));
  }

  /**
   * The next {@code requests} transactions and single-item writes meet a transaction in progress on their item, as
   * a concurrent writer makes them meet one: a TransactWriteItems or TransactGetItems is canceled with a
   * TransactionConflict reason (the model's {@code TransactionCanceledException}, which {@code retryOnConflict}
   * retries), a PutItem, UpdateItem or DeleteItem fails with TransactionConflictException. Nothing is written.
   */
  public Switches conflicts(int requests) {
    return failRequests(requests, ErrorCode.TransactionConflictException, "TransactWriteItems", "TransactGetItems",
        "PutItem", "UpdateItem", "DeleteItem");
  }

  /**
   * The next {@code requests} requests of the {@code operations} named (all, when none is) fail with {@code error}
   * before they run. The engine injects the errors a busy or failing DynamoDB answers ({@link Faults#RETRYABLE}:
   * InternalServerError, ServiceUnavailable, ThrottlingException) and a transaction's conflict ({@link #conflicts}),
   * and refuses others.
   *
   * <p>Requests to any table of the database: the model's is its only one unless the test made others. (Not
   * narrowed to the model's table, because the engine's table filter reads a request's TableName, which a batch or
   * a transaction does not have: they would never fail.)
   */
  public synchronized Switches failRequests(int requests, ErrorCode error, String... operations) {
    positive(requests);
    partita.injectFaults(checked(new Faults(1, List.of(error), Set.of(operations), Set.of(), 0)));
    requestFaults = requests;
    return this;
  }

  /**
   * The next {@code writes} writes to storage fail with an I/O error before they are applied, as a failing disk
   * fails them ({@code StorageFaults.failWrites}): the engine answers each with ServiceUnavailable and writes
   * nothing, and reads go on. Every table's writes count, the control plane's (CreateTable) too.
   */
  public synchronized Switches failStorageWrites(int writes) {
    positive(writes);
    if (storage == null) {
      throw new IllegalStateException("failStorageWrites needs @ModelTest(storageFaults = true): the database then"
          + " runs on RocksDB's memory environment, which can fail its writes (org.rocksdb:rocksdbjni on the test's"
          + " class path)");
    }
    storageBase = storage.writeAttempts();
    storageWrites = writes;
    storage.failWrites(StorageFaults.Kind.IO_ERROR);
    return this;
  }

  /**
   * Moves the database's clock on: a provisioned table's throughput refills by that much time ({@link
   * ModelTest#throttling}); items whose Time to Live passed are deleted at {@code partita.expireNow()}. The clock
   * otherwise stands still (it started at the real time when the database opened). The {@code ModelClient}'s own
   * clock, for createdAt and updatedAt, is the system's.
   */
  public Switches advanceClock(Duration by) {
    clock.advance(by);
    return this;
  }

  /** Turns every switch off: the faults back to the class's {@link ModelTest#faults}, storage writing again. */
  public synchronized void clear() {
    off();
    partita.injectFaults(classFaults);
  }

  /** No fault at all, the class's neither: while the kit itself writes (the table, fixtures) and between tests. */
  synchronized void off() {
    requestFaults = 0;
    storageWrites = 0;
    partita.injectFaults(Faults.NONE);
    if (storage != null) {
      storage.clear();
    }
  }

  /** After each request of the client: turns off what has failed as many requests as it was asked to. */
  synchronized void afterRequest() {
    if (requestFaults > 0 && partita.injectedFaults() >= requestFaults) {
      requestFaults = 0;
      partita.injectFaults(classFaults);
    }
    if (storageWrites > 0 && storage.writeAttempts() - storageBase >= storageWrites) {
      storageWrites = 0;
      storage.clear();
    }
  }

  /**
   * {@code faults}, once each operation it names is one of the engine's: a misspelt one ({@code "Querry"}) would
   * otherwise match no request, and the test would pass without the fault it asked for.
   */
  static Faults checked(Faults faults) {
    for (String op : faults.operations()) {
      if (!Partita.operationNames().contains(op)) {
        throw new IllegalArgumentException("no operation is named " + op + " (DynamoDB's names: PutItem, Query,"
            + " TransactWriteItems, ...)");
      }
    }
    return faults;
  }

  private static void positive(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("at least one, not " + n);
    }
  }
}
