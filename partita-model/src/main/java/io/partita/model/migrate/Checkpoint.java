package io.partita.model.migrate;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where one segment of a migration's parallel scan stands: the {@code LastEvaluatedKey} of the last page whose items
 * were all handled (empty before the first page), whether the segment reached its end, and its counts so far.
 * Saved after each page, so a run that dies is resumed from the page after the last one saved: the items of the page
 * it was working on are read again and, being in the new shape already where they were rewritten, left alone.
 *
 * @param segment the segment number, 0 to {@code segments - 1}
 * @param segments how many segments the scan was split into (a resumed run must use the same)
 * @param lastEvaluatedKey the key to continue after; empty at the start (and meaningless once {@code done})
 * @param done whether the segment has been read to its end
 * @param scanned items of the entity read (an item read twice, after a resume, counts twice)
 * @param migrated items rewritten into the new shape
 * @param current items found in the new shape already
 * @param gone items deleted by another writer between the read and the rewrite
 */
public record Checkpoint(int segment, int segments, Map<String, AttributeValue> lastEvaluatedKey, boolean done,
    long scanned, long migrated, long current, long gone) {

  public Checkpoint {
    lastEvaluatedKey = Map.copyOf(lastEvaluatedKey);
  }

  /** A segment not started. */
  public static Checkpoint start(int segment, int segments) {
    return new Checkpoint(segment, segments, Map.of(), false, 0, 0, 0, 0);
  }
}
