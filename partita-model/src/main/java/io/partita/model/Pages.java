package io.partita.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import io.partita.model.internal.Cursors;
import io.partita.model.internal.Futures;
import io.partita.model.internal.QueryExecutor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Pages of a Query or a Scan: fetched from a signed cursor, each page's next key signed again. */
final class Pages {
  private Pages() {}

  /** A page size or request budget, checked. */
  static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1");
    }
    return value;
  }

  /** One page from {@code cursor} (null: the beginning). */
  static <R> CompletableFuture<Page<R>> page(Cursors cursors, String identity, String cursor,
      Function<Map<String, AttributeValue>, CompletableFuture<QueryExecutor.Result<R>>> fetch) {
    return Futures.call(() -> {
      Map<String, AttributeValue> start = cursor == null ? null : cursors.decode(cursor, identity);
      return fetch.apply(start).thenApply(result -> page(cursors, identity, result));
    });
  }

  /**
   * Every item from {@code cursor} to the end, page after page, without blocking: each page's request is sent when
   * the previous page answered.
   */
  static <R> CompletableFuture<List<R>> all(Cursors cursors, String identity, String cursor,
      Function<Map<String, AttributeValue>, CompletableFuture<QueryExecutor.Result<R>>> fetch) {
    return Futures.call(() -> {
      Map<String, AttributeValue> start = cursor == null ? null : cursors.decode(cursor, identity);
      return rest(new ArrayList<>(), start, fetch).thenApply(Collections::unmodifiableList);
    });
  }

  private static <R> CompletableFuture<List<R>> rest(List<R> out, Map<String, AttributeValue> from,
      Function<Map<String, AttributeValue>, CompletableFuture<QueryExecutor.Result<R>>> fetch) {
    return fetch.apply(from).thenCompose(result -> {
      out.addAll(result.items());
      return result.next() == null ? CompletableFuture.completedFuture(out) : rest(out, result.next(), fetch);
    });
  }

  /** Every page from {@code cursor}, lazily: a request is made only when the stream needs the next page. */
  static <R> Stream<Page<R>> pages(Cursors cursors, String identity, String cursor,
      Function<Map<String, AttributeValue>, CompletableFuture<QueryExecutor.Result<R>>> fetch) {
    Map<String, AttributeValue> first = cursor == null ? null : cursors.decode(cursor, identity);
    Spliterator<Page<R>> pages = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE, Spliterator.ORDERED
        | Spliterator.NONNULL) {
      private Map<String, AttributeValue> next = first;
      private boolean done;

      @Override
      public boolean tryAdvance(Consumer<? super Page<R>> action) {
        if (done) {
          return false;
        }
        QueryExecutor.Result<R> result = Futures.join(fetch.apply(next));
        next = result.next();
        done = next == null;
        action.accept(page(cursors, identity, result));
        return true;
      }
    };
    return StreamSupport.stream(pages, false);
  }

  private static <R> Page<R> page(Cursors cursors, String identity, QueryExecutor.Result<R> result) {
    return new Page<>(result.items(), result.skipped(), Optional.ofNullable(
        result.next() == null ? null : cursors.encode(result.next(), identity)));
  }
}
