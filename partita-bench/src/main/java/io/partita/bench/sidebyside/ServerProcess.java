package io.partita.bench.sidebyside;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.AttributeNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A server in its own process, so its CPU time (from /proc/PID/stat) is measured apart from the
 * client's: Partita's {@code ./partita serve} as shipped (its launcher's JVM options and class
 * archive), or the peer, dynalite, as its README starts it ({@code dynalite --port N [--path DIR]}:
 * Node with default options, installed by side-by-side.sh from partita-bench/peers/dynalite).
 */
final class ServerProcess implements AutoCloseable {
  private static final Pattern ENDPOINT = Pattern.compile("serving DynamoDB on (http://\\S+)");
  /** Clock ticks per second of /proc/PID/stat's utime and stime (getconf CLK_TCK; 100 on Linux). */
  private static final long CLK_TCK = 100;

  private final Process process;
  private final URI endpoint;
  private final Path log;
  /** Nanoseconds from launching the command to the first successful ListTables. */
  final long readyNanos;
  /** The server JVM's management agent, once {@link #watchAllocation} has connected to it. */
  private JMXConnector management;

  private ServerProcess(Process process, URI endpoint, Path log, long readyNanos) {
    this.process = process;
    this.endpoint = endpoint;
    this.log = log;
    this.readyNanos = readyNanos;
  }

  URI endpoint() {
    return endpoint;
  }

  long pid() {
    return process.pid();
  }

  static Path root() {
    return Path.of(System.getProperty("partita.root", ".")).toAbsolutePath().normalize();
  }

