package io.partita.engine.internal.ops.read;

import io.partita.engine.answer.ItemsAnswer;
import io.partita.engine.answer.StoredItem;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.Projection;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.storage.Reads;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.served.Served;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One page of a Query or a Scan, checked: the command {@link Query#command} and {@link
 * Scan#command} make of a request, holding everything the read needs and nothing left to check.
 * {@link #run} reads it; Query and Scan differ only in the range and order read, a Scan's segment,
 * and a Query's closed end.
 *
 * @param from the first storage key to read, inclusive
 * @param to the storage key to stop before
 * @param closedEnd a Query's key at which a page leaves nothing more to read ({@link
 *     ReadSource#closedEnd}); null for a Scan
 * @param segment a Scan segment's storage keys, or null for all
 * @param projection the ProjectionExpression or AttributesToGet, or null
 */
record PageRead(boolean query, String tableName, ReadSource source, byte[] from, byte[] to, boolean reverse,
    byte[] closedEnd, Predicate<byte[]> segment, int limit, Condition filter, Projection projection,
    List<String> filterNames, Select select, boolean countOnly, boolean consistent,
    ReturnConsumedCapacity returnConsumedCapacity) {

  ItemsAnswer run(EngineContext ctx) {
    Served.admit(source.table().name(), source.indexName(), false);
    ReadSource.TableFetch fetch;
    ReadPage.Result page;
    try (Store.View past = ctx.pastView(consistent)) {
      Reads reads = past != null ? past : ctx.store();
      fetch = source.fetch(reads, select, projection, filterNames, consistent);
      try (Store.Cursor cursor = reads.cursor(from, to, reverse)) {
        page = ReadPage.read(cursor, new ReadPage.Spec(source.keyNames(), limit, filter,
            source.output(select, projection, filterNames), countOnly, segment, fetch));
      }
    }
    Map<String, AttributeValue> last = page.lastEvaluatedKey();
    if (last != null && query && source.endsQuery(last, closedEnd)) {
      // a page that ended on the last key the condition can select has no key to go on from (the
      // key is refused as ExclusiveStartKey, see ReadSource.TableItems.closedEnd)
      last = null;
    }
    ConsumedCapacity consumed = source.capacity(returnConsumedCapacity, tableName, page, consistent, fetch);
    List<StoredItem> items = countOnly ? null : page.items();
    Served.items(page.count());
    if (query) {
      QueryResponse.Builder out = QueryResponse.builder().count(page.count()).scannedCount(page.scanned())
          .consumedCapacity(consumed);
      if (last != null) {
        out.lastEvaluatedKey(last);
      }
      ItemsAnswer answer = ItemsAnswer.page(out.build(), items);
      if (source.indexName() == null && Served.countsKeys()) {
        // a Query of the table reads one partition, known from an item it answers (an index has no one partition key)
        Map<String, AttributeValue> first = answer.firstItem();
        if (first != null) {
          Served.key(source.table().name(), first.get(source.table().hash().name()), false);
        }
      }
      return answer;
    }
    ScanResponse.Builder out = ScanResponse.builder().count(page.count()).scannedCount(page.scanned())
        .consumedCapacity(consumed);
    if (last != null) {
      out.lastEvaluatedKey(last);
    }
    return ItemsAnswer.page(out.build(), items);
  }
}
