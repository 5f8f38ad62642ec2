package io.partita.engine.internal.table;

import java.util.ArrayList;
import java.util.List;

/**
 * One DynamoDB stream of a table: made when a stream is enabled, closed when it is disabled, and
 * kept (readable) until its records are trimmed. A table has at most one enabled stream, its last.
 *
 * @param label the stream's label, its creation time as the service writes it
 *     ({@code 2026-11-25T13:30:00.123}), which ends its ARN
 * @param viewType KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES
 * @param createdMillis when it was enabled
 * @param enabled false once the stream is disabled (all its shards are then closed)
 * @param shards in creation order; each shard's records are the table's stream records whose
 *     sequence numbers lie in its range, and a child names its parent
 */
public record StreamDef(String label, String viewType, long createdMillis, boolean enabled, List<Shard> shards) {
  public StreamDef {
    shards = List.copyOf(shards);
  }

  /**
   * A shard: its id, its parent's id (null for the first), and its range of sequence numbers:
   * {@code start} is the first number it may hold, {@code end} the last, or -1 while it is open.
   */
  public record Shard(String id, String parentId, long start, long end, long createdMillis) {
    public boolean open() {
      return end < 0;
    }
  }

  /** The open shard, or null when the stream is disabled. */
  public Shard openShard() {
    Shard last = shards.isEmpty() ? null : shards.get(shards.size() - 1);
    return last != null && last.open() ? last : null;
  }

  /** This stream with its open shard closed at {@code lastSeq} and, if {@code child} is given, a child opened. */
  public StreamDef rolled(long lastSeq, Shard child) {
    List<Shard> out = new ArrayList<>(shards);
    Shard open = openShard();
    if (open != null) {
      out.set(out.size() - 1, new Shard(open.id(), open.parentId(), open.start(), Math.max(lastSeq, open.start() - 1),
          open.createdMillis()));
    }
    if (child != null) {
      out.add(child);
    }
    return new StreamDef(label, viewType, createdMillis, child != null && enabled, out);
  }

  /** This stream without the shards whose every record is gone (closed and ending before {@code firstKept}). */
  public StreamDef trimmed(long firstKept) {
    List<Shard> out = new ArrayList<>(shards.size());
    for (Shard s : shards) {
      if (s.open() || s.end() >= firstKept) {
        out.add(s);
      }
    }
    return new StreamDef(label, viewType, createdMillis, enabled, out);
  }
}
