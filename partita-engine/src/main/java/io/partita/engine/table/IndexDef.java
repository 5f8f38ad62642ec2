package io.partita.engine.table;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * A secondary index as defined at CreateTable (or, later, UpdateTable). Keys are lists because a
 * global index's partition and sort keys may each be composed of up to four attributes.
 *
 * @param rangeKeys empty for a hash-only index
 * @param nonKeyAttributes the attributes an INCLUDE projection adds; empty otherwise
 * @param readUnits provisioned read units of a GSI on a PROVISIONED table, else 0
 */
public record IndexDef(
    String name,
    boolean global,
    List<KeyDef> hashKeys,
    List<KeyDef> rangeKeys,
    ProjectionType projection,
    List<String> nonKeyAttributes,
    long readUnits,
    long writeUnits) {
  public IndexDef {
    hashKeys = List.copyOf(hashKeys);
    rangeKeys = List.copyOf(rangeKeys);
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
  }
}
