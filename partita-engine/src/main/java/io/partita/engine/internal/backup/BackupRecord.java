package io.partita.engine.internal.backup;

import io.partita.engine.internal.table.TableDef;

/**
 * An on-demand backup as stored: what DescribeBackup and ListBackups tell of it, and the source
 * table's definition as it was in the backup's snapshot (key schema, indexes, settings), which a
 * restore starts from. Its items are stored apart, under its number.
 *
 * @param number the backup's storage number, never reused
 * @param arn {@code <table ARN>/backup/<creation millis, 14 digits>-<8 hex digits>}
 * @param type USER (CreateBackup) or SYSTEM
 * @param sizeBytes the table's size in bytes in the snapshot
 * @param itemCount the table's item count in the snapshot
 */
public record BackupRecord(long number, String arn, String name, long createdMillis, String type, long sizeBytes,
    long itemCount, TableDef source) {}
