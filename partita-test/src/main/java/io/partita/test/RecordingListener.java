package io.partita.test;

import io.partita.model.AccessPattern;
import io.partita.model.ModelListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Records every request a {@link io.partita.model.ModelClient} sends, and asserts on them: which operations, on
 * which table and index, for which access pattern, and the capacity they consumed. The one a {@link ModelTest}
 * injects is the listener of the injected client, emptied before each test; a client of the test's own (another
 * cursor key, say) records here when built with {@code .listener(requests)}.
 *
 * <pre>{@code
 * db.query(ORDERS_BY_CUSTOMER).partition(Key.of("customerId", "c1")).all();
 * requests.servedBy(ORDERS_BY_CUSTOMER);          // one Query of the pattern's index, and no Scan
 * assertEquals(List.of("Query"), requests.operations());
 * }</pre>
 *
 * <p>Why a {@link ModelListener} and not an SDK interceptor: the listener is told which access pattern a request
 * serves, which no request on the wire says, and it is given the request exactly as sent (with {@code
 * ReturnConsumedCapacity} set, so capacity is always reported). The embedded client does not run the SDK's
 * interceptor chain at all. What the listener cannot see is a request the test sends itself through the raw
 * {@code DynamoDbClient}, which is not the code under test. Thread-safe.
 */
public final class RecordingListener implements ModelListener {

  /**
   * One request, once it ended.
   *
   * @param operation DynamoDB's operation name ({@code Query}, {@code PutItem}, ...)
   * @param table the table
   * @param index the index a Query or Scan read, empty for the table itself and for other operations
   * @param accessPattern the access pattern the request served, for the GetItem or Query of one
   * @param consumedCapacity the capacity units it consumed, as DynamoDB reported them; empty for a failure
   * @param error how it failed, as the SDK threw it
   * @param sdkRequest the request as sent
   */
  public record Request(String operation, String table, Optional<String> index, Optional<String> accessPattern,
      OptionalDouble consumedCapacity, Optional<RuntimeException> error, DynamoDbRequest sdkRequest) {
    @Override
    public String toString() {
      return operation + " " + table + index.map(i -> "." + i).orElse("")
          + accessPattern.map(p -> " [" + p + "]").orElse("")
          + (consumedCapacity.isPresent() ? " " + consumedCapacity.getAsDouble() + " units" : "")
          + error.map(e -> " failed: " + e.getClass().getSimpleName()).orElse("");
    }
  }

  private final List<Request> requests = new ArrayList<>();
  /** Told after every request (the Switches' counts); nothing for a listener made by a test. */
  private final Runnable afterEachRequest;

  public RecordingListener() {
    this(() -> {});
  }

  RecordingListener(Runnable afterEachRequest) {
    this.afterEachRequest = afterEachRequest;
  }

  @Override
  public void after(ModelListener.Request request, Response response) {
    synchronized (this) {
      requests.add(new Request(request.operation(), request.table(), index(request.sdkRequest()),
          request.accessPattern(), response.consumedCapacity(), response.error(), request.sdkRequest()));
    }
    afterEachRequest.run();
  }

  private static Optional<String> index(DynamoDbRequest r) {
    return r instanceof QueryRequest q ? Optional.ofNullable(q.indexName())
        : r instanceof ScanRequest s ? Optional.ofNullable(s.indexName()) : Optional.empty();
  }

  /** The requests recorded, in the order they ended. */
  public synchronized List<Request> requests() {
    return List.copyOf(requests);
  }

  /** The recorded requests' operations, in order: {@code List.of("Query", "PutItem")}. */
  public synchronized List<String> operations() {
    return requests.stream().map(Request::operation).toList();
  }

  /** The capacity units the recorded requests consumed, all together. */
  public synchronized double capacityUsed() {
    return requests.stream().mapToDouble(r -> r.consumedCapacity().orElse(0)).sum();
  }

  /** Forgets what was recorded. */
  public synchronized void clear() {
    requests.clear();
  }

  /**
   * Asserts that {@code pattern} was served as designed: by exactly one request, a Query of the pattern's index
   * (or of the table), or the GetItem the model sends for a pattern whose key is whole, and that no Scan was sent.
   * One Query means one page: a query that needed a second request (a filter, a limit) fails here too.
   *
   * @throws AssertionError saying what was sent instead
   */
  public synchronized void servedBy(AccessPattern<?> pattern) {
    Objects.requireNonNull(pattern, "pattern");
    noScan();
    List<Request> serving = requests.stream().filter(r -> r.accessPattern().equals(Optional.of(pattern.name())))
        .toList();
    if (serving.size() != 1) {
      throw failure("access pattern '" + pattern.name() + "' was served by " + serving.size()
          + " requests, not one");
    }
    Request r = serving.get(0);
    if (!r.operation().equals("Query") && !r.operation().equals("GetItem")) {
      throw failure("access pattern '" + pattern.name() + "' was served by a " + r.operation());
    }
    if (r.operation().equals("Query") && !r.index().equals(pattern.index())) {
      throw failure("access pattern '" + pattern.name() + "' should read " + pattern.index().orElse("the table")
          + " but read " + r.index().orElse("the table"));
    }
  }

  /**
   * Asserts that no Scan was sent.
   *
   * @throws AssertionError listing the requests
   */
  public synchronized void noScan() {
    if (requests.stream().anyMatch(r -> r.operation().equals("Scan"))) {
      throw failure("a Scan was sent");
    }
  }

  private AssertionError failure(String what) {
    StringBuilder b = new StringBuilder(what).append("; requests sent:");
    if (requests.isEmpty()) {
      b.append(" none");
    }
    for (Request r : requests) {
      b.append("\n  ").append(r);
    }
    return new AssertionError(b.toString());
  }
}
