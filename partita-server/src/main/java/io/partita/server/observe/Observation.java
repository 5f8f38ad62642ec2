package io.partita.server.observe;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;

/**
 * One DynamoDB request as the request log and the metrics see it: made only while one of them is
 * on, filled in by the dispatcher (the request read, the answer or the error) and by the HTTP
 * handler (status, request id, latency). What it reads from the request and the answer it reads
 * through the SDK's field model, so every operation is covered by the same few rules.
 */
public final class Observation {
  /** The operations whose consumed capacity is write capacity; the rest consume reads (see {@link #capacity}). */
  private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem");

  private final long startNanos;
  private final String operation;
  private AwsRequest request;
  private SdkPojo response;
  /** The items an answer holds apart from its response (engine's ItemsAnswer), or -1. */
  private int itemsAnswered = -1;
  private String errorType;
  private int status;
  private String requestId;
  private long latencyNanos;

  /** {@code operation} is the name the target header gave, or "Unknown" for a target the server does not serve. */
  public Observation(long startNanos, String operation) {
    this.startNanos = startNanos;
    this.operation = operation;
  }

  public String operation() {
    return operation;
  }

  /** Called by the dispatcher once the body is read. */
  public void request(AwsRequest request) {
    this.request = request;
  }

  /**
   * Called by the dispatcher with the answer, before it is written: its response, and the number of
   * items it holds apart from that response when it answers them from storage (else -1).
   */
  public void response(SdkPojo response, int itemsAnswered) {
    this.response = response;
    this.itemsAnswered = itemsAnswered;
  }

  /** The error's code as DynamoDB names it after the {@code #} of {@code __type}. */
  public void error(String errorType) {
    this.errorType = errorType;
  }

  /** Called by the HTTP handler once the answer is made. */
  public void finish(int status, String requestId, long endNanos) {
    this.status = status;
    this.requestId = requestId;
    this.latencyNanos = endNanos - startNanos;
  }

  public int status() {
    return status;
  }

  /** Null for a success. */
  public String errorType() {
    return errorType;
  }

  public String requestId() {
    return requestId;
  }

  public long latencyNanos() {
    return latencyNanos;
  }

  /**
   * The tables the request names: its TableName, or the tables of a batch's RequestItems or of a
   * transaction's items, in the request's order; empty when it names none (ListTables) or could not
   * be read.
   */
  public List<String> tables() {
    if (request == null) {
      return List.of();
    }
    Object name = field(request, "TableName");
    if (name instanceof String s) {
      return List.of(s);
    }
    Set<String> names = new LinkedHashSet<>();
    if (field(request, "RequestItems") instanceof Map<?, ?> items) {
      items.keySet().forEach(k -> names.add(String.valueOf(k)));
    }
    if (field(request, "TransactItems") instanceof Collection<?> items) {
      for (Object item : items) {
        // each TransactWriteItem/TransactGetItem holds one of Get, Put, Update, Delete, ConditionCheck
        if (item instanceof SdkPojo p) {
          for (SdkField<?> f : p.sdkFields()) {
            if (f.getValueOrDefault(p) instanceof SdkPojo action && field(action, "TableName") instanceof String s) {
              names.add(s);
            }
          }
        }
      }
    }
    return new ArrayList<>(names);
  }

  /** The table label: the one table, the tables joined by commas, or "" when none. */
  public String table() {
    List<String> tables = tables();
    return tables.isEmpty() ? "" : tables.size() == 1 ? tables.get(0) : String.join(",", tables);
  }

  /** The request's IndexName (Query, Scan), or null. */
  public String index() {
    return request == null ? null : field(request, "IndexName") instanceof String s ? s : null;
  }

  /**
   * The items the request read or wrote: Count for Query and Scan, the items returned for the other
   * reads and PartiQL, 1 for a single-item write, the writes done for BatchWriteItem (asked less
   * unprocessed) and the items of a TransactWriteItems; -1 for an error or an operation without
   * items (CreateTable).
   */
  public long items() {
    if (response == null || errorType != null) {
      return -1;
    }
    switch (operation) {
      case "PutItem", "UpdateItem", "DeleteItem" -> {
        return 1;
      }
      case "BatchWriteItem" -> {
        return writes(field(request, "RequestItems")) - writes(field(response, "UnprocessedItems"));
      }
      case "TransactWriteItems" -> {
        return field(request, "TransactItems") instanceof Collection<?> c ? c.size() : -1;
      }
      case "GetItem" -> {
        return itemsAnswered >= 0 ? itemsAnswered : field(response, "Item") instanceof Map<?, ?> m && !isAbsent(m) ? 1 : 0;
      }
      default -> {
      }
    }
    if (field(response, "Count") instanceof Integer count) {
      return count;
    }
    if (field(response, "Items") instanceof Collection<?> items && !isAbsent(items)) {
      return items.size();
    }
    if (itemsAnswered >= 0) {
      return itemsAnswered; // BatchGetItem's items, held apart from its response
    }
    Object responses = field(response, "Responses");
    if (responses instanceof Map<?, ?> byTable) {
      return writes(byTable); // BatchGetItem: the items of each table
    }
    if (responses instanceof Collection<?> list && !isAbsent(list)) {
      long n = 0; // TransactGetItems, BatchExecuteStatement: one entry per item asked
      for (Object r : list) {
        if (r instanceof SdkPojo p && field(p, "Item") instanceof Map<?, ?> m && !isAbsent(m)) {
          n++;
        }
      }
      return n;
    }
    return -1;
  }

