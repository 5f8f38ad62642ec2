package io.partita.engine.transfer;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.ops.EngineContext;
import io.partita.engine.storage.Keyspace;
import io.partita.engine.storage.Store;
import io.partita.engine.table.TableDef;
import io.partita.engine.value.ItemCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IncrementalExportSpecification;

/**
 * {@link PointInTime} while Partita has no point-in-time recovery: a full export of the table as it
 * is now (ExportTime absent, or within the last {@link #NOW} by the database's clock), read from one
 * RocksDB snapshot ({@link Store#cursor}), so writes during the export are not in it. Any other
 * ExportTime, and every incremental export, is refused with PointInTimeRecoveryUnavailableException,
 * the service's answer for a table without recovery; a time in the future with
 * InvalidExportTimeException. Unlike DynamoDB, a table need not have recovery turned on to be
 * exported as it is now (a choice: docs/export-import.md).
 */
final class CurrentStateOnly implements PointInTime {
  /** How far back an ExportTime may be and still mean "now". */
  static final Duration NOW = Duration.ofSeconds(5);

  @Override
  public Items fullExport(EngineContext ctx, TableDef table, Instant exportTime) {
    Instant now = ctx.clock().instant();
    if (exportTime != null && exportTime.isAfter(now)) {
      throw new PartitaException(ErrorCode.InvalidExportTimeException,
          "Export time cannot be in the future: " + exportTime + " (now " + now + ")");
    }
    if (exportTime != null && exportTime.isBefore(now.minus(NOW))) {
      throw unavailable(table, "an ExportTime in the past (" + exportTime + ")");
    }
    Store.Cursor cursor = ctx.store().cursor(Keyspace.itemsFrom(table.id()), Keyspace.itemsTo(table.id()), false);
    return new Items() {
      @Override
      public Instant exportTime() {
        return now;
      }

      @Override
      public Map<String, AttributeValue> next() {
        return cursor.next() ? ItemCodec.decode(cursor.value()) : null;
      }

      @Override
      public void close() {
        cursor.close();
      }
    };
  }

  @Override
  public Items incrementalExport(EngineContext ctx, TableDef table, IncrementalExportSpecification spec) {
    throw unavailable(table, "an incremental export");
  }

  private static PartitaException unavailable(TableDef table, String what) {
    return new PartitaException(ErrorCode.PointInTimeRecoveryUnavailableException,
        "Point in time recovery is not enabled for table '" + table.name() + "': Partita has no point-in-time "
            + "recovery yet, so it exports a table only as it is now, not " + what);
  }
}
