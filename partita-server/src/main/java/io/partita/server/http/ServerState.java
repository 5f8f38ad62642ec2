package io.partita.server.http;

import io.partita.engine.StorageStatus;
import io.partita.server.Authenticator;
import io.partita.server.access.Access;
import io.partita.server.observe.Observation;
import io.partita.server.observe.RequestLog;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.Dispatcher;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What every connection shares: the dispatcher, the authenticator, and the count of requests in
 * flight that a graceful shutdown waits for.
 */
public final class ServerState {
  private final Dispatcher dispatcher;
  private final Authenticator authenticator;
  private final String region;
  private final Threading threading;
  private final int maxRequestBytes;
  private final Supplier<StorageStatus> storage;
  private volatile RequestLog requestLog;
  private volatile ServerMetrics metrics;
  private volatile Gate gate;
  private volatile io.partita.server.Latency latency = io.partita.server.Latency.NONE;
  private final Object lock = new Object();
  private int inFlight;
  private boolean draining;

  public ServerState(Dispatcher dispatcher, Authenticator authenticator, String region, boolean durable,
      int maxRequestBytes, Supplier<StorageStatus> storage) {
    this.storage = storage;
    this.threading = new Threading(durable);
    this.maxRequestBytes = maxRequestBytes;
    this.dispatcher = dispatcher;
    this.authenticator = authenticator;
    this.region = region;
    this.gate = new Gate(Access.DEFAULTS, java.net.InetAddress.getLoopbackAddress(), authenticator);
  }

  /** Sets what watches the requests: each null for none. Set before the server starts. */
  public ServerState watchedBy(RequestLog requestLog, ServerMetrics metrics) {
    this.requestLog = requestLog;
    this.metrics = metrics;
    return this;
  }

  /**
   * Sets who may reach the server besides what its signatures allow, for a server listening on
   * {@code bound} (docs/SECURITY.md). Set before the server starts.
   */
  public ServerState guardedBy(Access access, java.net.InetAddress bound) {
    this.gate = new Gate(access, bound, authenticator);
    return this;
  }

  Gate gate() {
    return gate;
  }

  /**
   * The admin API's switches by name ({@code POST /partita/NAME} with a spec as the body): each
   * applies a spec or throws IllegalArgumentException saying what is wrong with it.
   */
  private final java.util.Map<String, java.util.function.Consumer<String>> switches =
      new java.util.concurrent.ConcurrentSkipListMap<>();

  /** Lets the admin API switch something while the server runs: {@code POST /partita/NAME}, the spec as body. */
  public ServerState adminSwitch(String name, java.util.function.Consumer<String> apply) {
    switches.put(name, apply);
    return this;
  }

  java.util.Map<String, java.util.function.Consumer<String>> switches() {
    return switches;
  }

  /**
   * Schemas registered for the console by table ({@code PUT /partita/schemas/TABLE}): JSON texts,
   * kept while the server runs.
   */
  private final java.util.Map<String, String> schemas = new java.util.concurrent.ConcurrentSkipListMap<>();

  java.util.Map<String, String> schemas() {
    return schemas;
  }

  /**
   * Each table's {@code top} hot keys, to list at {@code GET /partita/hot-keys}, or null when the
   * database does not count them.
   */
  private volatile java.util.function.IntFunction<java.util.List<io.partita.engine.HotKeys.HotKey>> hotKeys;
  /** How many keys a table the listing shows when not asked for a number. */
  private volatile int hotKeysListed;

  public ServerState hotKeysFrom(java.util.function.IntFunction<java.util.List<io.partita.engine.HotKeys.HotKey>> hotKeys,
      int listed) {
    this.hotKeys = hotKeys;
    this.hotKeysListed = listed;
    return this;
  }

  /** The database {@code /partita/snapshots} and {@code /partita/reset} act on, or null for none. */
  private volatile io.partita.engine.Partita snapshots;
  /** What a reset loads again once the database is empty: the server's seed files. */
  private volatile Runnable reseed = () -> { };

  public ServerState snapshotsOf(io.partita.engine.Partita partita, Runnable reseed) {
    this.snapshots = partita;
    this.reseed = reseed;
    return this;
  }

  io.partita.engine.Partita snapshots() {
    return snapshots;
  }

  Runnable reseed() {
    return reseed;
  }

  int hotKeysListed() {
    return hotKeysListed;
  }

  java.util.function.IntFunction<java.util.List<io.partita.engine.HotKeys.HotKey>> hotKeys() {
    return hotKeys;
  }

  private volatile ConsoleAssets console;

  /** Serves the web console at {@code /console} (docs/console.md), or not. Set before the server starts. */
  public ServerState withConsole(boolean on) {
    this.console = on ? new ConsoleAssets() : null;
    return this;
  }

  /** The console's files, or null when the console is off. */
  ConsoleAssets console() {
    return console;
  }

  /** Sets the added latency before each answer ({@link io.partita.server.Latency#NONE}: none). */
  public ServerState delayedBy(io.partita.server.Latency latency) {
    this.latency = latency;
    return this;
  }

  io.partita.server.Latency latency() {
    return latency;
  }

  /** Whether a request is observed at all: the one check a request pays while nothing watches. */
  boolean observing() {
    return requestLog != null || metrics != null;
  }

  void observed(Observation o) {
    RequestLog log = requestLog;
    if (log != null) {
      log.record(o);
    }
    ServerMetrics m = metrics;
    if (m != null) {
      m.record(o);
    }
  }

  ServerMetrics metrics() {
    return metrics;
  }

  Dispatcher dispatcher() {
    return dispatcher;
  }


  int maxRequestBytes() {
    return maxRequestBytes;
  }

  Threading threading() {
    return threading;
  }

  String region() {
    return region;
  }

  /** Whether the database's storage can write now: the health answer tells. */
  StorageStatus storage() {
    return storage.get();
  }

  /** Counts a request in, unless the server is draining for shutdown. */
  boolean enter() {
    synchronized (lock) {
      if (draining) {
        return false;
      }
      inFlight++;
      return true;
    }
  }

  void exit() {
    synchronized (lock) {
      if (--inFlight == 0) {
        lock.notifyAll();
      }
    }
  }

  boolean draining() {
    synchronized (lock) {
      return draining;
    }
  }

  /**
   * Refuses new requests from now on and waits until those in flight have been answered.
   *
   * @return whether they all finished within the timeout
   */
  public boolean drain(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    synchronized (lock) {
      draining = true;
      while (inFlight > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(lock, left);
      }
      return true;
    }
  }
}
