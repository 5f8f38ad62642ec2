package io.partita.engine.internal.vector;

import io.partita.engine.internal.table.VectorIndexDef;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The vector indexes held in memory, one {@link VectorMirror} per table (by its storage id, never
 * reused) and index definition: an index deleted and made again under its name with other settings is
 * another mirror, so a write still holding the old definition cannot put an entry of the old shape into
 * the new one. A mirror is made, and its build started, when the database opens, when the
 * index or its table is made, or when a search first needs it; it is dropped with its index or table.
 */
public final class VectorIndexes {
  private final Map<String, VectorMirror> mirrors = new ConcurrentHashMap<>();

  private static String key(long tableId, VectorIndexDef index) {
    return tableId + "/" + index.identity();
  }

  /** The mirror of the index, or null when none was made yet. */
  public VectorMirror get(long tableId, VectorIndexDef index) {
    return mirrors.get(key(tableId, index));
  }

  /** Registers the index's mirror (its build starts after: writes keep it from this moment). */
  public void put(long tableId, VectorIndexDef index, VectorMirror mirror) {
    mirrors.put(key(tableId, index), mirror);
  }

  /** Forgets the index's mirror (the index was deleted). */
  public void drop(long tableId, VectorIndexDef index) {
    mirrors.remove(key(tableId, index));
  }

  /** Forgets every mirror of the table (the table was deleted). */
  public void dropTable(long tableId) {
    mirrors.keySet().removeIf(k -> k.startsWith(tableId + "/"));
  }
}
