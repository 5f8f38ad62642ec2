package io.partita.server.observe;

import io.partita.engine.served.Served;
import java.util.List;

/**
 * One DynamoDB request as the request log and the metrics see it: made only while one of them is
 * on, filled in by the dispatcher (what the engine counted as the request ran, or the error) and by
 * the HTTP handler (status, request id, latency). Every fact of the request itself (its tables,
 * index, items and consumed capacity) is the engine's {@link Served}, counted where it happened:
 * nothing here reads the request or its answer.
 */
public final class Observation {
  private final long startNanos;
  private final String operation;
  private String namespace;
  private Served served;
  private String errorType;
  private int status;
  private String requestId;
  private long latencyNanos;

  /** {@code operation} is the name the target header gave, or "Unknown" for a target the server does not serve. */
  public Observation(long startNanos, String operation) {
    this.startNanos = startNanos;
    this.operation = operation;
  }

  /**
   * One of Partita's own changes that is no DynamoDB request (a snapshot saved, restored or deleted,
   * a reset, an admin switch), observed whole once it is done: its status and, for a refusal, the
   * error it is logged under (null for a success).
   */
  public static Observation ofAction(String operation, String namespace, long startNanos, int status, String errorType,
      String requestId) {
    Observation o = new Observation(startNanos, operation);
    o.namespace = namespace;
    o.errorType = errorType;
    o.finish(status, requestId, System.nanoTime());
    return o;
  }

  public String operation() {
    return operation;
  }

  /** The namespace an isolating server served the request in (its label), or null on a shared server. */
  public String namespace() {
    return namespace;
  }

  /** Called by the HTTP side once it has chosen the request's database: its namespace's label, or null. */
  public void namespace(String namespace) {
    this.namespace = namespace;
  }

  /** Called by the dispatcher with what the engine counted, whether the request was answered or refused. */
  public void served(Served served) {
    this.served = served;
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
   * The tables the request named, in the order the engine looked them up (by name: a table named by
   * its ARN is its name here); empty when it names none (ListTables) or was refused before.
   */
  public List<String> tables() {
    return served == null ? List.of() : served.tables();
  }

  /** The table label: the one table, the tables joined by commas, or "" when none. */
  public String table() {
    List<String> tables = tables();
    return tables.isEmpty() ? "" : tables.size() == 1 ? tables.get(0) : String.join(",", tables);
  }

  /** The secondary index the request named (Query, Scan), or null. */
  public String index() {
    return served == null ? null : served.index();
  }

  /**
   * The items the request read or wrote (Count for Query and Scan, the items returned for the
   * other reads, 1 for a single-item write, the writes made of a BatchWriteItem, the actions of a
   * TransactWriteItems); -1 for an error or an operation without items (CreateTable).
   */
  public long items() {
    return served == null || errorType != null ? -1 : served.items();
  }

  /**
   * The capacity consumed, by table and index, reads and writes apart, whatever the client asked to
   * be told: the engine counts it for every request. A refused request counts what it consumed
   * before it was refused (a write whose condition failed costs a unit).
   */
  public List<Served.Consumed> capacity() {
    return served == null ? List.of() : served.consumed();
  }

  /** The capacity units the tables consumed themselves (their indexes' are in the metrics), for the request log; NaN when none. */
  public double capacityUnits() {
    double sum = 0;
    boolean any = false;
    for (Served.Consumed c : capacity()) {
      if (c.index() == null) {
        sum += c.readUnits() + c.writeUnits();
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }
}
