package io.partita.engine.served;

import io.partita.engine.PartitaException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one request did, counted where it happened: the tables it named, the capacity each table and
 * index consumed (whatever the request asked to be told), the partition keys it read and wrote, and
 * the items it returned or wrote. The read and write paths fill it as they work (a capacity report,
 * a key read, a page, a planned write); the request log, the metrics, hot keys and the throttle
 * read it, so none of them rebuilds a request or a response to learn a fact.
 *
 * <p>A request runs on its caller's thread from admission to answer, so the record a request fills
 * is that thread's while it runs ({@link #during}): the paths reach it through the static methods
 * below, which do nothing outside a request (a Time to Live sweep, an index backfill, a restore).
 * The same paths ask the request's {@link Meter} (the throttle, when on) to let each unit in
 * before they spend it; without one everything is let in.
 *
 * <p>Not thread-safe: one request's record, filled on its thread and read once it is answered.
 */
public final class Served {
  private static final ThreadLocal<Served> CURRENT = new ThreadLocal<>();
  /** The most keys one request records: a batch's 100 reads or 25 writes, a transaction's 100 actions. */
  static final int MAX_KEYS = 100;

  /** Capacity consumed by one table, or one of its indexes ({@code index} null for the table's own share). */
  public record Consumed(String table, String index, double readUnits, double writeUnits) {}

  /** A table, or one of its indexes ({@code index} not null), that consumed units. */
  private record By(String table, String index) {}

  /** A partition key read or written, as text (a binary key in Base64). */
  public record Key(String table, String partitionKey, boolean write) {}

  /**
   * Where a request's units are let in and paid for: the throttle. Tables are named by their
   * names; an index by its name, null for the table itself.
   */
  public interface Meter {
    /** Lets in a read of the table or one of its global indexes, or a write, or throws the refusal. */
    void admit(String table, String index, boolean write);

    /** The admission of one batch's entries, one after another. */
    Entries entries();

    /** The reason a transaction's action on {@code table} cannot run now (its code and message), or null. */
    PartitaException refusal(String table, boolean write);

    /** Pays what a table or index consumed. */
    void pay(String table, String index, double readUnits, double writeUnits);
  }

  /**
   * A batch's entries let in one after another, each reckoned at the least it costs (its size is
   * known only once it has run) and promised that much of its table's units.
   */
  public interface Entries {
    /** Lets in one more entry of {@code table} reckoned at {@code each} units; answers the refusal, or null. */
    PartitaException admit(String table, boolean write, double each);

    /** The refusal of a batch none of whose entries was let in. */
    PartitaException refusedAll();
  }

  /** Entries of a request without a meter: all let in. */
  private static final Entries ALL = new Entries() {
    @Override
    public PartitaException admit(String table, boolean write, double each) {
      return null;
    }

    @Override
    public PartitaException refusedAll() {
      throw new IllegalStateException("every entry is let in without a meter");
    }
  };

  private final String operation;
  private final Meter meter;
  private final boolean countsKeys;
  private final Set<String> tables = new LinkedHashSet<>(2);
  /** Read and write units by what consumed them. */
  private final Map<By, double[]> consumed = new LinkedHashMap<>(2);
  private String index;
  private List<Key> keys;
  private long items = -1;

  /**
   * A record of one {@code operation}; {@code meter} lets its units in (null: all are);
   * {@code countsKeys} whether it records the partition keys it touches.
   */
  public Served(String operation, Meter meter, boolean countsKeys) {
    this.operation = operation;
    this.meter = meter;
    this.countsKeys = countsKeys;
  }

