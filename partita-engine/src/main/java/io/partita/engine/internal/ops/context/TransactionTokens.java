package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.request.RequestDigest;
import java.time.Clock;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkPojo;

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
  /**
   * The most tokens remembered, about 50 MB of them: beyond, the oldest is forgotten before its
   * window ends. Only a load of more than 400 transactions a second for ten minutes reaches it, and
   * then a token is still remembered for as long as 250,000 transactions take, far longer than a
   * client's retries.
   */
  static final int MAX_REMEMBERED = 250_000;

  /** The members whose values a retry may change: the token itself, and what the answer reports. */
  private static final Set<String> NOT_PARAMETERS = Set.of("ClientRequestToken", "ReturnConsumedCapacity");

  /** What succeeded with a token: the request's parameters, and when the token's window ends. */
  private record Used(RequestDigest parameters, long expires) {}

  /**
   * In the order they were used, so in the order they expire while the clock moves forward: expired
   * tokens are dropped from the head, never by walking them all (a steady load of transactions
   * holds ten minutes of them).
   */
  private final LinkedHashMap<String, Used> used = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Used> eldest) {
      return size() > MAX_REMEMBERED;
    }
  };
  private final Map<String, RequestDigest> running = new HashMap<>();
  private final Clock clock;

  TransactionTokens(Clock clock) {
    this.clock = clock;
  }

  /**
   * Runs {@code transaction} under {@code token} (null: none), or, when it already succeeded with
   * that token, answers {@code replay} without running it again. {@code request} is the request as
   * sent, compared with the one that took the token first on all its members but the token and
   * ReturnConsumedCapacity; it is read only when there is a token.
   */
  public <T> T run(String token, SdkPojo request, Supplier<T> transaction, Supplier<T> replay) {
    if (token == null) {
      return transaction.get();
    }
    RequestDigest parameters = RequestDigest.of(request, NOT_PARAMETERS);
    boolean succeeded = false;
    synchronized (this) {
      long now = clock.millis();
      for (Iterator<Used> oldest = used.values().iterator(); oldest.hasNext() && oldest.next().expires <= now; ) {
        oldest.remove();
      }
      Used before = used.get(token);
      if (before != null && before.expires <= now) {
        // expired behind a younger one: the clock went back (the wall clock can be set back)
        used.remove(token);
        before = null;
      }
      if (before != null) {
        if (!before.parameters.equals(parameters)) {
          throw mismatch();
        }
        succeeded = true;
      }
      RequestDigest other = succeeded ? null : running.putIfAbsent(token, parameters);
      if (other != null) {
        if (!other.equals(parameters)) {
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
          used.put(token, new Used(parameters, clock.millis() + WINDOW_MILLIS));
        }
      }
    }
  }

  /** How many tokens are remembered (for tests). */
  synchronized int remembered() {
    return used.size();
  }

  private static PartitaException mismatch() {
    return new PartitaException(ErrorCode.IdempotentParameterMismatchException,
        "Request parameters do not match the parameters of a previous request with the same client token");
  }
}
