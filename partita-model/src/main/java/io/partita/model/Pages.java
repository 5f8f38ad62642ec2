package io.partita.model;

import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import io.partita.model.internal.Cursors;
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
  static <R> Page<R> page(Cursors cursors, String identity, String cursor,
      Function<Map<String, AttributeValue>, QueryExecutor.Result<R>> fetch) {
    Map<String, AttributeValue> start = cursor == null ? null : cursors.decode(cursor, identity);
    return page(cursors, identity, fetch.apply(start));
  }

  /** Every page from {@code cursor}, lazily: a request is made only when the stream needs the next page. */
  static <R> Stream<Page<R>> pages(Cursors cursors, String identity, String cursor,
      Function<Map<String, AttributeValue>, QueryExecutor.Result<R>> fetch) {
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
        QueryExecutor.Result<R> result = fetch.apply(next);
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
