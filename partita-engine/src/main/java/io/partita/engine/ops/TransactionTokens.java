package io.partita.engine.ops;

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
 * token succeeded, the same request with that token succeeds again without being applied, and
 * another request with it gets IdempotentParameterMismatchException. While the first is still
 * running, a second with its token gets TransactionInProgressException, as DynamoDB answers.
 *
 * <p>Tokens live in memory: a restart forgets them (DynamoDB keeps them for the whole window). A
 * token of a transaction that was cancelled is not kept, so the caller may retry with it.
 */
final class TransactionTokens {
  static final long WINDOW_MILLIS = 10 * 60 * 1000;

  private record Used(TransactWriteItemsRequest request, TransactWriteItemsResponse response, long expires) {}

  private final Map<String, Used> used = new HashMap<>();
  private final Map<String, TransactWriteItemsRequest> running = new HashMap<>();
  private final Clock clock;

  TransactionTokens(Clock clock) {
    this.clock = clock;
  }

  /** Runs {@code transaction} under the request's token, or answers the first run's response again. */
  TransactWriteItemsResponse run(TransactWriteItemsRequest req, Supplier<TransactWriteItemsResponse> transaction) {
    String token = req.clientRequestToken();
    if (token == null) {
      return transaction.get();
    }
    TransactWriteItemsRequest identity = req.toBuilder().clientRequestToken(null).build();
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
        return before.response;
      }
      TransactWriteItemsRequest other = running.putIfAbsent(token, identity);
      if (other != null) {
        if (!other.equals(identity)) {
          throw mismatch();
        }
        throw new PartitaException(ErrorCode.TransactionInProgressException,
            "The transaction with the given request token is already in progress.");
      }
    }
    TransactWriteItemsResponse response = null;
    try {
      response = transaction.get();
      return response;
    } finally {
      synchronized (this) {
        running.remove(token);
        if (response != null) {
          used.put(token, new Used(identity, response, clock.millis() + WINDOW_MILLIS));
        }
      }
    }
  }

  private static PartitaException mismatch() {
    return new PartitaException(ErrorCode.IdempotentParameterMismatchException,
        "Request parameters do not match the parameters of a previous request with the same client token");
  }
}
