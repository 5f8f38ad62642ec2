package io.partita.model;

import java.util.Objects;
import java.util.function.Supplier;

/** The retry loop of {@link ModelClient#retryOnConflict} and {@link EntityClient#modify}. */
final class Conflicts {
  private Conflicts() {}

  /**
   * Runs {@code work} until it returns, or throws something other than a conflict, or {@code retry}'s attempts are
   * spent (the last conflict is thrown then). Between attempts it sleeps the policy's full-jitter backoff.
   */
  static <V> V retry(RetryPolicy retry, Supplier<V> work) {
    Objects.requireNonNull(retry, "retry");
    Objects.requireNonNull(work, "work");
    for (int attempt = 1; ; attempt++) {
      try {
        return work.get();
      } catch (ModelException e) {
        if (!isConflict(e) || attempt >= retry.maxAttempts()) {
          throw e;
        }
      }
      retry.sleepBefore(attempt);
    }
  }

  /**
   * A write refused because another writer came first: a {@link VersionConflictException}, or a transaction
   * cancelled only by version conflicts and conflicts with other transactions ({@code TransactionConflict}).
   */
  static boolean isConflict(ModelException e) {
    if (e instanceof VersionConflictException) {
      return true;
    }
    if (e instanceof TransactionCanceledException t && !t.failures().isEmpty()) {
      for (TransactionCanceledException.Reason r : t.failures()) {
        if (!r.versionConflict() && !"TransactionConflict".equals(r.code())) {
          return false;
        }
      }
      return true;
    }
    return false;
  }
}
