package io.partita.engine.internal.ops.context;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * ClientRequestToken idempotency of TransactWriteItems: for 10 minutes after a transaction with a
 * token completed, the same request with that token succeeds again without being applied (its
 * answer made by {@code replay}: DynamoDB documents that it reports the read units of reading the
 * items), and another request with it gets IdempotentParameterMismatchException. While the first
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
  private record Used(TransactWriteItemsRequest request, long expires) {}

  private final Map<String, Used> used = new HashMap<>();
  private final Map<String, TransactWriteItemsRequest> running = new HashMap<>();
  private final Clock clock;

  TransactionTokens(Clock clock) {
    this.clock = clock;
  }

  /**
   * Runs {@code transaction} under the request's token, or, when it already succeeded with that
   * token, answers {@code replay} without running it again.
   */
  public TransactWriteItemsResponse run(TransactWriteItemsRequest req, Supplier<TransactWriteItemsResponse> transaction,
      Supplier<TransactWriteItemsResponse> replay) {
    String token = req.clientRequestToken();
    if (token == null) {
      return transaction.get();
    }
    TransactWriteItemsRequest identity = req.toBuilder().clientRequestToken(null).returnConsumedCapacity((String) null).build();
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
      TransactWriteItemsRequest other = succeeded ? null : running.putIfAbsent(token, identity);
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
    TransactWriteItemsResponse response = null;
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
