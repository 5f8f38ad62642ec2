package io.partita.engine.internal.table;

/**
 * Where a restored table came from: DynamoDB's RestoreSummary. {@code inProgress} stays true until
 * every item has been copied; a table still marked so when the database opens was left by a crash
 * halfway and is dropped.
 *
 * @param sourceBackupArn the backup restored, or null for a point-in-time restore
 * @param sourceTableArn the table the data came from
 * @param restoreMillis the instant restored to (the backup's creation for a backup)
 */
public record Restored(String sourceBackupArn, String sourceTableArn, long restoreMillis, boolean inProgress) {
  public Restored done() {
    return new Restored(sourceBackupArn, sourceTableArn, restoreMillis, false);
  }
}
