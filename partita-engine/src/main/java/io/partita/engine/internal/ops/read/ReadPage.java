package io.partita.engine.internal.ops.read;

import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.value.ItemCodec;
import io.partita.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page of a Query or Scan, by DynamoDB's rules: items are read in order until {@code Limit}
 * items have been evaluated or 1 MB has been read, counting items before the filter (so a page may
 * come back empty with a key to go on from); the filter and projection apply to what was read; the
 * last item evaluated names where the next page starts.
 */
final class ReadPage {
  /** DynamoDB reads at most 1 MB of items per Query or Scan page, measured before any filter. */
  static final long MAX_PAGE_BYTES = 1024 * 1024;

  /**
   * @param limit items to evaluate at most, or {@code Integer.MAX_VALUE}
   * @param filter the FilterExpression, or null
   * @param projection the ProjectionExpression, or null
   * @param countOnly Select=COUNT: count, return no items
   * @param keys which storage keys belong to this read (a Scan segment), or null for all
   */
  record Spec(List<String> keyNames, int limit, Condition filter, Projection projection, boolean countOnly,
      Predicate<byte[]> keys, java.util.function.UnaryOperator<Map<String, AttributeValue>> resolve) {}

  record Result(List<StoredItem> items, int count, int scanned,
      Map<String, AttributeValue> lastEvaluatedKey, long bytesRead) {}

  private ReadPage() {}

  static Result read(Store.Cursor cursor, Spec spec) {
    List<StoredItem> items = new ArrayList<>();
    int count = 0;
    int scanned = 0;
    long bytes = 0;
    // the last item evaluated, stored or decoded: its key names where the next page starts
    byte[] lastStored = null;
    Map<String, AttributeValue> last = null;
    // without a filter or a table fetch nothing needs the item decoded: it is sized, kept and
    // answered from its stored encoding (StoredItem)
    boolean decode = spec.filter() != null || spec.resolve() != null;
    while (scanned < spec.limit() && bytes < MAX_PAGE_BYTES && cursor.next()) {
      if (spec.keys() != null && !spec.keys().test(cursor.key())) {
        continue;
      }
      byte[] stored = cursor.value();
      if (!decode) {
        bytes += ItemCodec.size(stored);
        scanned++;
        count++;
        lastStored = stored;
        if (!spec.countOnly()) {
          items.add(StoredItem.of(stored, spec.projection()));
        }
        continue;
      }
      Map<String, AttributeValue> item = ItemCodec.decode(stored);
      // the page and its read capacity measure what was read from the index; an LSI's fetches from
      // the table are charged by the resolver itself (ReadSource.TableFetch)
      bytes += ItemSize.of(item);
      if (spec.resolve() != null) {
        item = spec.resolve().apply(item);
      }
      scanned++;
      last = item;
      if (spec.filter() != null && !spec.filter().test(item)) {
        continue;
      }
      count++;
      if (!spec.countOnly()) {
        items.add(StoredItem.of(spec.projection() == null ? item : spec.projection().apply(item)));
      }
    }
    if (lastStored != null) {
      last = ItemCodec.decode(lastStored, spec.keyNames());
    }
    // stopped by Limit or by size: say where to go on from, even if nothing follows (as DynamoDB does)
    boolean cut = scanned == spec.limit() || bytes >= MAX_PAGE_BYTES;
    return new Result(items, count, scanned, cut && last != null ? keyOf(spec.keyNames(), last) : null, bytes);
  }

  static Map<String, AttributeValue> keyOf(List<String> keyNames, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (String name : keyNames) {
      key.put(name, item.get(name));
    }
    return key;
  }
}
