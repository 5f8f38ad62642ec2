package io.partita.model.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * The few future helpers the library's logic needs. That logic is written once, as steps on {@link
 * CompletableFuture}s; the synchronous client runs it over a {@link Dynamo} whose futures are complete when
 * returned and {@link #join}s, so it throws the very exception the step threw, never a wrapper.
 */
public final class Futures {
  private Futures() {}

  /** The value, or the step's own exception (unwrapped from CompletionException). */
  public static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error r) {
        throw r;
      }
      throw e;
    }
  }

  /** The exception a step threw, without the CompletionException a later stage wrapped it in. */
  public static Throwable unwrap(Throwable t) {
    Throwable out = t;
    while ((out instanceof CompletionException || out instanceof ExecutionException) && out.getCause() != null) {
      out = out.getCause();
    }
    return out;
  }

  /** {@code step}'s future, or a failed one when it threw before making one (a key that does not fit, say). */
  public static <T> CompletableFuture<T> call(Supplier<CompletableFuture<T>> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** Throws {@code t} unwrapped, from inside a stage (a RuntimeException as is; anything else wrapped). */
  public static RuntimeException rethrow(Throwable t) {
    Throwable cause = unwrap(t);
    if (cause instanceof RuntimeException r) {
      throw r;
    }
    if (cause instanceof Error r) {
      throw r;
    }
    throw new CompletionException(cause);
  }
}
