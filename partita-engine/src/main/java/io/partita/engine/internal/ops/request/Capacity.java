package io.partita.engine.internal.ops.request;

import io.partita.engine.served.Served;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Capacity units by DynamoDB's rules: a write costs one unit per started 1 KB of the larger of
 * the old and the new item; a read one unit per started 4 KB, half of that when eventually
 * consistent. A request that touches nothing still costs the minimum.
 *
 * <p>Index writes are charged as DynamoDB documents them (the Developer Guide's GSI and LSI pages): an
 * entry put or removed costs its own size in 1 KB units, an entry whose key changed costs both
 * (remove the old, put the new), an entry whose key stayed but whose projected attributes changed
 * costs one write of the larger, and an entry the write leaves identical costs nothing.
 */
public final class Capacity {
  private Capacity() {}

  public static double writeUnits(long oldSize, long newSize) {
    long size = Math.max(oldSize, newSize);
    return Math.max(1, (size + 1023) / 1024);
  }

  public static double readUnits(long size, boolean consistent) {
    double units = Math.max(1, (size + 4095) / 4096);
    return consistent ? units : units / 2;
  }

  /**
   * The units one request consumed on one table, split into the table's share and each index's,
   * the way ReturnConsumedCapacity INDEXES reports them. Not thread-safe; one per request.
   */
  public static final class Units {
    private double table;
    /** The part of {@link #table} that is reads, told apart only in a transaction's report. */
    private double tableReads;
    private boolean transactional;
    /** Whether these are units read (a Query's index units are reads), else written. */
    private boolean reading;
    private final Map<String, Double> global = new TreeMap<>();
    private final Map<String, Double> local = new TreeMap<>();
    /** VectorWriteRequestBytes per vector index: metered apart from capacity units, never in the total. */
    private final Map<String, Double> vector = new TreeMap<>();

    /** Units a write consumed on the table itself. */
    public static Units writes(double units) {
      Units u = new Units();
      u.table = units;
      return u;
    }

    /** Units a read consumed on the table itself; index units added to them are reads too. */
    public static Units reads(double units) {
      Units u = writes(units);
      u.tableReads = units;
      u.reading = true;
      return u;
    }

    /**
     * Units of a transaction, in the shape of the API's ConsumedCapacity: the total with the read
     * units (TransactGetItems, ConditionChecks) and write units it is made of, and with INDEXES
     * the table's share split the same way for writes and each index's write units. Which of
     * these members the service fills for a transaction could not be established; this is
     * Partita's choice.
     */
    public static Units transaction() {
      Units u = new Units();
      u.transactional = true;
      return u;
    }

    /** Adds reads to the table's share. */
    public Units read(double units) {
      table += units;
      tableReads += units;
      return this;
    }

    public Units index(boolean isGlobal, String name, double units) {
      (isGlobal ? global : local).merge(name, units, Double::sum);
      return this;
    }

    /** Bytes written to vector index {@code name}. */
    public Units vectorWrite(String name, double bytes) {
      vector.merge(name, bytes, Double::sum);
      return this;
    }

    public Units add(Units other) {
      table += other.table;
      tableReads += other.tableReads;
      other.vector.forEach((k, v) -> vector.merge(k, v, Double::sum));
      other.global.forEach((k, v) -> global.merge(k, v, Double::sum));
      other.local.forEach((k, v) -> local.merge(k, v, Double::sum));
      return this;
    }

    /** These units multiplied, as a transaction's are (twice its plain reads and writes). */
    public Units times(double factor) {
      Units u = writes(table * factor);
      u.tableReads = tableReads * factor;
      u.transactional = transactional;
      u.reading = reading;
      global.forEach((k, v) -> u.global.put(k, v * factor));
      local.forEach((k, v) -> u.local.put(k, v * factor));
      u.vector.putAll(vector); // bytes replicated to an index, not capacity units: a transaction does not double them
      return u;
    }

    double total() {
      double sum = table;
      for (double v : global.values()) {
        sum += v;
      }
      for (double v : local.values()) {
        sum += v;
      }
      return sum;
    }

    /**
     * Counts these units as consumed by table {@code name} and its indexes ({@link
     * Served#charge}: what the request's facts and its throttle see), and answers the ConsumedCapacity
     * to return for it as the request named it ({@code tableName}: its name or ARN), or {@code null}
     * when not asked for. Called once per table a request consumed from, whatever it asked.
     */
    public ConsumedCapacity report(ReturnConsumedCapacity mode, Consumer table) {
      return report(mode, table.named(), table.name());
    }

    /** {@link #report(ReturnConsumedCapacity, Consumer)} of the table named {@code tableName}, its name {@code name}. */
    public ConsumedCapacity report(ReturnConsumedCapacity mode, String tableName, String name) {
      if (Served.counting()) {
        Served.charge(name, null, tableReads, table - tableReads);
        global.forEach((index, units) -> Served.charge(name, index, reading ? units : 0, reading ? 0 : units));
        local.forEach((index, units) -> Served.charge(name, index, reading ? units : 0, reading ? 0 : units));
      }
      if (!asked(mode)) {
        return null;
      }
      double total = total();
      ConsumedCapacity.Builder b = ConsumedCapacity.builder().tableName(tableName).capacityUnits(total);
      if (transactional) {
        if (tableReads > 0) {
          b.readCapacityUnits(tableReads);
        }
        if (total - tableReads > 0) {
          b.writeCapacityUnits(total - tableReads);
        }
      }
      if (mode == ReturnConsumedCapacity.INDEXES) {
        software.amazon.awssdk.services.dynamodb.model.Capacity.Builder t =
            software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(table);
        double tableWrites = table - tableReads;
        if (transactional && tableWrites > 0) {
          t.writeCapacityUnits(tableWrites);
          if (tableReads > 0) {
            t.readCapacityUnits(tableReads);
          }
        }
        b.table(t.build());
        if (!global.isEmpty()) {
          b.globalSecondaryIndexes(capacities(global));
        }
        if (!local.isEmpty()) {
          b.localSecondaryIndexes(capacities(local));
        }
        if (!vector.isEmpty()) {
          // under INDEXES only, as the service reports them (docs/vector-search.md)
          Map<String, software.amazon.awssdk.services.dynamodb.model.VectorCapacity> v = new TreeMap<>();
          vector.forEach((k, bytes) -> v.put(k, software.amazon.awssdk.services.dynamodb.model.VectorCapacity.builder()
              .vectorWriteRequestBytes(bytes).build()));
          b.vectorIndexes(v);
        }
      }
      return b.build();
    }

    private Map<String, software.amazon.awssdk.services.dynamodb.model.Capacity> capacities(Map<String, Double> m) {
      Map<String, software.amazon.awssdk.services.dynamodb.model.Capacity> out = new TreeMap<>();
      m.forEach((k, v) -> {
        software.amazon.awssdk.services.dynamodb.model.Capacity.Builder c =
            software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(v);
        if (transactional) {
          c.writeCapacityUnits(v); // a transaction's index units are its index writes
        }
        out.put(k, c.build());
      });
      return out;
    }
  }

  /**
   * A table a request consumed from, as it named it ({@code named}: its name or ARN, what
   * ConsumedCapacity answers) and by its name (what the request's facts count): the key of a batch's
   * or a transaction's units by table.
   */
  public record Consumer(String named, String name) {}

  /** Whether a request asked for its ConsumedCapacity. */
  public static boolean asked(ReturnConsumedCapacity mode) {
    return mode != null && mode != ReturnConsumedCapacity.NONE;
  }

  /**
   * Whether the units of a read or write are to be counted: when the request asked for them, or a
   * request's facts are being counted ({@link Served}). Units cost little but are not free: a path
   * that must measure an item to know them measures only then.
   */
  public static boolean counted(ReturnConsumedCapacity mode) {
    return asked(mode) || Served.counting();
  }

  /** The write units of one index entry changing from {@code old} to {@code now} (either may be null). */
  public static double indexWriteUnits(IndexEntries.Entry old, IndexEntries.Entry now) {
    if (old == null && now == null) {
      return 0;
    }
    if (old == null) {
      return writeUnits(0, now.size());
    }
    if (now == null) {
      return writeUnits(old.size(), 0);
    }
    if (java.util.Arrays.equals(old.key(), now.key())) {
      return IndexEntries.same(old, now) ? 0 : writeUnits(old.size(), now.size());
    }
    return writeUnits(old.size(), 0) + writeUnits(0, now.size());
  }
}
