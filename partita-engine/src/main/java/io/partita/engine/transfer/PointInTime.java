package io.partita.engine.transfer;

import io.partita.engine.ops.EngineContext;
import io.partita.engine.table.TableDef;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IncrementalExportSpecification;

/**
 * THE SEAM between exports and point-in-time recovery: what ExportTableToPointInTime asks of the
 * table's history. DynamoDB exports a table as it was at any ExportTime inside its point-in-time
 * recovery window, and refuses a table whose recovery is off (API reference,
 * ExportTableToPointInTime). Partita has no point-in-time recovery yet; {@link CurrentStateOnly} is
 * this interface until it has, and a PITR-backed implementation replaces it in {@link Transfers}
 * alone (the exports code does not change).
 */
public interface PointInTime {
  /**
   * The table's items as they were at {@code exportTime} (null: now), to be read once and closed;
   * or the service's refusal: PointInTimeRecoveryUnavailableException when recovery is off,
   * InvalidExportTimeException for a time outside its window.
   */
  Items fullExport(EngineContext ctx, TableDef table, Instant exportTime);

  /**
   * The changes of an incremental export (its window and view type in {@code spec}); or the
   * service's refusal.
   */
  Items incrementalExport(EngineContext ctx, TableDef table, IncrementalExportSpecification spec);

  /** Items read from one consistent state of a table; {@link #exportTime} is that state's instant. */
  interface Items extends AutoCloseable {
    Instant exportTime();

    /** The next item, or null after the last. */
    Map<String, AttributeValue> next();

    @Override
    void close();
  }
}
