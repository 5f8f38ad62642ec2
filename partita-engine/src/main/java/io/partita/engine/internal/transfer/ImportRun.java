package io.partita.engine.internal.transfer;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.batch.BatchWriteItem;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.write.PutItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes an import's items into its new table through the engine's own write path, BatchWriteItem,
 * 25 at a time (one atomic store write each, with index entries, counters and stream records as
 * for any write). When a batch is refused (an item without its key, of a wrong key type, over 400 KB,
 * or two items of one key), its items are written one by one with PutItem, so each bad one is
 * refused alone and logged with its place, and the good ones still go in; of items sharing a key the
 * last one stays, as in DynamoDB (Developer Guide, "Import format quotas and validation").
 */
final class ImportRun {
  private static final int BATCH = 25;

  private final EngineContext ctx;
  private final String table;
  private final ImportSource source;
  private final ErrorLog log;
  private final TransferProgress progress;
  private final List<ImportSource.Record> pending = new ArrayList<>(BATCH);
  private long processed;
  private long errors;
  private long totalBytes = -1;

  ImportRun(EngineContext ctx, String table, ImportSource source, ErrorLog log, TransferProgress progress) {
    this.ctx = ctx;
    this.table = table;
    this.source = source;
    this.log = log;
    this.progress = progress;
  }

  long processedItems() {
    return processed;
  }

  long errors() {
    return errors;
  }

  void run() throws ImportSource.Unreadable {
    List<String> keys = source.keys();
    totalBytes = source.totalFileBytes(keys);
    source.read(keys, this::accept);
    flush();
  }

  private void accept(ImportSource.Record r) {
    processed++;
    if (r.item() == null) {
      error(r, r.error());
      return;
    }
    pending.add(r);
    if (pending.size() == BATCH) {
      flush();
    }
  }

  private void flush() {
    if (pending.isEmpty()) {
      return;
    }
    List<WriteRequest> puts = new ArrayList<>(pending.size());
    for (ImportSource.Record r : pending) {
      puts.add(WriteRequest.builder().putRequest(PutRequest.builder().item(r.item()).build()).build());
    }
    try {
      BatchWriteItem.execute(ctx, BatchWriteItemRequest.builder().requestItems(Map.of(table, puts)).build());
    } catch (PartitaException refused) {
      for (ImportSource.Record r : pending) {
        put(r);
      }
    }
    pending.clear();
    progress.update("import " + table, source.fileBytes(), totalBytes);
  }

  private void put(ImportSource.Record r) {
    Map<String, AttributeValue> item = r.item();
    try {
      PutItem.execute(ctx, PutItemRequest.builder().tableName(table).item(item).build());
    } catch (PartitaException e) {
      error(r, e.getMessage());
    }
  }

  private void error(ImportSource.Record r, String why) {
    errors++;
    log.add(r.where(), why);
  }
}