  /** {@code ./partita serve --in-memory} or {@code --data DIR}, on a free port. */
  static ServerProcess partita(Path dataDir) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(root().resolve("partita").toString(), "serve", "--port", "0"));
    if (dataDir == null) {
      command.add("--in-memory");
    } else {
      command.addAll(List.of("--data", dataDir.toString()));
    }
    Path log = Files.createTempFile("sidebyside-partita-", ".log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("JAVA_OPTS");
    String opts = System.getProperty("sidebyside.server.opts");
    if (opts != null && !opts.isBlank()) {
      pb.environment().put("JAVA_OPTS", opts);
    }
    long start = System.nanoTime();
    Process p = pb.start();
    URI endpoint = null;
    while (endpoint == null) {
      Matcher m = ENDPOINT.matcher(Files.readString(log));
      if (m.find()) {
        endpoint = URI.create(m.group(1));
      } else {
        checkAlive(p, log);
        Thread.sleep(5);
      }
    }
    return ready(p, endpoint, log, start);
  }

  /**
   * Where side-by-side.sh installs dynalite (npm ci of partita-bench/peers/dynalite): the system
   * property {@code sidebyside.dynalite.home}, else partita-bench/target/peers/dynalite.
   */
  static Path dynaliteHome() {
    String home = System.getProperty("sidebyside.dynalite.home");
    return home != null ? Path.of(home) : root().resolve("partita-bench/target/peers/dynalite");
  }

  /** The installed dynalite's version (from its package.json), or "?" when it is not installed. */
  static final String DYNALITE_VERSION = dynaliteVersion();

  private static String dynaliteVersion() {
    try {
      Matcher m = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"")
          .matcher(Files.readString(dynaliteHome().resolve("node_modules/dynalite/package.json")));
      return m.find() ? m.group(1) : "?";
    } catch (IOException e) {
      return "?";
    }
  }

  /**
   * dynalite in memory ({@code dynalite --port N}) or on disk in LevelDB ({@code --path DIR}), on a
   * free port (dynalite takes no port 0), listening on the loopback address only.
   */
  static ServerProcess dynalite(Path dataDir) throws IOException, InterruptedException {
    Path cli = dynaliteHome().resolve("node_modules/dynalite/cli.js");
    if (!Files.isRegularFile(cli)) {
      throw new IllegalStateException("dynalite is not installed at " + cli + ": side-by-side.sh installs it"
          + " (npm ci in partita-bench/target/peers/dynalite)");
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    List<String> command = new ArrayList<>(List.of(System.getProperty("sidebyside.node", "node"), cli.toString(),
        "--host", "127.0.0.1", "--port", Integer.toString(port)));
    if (dataDir != null) {
      command.addAll(List.of("--path", dataDir.resolve("db").toString()));
    }
    String extra = System.getProperty("sidebyside.dynalite.args");
    if (extra != null && !extra.isBlank()) {
      command.addAll(List.of(extra.trim().split("\\s+"))); // e.g. --createTableMs 0 (CiSuite's second pass)
    }
    Path log = Files.createTempFile("sidebyside-dynalite-", ".log");
    long start = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return ready(p, URI.create("http://127.0.0.1:" + port), log, start);
  }

  private static ServerProcess ready(Process p, URI endpoint, Path log, long start)
      throws IOException, InterruptedException {
    long deadline = start + TimeUnit.SECONDS.toNanos(60);
    while (!listTables(endpoint)) {
      checkAlive(p, log);
      if (System.nanoTime() > deadline) {
        p.destroyForcibly();
        throw new IllegalStateException("server not ready after 60 s: " + Files.readString(log));
      }
      Thread.sleep(5);
    }
    return new ServerProcess(p, endpoint, log, System.nanoTime() - start);
  }

  private static void checkAlive(Process p, Path log) throws IOException {
    if (!p.isAlive()) {
      throw new IllegalStateException("server exited with " + p.exitValue() + ": " + Files.readString(log));
    }
  }

  /** One raw ListTables request (an unverified SigV4-shaped header, which both servers accept). */
  private static boolean listTables(URI endpoint) {
    try {
      HttpURLConnection c = (HttpURLConnection) endpoint.resolve("/").toURL().openConnection();
      c.setConnectTimeout(1000);
      c.setReadTimeout(5000);
      c.setRequestMethod("POST");
      c.setDoOutput(true);
      c.setRequestProperty("X-Amz-Target", "DynamoDB_20120810.ListTables");
      c.setRequestProperty("Content-Type", "application/x-amz-json-1.0");
      c.setRequestProperty("X-Amz-Date", "20260101T000000Z");
      c.setRequestProperty("Authorization", "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
          + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000");
      try (OutputStream out = c.getOutputStream()) {
        out.write("{}".getBytes(StandardCharsets.UTF_8));
      }
      int code = c.getResponseCode();
      c.getInputStream().readAllBytes();
      c.disconnect();
      return code == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /** User + system CPU time of the server process so far, in nanoseconds (10 ms resolution). */
  long cpuNanos() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // after "pid (comm) ": f[0] is field 3 (state); utime is field 14, stime field 15
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      return ticks * (1_000_000_000L / CLK_TCK);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Connects to a Partita server's management agent, started by attaching to its JVM, so that
   * {@link #allocatedBytes} can read it. Called when a target opens, before anything is measured:
   * the agent costs the server CPU and memory as it starts. Never for start-up's runs, whose idle
   * memory it would inflate.
   */
  void watchAllocation() {
    try {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(pid()));
      try {
        management = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()));
      } finally {
        vm.detach();
      }
    } catch (Exception e) {
      throw new IllegalStateException("the server's management agent (pid " + pid() + "): " + e, e);
    }
  }

  /**
   * Bytes the server's threads have allocated on the heap so far, or -1 when not watched. On Java 21
   * and later the JVM's own total, ended threads included; before, the sum over its live threads,
   * which for an in-memory server is all of it: its requests run on Netty's event loops, which live
   * as long as the server (a data folder's writes run on the worker pool, whose idle threads end).
   */
  long allocatedBytes() {
    if (management == null) {
      return -1;
    }
    try {
      MBeanServerConnection jmx = management.getMBeanServerConnection();
      ObjectName threading = new ObjectName(java.lang.management.ManagementFactory.THREAD_MXBEAN_NAME);
      try {
        return (Long) jmx.getAttribute(threading, "TotalThreadAllocatedBytes");
      } catch (AttributeNotFoundException beforeJava21) {
        long[] ids = (long[]) jmx.getAttribute(threading, "AllThreadIds");
        long[] bytes = (long[]) jmx.invoke(threading, "getThreadAllocatedBytes", new Object[] {ids},
            new String[] {long[].class.getName()});
        long sum = 0;
        for (long b : bytes) {
          sum += Math.max(b, 0); // -1 for a thread that ended meanwhile
        }
        return sum;
      }
    } catch (Exception e) {
      throw new IllegalStateException("the server's allocation (pid " + pid() + "): " + e, e);
    }
  }

  /** Resident memory of the server process, in bytes (VmRSS). */
  long rssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
      return -1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    if (management != null) {
      try {
        management.close();
      } catch (IOException e) {
        // the server is stopped next either way
      }
    }
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
      Files.deleteIfExists(log);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
