package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;

/**
 * A server's start, begun early on a second thread: while the main thread reads the command line
 * (picocli reflects over the serve command's options), this one sets up the logging binding (Logback's
 * LogSetup, in partita.jar), brings in Netty's HTTP classes, and serves one ListTables on a
 * throwaway in-memory database through the {@link Dispatcher}, which initialises the engine's table
 * of operations, the AWS SDK's model classes and Jackson. The main thread then finds that work done,
 * or waits for the class being initialised, as the JVM makes any thread wait; what it does and says
 * is the same as without it, only sooner on a machine with a core to spare (docs/distribution.md,
 * "Where a start's time goes").
 *
 * <p>Once the server listens (not before, so as not to slow the start), a second thread serves the warm-up's
 * requests ({@link WarmupCommand#REQUESTS}: a table with indexes, item writes and reads, queries, batches,
 * transactions, refusals) on a throwaway database of its own, then closes it ({@link #afterListening}).
 * The class archive spares loading those requests' classes, but not initialising them (the SDK model's
 * fields and their lambdas) nor running their code for the first time: done here, a test suite's first
 * test against a fresh server takes about half as long. An idle server then holds about 3 MB more, which
 * it holds anyway after its first test.
 * Nothing of it reaches the served databases, the request log or the metrics (a bug in it would show only
 * as an error logged by the dispatcher, naming a table {@code warmup}). Not done when the JVM runs from Java
 * 25's ahead-of-time cache, where it was measured to buy nothing.
 *
 * <p>Started by {@code partita serve} only; {@code -Dpartita.preload=false} turns both threads off. A
 * failure here is ignored: the server meets the same work, and any error, itself.
 */
final class Preload {
  /** The system property that turns it off when {@code false}. */
  static final String SWITCH = "partita.preload";

  /**
   * Open once the logging is set up, or at once when no preload runs. SLF4J replays, with a warning
   * on standard error, what other threads log while its binding starts; so the serve command waits
   * here before its first logging call ({@link #awaitLogging()}), and nothing is logged meanwhile.
   */
  private static volatile CountDownLatch logging = new CountDownLatch(0);

  /** Whether a preload was started in this JVM: the warm-up after listening goes with it. */
  private static volatile boolean started;

  private Preload() {}

  /**
   * Called by the serve command once the server listens and has said where: when a preload ran, serves the
   * warm-up's requests on a throwaway database of their own, on a thread of its own that ends when they are
   * served; the thread, or null.
   */
  static Thread afterListening() {
    if (!started) {
      return null;
    }
    Thread thread = new Thread(Preload::warmUp, "partita-warmup");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void warmUp() {
    try {
      if (aheadOfTimeCache()) {
        return;
      }
      try (Partita scratch = scratch()) {
        WarmupCommand.through(new Dispatcher(scratch)); // what they answer is WarmupCommandTest's to check
      }
    } catch (Exception | LinkageError e) {
      // nothing depends on it: the server does the same work when it gets there
    }
  }

  /** Forgets that a preload ran, so that a later in-process serve in a test JVM does not warm up. For tests. */
  static void forget() {
    started = false;
  }

  /** A throwaway database, with no Time to Live sweeper. */
  static Partita scratch() {
    return Partita.with().timeToLiveInterval(java.time.Duration.ZERO).inMemory();
  }

  /**
   * Whether the JVM was started with Java 25's ahead-of-time cache, which the launchers make from the same
   * requests. Measured, serving them again there made a first test no faster and cost the server 230-430 ms more
   * CPU beside the first tests. It reads the option, not whether the JVM could use the cache: the launchers remake
   * a cache older than the jar, so a stale one is rare, and then the server only does this work at its first test.
   */
  private static boolean aheadOfTimeCache() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .anyMatch(a -> a.startsWith("-XX:AOTCache="));
  }

  /** Starts the preload when {@code args} runs a server and it is not switched off; the thread, or null. */
  static Thread startFor(String[] args) {
    if (args.length == 0 || !args[0].equals("serve") || !Boolean.parseBoolean(System.getProperty(SWITCH, "true"))) {
      return null;
    }
    CountDownLatch loggingSetUp = new CountDownLatch(1);
    logging = loggingSetUp;
    started = true;
    Thread thread = new Thread(() -> run(loggingSetUp), "partita-preload");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /**
   * Waits until the preload has set up the logging, if one is running; the serve command calls it
   * before anything it does logs.
   */
  static void awaitLogging() throws InterruptedException {
    logging.await();
  }

  private static void run(CountDownLatch loggingSetUp) {
    try {
      try {
        // the binding, and java.util.logging routed into it as the serve command routes it (idempotent)
        org.slf4j.LoggerFactory.getILoggerFactory();
        io.partita.server.observe.Logging.routeJavaUtilLogging();
      } finally {
        loggingSetUp.countDown();
      }
      new io.netty.handler.codec.http.HttpServerCodec();
      Class.forName("io.netty.channel.nio.NioEventLoopGroup", true, Preload.class.getClassLoader());
      try (Partita scratch = scratch()) {
        WarmupCommand.dispatch(new Dispatcher(scratch), "ListTables", "{}", new ByteArrayOutputStream());
      }
    } catch (Exception | LinkageError e) {
      // nothing depends on it: the server does the same work when it gets there
    }
  }
}
