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
  /**
   * The ConsumedCapacity of a transaction on one table, or {@code null} when not asked for: as
   * DynamoDB Local answers, the total with the read units (TransactGetItems, a TransactWriteItems'
   * ConditionChecks) and write units it is made of, and with INDEXES the table's share the same way
   * for writes (for reads, its CapacityUnits alone). Index writes are not charged yet.
   */
  static ConsumedCapacity transactional(ReturnConsumedCapacity mode, String table, double readUnits, double writeUnits) {
    if (mode == null || mode == ReturnConsumedCapacity.NONE) {
      return null;
    }
    ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(table).capacityUnits(readUnits + writeUnits);
    if (readUnits > 0) {
      b.readCapacityUnits(readUnits);
    }
    if (writeUnits > 0) {
      b.writeCapacityUnits(writeUnits);
    }
    if (mode == ReturnConsumedCapacity.INDEXES) {
      software.amazon.awssdk.services.dynamodb.model.Capacity.Builder t =
          software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(readUnits + writeUnits);
      if (writeUnits > 0) {
        t.writeCapacityUnits(writeUnits);
        if (readUnits > 0) {
          t.readCapacityUnits(readUnits);
        }
      }
      b.table(t.build());
    }
    return b.build();
  }

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
