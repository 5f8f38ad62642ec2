package io.partita.engine.internal.transfer;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.backup.ChangeLog;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.PointInTimeRecovery;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
    PointInTimeRecovery pitr = recovery(table);
    long now = ctx.clock().millis();
    long at = exportTime == null ? now : exportTime.toEpochMilli();
    inWindow(pitr, at, now, "export time");
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

  /** The shortest and longest incremental export window (docs/export-import.md). */
  static final long MIN_WINDOW_MILLIS = 15 * 60_000L;
  static final long MAX_WINDOW_MILLIS = 24 * 3_600_000L;

  /** One line of an incremental export: an item's key, its images at the window's ends (null: none) and last write. */
  record Change(Map<String, AttributeValue> keys, Map<String, AttributeValue> oldImage,
      Map<String, AttributeValue> newImage, long writeMillis) {}

  /** An incremental export's window [from, to) and the items changed in it ({@link ChangeLog#changesBetween}). */
  record Window(Instant from, Instant to, List<Change> changes) {}

  /**
   * The items of {@code table} changed in [{@code from}, {@code to}) ({@code to} null: now), read in
   * one storage snapshot; or the service's refusal: recovery off, a window shorter than 15 minutes or
   * longer than 24 hours, or an end outside the recovery window.
   */
  static Window incrementalExport(EngineContext ctx, TableDef table, Instant from, Instant to) {
    PointInTimeRecovery pitr = recovery(table);
    long now = ctx.clock().millis();
    if (from == null) {
      // Partita's text: the member is optional in the model, but a window needs a start
      throw PartitaException.validation("IncrementalExportSpecification.ExportFromTime is required for an "
          + "ExportType of INCREMENTAL_EXPORT");
    }
    long fromMillis = from.toEpochMilli();
    long toMillis = to == null ? now : to.toEpochMilli();
    if (toMillis - fromMillis < MIN_WINDOW_MILLIS || toMillis - fromMillis > MAX_WINDOW_MILLIS) {
      // the limits are the service's (docs/export-import.md); the text is Partita's
      throw PartitaException.validation("The incremental export period from " + Instant.ofEpochMilli(fromMillis) + " to "
          + Instant.ofEpochMilli(toMillis) + " must be at least 15 minutes and at most 24 hours long");
    }
    inWindow(pitr, fromMillis, now, "ExportFromTime");
    inWindow(pitr, toMillis, now, "ExportToTime");
    List<ChangeLog.WindowChange> read;
    try (Store.View view = ctx.store().view()) {
      read = ChangeLog.changesBetween(view, table.id(), fromMillis, toMillis);
    }
    List<Change> changes = new ArrayList<>(read.size());
    for (ChangeLog.WindowChange c : read) {
      Map<String, AttributeValue> before = c.before() == null ? null : ItemCodec.decode(c.before());
      Map<String, AttributeValue> after = c.after() == null ? null : ItemCodec.decode(c.after());
      Map<String, AttributeValue> either = after != null ? after : before;
      Map<String, AttributeValue> keys = new LinkedHashMap<>();
      keys.put(table.hash().name(), either.get(table.hash().name()));
      if (table.range() != null) {
        keys.put(table.range().name(), either.get(table.range().name()));
      }
      changes.add(new Change(keys, before, after, c.lastMillis()));
    }
    return new Window(Instant.ofEpochMilli(fromMillis), Instant.ofEpochMilli(toMillis), changes);
  }

  private static PointInTimeRecovery recovery(TableDef table) {
    PointInTimeRecovery pitr = table.pitr();
    if (pitr == null) {
      // moto's test verified against AWS: the text of a table without recovery (docs/export-import.md)
      throw new PartitaException(ErrorCode.PointInTimeRecoveryUnavailableException,
          "Point in time recovery is not enabled for table '" + table.name() + "'");
    }
    return pitr;
  }

  private static void inWindow(PointInTimeRecovery pitr, long at, long now, String what) {
    if (at > now || at < pitr.earliestMillis(now)) {
      // not established: the service's text (docs/export-import.md)
      throw new PartitaException(ErrorCode.InvalidExportTimeException, "Invalid " + what + ": "
          + Instant.ofEpochMilli(at) + " is not between the earliest restorable time "
          + Instant.ofEpochMilli(pitr.earliestMillis(now)) + " and the latest restorable time " + Instant.ofEpochMilli(now));
    }
  }
}
