package io.partita.model;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

import io.partita.model.internal.Futures;

/** The retry loop of both clients' {@code retryOnConflict} and {@code modify}. */
final class Conflicts {
  private Conflicts() {}

  /**
   * Runs {@code work} until its future completes with a value, or fails with something other than a conflict, or
   * {@code retry}'s attempts are spent (the last conflict is the failure then). Between attempts it waits the
   * policy's full-jitter backoff: a sleep on the caller's thread when {@code blocking}, a timer otherwise.
   */
  static <V> CompletableFuture<V> retry(RetryPolicy retry, boolean blocking, Supplier<CompletableFuture<V>> work) {
    Objects.requireNonNull(retry, "retry");
    Objects.requireNonNull(work, "work");
    return attempt(retry, blocking, work, 1);
  }

  private static <V> CompletableFuture<V> attempt(RetryPolicy retry, boolean blocking,
      Supplier<CompletableFuture<V>> work, int attempt) {
    return Futures.call(work).handle((v, e) -> {
      if (e == null) {
        return CompletableFuture.completedFuture(v);
      }
      Throwable cause = Futures.unwrap(e);
      if (!(cause instanceof ModelException m) || !isConflict(m) || attempt >= retry.maxAttempts()) {
        throw Futures.rethrow(cause);
      }
      return retry.pauseBefore(attempt, blocking).thenCompose(x -> attempt(retry, blocking, work, attempt + 1));
    }).thenCompose(Function.identity());
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