  private static long writes(Object byTable) {
    long n = 0;
    if (byTable instanceof Map<?, ?> m) {
      for (Object v : m.values()) {
        if (v instanceof Collection<?> c) {
          n += c.size();
        }
      }
    }
    return n;
  }

  /** Capacity consumed, by table and index (null for the table itself), split into reads and writes. */
  public record Consumed(String table, String index, double readUnits, double writeUnits) {}

  /**
   * The capacity the answer reports as consumed. The server asks the engine for it (INDEXES) while
   * observing, whatever the client asked, and takes it out of the answer again when the client did
   * not ask ({@link io.partita.server.wire.Dispatcher}), so the client sees what it would have seen.
   * Transactions report reads and writes apart; for the other operations the kind of the operation
   * decides (PutItem, UpdateItem, DeleteItem and BatchWriteItem write; ExecuteStatement writes
   * unless it is a SELECT).
   */
  public List<Consumed> capacity() {
    if (response == null) {
      return List.of();
    }
    Object c = field(response, "ConsumedCapacity");
    List<Consumed> out = new ArrayList<>();
    if (c instanceof SdkPojo one) {
      add(one, out);
    } else if (c instanceof Collection<?> many) {
      for (Object o : many) {
        if (o instanceof SdkPojo p) {
          add(p, out);
        }
      }
    }
    return out;
  }

  /** The capacity units consumed in all, for the request log; NaN when none was reported. */
  public double capacityUnits() {
    double sum = 0;
    boolean any = false;
    for (Consumed c : capacity()) {
      if (c.index() == null) {
        sum += c.readUnits() + c.writeUnits();
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }

  private boolean writes() {
    if (WRITES.contains(operation)) {
      return true;
    }
    if (operation.equals("ExecuteStatement") && field(request, "Statement") instanceof String s) {
      return !s.stripLeading().regionMatches(true, 0, "SELECT", 0, 6);
    }
    return false;
  }

  private void add(SdkPojo cc, List<Consumed> out) {
    String table = field(cc, "TableName") instanceof String s ? s : table();
    boolean write = writes();
    Double reads = number(field(cc, "ReadCapacityUnits"));
    Double writes = number(field(cc, "WriteCapacityUnits"));
    Double units = number(field(cc, "CapacityUnits"));
    double r;
    double w;
    if (reads != null || writes != null) {
      r = reads == null ? 0 : reads;
      w = writes == null ? 0 : writes;
    } else {
      double u = units == null ? 0 : units;
      r = write ? 0 : u;
      w = write ? u : 0;
    }
    // with INDEXES the total includes the indexes: the table's own share is its Table entry
    if (field(cc, "Table") instanceof SdkPojo own) {
      out.add(share(own, write, table, null));
      for (String kind : List.of("GlobalSecondaryIndexes", "LocalSecondaryIndexes")) {
        if (field(cc, kind) instanceof Map<?, ?> indexes && !isAbsent(indexes)) {
          indexes.forEach((name, cap) -> {
            if (cap instanceof SdkPojo p) {
              out.add(share(p, write, table, String.valueOf(name)));
            }
          });
        }
      }
    } else {
      out.add(new Consumed(table, null, r, w));
    }
  }

  private static Double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : null;
  }

  private static double value(Object o) {
    return o instanceof Number n ? n.doubleValue() : 0;
  }

  private static boolean isAbsent(Object o) {
    return o instanceof software.amazon.awssdk.core.util.SdkAutoConstructList
        || o instanceof software.amazon.awssdk.core.util.SdkAutoConstructMap;
  }

  /** The value of the member named {@code name} (as on the wire), or null when the shape has none. */
  static Object field(SdkPojo pojo, String name) {
    if (pojo == null) {
      return null;
    }
    for (SdkField<?> f : pojo.sdkFields()) {
      if (f.memberName().equals(name)) {
        return f.getValueOrDefault(pojo);
      }
    }
    return null;
  }

  /**
   * A table's or an index's share of consumed capacity (a Capacity shape): its read and write units,
   * or, when only CapacityUnits is given, those units as reads or writes by the operation's kind.
   */
  private static Consumed share(SdkPojo capacity, boolean write, String table, String index) {
    double units = value(field(capacity, "CapacityUnits"));
    double reads = value(field(capacity, "ReadCapacityUnits"));
    double writes = value(field(capacity, "WriteCapacityUnits"));
    if (reads == 0 && writes == 0) {
      reads = write ? 0 : units;
      writes = write ? units : 0;
    }
    return new Consumed(table, index, reads, writes);
  }
}
