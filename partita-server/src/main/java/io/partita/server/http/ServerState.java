package io.partita.server.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.StorageStatus;
import io.partita.server.Authenticator;
import io.partita.server.access.Access;
import io.partita.server.auth.SigningScope;
import io.partita.server.isolation.Isolation;
import io.partita.server.isolation.Namespace;
import io.partita.server.isolation.Namespaces;
import io.partita.server.observe.Observation;
import io.partita.server.observe.RequestLog;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.FrontEndRefusal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What every connection shares: the database (or, isolating, the namespaces' databases: {@link
 * #tenant}), the authenticator, and the count of requests in flight that a graceful shutdown waits for.
 */
public final class ServerState {
  /** The one database of a shared server; its engine set by {@link #snapshotsOf}. */
  private volatile Tenant shared;
  /** The namespaces' databases of an isolating server, or null when it is shared. */
  private volatile Namespaces namespaces;
  private final Map<Namespace, Tenant> tenants =
      new ConcurrentHashMap<>();
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
    this.shared = new Tenant(null, null, dispatcher, new ConcurrentSkipListMap<>());
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
   * An admin switch ({@code POST /partita/NAME} with a spec as the body): applies a spec to the
   * request's database ({@code perDatabase}) or to the whole server, or throws IllegalArgumentException
   * saying what is wrong with it.
   */
  record Switch(boolean perDatabase, BiConsumer<Partita, String> apply) {}

  private final Map<String, Switch> switches = new ConcurrentSkipListMap<>();

  /** Lets the admin API switch something of the whole server while it runs: {@code POST /partita/NAME}, a spec as body. */
  public ServerState adminSwitch(String name, Consumer<String> apply) {
    switches.put(name, new Switch(false, (database, spec) -> apply.accept(spec)));
    return this;
  }

  /**
   * Lets the admin API switch something of a database while the server runs: of the request's
   * namespace's when it isolates ({@link #tenant}).
   */
  public ServerState adminSwitch(String name, BiConsumer<Partita, String> apply) {
    switches.put(name, new Switch(true, apply));
    return this;
  }

  Map<String, Switch> switches() {
    return switches;
  }

  /** How many keys a table the hot keys' listing shows when not asked for a number. */
  private volatile int hotKeysListed;

  public ServerState hotKeysListed(int listed) {
    this.hotKeysListed = listed;
    return this;
  }

  /** What a reset loads again into a database once it is empty: the server's seed files. */
  private volatile Consumer<Partita> reseed = database -> { };

  /**
   * The shared database: what the snapshots, reset, hot keys and the admin switches act on, and what
   * {@code reseed} loads again after a reset.
   */
  public ServerState snapshotsOf(Partita partita, Runnable reseed) {
    this.shared = new Tenant(null, partita, shared.dispatcher(), shared.schemas());
    this.reseed = database -> reseed.run();
    return this;
  }

  /**
   * Serves each namespace from its own database ({@code --isolate}; docs/SERVER.md, "Isolation"), each
   * loaded with {@code reseed} again after a reset. Set before the server starts.
   */
  public ServerState isolatedBy(Namespaces namespaces,
      Consumer<Partita> reseed) {
    this.namespaces = namespaces;
    this.reseed = reseed;
    return this;
  }

  Consumer<Partita> reseed() {
    return reseed;
  }

  int hotKeysListed() {
    return hotKeysListed;
  }

  /** Why a side door's request names no database of an isolating server: answered 400 with the reason. */
  static final class NoTenant extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoTenant(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The database a request is served from: the shared one, or on an isolating server its namespace's,
   * opened on first use, chosen by the access key and region the request is signed with (verified
   * already where credentials are configured). An API request must be signed (DynamoDB's
   * MissingAuthenticationTokenException otherwise: put in some default database, a client that lost
   * its credentials would silently share tables with others); a side door's unsigned request names its
   * namespace with {@code ?key=ID&region=R} instead (the region defaults to the server's).
   *
   * @throws FrontEndRefusal for an API request unsigned or signed with an unusable
   *     key or region
   * @throws PartitaException LimitExceededException when a new namespace would pass the cap
   * @throws NoTenant for a side door's request that names no namespace or a refused one
   */
  Tenant tenant(FullHttpRequest request, boolean api) {
    Namespaces open = namespaces;
    if (open == null) {
      return shared;
    }
    try {
      return tenant(open, request, api);
    } catch (FrontEndRefusal | PartitaException e) {
      if (api) {
        throw e;
      }
      throw new NoTenant(e.getMessage());
    }
  }

  private Tenant tenant(Namespaces open, FullHttpRequest request, boolean api) {
    Isolation isolation = open.isolation();
    String uri = request.uri();
    int q = uri.indexOf('?');
    SigningScope signer = SigningScope.of(request.headers().get(HttpHeaderNames.AUTHORIZATION),
        q < 0 ? "" : uri.substring(q + 1));
    String key;
    String region;
    if (signer != null) {
      key = signer.accessKeyId();
      region = signer.region();
    } else if (api) {
      throw new FrontEndRefusal(FrontEndRefusal.Code.MissingAuthenticationTokenException,
          "Request is missing Authentication Token");
    } else {
      var parameters = new QueryStringDecoder(uri).parameters();
      key = parameters.containsKey("key") ? parameters.get("key").get(0) : null;
      region = parameters.containsKey("region") ? parameters.get("region").get(0) : open.serverRegion();
      if (key == null && isolation.byKey()) {
        throw new NoTenant("this server keeps a database per access key (--isolate " + isolation + "): sign the"
            + " request, or name the key with ?key=ACCESS_KEY_ID" + (isolation.regions() ? "&region=REGION" : ""));
      }
    }
    if (isolation.byKey() && !Isolation.isKey(key)) {
      throw new FrontEndRefusal(FrontEndRefusal.Code.UnrecognizedClientException,
          "The security token included in the request is invalid.");
    }
    if (isolation.regions() && !Isolation.isRegion(region)) {
      throw new FrontEndRefusal(FrontEndRefusal.Code.InvalidSignatureException,
          "Credential should be scoped to a valid region, not '" + region + "'. ");
    }
    Namespace ns = isolation.namespace(key, region);
    Tenant t = tenants.get(ns);
    return t != null ? t : tenants.computeIfAbsent(ns, n -> Tenant.of(n.label(), open.get(n)));
  }

  private volatile ConsoleAssets console;
  private volatile io.partita.server.ServerConfig.McpAccess mcp = io.partita.server.ServerConfig.McpAccess.ON;

  /** What {@code /mcp} serves (docs/mcp.md). Set before the server starts. */
  public ServerState withMcp(io.partita.server.ServerConfig.McpAccess mcp) {
    this.mcp = mcp;
    return this;
  }

  io.partita.server.ServerConfig.McpAccess mcp() {
    return mcp;
  }

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

  /**
   * Logs and counts one of Partita's own changes over HTTP (a snapshot saved, restored or deleted, a
   * reset, an admin switch) as a request is: under {@code operation}, in {@code namespace} (null when
   * none was opened), with its answer's status and, for a refusal, the error that status stands for.
   * Answers {@code answer}.
   */
  FullHttpResponse observedAction(String operation, String namespace, long startNanos, FullHttpResponse answer) {
    if (observing()) {
      int status = answer.status().code();
      String error = switch (status) {
        case 200 -> null;
        case 400 -> "ValidationException";
        case 403 -> "AccessDeniedException";
        case 404 -> "ResourceNotFoundException";
        default -> "InternalServerError";
      };
      observed(Observation.ofAction(operation, namespace, startNanos, status, error,
          io.partita.server.wire.RequestIds.next()));
    }
    return answer;
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
