package io.partita.model.migrate;

import java.time.Instant;
import java.util.Optional;

/**
 * What the table remembers of one migration ({@link MigrationLog#history()}): which migration, of which entity, in
 * which state, when it started and ended, how many runs it took and what they did.
 *
 * @param id the migration's name, unique in the table
 * @param entity the entity's name (its type attribute value)
 * @param state where it stands
 * @param startedAt when its first run started
 * @param finishedAt when it completed (empty until then)
 * @param runs how many runs were started (a resumed migration has 2 or more)
 * @param segments the number of segments of its scan
 * @param migrated items rewritten into the new shape, over all runs, as counted at the checkpoints: the items a
 *     run rewrote in the page it was working on when its process died are read again by the next run and counted as
 *     {@code current} (so {@code migrated + current} is every item of the entity, each counted once)
 * @param current items found in the new shape already
 * @param gone items deleted by another writer during the migration
 * @param error the failure of the last run, when it failed (empty otherwise)
 */
public record MigrationRecord(String id, String entity, State state, Instant startedAt, Optional<Instant> finishedAt,
    int runs, int segments, long migrated, long current, long gone, Optional<String> error) {

  /** Where a migration stands. */
  public enum State {
    /** A run started and has not ended (or its process died: resume it by running the migration again). */
    RUNNING,
    /** A run failed; running the migration again resumes it from its checkpoints. */
    FAILED,
    /** Every segment was read to its end and every item is in the new shape. */
    COMPLETED
  }
}
