package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.partita.model.internal.EntityModel;
import io.partita.model.internal.Futures;
import io.partita.model.internal.ScanExecutor;

/**
 * A Scan of one entity's items, {@code db.entity(note).scan()}: every item of the table is read, and DynamoDB's
 * filter on the type attribute (plus an optional {@link #filter}) keeps this entity's. It is deliberately not an
 * access pattern — the model's patterns are still all served by GetItem or Query, and the worksheet says so — but
 * the tool for what reads everything: backfills and migrations, exports, admin jobs. It costs the whole table's
 * read capacity whatever it keeps.
 *
 * <pre>{@code
 * Page<Note> page = db.entity(note).scan().filter(Condition.eq("archived", false)).limit(100).page();
 * Page<Note> next = db.entity(note).scan().filter(Condition.eq("archived", false)).limit(100)
 *     .after(page.cursor().orElseThrow()).page();
 *
 * db.entity(note).scan().segments(4).forEach(executor, n -> backfill(n));   // a parallel scan, 4 segments
 * }</pre>
 *
 * <p>Paging is the {@link Query}'s: {@code limit} is the page size and DynamoDB's Limit per request (counted before
 * the filter, so a page can come back short; {@link #maxRequests} lets it read on), and cursors are signed and bound
 * to the entity, the filter and the segment. A Scan is a mutable builder: not thread-safe.
 */
public final class Scan<T extends Record> {
  private final ClientCore client;
  private final EntityModel<T> entity;
  private Condition filter;
  private Integer limit;
  private int maxRequests = 1;
  private boolean consistentRead;
  private String cursor;
  private int segment = -1;
  private int segments;

  Scan(ClientCore client, EntityModel<T> entity) {
    this.client = client;
    this.entity = entity;
  }

  /** Keeps only the items where {@code filter} holds too (applied by DynamoDB after reading). */
  public Scan<T> filter(Condition filter) {
    this.filter = Objects.requireNonNull(filter, "filter");
    return this;
  }

  /** The most items a page returns; also DynamoDB's Limit for each request (items read before filtering). */
  public Scan<T> limit(int limit) {
    this.limit = Pages.atLeastOne(limit, "limit");
    return this;
  }

  /** How many Scan requests one {@link #page()} may make to fill its limit (default 1). */
  public Scan<T> maxRequests(int maxRequests) {
    this.maxRequests = Pages.atLeastOne(maxRequests, "maxRequests");
    return this;
  }

  public Scan<T> consistentRead() {
    this.consistentRead = true;
    return this;
  }

  /**
   * Continue after a page: a cursor from {@link Page#cursor()} of the same scan (same entity, filter and segment).
   *
   * @throws InvalidCursorException (from {@link #page()}) when it was altered or belongs to another scan or query
   */
  public Scan<T> after(String cursor) {
    this.cursor = Objects.requireNonNull(cursor, "cursor");
    return this;
  }

  /**
   * Splits the scan into {@code count} segments (DynamoDB's parallel scan, 1 to 1,000,000), each read on its own;
   * together they return every item once.
   */
  public Segments<T> segments(int count) {
    if (count < 1 || count > 1_000_000) {
      throw new IllegalArgumentException("a parallel scan has 1 to 1000000 segments, not " + count);
    }
    if (segment >= 0) {
      throw new IllegalStateException("this scan is already segment " + segment + " of " + segments);
    }
    if (cursor != null) {
      throw new IllegalStateException("a cursor continues one segment: give it to segment(i).after(cursor)");
    }
    return new Segments<>(this, count);
  }

  /** One page. */
  public Page<T> page() {
    return Futures.join(pageAsync());
  }

  /** {@link #page()} without waiting (see {@link Query#pageAsync()}). */
  public CompletableFuture<Page<T>> pageAsync() {
    return Futures.call(() -> {
      ScanExecutor<T> executor = executor();
      return Pages.page(client.cursors, executor.identity(), cursor, executor::fetch);
    });
  }

  /** {@link #all()} without waiting: each page's request is sent when the previous page answered. */
  public CompletableFuture<List<T>> allAsync() {
    return Futures.call(() -> {
      ScanExecutor<T> executor = executor();
      return Pages.all(client.cursors, executor.identity(), cursor, executor::fetch);
    });
  }

  /** Every page, lazily: a request is made only when the stream needs the next page. */
  public Stream<Page<T>> pages() {
    ScanExecutor<T> executor = executor();
    return Pages.pages(client.cursors, executor.identity(), cursor, executor::fetch);
  }

  /** Every item of every page, lazily. */
  public Stream<T> stream() {
    return pages().flatMap(p -> p.items().stream());
  }

  /** Every item, read to the end. */
  public List<T> all() {
    return stream().toList();
  }

  private ScanExecutor<T> executor() {
    return client.scanExecutor(entity, filter, limit, maxRequests, consistentRead, segment, segments);
  }

  private Scan<T> copy(int segment, int segments) {
    Scan<T> s = new Scan<>(client, entity);
    s.filter = filter;
    s.limit = limit;
    s.maxRequests = maxRequests;
    s.consistentRead = consistentRead;
    s.segment = segment;
    s.segments = segments;
    return s;
  }

  /**
   * The segments of a parallel scan. Each {@link #segment(int)} is a {@link Scan} of its own (pages, cursors,
   * streams), for callers that schedule segments themselves, e.g. one per worker with a checkpointed cursor each;
   * {@link #forEach} and {@link #forEachPage} run them all on an {@link Executor} and wait.
   */
  public static final class Segments<T extends Record> {
    private final Scan<T> scan;
    private final int count;

    private Segments(Scan<T> scan, int count) {
      this.scan = scan;
      this.count = count;
    }

    public int count() {
      return count;
    }

    /** Segment {@code index} (0 to count - 1) as a scan of its own, with the settings of the scan split. */
    public Scan<T> segment(int index) {
      if (index < 0 || index >= count) {
        throw new IndexOutOfBoundsException("segment " + index + " of " + count);
      }
      return scan.copy(index, count);
    }

    /** Every segment, in order. */
    public List<Scan<T>> all() {
      List<Scan<T>> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        out.add(segment(i));
      }
      return Collections.unmodifiableList(out);
    }

    /**
     * Reads every segment as a task on {@code executor} (each segment's pages in order, on one thread at a time)
     * and gives each page, with its segment number, to {@code action}, which must be thread-safe. Returns when
     * every segment has ended; the first failure (of a read or of {@code action}) is thrown, after the others end.
     */
    public void forEachPage(Executor executor, BiConsumer<Integer, Page<T>> action) {
      Objects.requireNonNull(executor, "executor");
      Objects.requireNonNull(action, "action");
      List<CompletableFuture<Void>> running = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        int index = i;
        Scan<T> s = segment(i);
        running.add(CompletableFuture.runAsync(() -> s.pages().forEach(p -> action.accept(index, p)), executor));
      }
      try {
        CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0])).join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        if (e.getCause() instanceof Error r) {
          throw r;
        }
        throw e;
      }
    }

    /** {@link #forEachPage} item by item; {@code action} must be thread-safe. */
    public void forEach(Executor executor, Consumer<? super T> action) {
      Objects.requireNonNull(action, "action");
      forEachPage(executor, (segment, page) -> page.items().forEach(action));
    }
  }
}
