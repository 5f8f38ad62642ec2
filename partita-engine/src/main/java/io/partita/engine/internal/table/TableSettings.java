package io.partita.engine.internal.table;

/**
 * A table's settings that change nothing Partita does but that DynamoDB stores, describes and lets
 * UpdateTable change: its table class, server-side encryption, on-demand throughput ceilings and
 * warm throughput. Kept so that infrastructure code that sets them sees them back, instead of
 * having them dropped.
 *
 * @param tableClass STANDARD or STANDARD_INFREQUENT_ACCESS
 * @param tableClassChangedMillis when the table class was last set by a request, 0 if never (then
 *     DescribeTable shows no TableClassSummary)
 * @param sseEnabled server-side encryption with a KMS key (SSEType KMS); false is DynamoDB's
 *     default, encryption with a key owned by the service, which DescribeTable does not describe
 * @param kmsMasterKeyId the key a request named, or null for the service-managed KMS key
 * @param maxReadRequestUnits on-demand ceiling, or 0 when none was set
 * @param maxWriteRequestUnits on-demand ceiling, or 0 when none was set
 * @param warmReadUnitsPerSecond warm throughput asked for, or 0 when none was set
 * @param warmWriteUnitsPerSecond warm throughput asked for, or 0 when none was set
 */
public record TableSettings(String tableClass, long tableClassChangedMillis, boolean sseEnabled, String kmsMasterKeyId,
    long maxReadRequestUnits, long maxWriteRequestUnits, long warmReadUnitsPerSecond, long warmWriteUnitsPerSecond) {

  public static final TableSettings DEFAULT = new TableSettings("STANDARD", 0, false, null, 0, 0, 0, 0);

  /** The warm throughput every table has at least, in units per second (what DescribeTable shows when none was set). */
  public static final long WARM_READ_FLOOR = 12_000;
  public static final long WARM_WRITE_FLOOR = 4_000;

  public TableSettings withTableClass(String tableClass, long now) {
    return new TableSettings(tableClass, now, sseEnabled, kmsMasterKeyId, maxReadRequestUnits, maxWriteRequestUnits,
        warmReadUnitsPerSecond, warmWriteUnitsPerSecond);
  }

  public TableSettings withSse(boolean enabled, String kmsMasterKeyId) {
    return new TableSettings(tableClass, tableClassChangedMillis, enabled, enabled ? kmsMasterKeyId : null,
        maxReadRequestUnits, maxWriteRequestUnits, warmReadUnitsPerSecond, warmWriteUnitsPerSecond);
  }

  public TableSettings withOnDemand(long maxRead, long maxWrite) {
    return new TableSettings(tableClass, tableClassChangedMillis, sseEnabled, kmsMasterKeyId, maxRead, maxWrite,
        warmReadUnitsPerSecond, warmWriteUnitsPerSecond);
  }

  public TableSettings withWarm(long read, long write) {
    return new TableSettings(tableClass, tableClassChangedMillis, sseEnabled, kmsMasterKeyId, maxReadRequestUnits,
        maxWriteRequestUnits, read, write);
  }
}
