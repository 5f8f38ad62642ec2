package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.partita.model.internal.Futures;
import io.partita.model.internal.QueryExecutor;
import io.partita.model.internal.QuerySettings;

/**
 * One read by access pattern, configured fluently, then run with {@link #page()} or {@link #stream()}:
 *
 * <pre>{@code
 * Page<Post> page = db.query(postsByUser)
 *     .partition(Key.of("username", "alice"))
 *     .descending().limit(10)
 *     .filter(Condition.eq("published", true))
 *     .maxRequests(5)              // keep reading past filtered-out items, at most 5 requests
 *     .after(cursorFromLastPage)
 *     .page();
 * }</pre>
 *
 * Results are decoded by the type attribute into {@code R}; items of other entities are skipped and counted.
 * A Query is a mutable builder: not thread-safe; configure it and run it in one thread.
 */
public final class Query<R> {
  private final ClientCore client;
  private final AccessPattern<R> pattern;
  private Key partition = Key.empty();
  private Key sort;
  private Key sortHigh;
  private AccessPattern.SortOp sortOp;
  private boolean descending;
  private Integer limit;
  private int maxRequests = 1;
  private boolean consistentRead;
  private List<String> projection = List.of();
  private Condition filter;
  private String cursor;

  Query(ClientCore client, AccessPattern<R> pattern) {
    this.client = client;
    this.pattern = pattern;
  }

  /** Values for the placeholders of the pattern's partition template (none needed for a constant one). */
  public Query<R> partition(Key values) {
    this.partition = Objects.requireNonNull(values, "values");
    return this;
  }

  /**
   * Values for the pattern's sort template, for its condition (EQ, BEGINS_WITH, GT, GTE, LT, LTE). For BEGINS_WITH
   * the template is filled up to the first placeholder without a value.
   */
  public Query<R> sort(Key values) {
    this.sort = Objects.requireNonNull(values, "values");
    return this;
  }

  /**
   * Values for the pattern's sort template, with condition {@code op}: one of the operators the pattern declares
   * ({@link AccessPattern.Builder#sortOps}); for BETWEEN use {@link #sortBetween}.
   *
   * @throws ValidationException (from {@link #page()}) when the pattern does not declare {@code op}
   */
  public Query<R> sort(AccessPattern.SortOp op, Key values) {
    this.sortOp = Objects.requireNonNull(op, "op");
    this.sort = Objects.requireNonNull(values, "values");
    return this;
  }

  /** Both bounds, inclusive, for a BETWEEN pattern. */
  public Query<R> sortBetween(Key low, Key high) {
    this.sortOp = AccessPattern.SortOp.BETWEEN;
    this.sort = Objects.requireNonNull(low, "low");
    this.sortHigh = Objects.requireNonNull(high, "high");
    return this;
  }

  /** Descending sort key order: newest first, for time-ordered sort keys. */
  public Query<R> descending() {
    this.descending = true;
    return this;
  }

  public Query<R> ascending() {
    this.descending = false;
    return this;
  }

  /**
   * The most items a page returns; also DynamoDB's Limit for each request (items read before filtering). Without a
   * limit a request reads up to DynamoDB's 1 MB page.
   */
  public Query<R> limit(int limit) {
    this.limit = Pages.atLeastOne(limit, "limit");
    return this;
  }

  /**
   * How many DynamoDB requests one {@link #page()} may make to fill its limit (default 1). Raise it for "N items of
   * this entity" when a filter or other entities' items leave requests short; the bound keeps cost predictable.
   */
  public Query<R> maxRequests(int maxRequests) {
    this.maxRequests = Pages.atLeastOne(maxRequests, "maxRequests");
    return this;
  }

  /** Strongly consistent reads; the table only, not a global index. */
  public Query<R> consistentRead() {
    this.consistentRead = true;
    return this;
  }

  /**
   * Reads only these fields (plus the keys and the type attribute). Fields left out decode as null, zero or empty,
   * whatever their declaration.
   */
  public Query<R> project(String... fields) {
    this.projection = List.of(fields);
    return this;
  }

  /** A filter on the entities' fields, applied by DynamoDB after reading (it saves bandwidth, not capacity). */
  public Query<R> filter(Condition filter) {
    this.filter = Objects.requireNonNull(filter, "filter");
    return this;
  }

  /**
   * Continue after a page: a cursor from {@link Page#cursor()} of this same query.
   *
   * @throws InvalidCursorException (from {@link #page()}) when it was altered or belongs to another query
   */
  public Query<R> after(String cursor) {
    this.cursor = Objects.requireNonNull(cursor, "cursor");
    return this;
  }

  /** Runs the query for one page. */
  public Page<R> page() {
    return Futures.join(pageAsync());
  }

  /**
   * {@link #page()} without waiting (on an {@link AsyncModelClient}, nothing blocks; on a {@link ModelClient}, the
   * future is complete when returned). The future fails with the exceptions {@code page()} throws.
   */
  public CompletableFuture<Page<R>> pageAsync() {
    return Futures.call(() -> {
      QueryExecutor<R> executor = executor();
      return Pages.page(client.cursors, executor.identity(), cursor, executor::fetch);
    });
  }

  /** {@link #all()} without waiting: each page's request is sent when the previous page answered. */
  public CompletableFuture<List<R>> allAsync() {
    return Futures.call(() -> {
      QueryExecutor<R> executor = executor();
      return Pages.all(client.cursors, executor.identity(), cursor, executor::fetch);
    });
  }

  /** Every page, lazily: a request is made only when the stream needs the next page. */
  public Stream<Page<R>> pages() {
    QueryExecutor<R> executor = executor();
    return Pages.pages(client.cursors, executor.identity(), cursor, executor::fetch);
  }

  /** Every item of every page, lazily. */
  public Stream<R> stream() {
    return pages().flatMap(p -> p.items().stream());
  }

  /** Every item, read to the end. */
  public List<R> all() {
    List<R> out = new ArrayList<>();
    stream().forEach(out::add);
    return Collections.unmodifiableList(out);
  }

  private QueryExecutor<R> executor() {
    QuerySettings settings = new QuerySettings(partition, sort, sortHigh, descending, limit, maxRequests,
        consistentRead, projection, filter, sortOp);
    return client.executor(pattern, settings);
  }
}
