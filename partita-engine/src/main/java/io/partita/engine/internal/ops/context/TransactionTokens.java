package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Supplier;

/**
 * ClientRequestToken idempotency of TransactWriteItems and ExecuteTransaction: for 10 minutes
 * after a transaction with a token completed, the same request with that token succeeds again
 * without being applied (its answer made by {@code replay}: DynamoDB documents that it reports the
 * read units of reading the items), and another request with it gets
 * IdempotentParameterMismatchException. While the first
 * is still running, a second with its token gets TransactionInProgressException, as DynamoDB
 * answers. ReturnConsumedCapacity is not one of the parameters that must match.
 *
 * <p>Tokens live in memory: a restart forgets them (DynamoDB keeps them for the whole window). A
 * token of a transaction that was cancelled is not kept, so the caller may retry with it (another
 * request with it runs too). What the service answers here could not be established; this is
 * Partita's choice.
 */
public final class TransactionTokens {
  static final long WINDOW_MILLIS = 10 * 60 * 1000;

  /** The request that succeeded with a token. */
  private record Used(Object request, long expires) {}

  private final Map<String, Used> used = new HashMap<>();
  private final Map<String, Object> running = new HashMap<>();
  private final Clock clock;

  TransactionTokens(Clock clock) {
    this.clock = clock;
  }

  /**
   * Runs {@code transaction} under {@code token} (null: none), or, when it already succeeded with
   * that token, answers {@code replay} without running it again. {@code identity} is the request
   * without its token and ReturnConsumedCapacity, compared by {@code equals} with the request that
   * took the token first; it is asked for only when there is a token.
   */
  public <T> T run(String token, Supplier<Object> identityOf, Supplier<T> transaction, Supplier<T> replay) {
    if (token == null) {
      return transaction.get();
    }
    Object identity = identityOf.get();
    boolean succeeded = false;
    synchronized (this) {
      long now = clock.millis();
      for (Iterator<Used> it = used.values().iterator(); it.hasNext(); ) {
        if (it.next().expires <= now) {
          it.remove();
        }
      }
      Used before = used.get(token);
      if (before != null) {
        if (!before.request.equals(identity)) {
          throw mismatch();
        }
        succeeded = true;
      }
      Object other = succeeded ? null : running.putIfAbsent(token, identity);
      if (other != null) {
        if (!other.equals(identity)) {
          throw mismatch();
        }
        throw new PartitaException(ErrorCode.TransactionInProgressException,
            "The transaction with the given request token is already in progress.");
      }
    }
    if (succeeded) {
      return replay.get();
    }
    T response = null;
    try {
      response = transaction.get();
      return response;
    } finally {
      synchronized (this) {
        running.remove(token);
        if (response != null) {
          used.put(token, new Used(identity, clock.millis() + WINDOW_MILLIS));
        }
      }
    }
  }

  private static PartitaException mismatch() {
    return new PartitaException(ErrorCode.IdempotentParameterMismatchException,
        "Request parameters do not match the parameters of a previous request with the same client token");
  }
}
