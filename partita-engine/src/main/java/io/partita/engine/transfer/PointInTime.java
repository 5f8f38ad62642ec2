package io.partita.engine.transfer;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.backup.ChangeLog;
import io.partita.engine.ops.EngineContext;
import io.partita.engine.storage.Store;
import io.partita.engine.table.PointInTimeRecovery;
import io.partita.engine.table.TableDef;
import io.partita.engine.value.ItemCodec;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What ExportTableToPointInTime reads: the table as it was at ExportTime, from point-in-time
 * recovery's change log ({@link ChangeLog#itemsAt}, the same reading RestoreTableToPointInTime
 * makes), in one storage snapshot, so writes during the export are in none of it. DynamoDB exports a
 * table only while its recovery is on, and only at an instant inside the recovery window (API
 * reference, ExportTableToPointInTime); an absent ExportTime is now.
 */
final class PointInTime {
  private PointInTime() {}

  /** Items read from one consistent state of a table; {@link #exportTime} is that state's instant. */
  interface Items extends AutoCloseable {
    Instant exportTime();

    /** The next item, or null after the last. */
    Map<String, AttributeValue> next();

    @Override
    void close();
  }

  /** The table's items at {@code exportTime} (null: now), to be read once and closed; or the service's refusal. */
  static Items fullExport(EngineContext ctx, TableDef table, Instant exportTime) {
    PointInTimeRecovery pitr = table.pitr();
    if (pitr == null) {
      // moto's test verified against AWS: the text of a table without recovery (docs/export-import.md)
      throw new PartitaException(ErrorCode.PointInTimeRecoveryUnavailableException,
          "Point in time recovery is not enabled for table '" + table.name() + "'");
    }
    long now = ctx.clock().millis();
    long at = exportTime == null ? now : exportTime.toEpochMilli();
    if (at > now || at < pitr.earliestMillis(now)) {
      // not established: the service's text (docs/export-import.md)
      throw new PartitaException(ErrorCode.InvalidExportTimeException, "Invalid export time: "
          + Instant.ofEpochMilli(at) + " is not between the earliest restorable time "
          + Instant.ofEpochMilli(pitr.earliestMillis(now)) + " and the latest restorable time " + Instant.ofEpochMilli(now));
    }
    Store.View view = ctx.store().view();
    ChangeLog.ItemsAt items;
    try {
      items = ChangeLog.itemsAt(view, table.id(), at);
    } catch (RuntimeException e) {
      view.close();
      throw e;
    }
    return new Items() {
      @Override
      public Instant exportTime() {
        return Instant.ofEpochMilli(at);
      }

      @Override
      public Map<String, AttributeValue> next() {
        Store.Entry e = items.next();
        return e == null ? null : ItemCodec.decode(e.value());
      }

      @Override
      public void close() {
        try {
          items.close();
        } finally {
          view.close();
        }
      }
    };
  }
}
