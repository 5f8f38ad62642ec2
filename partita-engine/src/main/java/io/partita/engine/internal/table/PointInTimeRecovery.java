package io.partita.engine.internal.table;

/**
 * A table's point-in-time recovery while it is on (UpdateContinuousBackups): how many days back a
 * table can be restored, and since when the change log has been kept (nothing before that can be
 * restored). A table with it off has none ({@code TableDef.pitr()} is null).
 *
 * @param recoveryPeriodDays 1 to 35 (DynamoDB's default 35)
 * @param enabledMillis when it was turned on: the earliest restorable instant until the period is longer
 */
public record PointInTimeRecovery(int recoveryPeriodDays, long enabledMillis) {
  public static final int DEFAULT_DAYS = 35;
  public static final long DAY_MILLIS = 24L * 60 * 60 * 1000;

  /** The earliest restorable instant at {@code nowMillis}: max(enabled, now - period). */
  public long earliestMillis(long nowMillis) {
    return Math.max(enabledMillis, nowMillis - recoveryPeriodDays * DAY_MILLIS);
  }
}
