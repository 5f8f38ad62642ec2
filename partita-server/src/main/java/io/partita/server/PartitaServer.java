package io.partita.server;

import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.server.http.HttpServer;
import io.partita.server.http.ServerState;
import io.partita.server.isolation.Namespaces;
import io.partita.server.observe.RequestLog;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.Dispatcher;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * A Partita database served over DynamoDB's wire protocol: any DynamoDB client pointed at {@link
 * #endpoint()} works against it unchanged.
 *
 * <pre>{@code
 * try (Partita db = Partita.inMemory();
 *      PartitaServer server = PartitaServer.start(db, ServerConfig.defaults().withPort(0))) {
 *   DynamoDbClient client = DynamoDbClient.builder().endpointOverride(server.endpoint())...
 * }
 * }</pre>
 *
 * <p>Closing the server stops accepting, finishes requests in flight, and closes connections; the
 * database stays open and belongs to the caller.
 */
public final class PartitaServer implements AutoCloseable {
  private final HttpServer http;
  private final ServerMetrics metrics;

  private PartitaServer(HttpServer http, ServerMetrics metrics) {
    this.http = http;
    this.metrics = metrics;
  }

  /** How many keys of each table {@code GET /partita/hot-keys} lists unless asked otherwise, and the metrics show. */
  static final int HOT_KEYS_LISTED = 10;

  public static PartitaServer start(Partita partita, ServerConfig config) throws InterruptedException {
    return start(partita, config, () -> { });
  }

  /**
   * {@link #start(Partita, ServerConfig)}, with what {@code POST /partita/reset} loads again once the
   * database is empty ({@code partita serve}'s seed files).
   */
  public static PartitaServer start(Partita partita, ServerConfig config, Runnable reseed) throws InterruptedException {
    ServerMetrics metrics = config.metrics() ? new ServerMetrics(partita, HOT_KEYS_LISTED) : null;
    ServerState state = state(new Dispatcher(partita), partita.isDurable(), partita::storageStatus, config, metrics)
        .snapshotsOf(partita, reseed);
    PartitaServer server = listen(state, config, metrics);
    // DescribeEndpoints answers where this server listens
    partita.advertiseEndpoint(server.endpoint().getAuthority());
    return server;
  }

  /**
   * Serves each namespace from its own database, opened on the first request signed for it
   * ({@code partita serve --isolate}; docs/SERVER.md, "Isolation"). The databases belong to {@code
   * namespaces}, which the caller closes after the server.
   *
   * @param reseed what {@code POST /partita/reset} loads again into a namespace's database once it is empty
   * @param hotKeys whether the databases count hot keys (the metrics then show them)
   */
  public static PartitaServer start(Namespaces namespaces, ServerConfig config, Consumer<Partita> reseed,
      boolean hotKeys) throws InterruptedException {
    ServerMetrics metrics = config.metrics() ? new ServerMetrics(HOT_KEYS_LISTED, hotKeys) : null;
    // the health answer tells whether writes work: they do unless one namespace's storage cannot write
    ServerState state = state(null, namespaces.durable(), () -> namespaces.opened().values().stream()
        .map(Partita::storageStatus).filter(s -> !s.writable()).findFirst()
        .orElse(new io.partita.engine.StorageStatus(true, null, null, 0, 0)), config, metrics)
        .isolatedBy(namespaces, reseed);
    PartitaServer server = listen(state, config, metrics);
    String endpoint = server.endpoint().getAuthority();
    namespaces.onOpen((ns, partita) -> {
      partita.advertiseEndpoint(endpoint);
      if (metrics != null) {
        metrics.watch(ns.label(), partita);
      }
    });
    return server;
  }

  /** What every connection shares, with the admin API's switches. */
  private static ServerState state(Dispatcher dispatcher, boolean durable,
      java.util.function.Supplier<io.partita.engine.StorageStatus> storage, ServerConfig config,
      ServerMetrics metrics) {
    ServerState state = new ServerState(dispatcher, config.authenticator(), config.region(), durable,
        config.maxRequestBytes(), storage)
        .watchedBy(config.requestLog() == null ? null : new RequestLog(config.requestLog()), metrics)
        .guardedBy(config.access(), bound(config.host()))
        .delayedBy(config.latency())
        .withConsole(config.console())
        .withMcp(config.mcp())
        .hotKeysListed(HOT_KEYS_LISTED);
    return state.adminSwitch("faults", (partita, spec) -> partita.injectFaults(Faults.parse(spec)))
        .adminSwitch("latency", spec -> state.delayedBy(spec.equals("none") ? Latency.NONE : Latency.parse(spec, 0)))
        .adminSwitch("throttling", (partita, spec) -> partita.throttle(onOff(spec)))
        .adminSwitch("consistency-lag", (partita, spec) -> partita.consistencyLag(spec.equals("none")
            ? java.time.Duration.ZERO : Durations.parse(spec)));
  }

  private static PartitaServer listen(ServerState state, ServerConfig config, ServerMetrics metrics)
      throws InterruptedException {
    PartitaServer server;
    try {
      server = new PartitaServer(HttpServer.start(state, config.host(), config.port(),
          config.maxRequestBytes(), config.workerThreads(), config.requestTimeout()), metrics);
    } catch (InterruptedException | RuntimeException e) {
      if (metrics != null) {
        metrics.close();
      }
      throw e;
    }
    return server;
  }

  /** The address {@code host} names, as the server binds it (a name is looked up once, here and by the bind). */
  private static java.net.InetAddress bound(String host) {
    try {
      return java.net.InetAddress.getByName(host);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException("cannot listen on " + host + ": no such host", e);
    }
  }

  /** An admin switch's {@code on} or {@code off} ({@code none} too, as the other switches take it). */
  private static boolean onOff(String spec) {
    return switch (spec) {
      case "on" -> true;
      case "off", "none" -> false;
      default -> throw new IllegalArgumentException("expected on or off, not '" + spec + "'");
    };
  }

  /** {@code http://host:port/console}: the web console, when the configuration serves it. */
  public java.net.URI consoleUrl() {
    return endpoint().resolve("/console");
  }

  /** The port the server listens on (the one chosen by the system when configured as 0). */
  public int port() {
    return http.address().getPort();
  }

  public InetSocketAddress address() {
    return http.address();
  }

  /** {@code http://host:port}, for a client's endpoint override. */
  public java.net.URI endpoint() {
    InetSocketAddress a = http.address();
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return java.net.URI.create("http://" + host + ":" + a.getPort());
  }

  @Override
  public void close() throws InterruptedException {
    try {
      http.close();
    } finally {
      if (metrics != null) {
        metrics.close();
      }
    }
  }
}