  /** Runs {@code request} with this record as its thread's, and answers what it answers. */
  public <T> T during(Supplier<T> request) {
    Served outer = CURRENT.get();
    CURRENT.set(this);
    try {
      return request.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  // ---- read once the request is answered ----

  public String operation() {
    return operation;
  }

  /** The tables the request named, in the order it named them (the names as given: a name or an ARN). */
  public List<String> tables() {
    return List.copyOf(tables);
  }

  /** The secondary index the request named (a Query's or Scan's), or null. */
  public String index() {
    return index;
  }

  /** Capacity consumed, by table and index, in the order consumed. */
  public List<Consumed> consumed() {
    List<Consumed> out = new ArrayList<>(consumed.size());
    consumed.forEach((by, units) -> out.add(new Consumed(by.table(), by.index(), units[0], units[1])));
    return out;
  }


  /** The partition keys read and written, when this record counts them (at most {@value #MAX_KEYS}). */
  public List<Key> keys() {
    return keys == null ? List.of() : Collections.unmodifiableList(keys);
  }

  /** The items the request returned or wrote, or -1 when it is not an operation on items or did not get to them. */
  public long items() {
    return items;
  }

  // ---- filled by the engine's paths, on the request's thread ----

  /** Whether a request is being served on this thread: whether its facts are wanted. */
  public static boolean counting() {
    return CURRENT.get() != null;
  }

  /** The request named {@code table} (a name or an ARN), before it is looked up. */
  public static void named(String table) {
    Served s = CURRENT.get();
    if (s != null && table != null) {
      s.tables.add(table);
    }
  }

  /** The request named the secondary index {@code index}, before it is looked up. */
  public static void index(String index) {
    Served s = CURRENT.get();
    if (s != null) {
      s.index = index;
    }
  }

  /** Table {@code table}, or its index {@code index}, consumed these units. */
  public static void charge(String table, String index, double readUnits, double writeUnits) {
    Served s = CURRENT.get();
    if (s == null || readUnits + writeUnits == 0) {
      return;
    }
    double[] units = s.consumed.computeIfAbsent(new By(table, index), k -> new double[2]);
    units[0] += readUnits;
    units[1] += writeUnits;
    if (s.meter != null) {
      s.meter.pay(table, index, readUnits, writeUnits);
    }
  }

  /** Whether the request records the partition keys it touches. */
  public static boolean countsKeys() {
    Served s = CURRENT.get();
    return s != null && s.countsKeys;
  }

  /** The request read or wrote the partition key {@code partitionKey} of {@code table}. */
  public static void key(String table, AttributeValue partitionKey, boolean write) {
    Served s = CURRENT.get();
    if (s != null && s.countsKeys && partitionKey != null) {
      if (s.keys == null) {
        s.keys = new ArrayList<>(4);
      }
      if (s.keys.size() < MAX_KEYS) {
        String text = partitionKey.s() != null ? partitionKey.s() : partitionKey.n() != null ? partitionKey.n()
            : partitionKey.b() != null ? Base64.getEncoder().encodeToString(partitionKey.b().asByteArray()) : null;
        if (text != null) {
          s.keys.add(new Key(table, text, write));
        }
      }
    }
  }

  /** The request returned or wrote {@code n} more items. */
  public static void items(long n) {
    Served s = CURRENT.get();
    if (s != null) {
      s.items = Math.max(0, s.items) + n;
    }
  }

  /** Lets in a read of {@code table} (or of its global index {@code index}), or a write; or throws the refusal. */
  public static void admit(String table, String index, boolean write) {
    Served s = CURRENT.get();
    if (s != null && s.meter != null) {
      s.meter.admit(table, index, write);
    }
  }

  /** The admission of a batch's entries ({@link Meter#entries}): all let in without a meter. */
  public static Entries entries() {
    Served s = CURRENT.get();
    return s == null || s.meter == null ? ALL : s.meter.entries();
  }

  /** Whether the request has a meter (throttling is on): whether anything would be refused for units. */
  public static boolean metered() {
    Served s = CURRENT.get();
    return s != null && s.meter != null;
  }

  /** {@link Meter#refusal} of this request's meter: null (let in) without one. */
  public static PartitaException refusal(String table, boolean write) {
    return metered() ? CURRENT.get().meter.refusal(table, write) : null;
  }
}
