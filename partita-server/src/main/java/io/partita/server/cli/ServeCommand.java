package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.server.Authenticator;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import io.partita.server.access.Access;
import io.partita.server.access.Cors;
import io.partita.server.auth.Credentials;
import io.partita.server.auth.CredentialsFile;
import io.partita.server.auth.SigV4Verifier;
import io.partita.server.isolation.Isolation;
import io.partita.server.isolation.Namespaces;
import java.io.PrintStream;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code partita serve}: the DynamoDB-compatible server on an embedded data folder or in memory. */
@Command(name = "serve",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
        "Serves DynamoDB's API (JSON 1.0 over HTTP/1.1) so the AWS CLI, the AWS SDKs and every other DynamoDB"
            + " client work against it by pointing their endpoint at it.",
        "Without credentials any signature is accepted, and the server listens on"
            + " loopback only unless --host says otherwise.",
        "Stops cleanly on Ctrl-C or SIGTERM: requests in flight finish and the data folder is closed."})
public final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", paramLabel = "PORT", defaultValue = "8000",
      description = "TCP port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "Address to listen on, 0.0.0.0 for every interface (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-data",
      description = "Data folder, created if missing; one server at a time may use it (default: ./${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--s3-root", paramLabel = "DIR",
      description = "The directory standing for S3 in ExportTableToPointInTime and ImportTable: bucket B is DIR/B"
          + " (default: s3 in the data folder; a temporary directory with --in-memory).")
  Path s3Root;

  @Option(names = "--in-memory",
      description = "Keep all data in memory instead of a data folder; it is gone when the server stops.")
  boolean inMemory;

  @Option(names = "--credentials", paramLabel = "FILE",
      description = "Verify AWS Signature Version 4 against the access keys in FILE (the AWS shared credentials"
          + " format: [profile] sections with aws_access_key_id and aws_secret_access_key).")
  Path credentialsFile;

  @Option(names = "--access-key", paramLabel = "ID",
      description = "Verify signatures against this access key id (with --secret-key), besides any in --credentials.")
  String accessKey;

  @Option(names = "--secret-key", paramLabel = "SECRET",
      description = "The secret access key of --access-key.")
  String secretKey;

  @Option(names = "--isolate", paramLabel = "keys|accounts|regions", split = ",",
      description = "Keep a database per access key (keys), per account (accounts: a credentials file's"
          + " aws_account_id, or a 12-digit key, names the account every ARN carries) and/or per signing region"
          + " (regions), each opened on its first request; any combination, comma-separated. keys,regions is"
          + " DynamoDB Local's default. Default: shared, one database for every client (docs/SERVER.md, Isolation).")
  java.util.List<String> isolate;

  @Option(names = "--max-namespaces", paramLabel = "N", defaultValue = "" + Isolation.DEFAULT_MAX_NAMESPACES,
      description = "With --isolate: the most databases the server opens; a request for one more is refused"
          + " (default: ${DEFAULT-VALUE}). --memory is shared among them.")
  int maxNamespaces;

  @Option(names = "--hot-keys",
      description = "Count each table's most-read and most-written partition keys over the last minute or two, listed"
          + " at GET /partita/hot-keys (off by default).")
  boolean hotKeys;

  @Option(names = "--latency", paramLabel = "SPEC",
      description = "Wait before each answer, as a farther or busier service does: 20ms, 10ms..50ms (drawn evenly),"
          + " or per operation, PutItem=50ms,20ms (the last without an operation is for the others); default none.")
  String latency;

  @Option(names = "--faults", paramLabel = "SPEC", converter = FaultsSpec.class,
      description = "Fail a fraction of requests as a busy or unreliable DynamoDB does, to test retries: "
          + "rate=0.05[,errors=InternalServerError+ServiceUnavailable+ThrottlingException][,operations=PutItem+GetItem]"
          + "[,tables=T][,seed=N] (default: none).")
  io.partita.engine.Faults faults;

  @Option(names = "--throttle",
      description = "Hold PROVISIONED tables (and their GSIs) to their capacity units, with DynamoDB's five minutes of"
          + " burst, and on-demand tables to their OnDemandThroughput maximum, answering"
          + " ProvisionedThroughputExceededException or ThrottlingException as DynamoDB does (off by default).")
  boolean throttle;

  @Option(names = "--consistency-lag", paramLabel = "INTERVAL", defaultValue = "0", converter = Interval.class,
      description = "Let eventually consistent reads and GSI queries see the data as it was up to INTERVAL ago (e.g."
          + " 500ms or 1s), as DynamoDB's may, so code that reads its own writes from a GSI fails here as in"
          + " production (default: 0, reads see the present).")
  java.time.Duration consistencyLag;

  @Option(names = "--region", paramLabel = "REGION", defaultValue = "us-east-1",
      description = "The region the server stands for: with credentials, a request must be signed for it, as a"
          + " DynamoDB endpoint requires of its own region (default: ${DEFAULT-VALUE}).")
  String region;

  @Option(names = "--max-request-bytes", paramLabel = "BYTES", defaultValue = "16777216",
      description = "Largest request body accepted, after decompression (default: ${DEFAULT-VALUE}, DynamoDB's 16 MB).")
  int maxRequestBytes;

  @Option(names = "--threads", paramLabel = "N",
      description = "Worker threads running requests (default: 4 per core, at least 8).")
  Integer threads;

  @Option(names = "--memory", paramLabel = "SIZE", defaultValue = "256m", converter = ByteSize.class,
      description = "Memory for RocksDB's block cache and write buffers together, e.g. 128m or 1g (default:"
          + " ${DEFAULT-VALUE}); the JVM's heap (-Xmx) comes on top of it.")
  long memory;

  @Option(names = "--ttl-interval", paramLabel = "INTERVAL", defaultValue = Partita.DEFAULT_TTL_SECONDS + "s", converter = Interval.class,
      description = "How often items whose Time to Live has passed are deleted, e.g. 500ms, 10s or 1m; 0 for never"
          + " (default: ${DEFAULT-VALUE}).")
  java.time.Duration ttlInterval;

  @Option(names = "--log-requests", paramLabel = "FORMAT", arity = "0..1", fallbackValue = "plain",
      description = "Log one line per request to standard output: plain (the default when no FORMAT is given) or"
          + " json (one JSON object per line); docs/SERVER.md lists the fields.")
  String logRequests;

  // off by default: recording cost about a third of the throughput at saturation when this was decided
  // (docs/benchmarks-history.md, "The cost of watching"); Query still pays about a fifth (BENCHMARKS.md)
  @Option(names = "--metrics",
      description = "Serve Prometheus metrics at GET /metrics (docs/SERVER.md; off by default: they cost throughput).")
  boolean metrics;

  @Option(names = "--cors-origin", paramLabel = "ORIGIN",
      description = "Let pages from ORIGIN (e.g. http://app.test:8080) call the server from a browser, besides this"
          + " machine's (http://localhost:PORT, http://127.0.0.1:PORT, any port, always allowed); repeat for more."
          + " * lets every site you visit read and write every table (default: loopback pages only).")
  java.util.List<String> corsOrigins;

  @Option(names = "--allowed-host", paramLabel = "NAME",
      description = "Answer requests addressed to NAME (e.g. partita, a Docker service's name) besides localhost and"
          + " IP addresses; repeat for more. * answers any name, which gives up the guard against DNS rebinding"
          + " (docs/SECURITY.md).")
  java.util.List<String> allowedHosts;

  @Option(names = "--metrics-token", paramLabel = "TOKEN|@FILE",
      description = "With credentials: let GET /metrics be read with 'Authorization: Bearer TOKEN' (Prometheus cannot"
          + " sign); @FILE reads the token from FILE, keeping it out of the process list.")
  String metricsToken;

  @Option(names = "--no-cors",
      description = "Answer no CORS preflight and add no CORS header: browsers then refuse pages of other origins.")
  boolean noCors;

  @Option(names = "--console", negatable = true,
      description = "Serve the web console (tables, items, single-table collections, PartiQL, activity) at"
          + " /console, from files in the jar (docs/console.md). Default: on when listening on loopback, off on any"
          + " other address unless --console is given; --no-console turns it off.")
  Boolean console;

  @Option(names = "--mcp", paramLabel = "on|read-only|off", defaultValue = "on", converter = McpAccessConverter.class,
      description = "What /mcp serves a coding agent (docs/mcp.md): every tool (on, the default; /mcp/read-only the"
          + " reading ones), the reading tools only (read-only), or nothing (off). Its callers are the admin API's.")
  ServerConfig.McpAccess mcp;

  /** picocli's converter of {@code --mcp}: the words as users write them. */
  static final class McpAccessConverter implements picocli.CommandLine.ITypeConverter<ServerConfig.McpAccess> {
    @Override
    public ServerConfig.McpAccess convert(String value) {
      return switch (value) {
        case "on" -> ServerConfig.McpAccess.ON;
        case "read-only" -> ServerConfig.McpAccess.READ_ONLY;
        case "off" -> ServerConfig.McpAccess.OFF;
        default -> throw new picocli.CommandLine.TypeConversionException("'" + value
            + "' is not on, read-only or off");
      };
    }
  }

  @Option(names = "--tables", paramLabel = "FILE", arity = "1..*",
      description = "Create the tables these files define before serving, unless there already: CloudFormation or SAM"
          + " templates (YAML or JSON, CDK's synthesized ones too), Terraform (.tf files or terraform show -json"
          + " output), NoSQL Workbench models, DescribeTable output. A property Partita cannot honour fails the start, named"
          + " (docs/tables-from-infrastructure.md).")
  java.util.List<Path> tableFiles;

  @Option(names = "--seed", paramLabel = "[TABLE=]FILE", arity = "1..*",
      description = "Then put the items of these files (as partita seed reads them) into TABLE, or into the table named"
          + " as the file up to its first dot (orders.json: orders).")
  java.util.List<String> seedFiles;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /**
   * Netty's leak detector samples one buffer in 128 and records a stack trace at its creation and
   * each use: 2% of a GetItem's server CPU (docs/benchmarks-history.md, "Where the server's CPU goes"). A leaked
   * buffer is a bug the tests look for, where the detector runs at its default; a server asks for
   * it by naming a level ({@code JAVA_OPTS=-Dio.netty.leakDetection.level=simple}), which is then kept.
   */
  static void withoutLeakSampling() {
    if (System.getProperty("io.netty.leakDetection.level") == null
        && System.getProperty("io.netty.leakDetectionLevel") == null) { // the older name, still read
      io.netty.util.ResourceLeakDetector.setLevel(io.netty.util.ResourceLeakDetector.Level.DISABLED);
    }
  }

  @Override
  public Integer call() throws Exception {
    StartupTrace.mark("command line parsed");
    Preload.awaitLogging(); // a preload started by main sets the logging up: nothing may log before it has
    Credentials credentials = credentials();
    ServerConfig config;
    Isolation isolation;
    try {
      isolation = isolation();
      config = config(credentials, isolation);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    io.partita.server.observe.Logging.routeJavaUtilLogging();
    withoutLeakSampling();
    StartupTrace.mark("logging routed");
    PrintStream out = System.out;
    if (credentials.isEmpty() && !isLoopback(host)) {
      System.err.println("warning: listening on " + host + " without credentials: anyone who can reach it can"
          + " read and write every table. Use --credentials to require signed requests.");
    }
    String opened = config.access().openedWide();
    if (!opened.isEmpty()) {
      System.err.println("warning: " + opened + " (docs/SECURITY.md)");
    }
    io.partita.server.tables.TablesAtStart atStart; // read and checked before the data folder is touched
    try {
      atStart = io.partita.server.tables.TablesAtStart.read(tableFiles, seedFiles, region);
    } catch (io.partita.server.tables.RefusedException e) {
      e.lines().forEach(line -> System.err.println("partita serve: " + line));
      return 1;
    }
    if (!isolation.shared()) {
      return serveIsolated(isolation, config, atStart, credentials, out);
    }
    Partita partita;
    try {
      Partita.Options options = options(memory, config);
      if (s3Root != null) {
        options.s3Root(s3Root);
      }
      partita = inMemory ? options.inMemory() : options.open(data);
    } catch (io.partita.engine.DataDirectoryInUseException e) {
      throw e; // said in one line, as by every command (PartitaCommand.commandLine)
    } catch (RuntimeException e) {
      System.err.println("partita: cannot open the data folder " + data.toAbsolutePath().normalize() + ": "
          + e.getMessage());
      return 1;
    }
    StartupTrace.mark("database open");
    try {
      atStart.apply(partita, out, System.err);
    } catch (io.partita.server.tables.RefusedException e) {
      e.lines().forEach(line -> System.err.println("partita serve: " + line));
      partita.close();
      return 1;
    }
    // POST /partita/reset empties the database, then makes the --tables and loads the --seed files again
    return serveUntilStopped(partita::close, () -> PartitaServer.start(partita, config,
        () -> atStart.apply(partita, out, System.err)),
        server -> banner(server, config, credentials, "", pressure(partita, latency), out));
  }

  /**
   * Starts the server on databases already open and serves until a SIGTERM (or Ctrl-C), then closes the
   * server and the databases ({@code closeData}); answers the exit status.
   */
  private int serveUntilStopped(Runnable closeData, Callable<PartitaServer> start,
      java.util.function.Consumer<PartitaServer> announce) throws InterruptedException {
    // the hook goes in before the server starts, so a SIGTERM at any moment still closes RocksDB
    AtomicReference<PartitaServer> running = new AtomicReference<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      try {
        PartitaServer s = running.get();
        if (s != null) {
          s.close();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        closeData.run();
        System.err.println("Partita stopped; " + (inMemory ? "in-memory data discarded" : "data folder closed"));
        stopped.countDown();
      }
    }, "partita-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    PartitaServer server;
    try {
      server = start.call();
      running.set(server);
    } catch (Exception e) {
      Runtime.getRuntime().removeShutdownHook(hook);
      closeData.run();
      // the options were right: say what went wrong and what to do, without the usage text
      System.err.println("partita serve: cannot listen on " + host + ":" + port + ": " + e.getMessage()
          + (e instanceof java.net.BindException || String.valueOf(e.getMessage()).contains("in use")
              ? " (another server on that port? choose another with --port, or --port 0 for any free one)" : ""));
      return 1;
    }
    StartupTrace.mark("server listening");
    announce.accept(server);
    Preload.afterListening();
    stopped.await();
    return 0;
  }

  /** The settings of a database as the options give them: each namespace's with {@code --isolate}. */
  private Partita.Options options(long memoryBytes, ServerConfig config) {
    Partita.Options options = Partita.with().memory(memoryBytes).timeToLiveInterval(ttlInterval)
        .region(config.region()).storageStatistics(config.metrics());
    if (faults != null) {
      options.faults(faults);
    }
    return options.trackHotKeys(hotKeys).throttling(throttle).consistencyLag(consistencyLag);
  }

  /**
   * What is printed once the server listens: where, how, the console, and the pressure switches on.
   *
   * @param isolated how the server isolates, for the first line ("" when shared)
   */
  private void banner(PartitaServer server, ServerConfig config, Credentials credentials, String isolated,
      String pressure, PrintStream out) {
    String endpoint = server.endpoint().toString();
    if (!inMemory && io.partita.engine.internal.storage.PrivateDirectories.othersCanRead(data)) {
      // a folder Partita makes is its user's alone; one made otherwise is left as it is, but not silently
      out.println("Note: other users of this machine can read " + data.toAbsolutePath().normalize()
          + " (chmod 700 it to keep them out; docs/SECURITY.md)");
    }
    out.println("Partita serving DynamoDB on " + endpoint + " (" + listening(server.address())
        + (inMemory ? "in memory" : "data in " + data.toAbsolutePath().normalize()) + ", "
        + (credentials.isEmpty() ? "any signature accepted" : "signatures verified") + isolated + ")");
    out.println("Try: " + tryLine(endpoint, config.region(), credentials.isEmpty()));
    if (config.console()) {
      out.println("Console: " + server.consoleUrl());
    }
    if (!pressure.isEmpty()) {
      // switched on at start, and easy to forget: a client's throttling or stale reads come from here
      out.println("Behaving like a busy DynamoDB: " + pressure + " (POST /partita/... switches them; docs/SERVER.md)");
    }
    out.flush();
    StartupTrace.mark("endpoint printed");
    StartupTrace.print();
  }

  /**
   * {@code --isolate}: a database per namespace, each opened on its first request (in memory, or under
   * the data folder's {@code namespaces/}), made with the {@code --tables} and {@code --seed} files as it
   * opens; all closed at shutdown.
   */
  private int serveIsolated(Isolation isolation, ServerConfig config, io.partita.server.tables.TablesAtStart atStart,
      Credentials credentials, PrintStream out) throws Exception {
    // the namespaces share --memory: together their caches and write buffers stay within it, or within
    // the floor each needs times their number when that is more
    long each = Math.max(Partita.Options.MIN_MEMORY_BYTES, memory / isolation.maxNamespaces());
    Namespaces namespaces;
    try {
      namespaces = inMemory ? Namespaces.inMemory(isolation, config.region(), () -> options(each, config), s3Root)
          : Namespaces.in(data, isolation, config.region(), () -> options(each, config), s3Root);
    } catch (io.partita.engine.DataDirectoryInUseException e) {
      throw e;
    } catch (RuntimeException e) {
      System.err.println("partita: cannot open the data folder " + data.toAbsolutePath().normalize() + ": "
          + e.getMessage());
      return 1;
    }
    namespaces.onOpen((ns, partita) -> atStart.apply(partita, out, System.err));
    return serveUntilStopped(namespaces::close, () -> PartitaServer.start(namespaces, config,
        partita -> atStart.apply(partita, out, System.err), hotKeys),
        server -> banner(server, config, credentials, ", a database per " + String.join(" and ", isolatedBy(isolation))
            + ", at most " + isolation.maxNamespaces(), pressure(throttle, consistencyLag,
            faults == null ? 0 : faults.rate(), latency), out));
  }

  private static java.util.List<String> isolatedBy(Isolation isolation) {
    java.util.List<String> by = new java.util.ArrayList<>();
    if (isolation.keys()) {
      by.add("access key");
    }
    if (isolation.accounts()) {
      by.add("account");
    }
    if (isolation.regions()) {
      by.add("region");
    }
    return by;
  }

  /** {@code --isolate} and what goes with it: the accounts of the credentials file's keys, the cap. */
  private Isolation isolation() {
    if (isolate == null) {
      return Isolation.SHARED;
    }
    Isolation isolation = Isolation.parse(String.join(",", isolate)).withMaxNamespaces(maxNamespaces);
    if (isolation.accounts() && credentialsFile != null) {
      isolation = isolation.withAccounts(CredentialsFile.accounts(credentialsFile));
    }
    return isolation;
  }

  /** The pressure switches that are on, in words, or empty: throttling, the consistency lag, faults, latency. */
  static String pressure(Partita partita, String latencySpec) {
    return pressure(partita.throttles(), partita.consistencyLag(), partita.faults().rate(), latencySpec);
  }

  private static String pressure(boolean throttles, java.time.Duration lag, double faultRate, String latencySpec) {
    java.util.List<String> on = new java.util.ArrayList<>();
    if (throttles) {
      on.add("throttling on");
    }
    if (!lag.isZero()) {
      on.add("eventually consistent reads lag " + lag.toMillis() + " ms");
    }
    if (faultRate > 0) {
      on.add("a fraction " + faultRate + " of requests fail");
    }
    if (latencySpec != null && !latencySpec.equals("none")) {
      on.add("answers delayed by " + latencySpec);
    }
    return String.join("; ", on);
  }

  /**
   * An AWS CLI command that works as printed on a machine with no AWS configuration: the CLI needs a
   * region and some credentials even when the server checks none, so they are given inline.
   */
  static String tryLine(String endpoint, String region, boolean anyCredentials) {
    String command = "aws dynamodb list-tables --endpoint-url " + endpoint + " --region " + region;
    return anyCredentials ? "AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita " + command
        : command + "   (signed with one of the server's access keys)";
  }

  private ServerConfig config(Credentials credentials, Isolation isolation) {
    ServerConfig config = ServerConfig.defaults()
        .withHost(host)
        .withPort(port)
        .withRegion(region)
        .withMaxRequestBytes(maxRequestBytes);
    config = config.withAuthenticator(credentials.isEmpty() ? Authenticator.ACCEPT_ANY
        : isolation.regions() ? new SigV4Verifier(credentials, Isolation::isRegion, Clock.systemUTC())::verify
        : new SigV4Verifier(credentials, config.region(), Clock.systemUTC())::verify);
    config = config.withRequestLog(requestLogFormat()).withMetrics(metrics).withAccess(access(credentials))
        .withConsole(console != null ? console : isLoopback(host)).withMcp(mcp);
    if (latency != null) {
      config = config.withLatency(io.partita.server.Latency.parse(latency, 0));
    }
    return threads == null ? config : config.withWorkerThreads(threads);
  }

  private io.partita.server.observe.RequestLog.Format requestLogFormat() {
    try {
      return logRequests == null ? null : io.partita.server.observe.RequestLog.Format.named(logRequests);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--log-requests " + e.getMessage(), e);
    }
  }

  private Access access(Credentials credentials) {
    if (noCors && corsOrigins != null) {
      throw new IllegalArgumentException("--no-cors and --cors-origin cannot be given together");
    }
    Cors cors = noCors ? null : Cors.loopbackAnd(corsOrigins == null ? java.util.List.of() : corsOrigins);
    String token = null;
    if (metricsToken != null) {
      if (credentials.isEmpty()) {
        throw new IllegalArgumentException("--metrics-token needs credentials (--credentials or --access-key):"
            + " without them /metrics answers anyone who can reach the server");
      }
      token = metricsToken.startsWith("@") ? readToken(Path.of(metricsToken.substring(1))) : metricsToken;
    }
    return new Access(cors, allowedHosts == null ? java.util.List.of() : allowedHosts, token);
  }

  /** The token in {@code file}: its first line, trimmed. */
  private static String readToken(Path file) {
    try {
      String token = java.nio.file.Files.readAllLines(file).stream().findFirst().orElse("").strip();
      if (token.isEmpty()) {
        throw new IllegalArgumentException("--metrics-token: " + file + " holds no token on its first line");
      }
      return token;
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("--metrics-token: cannot read " + file + ": " + e.getMessage());
    }
  }

  private Credentials credentials() {
    Map<String, String> keys = new java.util.LinkedHashMap<>();
    if (credentialsFile != null) {
      try {
        Credentials fromFile = CredentialsFile.load(credentialsFile);
        for (String id : fromFile.accessKeyIds()) {
          keys.put(id, fromFile.secretFor(id));
        }
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    if ((accessKey == null) != (secretKey == null)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--access-key and --secret-key must be given together");
    }
    if (accessKey != null) {
      keys.put(accessKey, secretKey);
    }
    return Credentials.of(keys);
  }

  /**
   * For a wildcard bind, the address bound and that every interface answers: the endpoint printed
   * first is a URL that works from this machine (scripts read it), which alone would suggest the
   * server listens on loopback only. Nothing for a specific address: the endpoint is that address.
   */
  private static String listening(InetSocketAddress bound) {
    if (!bound.getAddress().isAnyLocalAddress()) {
      return "";
    }
    String any = bound.getAddress() instanceof Inet6Address ? "[::]" : "0.0.0.0";
    return "listening on all interfaces, " + any + ":" + bound.getPort()
        + ", reachable at any of this machine's addresses; ";
  }

  private static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
