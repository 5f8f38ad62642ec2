package io.partita.engine.internal.transfer;

import io.partita.engine.PartitaException;
import io.partita.engine.TransferProgress;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.write.ReadModifyWrite;
import io.partita.engine.internal.ops.write.WriteCommand;
import io.partita.engine.internal.ops.write.WriteCommands;
import io.partita.engine.internal.table.Table;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes an import's items into its new table as BatchWriteItem writes its puts, 25 at a time: each
 * item checked alone as a batch's put is (its key, its index keys, its size), so a bad one is refused
 * and logged with its place while the others go in; the good ones written in one atomic store write
 * with their index entries, counters and stream records, as for any write. Of items sharing a key the
 * last one stays, as in DynamoDB (Developer Guide, "Import format quotas and validation").
 */
final class ImportRun {
  private static final int BATCH = 25;

  private final EngineContext ctx;
  private final Table into;
  private final ImportSource source;
  private final ErrorLog log;
  private final TransferProgress progress;
  private final List<ImportSource.Record> pending = new ArrayList<>(BATCH);
  private long processed;
  private long errors;
  private long totalBytes = -1;

  /** {@code into} is the new table, still marked as being imported: item operations refuse it, this run does not. */
  ImportRun(EngineContext ctx, Table into, ImportSource source, ErrorLog log, TransferProgress progress) {
    this.ctx = ctx;
    this.into = into;
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

  /** A checked put and the record it came from. */
  private record Put(WriteCommand command, ImportSource.Record from) {}

  private void flush() {
    if (pending.isEmpty()) {
      return;
    }
    // by key: a later item of a key replaces an earlier one of the same batch
    Map<ByteBuffer, Put> puts = new LinkedHashMap<>();
    for (ImportSource.Record r : pending) {
      try {
        WriteCommand put = WriteCommands.batchPut(into.def().name(), r.item()).bind(into);
        puts.put(ByteBuffer.wrap(put.key().storageKey()), new Put(put, r));
      } catch (PartitaException refused) {
        error(r, refused.getMessage());
      }
    }
    List<Put> written = new ArrayList<>(puts.values());
    // a put its table refuses as it is written (one an UpdateTable made invalid meanwhile, say) is
    // left out and logged like any bad item; the storage's failure is no item's and stops the import
    List<ReadModifyWrite.Outcome> outcomes = ReadModifyWrite.runEach(ctx,
        written.stream().map(p -> p.command().target()).toList(), refused -> true);
    for (int i = 0; i < outcomes.size(); i++) {
      if (outcomes.get(i).refusal() != null) {
        error(written.get(i).from(), outcomes.get(i).refusal().getMessage());
      }
    }
    pending.clear();
    progress.update("import " + into.def().name(), source.fileBytes(), totalBytes);
  }

  private void error(ImportSource.Record r, String why) {
    errors++;
    log.add(r.where(), why);
  }
}
