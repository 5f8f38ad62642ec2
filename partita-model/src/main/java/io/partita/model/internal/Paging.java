package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
  static <R> QueryExecutor.Result<R> fetch(Map<String, AttributeValue> start, Integer limit, int maxRequests,
      Function<Map<String, AttributeValue>, Response> send, Function<Map<String, AttributeValue>, R> decode,
      Function<Map<String, AttributeValue>, Map<String, AttributeValue>> keyOf) {
    List<R> items = new ArrayList<>();
    int skipped = 0;
    int requests = 0;
    Map<String, AttributeValue> next = start;
    while (true) {
      Response response = send.apply(next);
      requests++;
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
          return new QueryExecutor.Result<>(items, skipped, rest ? keyOf.apply(item) : null);
        }
      }
      next = response.lastKey();
      if (next == null || requests >= maxRequests) {
        return new QueryExecutor.Result<>(items, skipped, next);
      }
    }
  }
}
