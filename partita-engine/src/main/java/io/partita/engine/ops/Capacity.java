package io.partita.engine.ops;

import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Capacity units by DynamoDB's rules: a write costs one unit per started 1 KB of the larger of
 * the old and the new item; a read one unit per started 4 KB, half of that when eventually
 * consistent. A request that touches nothing still costs the minimum.
 */
final class Capacity {
  private Capacity() {}

  static double writeUnits(long oldSize, long newSize) {
    long size = Math.max(oldSize, newSize);
    return Math.max(1, (size + 1023) / 1024);
  }

  static double readUnits(long size, boolean consistent) {
    double units = Math.max(1, (size + 4095) / 4096);
    return consistent ? units : units / 2;
  }

  /**
   * The ConsumedCapacity to return, or {@code null} when not asked for. TOTAL names the table and
   * its units; INDEXES adds the table's own share (indexes come later).
   */
  static ConsumedCapacity consumed(ReturnConsumedCapacity mode, String table, double units) {
    if (mode == null || mode == ReturnConsumedCapacity.NONE) {
      return null;
    }
    ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(table).capacityUnits(units);
    if (mode == ReturnConsumedCapacity.INDEXES) {
      b.table(software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(units).build());
    }
    return b.build();
  }
}
