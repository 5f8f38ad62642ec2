package io.partita.model.migrate;

import java.util.Map;

/**
 * Where a {@link Migration} keeps its {@link Checkpoint}s: durably, so a run in another process resumes them. The
 * default is the table itself ({@link MigrationLog}); give another store (a file, another table) when the migration
 * must not write anything but the entity's items into the table.
 */
public interface CheckpointStore {

  /** The checkpoints saved for migration {@code id}, by segment number; empty when none was saved. */
  Map<Integer, Checkpoint> load(String id);

  /** Saves {@code checkpoint} of migration {@code id}, replacing the segment's previous one. Called concurrently. */
  void save(String id, Checkpoint checkpoint);
}
