package io.partita.engine.internal.table;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * A secondary index as defined at CreateTable (or, later, UpdateTable). Keys are lists because a
 * global index's partition and sort keys may each be composed of up to four attributes.
 *
 * @param rangeKeys empty for a hash-only index
 * @param nonKeyAttributes the attributes an INCLUDE projection adds; empty otherwise
 * @param readUnits provisioned read units of a GSI on a PROVISIONED table, else 0
 * @param backfilling a global index added by UpdateTable whose entries for the items the table held
 *     then are still being written: it is maintained by every write but cannot be read yet
 */
public record IndexDef(
    String name,
    boolean global,
    List<KeyDef> hashKeys,
    List<KeyDef> rangeKeys,
    ProjectionType projection,
    List<String> nonKeyAttributes,
    long readUnits,
    long writeUnits,
    boolean backfilling) {
  public IndexDef {
    hashKeys = List.copyOf(hashKeys);
    rangeKeys = List.copyOf(rangeKeys);
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
  }

  /** This index with other provisioned throughput (UpdateTable's index Update). */
  public IndexDef withThroughput(long read, long write) {
    return new IndexDef(name, global, hashKeys, rangeKeys, projection, nonKeyAttributes, read, write, backfilling);
  }

  /** This index with its backfill in progress ({@code true}) or finished. */
  public IndexDef withBackfilling(boolean value) {
    return new IndexDef(name, global, hashKeys, rangeKeys, projection, nonKeyAttributes, readUnits, writeUnits, value);
  }
}
