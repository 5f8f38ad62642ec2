package io.partita.server;

import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.server.http.HttpServer;
import io.partita.server.http.ServerState;
import io.partita.server.observe.RequestLog;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.Dispatcher;
import java.net.InetSocketAddress;

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
    ServerState state = new ServerState(new Dispatcher(partita), config.authenticator(), config.region(),
        partita.isDurable(), config.maxRequestBytes(), partita::storageStatus)
        .watchedBy(config.requestLog() == null ? null : new RequestLog(config.requestLog()), metrics)
        .guardedBy(config.access(), bound(config.host()))
        .delayedBy(config.latency())
        .withConsole(config.console())
        .hotKeysFrom(partita.tracksHotKeys() ? partita::hotKeys : null, HOT_KEYS_LISTED)
        .snapshotsOf(partita, reseed);
    state.adminSwitch("faults", spec -> partita.injectFaults(Faults.parse(spec)))
        .adminSwitch("latency", spec -> state.delayedBy(spec.equals("none") ? Latency.NONE : Latency.parse(spec, 0)))
        .adminSwitch("throttling", spec -> partita.throttle(onOff(spec)))
        .adminSwitch("consistency-lag", spec -> partita.consistencyLag(spec.equals("none") ? java.time.Duration.ZERO
            : Durations.parse(spec)));
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
    // DescribeEndpoints answers where this server listens
    partita.advertiseEndpoint(server.endpoint().getAuthority());
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
