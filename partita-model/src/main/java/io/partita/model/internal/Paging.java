package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The paging loop Query and Scan share: read from a start key until the page has {@code limit} items, the data
 * ends, or {@code maxRequests} requests were made. When the limit is reached inside a DynamoDB page, the next start
 * is the key of the last item taken, so nothing is lost or read twice.
 */
final class Paging {
  private Paging() {}

  /** One DynamoDB response: its items and its LastEvaluatedKey (null at the end). */
  record Response(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey) {
    static Response of(List<Map<String, AttributeValue>> items, boolean hasLastKey,
        Map<String, AttributeValue> lastKey) {
      return new Response(items, hasLastKey && !lastKey.isEmpty() ? lastKey : null);
    }
  }

  /**
   * @param send the request from a start key (null: the beginning)
   * @param decode an item as a result, or null to skip and count it
   * @param keyOf the start key that continues after an item
   */
  static <R> CompletableFuture<QueryExecutor.Result<R>> fetch(Map<String, AttributeValue> start, Integer limit,
      int maxRequests, Function<Map<String, AttributeValue>, CompletableFuture<Response>> send,
      Function<Map<String, AttributeValue>, R> decode,
      Function<Map<String, AttributeValue>, Map<String, AttributeValue>> keyOf) {
    return new Loop<>(limit, maxRequests, send, decode, keyOf).from(start);
  }

  /** One page being filled: the requests made so far and what they gave. */
  private static final class Loop<R> {
    private final Integer limit;
    private final int maxRequests;
    private final Function<Map<String, AttributeValue>, CompletableFuture<Response>> send;
    private final Function<Map<String, AttributeValue>, R> decode;
    private final Function<Map<String, AttributeValue>, Map<String, AttributeValue>> keyOf;
    private final List<R> items = new ArrayList<>();
    private final CompletableFuture<QueryExecutor.Result<R>> done = new CompletableFuture<>();
    private int skipped;
    private int requests;

    Loop(Integer limit, int maxRequests, Function<Map<String, AttributeValue>, CompletableFuture<Response>> send,
        Function<Map<String, AttributeValue>, R> decode,
        Function<Map<String, AttributeValue>, Map<String, AttributeValue>> keyOf) {
      this.limit = limit;
      this.maxRequests = maxRequests;
      this.send = send;
      this.decode = decode;
      this.keyOf = keyOf;
    }

    /**
     * Sends from {@code next} until the page is done. A response already there (the synchronous client's) is taken
     * in this loop rather than in a callback, so a long page does not nest one stack frame per request.
     */
    CompletableFuture<QueryExecutor.Result<R>> from(Map<String, AttributeValue> next) {
      try {
        while (next != null || requests == 0) {
          CompletableFuture<Response> response = send.apply(next);
          requests++;
          if (!response.isDone()) {
            response.whenComplete((r, e) -> {
              if (e != null) {
                done.completeExceptionally(Futures.unwrap(e));
              } else {
                try {
                  Map<String, AttributeValue> after = take(r);
                  if (!done.isDone()) {
                    from(after);
                  }
                } catch (RuntimeException x) {
                  done.completeExceptionally(x);
                }
              }
            });
            return done;
          }
          next = take(Futures.join(response));
          if (done.isDone()) {
            return done;
          }
        }
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
      }
      return done;
    }

    /** Takes one response's items; completes the page when it is full or ended, else gives the next start key. */
    private Map<String, AttributeValue> take(Response response) {
      List<Map<String, AttributeValue>> page = response.items();
      boolean more = response.lastKey() != null;
      for (int i = 0; i < page.size(); i++) {
        Map<String, AttributeValue> item = page.get(i);
        R decoded = decode.apply(item);
        if (decoded == null) {
          skipped++;
        } else {
          items.add(decoded);
        }
        if (limit != null && items.size() == limit) {
          boolean rest = i < page.size() - 1 || more;
          done.complete(new QueryExecutor.Result<>(items, skipped, rest ? keyOf.apply(item) : null));
          return null;
        }
      }
      Map<String, AttributeValue> next = response.lastKey();
      if (next == null || requests >= maxRequests) {
        done.complete(new QueryExecutor.Result<>(items, skipped, next));
        return null;
      }
      return next;
    }
  }
}
