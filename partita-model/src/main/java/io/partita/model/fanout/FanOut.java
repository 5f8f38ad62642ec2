package io.partita.model.fanout;

import io.partita.model.AccessPattern;
import io.partita.model.AsyncModelClient;
import io.partita.model.Key;
import io.partita.model.ModelClient;
import io.partita.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * One access pattern run over several partitions and the answers put together: what write sharding
 * (a hot partition split into {@code #0..#9}) and geohash searches (a cell and its neighbours) read
 * with, as the guides describe it. On an {@link Executor} the queries run in parallel (a thread pool
 * of the application's, as the guides' ThreadPoolExecutor); without one, one after another.
 */
public final class FanOut {
  private FanOut() {}

  /**
   * Every item {@code pattern} answers for each of {@code partitions} (the values that fill its
   * partition template), in the order of the partitions and, within one, the pattern's order.
   *
   * @param refine what each query adds (a sort condition, a filter, descending), or the identity
   * @param executor where the queries run, or null for the caller's thread
   */
  public static <T> List<T> query(ModelClient db, AccessPattern<T> pattern, List<Key> partitions,
      UnaryOperator<Query<T>> refine, Executor executor) {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(pattern, "pattern");
    UnaryOperator<Query<T>> each = refine == null ? UnaryOperator.identity() : refine;
    List<T> out = new ArrayList<>();
    if (executor == null) {
      for (Key partition : partitions) {
        out.addAll(each.apply(db.query(pattern).partition(partition)).all());
      }
      return out;
    }
    List<CompletableFuture<List<T>>> running = new ArrayList<>(partitions.size());
    for (Key partition : partitions) {
      running.add(CompletableFuture.supplyAsync(() -> each.apply(db.query(pattern).partition(partition)).all(), executor));
    }
    try {
      for (CompletableFuture<List<T>> r : running) {
        out.addAll(r.join());
      }
    } catch (CompletionException e) {
      // the query's own exception (a ModelException, the SDK's), not the future's wrapper
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
    return out;
  }

  /**
   * {@link #query(ModelClient, AccessPattern, List, UnaryOperator, Executor)} on the asynchronous client: every
   * partition's query is sent at once (each reads its pages one after another), and the future completes with the
   * items in the order of the partitions, or fails with the first query's failure. No thread is held while the
   * queries run.
   */
  public static <T> CompletableFuture<List<T>> query(AsyncModelClient db, AccessPattern<T> pattern,
      List<Key> partitions, UnaryOperator<Query<T>> refine) {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(pattern, "pattern");
    UnaryOperator<Query<T>> each = refine == null ? UnaryOperator.identity() : refine;
    List<CompletableFuture<List<T>>> running = new ArrayList<>(partitions.size());
    for (Key partition : partitions) {
      running.add(each.apply(db.query(pattern).partition(partition)).allAsync());
    }
    return CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0])).thenApply(x -> {
      List<T> out = new ArrayList<>();
      for (CompletableFuture<List<T>> r : running) {
        out.addAll(r.join());
      }
      return out;
    });
  }
}
