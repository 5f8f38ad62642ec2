package io.partita.engine;

import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Injected failures, off unless asked for: a fraction of requests answer one of the errors a busy
 * or unreliable DynamoDB answers, so retry and backoff code can be tested locally. Each chosen
 * request fails before it runs (nothing is written), with an error the AWS SDKs retry:
 * InternalServerError (500), ServiceUnavailable (503) or ThrottlingException (400); or, asked for by
 * name, with the conflict of a transaction in progress on the item — TransactionConflictException for
 * a PutItem, UpdateItem or DeleteItem, a TransactionCanceledException whose first reason is
 * TransactionConflict for a TransactWriteItems or TransactGetItems (other operations never meet one, and
 * are not failed by that draw) — so an application's retry of conflicts can be tested. Draws come from
 * one seeded random sequence, so a single-threaded test sees the same failures on every run.
 *
 * @param rate the fraction of requests that fail, 0 to 1
 * @param errors the errors to answer, drawn evenly
 * @param operations the operations that may fail (empty: all)
 * @param tables the tables whose requests may fail (empty: any request, with a table or not)
 * @param seed the seed of the random sequence
 */
public record Faults(double rate, List<ErrorCode> errors, Set<String> operations, Set<String> tables, long seed) {
  /** The errors a fault may answer: those DynamoDB answers under load or failure, all retryable. */
  private static final List<ErrorCode> RETRYABLE_ORDER =
      List.of(ErrorCode.InternalServerError, ErrorCode.ServiceUnavailable, ErrorCode.ThrottlingException);
  public static final Set<ErrorCode> RETRYABLE = Set.copyOf(RETRYABLE_ORDER);
  /** What a fault may answer: the retryable errors, and a transaction's conflict, only when named. */
  public static final Set<ErrorCode> INJECTABLE = Set.of(ErrorCode.InternalServerError, ErrorCode.ServiceUnavailable,
      ErrorCode.ThrottlingException, ErrorCode.TransactionConflictException);

  /** No failures: the default. (After {@link #RETRYABLE}, which its construction checks against.) */
  public static final Faults NONE = new Faults(0, List.of(ErrorCode.InternalServerError), Set.of(), Set.of(), 0);

  public Faults {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("the fault rate must be between 0 and 1, not " + rate);
    }
    errors = List.copyOf(errors);
    if (errors.isEmpty() || !INJECTABLE.containsAll(errors)) {
      throw new IllegalArgumentException("fault errors must be some of " + RETRYABLE_ORDER
          + " and TransactionConflictException, not " + errors);
    }
    operations = Set.copyOf(operations);
    tables = Set.copyOf(tables);
  }

  /** {@code rate} of all requests fail with InternalServerError, ServiceUnavailable or ThrottlingException. */
  public static Faults rate(double rate, long seed) {
    return new Faults(rate, RETRYABLE_ORDER, Set.of(), Set.of(), seed);
  }

  /**
   * Reads {@code rate=0.05[,errors=InternalServerError+ServiceUnavailable+ThrottlingException]
   * [,operations=PutItem+GetItem][,tables=Orders][,seed=42]}, or {@code none}; throws
   * IllegalArgumentException saying what is wrong.
   */
  public static Faults parse(String spec) {
    if (spec.trim().equals("none")) {
      return NONE;
    }
    double rate = -1;
    List<ErrorCode> errors = new java.util.ArrayList<>(RETRYABLE_ORDER);
    Set<String> operations = new java.util.LinkedHashSet<>();
    Set<String> tables = new java.util.LinkedHashSet<>();
    long seed = 0;
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("expected name=value in a faults spec, not '" + part + "'");
      }
      String name = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      switch (name) {
        case "rate" -> rate = number(value, name, Double::parseDouble);
        case "seed" -> seed = number(value, name, Long::parseLong);
        case "operations" -> operations.addAll(List.of(value.split("\\+")));
        case "tables" -> tables.addAll(List.of(value.split("\\+")));
        case "errors" -> {
          errors.clear();
          for (String e : value.split("\\+")) {
            errors.add(errorCode(e));
          }
        }
        default -> throw new IllegalArgumentException("a faults spec knows rate, errors, operations, tables and"
            + " seed, not '" + name + "'");
      }
    }
    if (rate < 0) {
      throw new IllegalArgumentException("a faults spec needs rate=R, a fraction between 0 and 1");
    }
    return new Faults(rate, errors, operations, tables, seed);
  }

  private static <T> T number(String value, String name, java.util.function.Function<String, T> parse) {
    try {
      return parse.apply(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + value + "' is not a valid " + name);
    }
  }

  private static ErrorCode errorCode(String name) {
    for (ErrorCode c : ErrorCode.values()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("'" + name + "' is not a valid errors");
  }

  /** The state of faults in use: the random sequence and how many were injected. */
  static final class Injector {
    final Faults faults;
    private final Random random;
    private final AtomicLong injected = new AtomicLong();

    Injector(Faults faults) {
      this.faults = faults;
      this.random = new Random(faults.seed());
    }

    /**
     * Throws the fault chosen for this request, or returns when it is to run. Off (rate 0), it reads
     * one field: the table is looked for in the request only when a table filter asks for it.
     */
    void maybeFail(String operation, software.amazon.awssdk.awscore.AwsRequest request) {
      Faults f = faults;
      if (f.rate() == 0 || (!f.operations().isEmpty() && !f.operations().contains(operation))) {
        return;
      }
      if (!f.tables().isEmpty()) {
        String table = request.getValueForField("TableName", String.class).orElse(null);
        if (table == null || !f.tables().contains(table)) {
          return;
        }
      }
      ErrorCode error;
      synchronized (random) {
        if (random.nextDouble() >= f.rate()) {
          return;
        }
        error = f.errors().get(random.nextInt(f.errors().size()));
      }
      if (error == ErrorCode.TransactionConflictException) {
        PartitaException conflict = conflict(operation, request);
        if (conflict == null) {
          return; // no transaction could be in this request's way
        }
        injected.incrementAndGet();
        throw conflict;
      }
      injected.incrementAndGet();
      throw new PartitaException(error, switch (error) {
        case ServiceUnavailable -> "DynamoDB is currently unavailable. (This should be a temporary state.)";
        case ThrottlingException -> "Rate of requests exceeds the allowed throughput.";
        default -> "Internal server error";
      } + " [injected by Partita's --faults]");
    }

    /**
     * The conflict {@code operation} meets with a transaction in progress, as the engine answers a real one
     * (ReadModifyWrite, Cancellations), or null for an operation that never meets one.
     */
    private static PartitaException conflict(String operation, software.amazon.awssdk.awscore.AwsRequest request) {
      int actions = request instanceof software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest w
          ? w.transactItems().size()
          : request instanceof software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest g
              ? g.transactItems().size() : 0;
      if (actions > 0) {
        List<software.amazon.awssdk.services.dynamodb.model.CancellationReason> reasons = new java.util.ArrayList<>();
        for (int i = 0; i < actions; i++) {
          reasons.add(software.amazon.awssdk.services.dynamodb.model.CancellationReason.builder()
              .code(i == 0 ? "TransactionConflict" : "None")
              .message(i == 0 ? "Transaction is ongoing for the item" : null).build());
        }
        return PartitaException.transactionCanceled(reasons);
      }
      return switch (operation) {
        case "PutItem", "UpdateItem", "DeleteItem" -> new PartitaException(ErrorCode.TransactionConflictException,
            "Transaction is ongoing for the item [injected by Partita's --faults]");
        default -> null;
      };
    }

    long injected() {
      return injected.get();
    }
  }
}
