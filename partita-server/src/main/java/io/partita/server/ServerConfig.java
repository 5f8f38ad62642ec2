package io.partita.server;

import io.partita.server.access.Access;
import io.partita.server.access.Cors;
import io.partita.server.observe.RequestLog;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link PartitaServer} listens.
 *
 * @param host the address to bind: loopback unless the caller chose otherwise
 * @param port the port, or 0 for any free port ({@link PartitaServer#port()} tells which)
 * @param maxRequestBytes the largest request body accepted, after decompression; DynamoDB's own
 *     limit is 16 MB
 * @param workerThreads threads that run engine calls, which may block on a synced write, off the
 *     event loop
 * @param region the region the server stands for, as a DynamoDB endpoint stands for one: named in
 *     the health answer, and the one region a {@link io.partita.server.auth.SigV4Verifier} built
 *     with it lets a credential be scoped to
 * @param authenticator checks each request's signature before it is served
 * @param requestTimeout how long a request may take to arrive whole, from its first byte to its
 *     last; a connection whose request is slower is closed, so a client trickling bytes cannot hold it
 * @param requestLog the request log's format, or null for none (docs/SERVER.md)
 * @param metrics whether {@code GET /metrics} answers Prometheus metrics (docs/SERVER.md)
 * @param access the browser pages allowed to call the server, the names it may be addressed by and
 *     the metrics' bearer token (docs/SECURITY.md)
 * @param latency added latency before each answer ({@link Latency#NONE}: none; docs/SERVER.md)
 * @param console whether {@code GET /console} serves the web console (docs/console.md): static files from
 *     the jar, a client of the public API like any other, so it gives no access the API does not
 * @param mcp what {@code /mcp} serves to a coding agent (docs/mcp.md): every tool, the reading ones
 *     only, or nothing; its callers are the admin API's either way
 */
public record ServerConfig(String host, int port, int maxRequestBytes, int workerThreads, String region,
    Authenticator authenticator, Duration requestTimeout, RequestLog.Format requestLog, boolean metrics, Access access,
    Latency latency, boolean console, McpAccess mcp) {
  /** What {@code /mcp} serves. */
  public enum McpAccess {
    /** Every tool, at {@code /mcp}; the reading ones at {@code /mcp/read-only}. */
    ON,
    /** The reading tools only, at both paths. */
    READ_ONLY,
    /** Nothing: both paths answer 404. */
    OFF
  }

  public static final String LOOPBACK = "127.0.0.1";
  public static final int DEFAULT_PORT = 8000;
  public static final int DYNAMODB_MAX_REQUEST_BYTES = 16 * 1024 * 1024;
  /** Time for a 16 MB body at a little over 2 Mbit/s, far more than any header needs. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);

  public ServerConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(authenticator, "authenticator");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(access, "access");
    io.partita.engine.Partita.with().region(region); // one rule for a region name, the engine's
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException("requestTimeout must be positive, not " + requestTimeout);
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
    }
    if (maxRequestBytes < 1024) {
      throw new IllegalArgumentException("maxRequestBytes must be at least 1024, not " + maxRequestBytes);
    }
    if (workerThreads < 1) {
      throw new IllegalArgumentException("workerThreads must be at least 1, not " + workerThreads);
    }
  }

  /** The configuration before the request log, metrics and CORS: none of them. */
  public ServerConfig(String host, int port, int maxRequestBytes, int workerThreads, String region,
      Authenticator authenticator, Duration requestTimeout) {
    this(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout, null, false,
        Access.DEFAULTS.withCors(null), Latency.NONE, false, McpAccess.ON);
  }

  /**
   * Loopback, port 8000, DynamoDB's limits, any signature accepted, CORS and Host names for this
   * machine's loopback only ({@link Access#DEFAULTS}), no request log, no metrics, the web console at
   * {@code /console}.
   */
  public static ServerConfig defaults() {
    return new ServerConfig(LOOPBACK, DEFAULT_PORT, DYNAMODB_MAX_REQUEST_BYTES,
        Math.max(8, 4 * Runtime.getRuntime().availableProcessors()), "us-east-1", Authenticator.ACCEPT_ANY,
        DEFAULT_REQUEST_TIMEOUT, null, false, Access.DEFAULTS, Latency.NONE, true, McpAccess.ON);
  }

  public ServerConfig withRequestLog(RequestLog.Format requestLog) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  /** Whether {@code GET /console} serves the web console (docs/console.md). */
  public ServerConfig withConsole(boolean console) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  /** What {@code /mcp} serves (docs/mcp.md). */
  public ServerConfig withMcp(McpAccess mcp) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withMetrics(boolean metrics) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withLatency(Latency latency) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  /** The browser pages allowed to call the server, or null for none: {@link Access#cors()}. */
  public ServerConfig withCors(Cors cors) {
    return withAccess(access.withCors(cors));
  }

  public ServerConfig withAccess(Access access) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withHost(String host) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withPort(int port) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withMaxRequestBytes(int maxRequestBytes) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withWorkerThreads(int workerThreads) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withAuthenticator(Authenticator authenticator) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withRegion(String region) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }

  public ServerConfig withRequestTimeout(Duration requestTimeout) {
    return new ServerConfig(host, port, maxRequestBytes, workerThreads, region, authenticator, requestTimeout,
        requestLog, metrics, access, latency, console, mcp);
  }
}
