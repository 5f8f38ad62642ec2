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

  /** The ConsumedCapacity to return for a write, or {@code null} when not asked for. */
  static ConsumedCapacity write(ReturnConsumedCapacity mode, String table, double units) {
    if (mode == null || mode == ReturnConsumedCapacity.NONE) {
      return null;
    }
    ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(table).capacityUnits(units)
        .writeCapacityUnits(units);
    if (mode == ReturnConsumedCapacity.INDEXES) {
      b.table(Capacity.table(units, 0, units));
    }
    return b.build();
  }

  /** The ConsumedCapacity to return for a read, or {@code null} when not asked for. */
  static ConsumedCapacity read(ReturnConsumedCapacity mode, String table, double units) {
    if (mode == null || mode == ReturnConsumedCapacity.NONE) {
      return null;
    }
    ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(table).capacityUnits(units)
        .readCapacityUnits(units);
    if (mode == ReturnConsumedCapacity.INDEXES) {
      b.table(Capacity.table(units, units, 0));
    }
    return b.build();
  }

  private static software.amazon.awssdk.services.dynamodb.model.Capacity table(double units, double read, double write) {
    software.amazon.awssdk.services.dynamodb.model.Capacity.Builder c =
        software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(units);
    if (read > 0) {
      c.readCapacityUnits(read);
    }
    if (write > 0) {
      c.writeCapacityUnits(write);
    }
    return c.build();
  }
}
