package io.partita.model;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * How batches retry what DynamoDB left unprocessed, and how {@link ModelClient#retryOnConflict} and
 * {@link EntityClient#modify} retry a write another writer beat: exponential backoff with full jitter. Before retry {@code n}
 * (1, 2, …) the batch sleeps a uniformly random time in {@code [0, min(maxDelay, baseDelay × 2^(n-1)))}, and it gives
 * up after {@code maxAttempts} requests for the same chunk, reporting what is left (a conflict retry gives up
 * after {@code maxAttempts} runs, throwing the last conflict). Full jitter spreads the retries
 * of many clients hit by the same throttling instead of having them come back together. Immutable; each method
 * returns a changed copy.
 *
 * <pre>{@code
 * RetryPolicy.defaults().maxAttempts(5).baseDelay(Duration.ofMillis(50)).sleeper(recorded::add)
 * }</pre>
 */
public final class RetryPolicy {

  /** Waits; tests give one that records instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private static final Sleeper THREAD_SLEEP = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

  private final int maxAttempts;
  private final Duration baseDelay;
  private final Duration maxDelay;
  private final Sleeper sleeper;
  private final DoubleSupplier random;

  private RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Sleeper sleeper,
      DoubleSupplier random) {
    this.maxAttempts = maxAttempts;
    this.baseDelay = baseDelay;
    this.maxDelay = maxDelay;
    this.sleeper = sleeper;
    this.random = random;
  }

  /** 8 attempts, 25 ms base delay, 2 s cap, {@link Thread#sleep}, {@link ThreadLocalRandom}. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(8, Duration.ofMillis(25), Duration.ofSeconds(2), THREAD_SLEEP,
        () -> ThreadLocalRandom.current().nextDouble());
  }

  /** Requests per chunk, the first included (1: no retry). */
  public RetryPolicy maxAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt");
    }
    return new RetryPolicy(attempts, baseDelay, maxDelay, sleeper, random);
  }

  public RetryPolicy baseDelay(Duration delay) {
    return new RetryPolicy(maxAttempts, nonNegative(delay), maxDelay, sleeper, random);
  }

  public RetryPolicy maxDelay(Duration delay) {
    return new RetryPolicy(maxAttempts, baseDelay, nonNegative(delay), sleeper, random);
  }

  public RetryPolicy sleeper(Sleeper sleeper) {
    return new RetryPolicy(maxAttempts, baseDelay, maxDelay, Objects.requireNonNull(sleeper, "sleeper"), random);
  }

  /** The source of jitter: values in {@code [0, 1)}. */
  public RetryPolicy random(DoubleSupplier random) {
    return new RetryPolicy(maxAttempts, baseDelay, maxDelay, sleeper, Objects.requireNonNull(random, "random"));
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /** The upper bound of the delay before retry {@code retry} (1, 2, …): {@code min(maxDelay, base × 2^(retry-1))}. */
  public Duration ceiling(int retry) {
    int shift = Math.min(retry - 1, 30);
    long nanos = baseDelay.toNanos();
    long ceiling = nanos > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : nanos << shift;
    return Duration.ofNanos(Math.min(ceiling, maxDelay.toNanos()));
  }

  /** A delay before retry {@code retry}, drawn uniformly below {@link #ceiling}. */
  public Duration delay(int retry) {
    return Duration.ofNanos((long) (random.getAsDouble() * ceiling(retry).toNanos()));
  }

  void sleepBefore(int retry) {
    try {
      sleeper.sleep(delay(retry));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ModelException("interrupted while waiting to retry");
    }
  }

  /**
   * Waits before retry {@code retry}: {@link #sleepBefore} on the caller's thread when {@code blocking} (the
   * synchronous client), otherwise a timer that holds no thread (the asynchronous client). An injected sleeper is
   * the caller's clock (a test's recorder): it is called in both cases, on the thread that completed the request.
   */
  java.util.concurrent.CompletableFuture<Void> pauseBefore(int retry, boolean blocking) {
    if (blocking || sleeper != THREAD_SLEEP) {
      sleepBefore(retry);
      return java.util.concurrent.CompletableFuture.completedFuture(null);
    }
    return java.util.concurrent.CompletableFuture.runAsync(() -> {}, java.util.concurrent.CompletableFuture
        .delayedExecutor(delay(retry).toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS));
  }

  private static Duration nonNegative(Duration d) {
    if (Objects.requireNonNull(d, "delay").isNegative()) {
      throw new IllegalArgumentException("a delay cannot be negative");
    }
    return d;
  }

  @Override
  public String toString() {
    return "RetryPolicy[maxAttempts=" + maxAttempts + ", baseDelay=" + baseDelay + ", maxDelay=" + maxDelay + "]";
  }
}
